package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// newReaper returns a Reaper; the test process stays a subreaper after it.
func newReaper(t *testing.T) *Reaper {
	t.Helper()
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid")
	}
	r, err := NewReaper()
	if err != nil {
		t.Fatalf("NewReaper: %v", err)
	}
	return r
}

func TestReaperKillsEscaped(t *testing.T) {
	r := newReaper(t)
	pids := filepath.Join(t.TempDir(), "pids")
	// One daemon whose parent is the test (orphaned when the test exits),
	// one orphaned at once by a subshell, and one that also forks a child
	// of its own in its new session.
	c := newCommand(t, `
setsid sleep 30 & echo $! >> "$PIDS"
(setsid sh -c 'echo $$ >> "$PIDS"; exec sleep 30' &)
setsid sh -c 'sleep 30 & echo $! >> "$PIDS"; echo $$ >> "$PIDS"; wait' &
sleep 0.2
echo done`)
	c.Env = []string{"PIDS=" + pids}
	c.Reaper = r
	start := time.Now()
	v, err := c.Test(t.Context(), nil)
	elapsed := time.Since(start)
	if err != nil || !v.Interesting {
		t.Fatalf("got %+v, %v; want interesting", v, err)
	}
	checkGone(t, readPIDs(t, pids))
	if got := r.Killed(); got != 3 {
		t.Errorf("got Killed() = %d, want 3 (the three processes that left the group)", got)
	}
	if elapsed >= waitDelay {
		t.Errorf("got Test returning after %v, want less than %v: the escaped processes held the output pipe", elapsed, waitDelay)
	}
}

// TestReaperKeepsOtherRuns runs a test whose daemon must live while its
// run goes on, beside quick runs whose ends must not take it.
func TestReaperKeepsOtherRuns(t *testing.T) {
	r := newReaper(t)
	dir := t.TempDir()
	pids := filepath.Join(dir, "pids")
	slow := newCommand(t, `
(setsid sh -c 'echo $$ >> "$PIDS"; exec sleep 30' &)
sleep 1
kill -0 $(cat "$PIDS")`)
	slow.Env = []string{"PIDS=" + pids}
	slow.Reaper = r
	quick := newCommand(t, `sleep 0.1`)
	quick.Reaper = r

	var wg sync.WaitGroup
	var slowOK bool
	var slowErr error
	wg.Go(func() {
		v, err := slow.Test(t.Context(), nil)
		slowOK, slowErr = v.Interesting, err
	})
	for range 5 {
		if _, err := quick.Test(t.Context(), nil); err != nil {
			t.Error(err)
		}
	}
	wg.Wait()
	if slowErr != nil || !slowOK {
		t.Errorf("the slow run's daemon was killed while the run went on: interesting %v, %v", slowOK, slowErr)
	}
	checkGone(t, readPIDs(t, pids))
	if got := r.Killed(); got != 1 {
		t.Errorf("got Killed() = %d, want 1", got)
	}
}

// TestReaperUnmarked kills an orphan that cleared its environment once no
// run goes on.
func TestReaperUnmarked(t *testing.T) {
	r := newReaper(t)
	pids := filepath.Join(t.TempDir(), "pids")
	c := newCommand(t, `env -i PIDS="$PIDS" setsid sh -c 'echo $$ >> "$PIDS"; exec sleep 30' >/dev/null 2>&1 &
sleep 0.1`)
	c.Env = []string{"PIDS=" + pids}
	c.Reaper = r
	if _, err := c.Test(t.Context(), nil); err != nil {
		t.Fatal(err)
	}
	checkGone(t, readPIDs(t, pids))
	if got := r.Killed(); got != 1 {
		t.Errorf("got Killed() = %d, want 1", got)
	}
}

func TestReaperClose(t *testing.T) {
	r := newReaper(t)
	pids := filepath.Join(t.TempDir(), "pids")
	// A process outside any run, as an orphan of this process.
	cmd := exec.Command("sh", "-c", `setsid sh -c 'echo $$ >> "$PIDS"; exec sleep 30' & sleep 0.1`)
	cmd.Env = append(os.Environ(), "PIDS="+pids, markerVar+"=elsewhere")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	r.Close()
	checkGone(t, readPIDs(t, pids))
	if got := r.Killed(); got != 1 {
		t.Errorf("got Killed() = %d, want 1", got)
	}
}

// TestReaperKeepsGroupOfRunningTest keeps a background process that a
// running test left in its own group, orphaned by a subshell, while other
// runs end.
func TestReaperKeepsGroupOfRunningTest(t *testing.T) {
	r := newReaper(t)
	pids := filepath.Join(t.TempDir(), "pids")
	slow := newCommand(t, `
(sh -c 'echo $$ >> "$PIDS"; exec sleep 30' &)
sleep 1
kill -0 $(cat "$PIDS")`)
	slow.Env = []string{"PIDS=" + pids}
	slow.Reaper = r
	quick := newCommand(t, `sleep 0.1`)
	quick.Reaper = r
	var wg sync.WaitGroup
	var ok bool
	var err error
	wg.Go(func() {
		var v Verdict
		v, err = slow.Test(t.Context(), nil)
		ok = v.Interesting
	})
	for range 5 {
		quick.Test(t.Context(), nil)
	}
	wg.Wait()
	if err != nil || !ok {
		t.Errorf("the running test's background process was killed: interesting %v, %v", ok, err)
	}
	checkGone(t, readPIDs(t, pids))
	if got := r.Killed(); got != 0 {
		t.Errorf("got Killed() = %d, want 0: the process never left the test's group", got)
	}
}
