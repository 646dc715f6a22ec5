package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hddreduce/hdd/hdd/runner/slurmtest"
)

// TestLauncherFlags checks the values of -launcher and -launcher-args.
func TestLauncherFlags(t *testing.T) {
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		launcher, args string
		prefix         []string // nil: local
		slurm          bool
		err            string
	}{
		{launcher: "local"},
		{launcher: "exec: ./wrap.sh -v", prefix: []string{filepath.Join(here, "wrap.sh"), "-v"}},
		{launcher: "exec: bin/wrap", prefix: []string{filepath.Join(here, "bin", "wrap")}},
		{launcher: "exec: /usr/bin/env", prefix: []string{"/usr/bin/env"}},
		{launcher: "slurm", prefix: []string{"srun"}, slurm: true},
		{launcher: "slurm", args: `-p debug --comment="two words" --time=5`,
			prefix: []string{"srun", "-p", "debug", "--comment=two words", "--time=5"}, slurm: true},
		{launcher: "exec: ssh -o 'BatchMode yes' node1", prefix: []string{"ssh", "-o", "BatchMode yes", "node1"}},
		{launcher: "exec:docker run --rm img", prefix: []string{"docker", "run", "--rm", "img"}},
		{launcher: "exec:", err: "needs a command"},
		{launcher: "exec: ssh 'node1", err: "Unterminated"},
		{launcher: "slurm", args: `--comment="x`, err: "Unterminated"},
		{launcher: "local", args: "-p debug", err: "-launcher-args goes with -launcher slurm"},
		{launcher: "exec: ssh node1", args: "-p debug", err: "-launcher-args goes with -launcher slurm"},
		{launcher: "sge", err: "-launcher must be local, slurm or 'exec: CMD ARGS'"},
		{launcher: "slurm: -p debug", err: "-launcher must be"},
	}
	for _, tt := range tests {
		t.Run(tt.launcher+" "+tt.args, func(t *testing.T) {
			l, err := launcherFlags(tt.launcher, tt.args)
			switch {
			case tt.err != "":
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v, want %q", err, tt.err)
				}
				if _, ok := err.(*usageError); !ok {
					t.Errorf("%v is not a usage error", err)
				}
			case err != nil:
				t.Fatal(err)
			case tt.prefix == nil && l != nil:
				t.Errorf("launcher %+v, want none", l)
			case tt.prefix != nil && (l == nil || l.Slurm != tt.slurm || fmt.Sprintf("%q", l.Prefix) != fmt.Sprintf("%q", tt.prefix)):
				t.Errorf("launcher %+v, want prefix %q, Slurm %v", l, tt.prefix, tt.slurm)
			}
		})
	}
}

// TestExecLauncherReduces reduces through a command prefix: the result is
// the local run's, and every run went through the prefix.
func TestExecLauncherReduces(t *testing.T) {
	dir := t.TempDir()
	input, test := orderExample(t, dir)
	via := script(t, dir, "via.sh", `[ "$1" = "a b" ] && [ "$2" = "a b" ] || exit 99; shift 2; HDD_VIA=yes exec "$@"`)
	guarded := script(t, dir, "guarded.sh", `[ "$HDD_VIA" = yes ] || exit 99; exec `+test+` "$@"`)
	local := filepath.Join(dir, "local.json")
	if r := runHDD(t, "-q", "-o", local, test, input); r.code != 0 {
		t.Fatalf("local: exit %d\n%s", r.code, r.stderr)
	}
	out := filepath.Join(dir, "out.json")
	if r := runHDD(t, "-q", "-launcher", "exec: "+via+" 'a b' 'a b'", "-o", out, guarded, input); r.code != 0 {
		t.Fatalf("exec: exit %d\n%s", r.code, r.stderr)
	}
	a, _ := os.ReadFile(local)
	b, _ := os.ReadFile(out)
	if !bytes.Equal(a, b) || len(b) == 0 {
		t.Errorf("through the prefix %q, locally %q", b, a)
	}
	// A -c command goes through the prefix as the shell's arguments.
	byCommand := filepath.Join(dir, "command.json")
	if r := runHDD(t, "-q", "-launcher", "exec: "+via+" 'a b' 'a b'", "-o", byCommand, "-c", `[ "$HDD_VIA" = yes ] || exit 99; exec `+test+` "$1"`, input); r.code != 0 {
		t.Fatalf("exec with -c: exit %d\n%s", r.code, r.stderr)
	}
	if c, _ := os.ReadFile(byCommand); !bytes.Equal(a, c) {
		t.Errorf("-c through the prefix %q, locally %q", c, a)
	}
}

// slurmScript is a test that logs its Slurm job and working directory to
// log, then runs test.
func slurmScript(t *testing.T, dir, log, test string) string {
	return script(t, dir, "slurm.sh", `echo "job=${SLURM_JOB_ID:-none} name=${SLURM_JOB_NAME:-none} dir=$(pwd)" >> `+log+`
exec `+test+` "$@"`)
}

// TestSlurmReduction reduces with every test run a Slurm job, eight at a
// time, with the run directories in -workdir: the result is the local
// run's, and each run saw a job of its own in a run directory there.
func TestSlurmReduction(t *testing.T) {
	slurmtest.Require(t)
	dir := t.TempDir()
	input, test := orderExample(t, dir)
	log := filepath.Join(dir, "log")
	logged := slurmScript(t, dir, log, test)
	workdir := filepath.Join(dir, "shared")
	os.Mkdir(workdir, 0o755)

	local := filepath.Join(dir, "local.json")
	if r := runHDD(t, "-q", "-j", "8", "-o", local, test, input); r.code != 0 {
		t.Fatalf("local: exit %d\n%s", r.code, r.stderr)
	}
	out := filepath.Join(dir, "out.json")
	_, st := timedRun(t, "-q", "-j", "8", "-launcher", "slurm", "-workdir", workdir, "-o", out, logged, input)
	a, _ := os.ReadFile(local)
	b, _ := os.ReadFile(out)
	if !bytes.Equal(a, b) || len(b) == 0 {
		t.Errorf("with Slurm %q, locally %q", b, a)
	}
	lines := strings.Split(strings.TrimSpace(readFile(t, log)), "\n")
	if len(lines) < st.Tests-st.Canceled || len(lines) > st.Tests {
		t.Errorf("%d runs logged, %d test runs counted (%d canceled)", len(lines), st.Tests, st.Canceled)
	}
	seen := map[string]bool{}
	re := regexp.MustCompile(`^job=(\d+) name=hdd-\d+-[0-9a-f]+-\d+ dir=` + regexp.QuoteMeta(workdir) + `/hdd-run-[^/]+\.\d+-\d+$`)
	for _, line := range lines {
		m := re.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("a run outside a job of its own or outside -workdir: %q", line)
			continue
		}
		if seen[m[1]] {
			t.Errorf("job %s ran two tests", m[1])
		}
		seen[m[1]] = true
	}
	if entries, _ := os.ReadDir(workdir); len(entries) > 0 {
		t.Errorf("run directories left in -workdir: %v", entries)
	}
}

// TestSlurmStopsLeaveNoJob stops reductions whose test hangs, by the
// timeout and by Ctrl-C: no job of hdd's is in the queue 10 s after it
// exits.
func TestSlurmStopsLeaveNoJob(t *testing.T) {
	slurmtest.Require(t)
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(`{"keep": "crash", "x": [1, 2], "y": {"z": 3}, "w": [4, 5, 6]}`), 0o644)
	hang := script(t, dir, "hang.sh", `
grep -q crash "$1" || exit 1
if grep -q '"x"' "$1"; then exit 0; fi
trap '' TERM
sleep 60; sleep 60`)
	for _, tc := range []struct {
		name      string
		args      []string
		interrupt bool
	}{
		{name: "timeout", args: []string{"-timeout", "2s"}},
		{name: "Ctrl-C", interrupt: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.json")
			cmd := exec.Command(hddBin, append(tc.args, "-j", "8", "-launcher", "slurm", "-o", out, hang, input)...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			jobs := regexp.MustCompile(fmt.Sprintf(`^hdd-%d-`, cmd.Process.Pid))
			if tc.interrupt {
				// Interrupt while hanging tests run as jobs.
				for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
					if len(slurmtest.JobsMatching(t, jobs)) >= 2 {
						break
					}
				}
				time.Sleep(500 * time.Millisecond)
				cmd.Process.Signal(os.Interrupt)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(3 * time.Minute):
				cmd.Process.Kill()
				t.Fatalf("hdd still runs after 3 minutes:\n%s", stderr.String())
			}
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
			switch {
			case tc.interrupt && (code != 1 || !strings.Contains(stderr.String(), "interrupted")):
				t.Errorf("exit %d, want 1 and interrupted:\n%s", code, stderr.String())
			case !tc.interrupt && code != 0:
				t.Errorf("exit %d:\n%s", code, stderr.String())
			}
			slurmtest.Gone(t, jobs, 10*time.Second)
		})
	}
}

// TestSlurmFailures runs hdd where srun cannot start the test: one line
// says why, hdd exits 1 within 30 s, writes nothing, and never calls the
// original not interesting. The controller down is a configuration whose
// controller port has nothing listening: srun retries for about 9 s.
func TestSlurmFailures(t *testing.T) {
	slurmtest.Require(t)
	tests := []struct {
		name string
		args string // -launcher-args
		conf string // SLURM_CONF, "down" for a controller that is down
		want string
	}{
		{name: "controller down", conf: "down", want: "Unable to contact slurm controller"},
		{name: "bad partition", args: "-p nosuch", want: "Invalid partition"},
		{name: "run directory not on the node", args: "--chdir=/nonexistent/hdd", want: "is not on the Slurm node"},
		{name: "SLURM_CONF missing", conf: "/nonexistent/slurm.conf", want: "SLURM_CONF names /nonexistent/slurm.conf"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			input, test := orderExample(t, dir)
			out := filepath.Join(dir, "out.json")
			cmd := exec.Command(hddBin, "-j", "8", "-launcher", "slurm", "-launcher-args", tt.args, "-o", out, test, input)
			switch tt.conf {
			case "":
			case "down":
				cmd.Env = append(os.Environ(), "SLURM_CONF="+slurmtest.DownConfig(t))
			default:
				cmd.Env = append(os.Environ(), "SLURM_CONF="+tt.conf)
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			start := time.Now()
			err := cmd.Run()
			el := time.Since(start)
			msg := strings.TrimSpace(stderr.String())
			lines := strings.Split(msg, "\n")
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
				t.Errorf("exit: %v, want status 1", err)
			}
			if el > 30*time.Second {
				t.Errorf("took %v", el)
			}
			if len(lines) > 2 || !strings.Contains(lines[len(lines)-1], tt.want) || strings.Contains(msg, "not interesting") {
				t.Errorf("want one line saying %q (after the one saying what is reduced):\n%s", tt.want, msg)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("an output was written")
			}
		})
	}
}

// orderExample copies the JSON example and its test into dir.
func orderExample(t *testing.T, dir string) (input, test string) {
	t.Helper()
	input = copyFile(t, "../../testdata/examples/json/order.json", dir)
	test = copyFile(t, "../../testdata/examples/json/test.sh", dir)
	os.Chmod(test, 0o755)
	return input, test
}

// readFile returns the content of path.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// BenchmarkSlurmSpeedup measures BenchmarkParallelSpeedup's reduction
// with every run a Slurm job and a test of 0.5 s, at -j 1 and -j 8: 94
// runs, about 17 rounds of runs at -j 8, so the best speedup is about 5.5.
// It needs a Slurm node with 8 CPUs (.ci/slurm starts one).
//
//	go test ./cmd/hdd -run XXX -bench SlurmSpeedup -benchtime 1x
func BenchmarkSlurmSpeedup(b *testing.B) {
	slurmtest.Require(b)
	speedup(b, 500*time.Millisecond, 8, "-launcher", "slurm")
}
