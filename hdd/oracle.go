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
	// Runs is how many times the test ran to reach this verdict (see
	// Repeat); 0 means once.
	Runs int
}

// Repeat is an Oracle that runs Oracle up to N times on each candidate and
// finds it interesting only if every run does, stopping at the first run
// that does not. With a flaky test this keeps the search from adopting a
// candidate that was interesting by chance; the price is N runs for each
// interesting candidate (most candidates are not, and cost one run).
type Repeat struct {
	Oracle Oracle
	N      int // runs per interesting candidate; <= 1 means once
}

// Test runs the test up to r.N times.
func (r Repeat) Test(ctx context.Context, candidate []byte) (Verdict, error) {
	var total time.Duration
	for i := range max(r.N, 1) {
		v, err := r.Oracle.Test(ctx, candidate)
		total += v.Duration
		v.Duration, v.Runs = total, i+1
		if err != nil || !v.Interesting || i == max(r.N, 1)-1 {
			return v, err
		}
	}
	panic("unreachable")
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
