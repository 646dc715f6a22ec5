//go:build unix

package runner

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestStartWatch checks that the start line is found however the output
// is cut into writes, removed, and that what comes before it is kept apart.
func TestStartWatch(t *testing.T) {
	const token = "hdd-started:x-1\n"
	tests := []struct {
		name    string
		writes  []string
		started bool
		before  string
		out     string
	}{
		{"nothing", nil, false, "", ""},
		{"token only", []string{token}, true, "", ""},
		{"test output after", []string{token, "hello\n", "world\n"}, true, "", "hello\nworld\n"},
		{"token cut in three", []string{"hdd-sta", "rted:x-", "1\nout"}, true, "", "out"},
		{"launcher output before", []string{"slurmstepd: error: couldn't chdir\n" + token + "out"}, true,
			"slurmstepd: error: couldn't chdir\n", "slurmstepd: error: couldn't chdir\nout"},
		{"never started", []string{"srun: error: Unable to allocate resources\n"}, false,
			"srun: error: Unable to allocate resources\n", "srun: error: Unable to allocate resources\n"},
		{"another run's token", []string{"hdd-started:x-2\n"}, false, "hdd-started:x-2\n", "hdd-started:x-2\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := newTail(1 << 20)
			w := &startWatch{token: []byte(token), out: out}
			for _, p := range tt.writes {
				if n, err := w.Write([]byte(p)); n != len(p) || err != nil {
					t.Fatalf("Write = %d, %v", n, err)
				}
			}
			started, before := w.end()
			if started != tt.started || string(before) != tt.before {
				t.Errorf("end() = %v, %q; want %v, %q", started, before, tt.started, tt.before)
			}
			if got := string(out.Bytes()); got != tt.out {
				t.Errorf("output %q, want %q", got, tt.out)
			}
		})
	}
}

// TestStartWatchLongPrelude checks that megabytes before the start line
// are passed on with bounded memory, and the line is still found.
func TestStartWatchLongPrelude(t *testing.T) {
	const token = "hdd-started:x-1\n"
	out := newTail(100)
	w := &startWatch{token: []byte(token), out: out}
	chunk := bytes.Repeat([]byte("y"), 1000)
	for range 1000 {
		w.Write(chunk)
		if len(w.pre) > maxPre+len(chunk) {
			t.Fatalf("kept %d bytes", len(w.pre))
		}
	}
	w.Write([]byte("hdd-started:"))
	w.Write([]byte("x-1\nend"))
	if started, _ := w.end(); !started {
		t.Fatal("start line not found")
	}
	if got := string(out.Bytes()); !strings.HasSuffix(got, "yyyend") {
		t.Errorf("output ends %q", got[max(0, len(got)-20):])
	}
}

// TestTaskEnded checks which srun lines say that the task ran.
func TestTaskEnded(t *testing.T) {
	for _, tt := range []struct {
		out  string
		want bool
	}{
		{"srun: error: localhost: task 0: Killed\n", true},
		{"srun: error: node-7: task 0: Exited with exit code 3\n", true},
		{"srun: error: n1: tasks 0-1: Killed\n", true},
		{"srun: error: Unable to allocate resources: Invalid partition name specified\n", false},
		{"srun: error: Task launch for StepId=5.0 failed on node n1: Invalid node name\n", false},
		{"test output\nsrun: error: localhost: task 0: Terminated\n", true},
		{"", false},
	} {
		if got := taskEnded.MatchString(tt.out); got != tt.want {
			t.Errorf("taskEnded(%q) = %v, want %v", tt.out, got, tt.want)
		}
	}
}

// TestExecLauncher runs tests behind a command prefix: the prefix runs
// with the test and candidate after it, exit statuses pass through, and a
// run stopped early gets SIGTERM first, SIGKILL if it does not stop.
func TestExecLauncher(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	prefix := script(t, `echo "$@" >> `+log+`; HDD_PREFIXED=yes exec "$@"`)
	// A prefix that reports SIGTERM and stops the test with status 7.
	polite := script(t, `trap 'echo term >> `+log+`; kill $child; exit 7' TERM
"$@" & child=$!
wait $child`)
	// A prefix deaf to SIGTERM.
	deaf := script(t, `trap '' TERM; "$@"; echo "test ended" >> `+log)

	tests := []struct {
		name    string
		prefix  string
		body    string
		timeout time.Duration
		want    Verdict
		log     string // in the log afterwards
	}{
		{name: "interesting", prefix: prefix, body: `[ "$HDD_PREFIXED" = yes ] && grep -q crash "$1"`,
			want: Verdict{Interesting: true}, log: "/candidate"},
		{name: "exit status", prefix: prefix, body: `exit 3`, want: Verdict{Exit: 3}},
		{name: "timeout, SIGTERM", prefix: polite, body: `exec sleep 100`, timeout: testTimeout,
			want: Verdict{Exit: -1, TimedOut: true}, log: "term"},
		{name: "timeout, SIGKILL", prefix: deaf, body: `exec sleep 100`, timeout: testTimeout,
			want: Verdict{Exit: -1, TimedOut: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(log)
			c := newCommand(t, tt.body)
			c.Timeout = tt.timeout
			c.Launcher = &Launcher{Prefix: []string{tt.prefix}}
			if err := c.Check(); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			v, err := c.Test(context.Background(), []byte("crash"))
			if err != nil {
				t.Fatal(err)
			}
			if el := time.Since(start); tt.timeout > 0 && el > tt.timeout+slack {
				t.Errorf("the stopped run took %v", el)
			}
			if v.Interesting != tt.want.Interesting || v.Exit != tt.want.Exit || v.TimedOut != tt.want.TimedOut {
				t.Errorf("verdict %+v, want %+v", v, tt.want)
			}
			b, _ := os.ReadFile(log)
			if !strings.Contains(string(b), tt.log) {
				t.Errorf("log %q does not contain %q", b, tt.log)
			}
			if strings.Contains(string(b), "test ended") {
				t.Errorf("the test outlived its launcher: %q", b)
			}
		})
	}
}

// TestLauncherCheck checks the errors of launchers that cannot start.
func TestLauncherCheck(t *testing.T) {
	bin := t.TempDir()
	fake := filepath.Join(bin, "srun")
	os.WriteFile(fake, []byte("#!/bin/sh\nexit 0\n"), 0o755)
	noScancel := filepath.Join(t.TempDir(), "srun")
	os.WriteFile(noScancel, []byte("#!/bin/sh\nexit 0\n"), 0o755)
	os.WriteFile(filepath.Join(bin, "scancel"), []byte("#!/bin/sh\nexit 0\n"), 0o755)
	tests := []struct {
		name string
		l    *Launcher
		conf string
		want string // "" for no error
	}{
		{"no launcher", nil, "", ""},
		{"exec", &Launcher{Prefix: []string{"env"}}, "", ""},
		{"empty prefix", &Launcher{}, "", "no launcher command"},
		{"missing command", &Launcher{Prefix: []string{"/nonexistent/ssh"}}, "", "launcher command /nonexistent/ssh not found"},
		{"missing srun", &Launcher{Slurm: true, Prefix: []string{"/nonexistent/srun"}}, "", "Slurm's srun /nonexistent/srun not found"},
		{"missing scancel", &Launcher{Slurm: true, Prefix: []string{noScancel}}, "", "scancel not found"},
		{"missing SLURM_CONF", &Launcher{Slurm: true, Prefix: []string{fake}}, "/nonexistent/slurm.conf", "SLURM_CONF names /nonexistent/slurm.conf"},
		{"slurm", &Launcher{Slurm: true, Prefix: []string{fake}}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("SLURM_CONF", tt.conf)
			c := newCommand(t, "exit 0")
			c.Launcher = tt.l
			err := c.Check()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Check() = %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("Check() = %v, want %q", err, tt.want)
			case err != nil && !errors.Is(err, ErrCannotRun):
				t.Errorf("%v does not wrap ErrCannotRun", err)
			case err != nil && strings.Contains(err.Error(), "\n"):
				t.Errorf("%q is not one line", err)
			}
		})
	}
}
