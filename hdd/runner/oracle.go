package runner

import (
	"context"
	"fmt"
	"sync"
	"syscall"
	"time"
)

// A Verdict is the outcome of one test run.
type Verdict struct {
	Interesting bool
	Exit        int            // exit status; -1 when the test was killed
	Signal      syscall.Signal // the signal that killed the test, if one did and not by timeout
	TimedOut    bool           // killed by the per-run timeout
	// Output holds the last bytes the test wrote to stdout and stderr,
	// for diagnostics. It may be nil.
	Output   []byte
	Duration time.Duration
}

// String says how the run ended: "the test exited with status 1", "the
// test timed out", "the test was killed by SIGSEGV (segmentation fault)".
func (v Verdict) String() string {
	switch {
	case v.TimedOut:
		return "the test timed out"
	case v.Signal != 0:
		return fmt.Sprintf("the test was killed by %s (%v)", signalName(v.Signal), v.Signal)
	}
	return fmt.Sprintf("the test exited with status %d", v.Exit)
}

// A Tester runs the test on a candidate and returns its verdict: a
// *Command, or a *Findings around one.
type Tester interface {
	Test(ctx context.Context, candidate []byte) (Verdict, error)
}

// An Oracle is a Tester as the engine sees it (an hdd.Oracle): interesting
// or not, or an error. It keeps what the engine does not see: the verdict
// of its first run, and how many runs timed out. The engine tests the
// original input first, alone, so the first verdict says why an input that
// is not interesting is not. An Oracle is safe for concurrent use; use a
// new one for each reduction.
type Oracle struct {
	Tester Tester

	mu       sync.Mutex
	first    *Verdict
	timeouts int
}

// Interesting runs the test on candidate.
func (o *Oracle) Interesting(ctx context.Context, candidate []byte) (bool, error) {
	v, err := o.Tester.Test(ctx, candidate)
	if err != nil {
		return false, err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.first == nil {
		o.first = &v
	}
	if v.TimedOut {
		o.timeouts++
	}
	return v.Interesting, nil
}

// First returns the verdict of the first run that returned one, and false
// if there was none.
func (o *Oracle) First() (Verdict, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.first == nil {
		return Verdict{}, false
	}
	return *o.first, true
}

// Timeouts returns the number of runs killed by the timeout so far.
func (o *Oracle) Timeouts() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.timeouts
}
