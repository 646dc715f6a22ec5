//go:build unix

package runner

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hddreduce/hdd/hdd/runner/slurmtest"
)

// slurmCommand returns a Command running the script body through srun with
// the given srun options, and a pattern matching its jobs' names.
func slurmCommand(t *testing.T, body string, srunArgs ...string) (*Command, *regexp.Regexp) {
	t.Helper()
	slurmtest.Require(t)
	c := newCommand(t, body)
	c.Launcher = &Launcher{Slurm: true, Prefix: append([]string{"srun"}, srunArgs...)}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	c.Launcher.jobName() // sets the prefix of the names
	return c, regexp.MustCompile("^" + regexp.QuoteMeta(c.Launcher.prefix) + "-")
}

// TestSlurmVerdicts runs tests as Slurm jobs: each sees its own job, the
// candidate and its run directory; exit statuses come back unchanged, and
// hdd's start line is not in the output.
func TestSlurmVerdicts(t *testing.T) {
	tests := []struct {
		name string
		body string
		want Verdict
		out  []string // in the output
	}{
		{name: "interesting", body: `grep -q crash "$1"`, want: Verdict{Interesting: true}},
		{name: "not interesting", body: `grep -q nothing "$1"`, want: Verdict{Exit: 1}},
		{name: "exit status", body: `exit 42`, want: Verdict{Exit: 42}},
		{name: "killed by a signal", body: `kill -9 $$`, want: Verdict{Exit: 128 + 9}},
		{name: "a job of its own", body: `echo "job=$SLURM_JOB_ID name=$SLURM_JOB_NAME dir=$(pwd) cand=$(cat "$1")"; [ -n "$SLURM_JOB_ID" ]`,
			want: Verdict{Interesting: true}, out: []string{"name=hdd-", "cand=crash"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, jobs := slurmCommand(t, tt.body)
			// An allocation hdd runs in does not make the runs its steps.
			t.Setenv("SLURM_JOB_ID", "999999")
			v, err := c.Test(context.Background(), []byte("crash"))
			if err != nil {
				t.Fatal(err)
			}
			if v.Interesting != tt.want.Interesting || v.Exit != tt.want.Exit || v.TimedOut {
				t.Errorf("verdict %+v, want %+v; output:\n%s", v, tt.want, v.Output)
			}
			out := string(v.Output)
			for _, s := range tt.out {
				if !strings.Contains(out, s) {
					t.Errorf("output %q does not contain %q", out, s)
				}
			}
			if strings.Contains(out, "hdd-started") {
				t.Errorf("output %q shows the start line", out)
			}
			if m := regexp.MustCompile(`job=(\d+) .*dir=(\S+)`).FindStringSubmatch(out); tt.out != nil {
				if m == nil || m[1] == "999999" || !strings.HasPrefix(m[2], c.TempDir) {
					t.Errorf("the test ran outside a job of its own or outside its run directory: %q", out)
				}
			}
			slurmtest.Gone(t, jobs, 10*time.Second)
		})
	}
}

// TestSlurmStopped stops runs by their timeout and by cancellation, while
// the test runs (also one deaf to SIGTERM), while srun starts the job and
// while the job is still pending (which the timeout, counted from the
// test's start, does not stop): the run ends, the test's processes are
// gone and no job is left in the queue 10 s later.
func TestSlurmStopped(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		args    []string
		cancel  time.Duration // cancel the context that long after the test started (or the run, if pending or early)
		pending bool          // the job never starts
		early   bool          // cancel while srun starts the job
	}{
		{name: "timeout", body: `exec sleep 100`},
		{name: "timeout, deaf to SIGTERM", body: `trap '' TERM; sleep 100; sleep 100`},
		{name: "cancel", body: `exec sleep 100`, cancel: time.Millisecond},
		{name: "cancel, deaf to SIGTERM", body: `trap '' TERM; sleep 100; sleep 100`, cancel: time.Millisecond},
		{name: "cancel while the job starts", body: `exec sleep 100`, cancel: 30 * time.Millisecond, early: true},
		{name: "cancel of a pending job after its timeout", args: []string{"--begin=now+1hour"}, body: `exit 0`,
			cancel: 3 * time.Second, pending: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pidFile := filepath.Join(t.TempDir(), "pid")
			c, jobs := slurmCommand(t, `echo $$ > `+pidFile+"\n"+tt.body, tt.args...)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			switch {
			case tt.pending:
				c.Timeout = time.Second
				time.AfterFunc(tt.cancel, cancel)
			case tt.early:
				time.AfterFunc(tt.cancel, cancel)
			case tt.cancel > 0:
				go func() {
					waitFor(pidFile)
					time.Sleep(tt.cancel)
					cancel()
				}()
			default:
				// Long enough for the job to start on a loaded machine,
				// then shortened once it has.
				c.Timeout = time.Minute
				go func() {
					waitFor(pidFile)
					c.SetTimeout(time.Millisecond)
				}()
			}
			start := time.Now()
			v, err := c.Test(ctx, []byte("crash"))
			el := time.Since(start)
			switch {
			case tt.cancel > 0 && !errors.Is(err, context.Canceled):
				t.Errorf("Test() = %+v, %v; want an error wrapping context.Canceled", v, err)
			case tt.cancel == 0 && (err != nil || !v.TimedOut || v.Interesting):
				t.Errorf("Test() = %+v, %v; want a timeout", v, err)
			}
			if el > 20*time.Second {
				t.Errorf("the stopped run took %v", el)
			}
			if b, err := os.ReadFile(pidFile); err == nil {
				if tt.pending {
					t.Errorf("the pending job's test ran")
				}
				pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
				deadline := time.Now().Add(10 * time.Second)
				for pid > 0 && alive(pid) && time.Now().Before(deadline) {
					time.Sleep(100 * time.Millisecond)
				}
				if pid > 0 && alive(pid) {
					t.Errorf("the test (pid %d) still runs 10 s after the run ended", pid)
				}
			}
			slurmtest.Gone(t, jobs, 10*time.Second)
		})
	}
}

// waitFor returns once file exists, or after a minute.
func waitFor(file string) {
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(file); err == nil {
			return
		}
	}
}

// TestSlurmFailures checks that srun's own failures are errors wrapping
// ErrLaunch and ErrCannotRun, in one line, never verdicts, and that the test
// never ran.
func TestSlurmFailures(t *testing.T) {
	tests := []struct {
		name string
		args []string
		down bool // the controller is down
		want string
		ran  bool // the test ran, in the wrong place
	}{
		{name: "bad partition", args: []string{"-p", "nosuch"}, want: "Invalid partition"},
		{name: "controller down", down: true, want: "Unable to contact slurm controller"},
		{name: "unknown option", args: []string{"--no-such-option"}, want: "unrecognized option"},
		{name: "srun exits 0 without running the test", args: []string{"--test-only"}, want: "before the test started"},
		{name: "run directory missing on the node", args: []string{"--chdir=/nonexistent/hdd"}, want: "not on the Slurm node", ran: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ran := filepath.Join(t.TempDir(), "ran")
			c, jobs := slurmCommand(t, `echo > `+ran+`; grep -q crash "$1"`, tt.args...)
			if tt.down {
				c.Env = []string{"SLURM_CONF=" + slurmtest.DownConfig(t)}
			}
			start := time.Now()
			v, err := c.Test(context.Background(), []byte("crash"))
			t.Logf("%v", err)
			if el := time.Since(start); el > 30*time.Second {
				t.Errorf("took %v", el)
			}
			switch {
			case err == nil:
				t.Fatalf("Test() = %+v, nil; want an error (output %q)", v, v.Output)
			case !errors.Is(err, ErrLaunch) || !errors.Is(err, ErrCannotRun):
				t.Errorf("%v does not wrap ErrLaunch and ErrCannotRun", err)
			case !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n"):
				t.Errorf("error %q is not one line with %q", err, tt.want)
			}
			if _, err := os.Stat(ran); (err == nil) != tt.ran {
				t.Errorf("the test ran: %v, want %v", err == nil, tt.ran)
			}
			if !tt.down {
				slurmtest.Gone(t, jobs, 10*time.Second)
			}
		})
	}
}

// BenchmarkLaunchOverhead measures what a launcher adds to each run: the
// time from the call of Test to the test's first instruction (it prints
// the clock), and the time of a whole run of a test that does nothing
// else, locally and as a Slurm job.
//
//	go test ./hdd/runner -run XXX -bench LaunchOverhead -benchtime 100x
func BenchmarkLaunchOverhead(b *testing.B) {
	for _, tc := range []struct {
		name string
		l    *Launcher
	}{
		{"local", nil},
		{"slurm", &Launcher{Slurm: true, Prefix: []string{"srun"}}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			if tc.l != nil {
				slurmtest.Require(b)
			}
			c := &Command{Path: script(b, `date +%s%N`), TempDir: b.TempDir(), Launcher: tc.l}
			var toStart, total time.Duration
			n := 0
			for b.Loop() {
				t0 := time.Now()
				v, err := c.Test(context.Background(), nil)
				total += time.Since(t0)
				if err != nil || !v.Interesting {
					b.Fatalf("Test() = %+v, %v", v, err)
				}
				ns, err := strconv.ParseInt(strings.TrimSpace(string(v.Output)), 10, 64)
				if err != nil {
					b.Fatalf("output %q", v.Output)
				}
				toStart += time.Unix(0, ns).Sub(t0)
				n++
			}
			b.ReportMetric(float64(toStart.Microseconds())/1000/float64(n), "ms-to-start")
			b.ReportMetric(float64(total.Microseconds())/1000/float64(n), "ms/run")
		})
	}
}
