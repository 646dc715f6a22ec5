package hdd

import "context"

// A Tester runs the interestingness test for a list minimizer. A candidate
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

// DDMin is Zeller and Hildebrandt's ddmin with complements: it returns a
// 1-minimal subsequence of items (removing any single item makes it
// uninteresting) for which test holds, assuming test(items) holds. The items
// are split into n chunks (n = 2 at first); DDMin tries each chunk alone,
// then each complement, and doubles n when neither succeeds.
//
// DDMin never tests the empty sequence nor items itself.
func DDMin[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	c := items
	n := 2
	for len(c) >= 2 {
		chunks := split(c, n)
		progressed := false
		// Reduce to a subset.
		i, err := test.First(ctx, len(chunks), func(i int) []T { return chunks[i] })
		if err != nil {
			return c, err
		}
		if i >= 0 {
			c, n, progressed = chunks[i], 2, true
		}
		if !progressed && n > 2 {
			// Reduce to a complement (with two chunks, the complements are
			// the subsets just tried).
			i, err := test.First(ctx, len(chunks), func(i int) []T { return complement(chunks, i) })
			if err != nil {
				return c, err
			}
			if i >= 0 {
				c, n, progressed = complement(chunks, i), max(n-1, 2), true
			}
		}
		if progressed {
			continue
		}
		if n >= len(c) {
			break
		}
		n = min(2*n, len(c))
	}
	return c, nil
}

// split cuts c into n contiguous chunks of nearly equal length.
func split[T any](c []T, n int) [][]T {
	chunks := make([][]T, 0, n)
	start := 0
	for i := range n {
		end := start + (len(c)-start)/(n-i)
		chunks = append(chunks, c[start:end:end])
		start = end
	}
	return chunks
}

// complement returns all chunks but chunks[skip], concatenated.
func complement[T any](chunks [][]T, skip int) []T {
	var out []T
	for i, ch := range chunks {
		if i != skip {
			out = append(out, ch...)
		}
	}
	return out
}
