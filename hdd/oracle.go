package hdd

import (
	"context"
	"time"
)

// An Oracle runs the interestingness test on a candidate.
type Oracle interface {
	// Test runs the test on candidate. The error is non-nil only when the
	// test could not be run at all (missing, not executable, ctx done); a
	// test that ran and failed is a Verdict with Interesting unset.
	Test(ctx context.Context, candidate []byte) (Verdict, error)
}

// A Verdict is the outcome of one test run.
type Verdict struct {
	Interesting bool
	Exit        int  // exit status; -1 when the test was killed
	TimedOut    bool // killed by the per-run timeout
	// Output holds the last bytes the test wrote to stdout and stderr,
	// for diagnostics. It may be nil.
	Output   []byte
	Duration time.Duration
}

// OracleFunc adapts a Go function to an Oracle, for tests and examples: the
// candidate is interesting iff f returns true.
type OracleFunc func(candidate []byte) bool

// Test calls f.
func (f OracleFunc) Test(ctx context.Context, candidate []byte) (Verdict, error) {
	if err := ctx.Err(); err != nil {
		return Verdict{}, err
	}
	ok := f(candidate)
	exit := 1
	if ok {
		exit = 0
	}
	return Verdict{Interesting: ok, Exit: exit}, nil
}
