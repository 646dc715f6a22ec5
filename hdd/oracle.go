package hdd

import "context"

// An Oracle runs the interestingness test on a candidate.
type Oracle interface {
	// Interesting reports whether the test finds candidate interesting.
	// The error is non-nil only when the test could not be run at all
	// (missing, not executable, ctx done); a test that ran and failed is
	// (false, nil). Interesting must be safe for concurrent use if the
	// Reducer's Jobs is above 1. How the test runs (a process, its exit
	// status, its output, a timeout) is the oracle's business: package
	// runner has one that runs an executable.
	Interesting(ctx context.Context, candidate []byte) (bool, error)
}

// OracleFunc adapts a Go function to an Oracle, for tests and examples: the
// candidate is interesting iff f returns true.
type OracleFunc func(candidate []byte) bool

// Interesting calls f, unless ctx is done.
func (f OracleFunc) Interesting(ctx context.Context, candidate []byte) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	return f(candidate), nil
}
