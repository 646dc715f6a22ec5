package hdd

import "context"

// A TestFunc reports whether the candidate that keeps exactly the items keep
// (a subsequence of the minimizer's input) is interesting. When it returns
// true, the caller has adopted that candidate: later calls are made on
// subsequences of keep. A non-nil error stops the minimizer, which then
// returns the last kept items together with the error.
type TestFunc[T any] func(ctx context.Context, keep []T) (bool, error)

// DDMin is Zeller and Hildebrandt's ddmin with complements: it returns a
// 1-minimal subsequence of items (removing any single item makes it
// uninteresting) for which test holds, assuming test(items) holds. The items
// are split into n chunks (n = 2 at first); DDMin tries each chunk alone,
// then each complement, and doubles n when neither succeeds.
//
// DDMin never tests the empty sequence nor items itself.
func DDMin[T any](ctx context.Context, items []T, test TestFunc[T]) ([]T, error) {
	c := items
	n := 2
	for len(c) >= 2 {
		chunks := split(c, n)
		progressed := false
		// Reduce to a subset.
		for _, ch := range chunks {
			ok, err := test(ctx, ch)
			if err != nil {
				return c, err
			}
			if ok {
				c, n, progressed = ch, 2, true
				break
			}
		}
		if !progressed && n > 2 {
			// Reduce to a complement (with two chunks, the complements are
			// the subsets just tried).
			for i := range chunks {
				comp := complement(chunks, i)
				ok, err := test(ctx, comp)
				if err != nil {
					return c, err
				}
				if ok {
					c, n, progressed = comp, max(n-1, 2), true
					break
				}
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
