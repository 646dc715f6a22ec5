// Package slurmtest helps tests that need a real Slurm: it finds out
// whether one is up, waits for jobs to leave the queue, and writes a
// configuration whose controller is down.
//
// .ci/slurm starts a single-node Slurm on loopback and .ci/run exports
// SLURM_CONF for it; under CI=true a test that needs Slurm fails when none
// is up, elsewhere it is skipped with a message.
package slurmtest

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Require returns when a Slurm controller answers and a node takes jobs;
// otherwise it fails t under CI=true and skips it elsewhere.
func Require(t testing.TB) {
	t.Helper()
	why := check()
	if why == "" {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("no Slurm is up (%s): .ci/run starts one with .ci/slurm", why)
	}
	t.Skipf("no Slurm is up (%s): start one with `.ci/slurm start DIR` and set SLURM_CONF=DIR/slurm.conf", why)
}

// check says why Slurm cannot run jobs here, or returns "".
func check() string {
	for _, tool := range []string{"srun", "scancel", "squeue", "sinfo"} {
		if _, err := exec.LookPath(tool); err != nil {
			return tool + " is not installed"
		}
	}
	if conf := os.Getenv("SLURM_CONF"); conf != "" {
		if _, err := os.Stat(conf); err != nil {
			return "SLURM_CONF: " + err.Error()
		}
	} else if _, err := os.Stat("/etc/slurm/slurm.conf"); err != nil {
		return "SLURM_CONF is not set and there is no /etc/slurm/slurm.conf"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "sinfo", "-h", "-o", "%t").CombinedOutput()
	if err != nil {
		return "sinfo: " + strings.TrimSpace(string(out)+" "+err.Error())
	}
	for _, state := range strings.Fields(string(out)) {
		switch strings.TrimRight(state, "*~#!%$@^-") {
		case "idle", "mix", "alloc", "comp", "plnd":
			return ""
		}
	}
	return "no node takes jobs: sinfo says " + strings.Join(strings.Fields(string(out)), " ")
}

// Jobs returns the ids of the jobs named name in the queue, in any state.
func Jobs(t testing.TB, name string) []string {
	t.Helper()
	out, err := exec.Command("squeue", "-h", "-n", name, "-o", "%i").CombinedOutput()
	if err != nil {
		t.Fatalf("squeue: %v: %s", err, out)
	}
	return strings.Fields(string(out))
}

// JobsMatching returns the ids and names of the jobs in the queue whose
// name matches re.
func JobsMatching(t testing.TB, re *regexp.Regexp) []string {
	t.Helper()
	out, err := exec.Command("squeue", "-h", "-o", "%i %j %T").CombinedOutput()
	if err != nil {
		t.Fatalf("squeue: %v: %s", err, out)
	}
	var jobs []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && re.MatchString(f[1]) {
			jobs = append(jobs, line)
		}
	}
	return jobs
}

// Gone waits until no job whose name matches re is in the queue, and fails
// t if some still are after within.
func Gone(t testing.TB, re *regexp.Regexp, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		jobs := JobsMatching(t, re)
		if len(jobs) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("jobs still in the queue after %v: %s", within, strings.Join(jobs, "; "))
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// DownConfig writes a copy of the Slurm configuration in use whose
// controller listens on a port where nothing does, and returns its path:
// srun with SLURM_CONF set to it meets a controller that is down.
func DownConfig(t testing.TB) string {
	t.Helper()
	conf := os.Getenv("SLURM_CONF")
	if conf == "" {
		conf = "/etc/slurm/slurm.conf"
	}
	b, err := os.ReadFile(conf)
	if err != nil {
		t.Fatal(err)
	}
	port := quietPort(t)
	re := regexp.MustCompile(`(?mi)^\s*SlurmctldPort\s*=.*$`)
	text := re.ReplaceAllString(string(b), "")
	text = fmt.Sprintf("SlurmctldPort=%d\n", port) + text
	path := filepath.Join(t.TempDir(), "down.conf")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// quietPort returns a port of 127.0.0.1 where nothing listens, below the
// range the kernel takes local ports of outgoing connections from. A port
// in that range (one Listen(":0") picks) can be the local port of srun's
// own connection to it: srun then talks to itself ("Zero Bytes were
// transmitted or received") instead of meeting a controller that is down.
func quietPort(t testing.TB) int {
	t.Helper()
	low := 32768 // Linux's default start of the range
	if b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range"); err == nil {
		if f := strings.Fields(string(b)); len(f) == 2 {
			fmt.Sscan(f[0], &low)
		}
	}
	for port := low - 1; port >= 1024 && port > low-1000; port-- {
		l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			l.Close()
			return port
		}
	}
	t.Fatalf("no free port of 127.0.0.1 below %d", low)
	return 0
}
