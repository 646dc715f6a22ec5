package hdd

import (
	"context"
	"errors"
)

// An Oracle runs the interestingness test on a candidate.
type Oracle interface {
	// Interesting reports whether the test finds candidate interesting.
	// The error is non-nil only when the test could not be run or run to
	// its end (missing, not executable, ctx done); a test that ran and
	// failed is (false, nil). Interesting must be safe for concurrent use
	// if the Reducer's Jobs is above 1. How the test runs (a process, its
	// exit status, its output, a timeout) is the oracle's business:
	// package runner has one that runs an executable.
	//
	// Every call counts as a test run in Stats.Tests, also one stopped
	// because ctx was done, unless the error says that no test ran at
	// all: an error with a method NotRun() bool that returns true, which
	// an Oracle returns when ctx was done before it started the test.
	Interesting(ctx context.Context, candidate []byte) (bool, error)
}

// notRunError is the error of an Oracle that did not run the test at all.
type notRunError struct{ err error }

func (e notRunError) Error() string { return e.err.Error() }
func (e notRunError) Unwrap() error { return e.err }

// NotRun reports that no test ran.
func (e notRunError) NotRun() bool { return true }

// notRun reports whether err says that no test ran (see Oracle).
func notRun(err error) bool {
	var nr interface{ NotRun() bool }
	return errors.As(err, &nr) && nr.NotRun()
}

// OracleFunc adapts a Go function to an Oracle, for tests and examples: the
// candidate is interesting iff f returns true.
type OracleFunc func(candidate []byte) bool

// Interesting calls f, unless ctx is done.
func (f OracleFunc) Interesting(ctx context.Context, candidate []byte) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, notRunError{err}
	}
	return f(candidate), nil
}
