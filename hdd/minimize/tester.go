package minimize

import "context"

// A Tester runs the interestingness test for a minimizer. A candidate
// keeps a subsequence of the minimizer's input; when a candidate is found
// interesting it is adopted, and later candidates are subsequences of it. A
// non-nil error stops the minimizer, which then returns the last adopted
// items together with the error.
type Tester[T any] interface {
	// Test reports whether keep is interesting.
	Test(ctx context.Context, keep []T) (bool, error)
	// First tests gen(0), gen(1), ..., gen(n-1) in order, stopping at the
	// first interesting one, and returns its index, or -1 if none is. An
	// implementation may test several candidates at once, but its result
	// is always that of the serial loop.
	First(ctx context.Context, n int, gen func(i int) []T) (int, error)
}

// A TestFunc is a serial Tester: it reports whether the candidate keep is
// interesting.
type TestFunc[T any] func(ctx context.Context, keep []T) (bool, error)

// Test calls f.
func (f TestFunc[T]) Test(ctx context.Context, keep []T) (bool, error) { return f(ctx, keep) }

// First tests the candidates one by one.
func (f TestFunc[T]) First(ctx context.Context, n int, gen func(i int) []T) (int, error) {
	for i := range n {
		ok, err := f(ctx, gen(i))
		if err != nil {
			return -1, err
		}
		if ok {
			return i, nil
		}
	}
	return -1, nil
}
