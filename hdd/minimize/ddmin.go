package minimize

import "context"

// ddmin is Zeller and Hildebrandt's ddmin with complements: it returns a
// 1-minimal subsequence of items (removing any single item makes it
// uninteresting) for which test holds, assuming test(items) holds. The items
// are split into n chunks (n = 2 at first); ddmin tries each chunk alone,
// then each complement, and doubles n when neither succeeds.
//
// ddmin never tests the empty sequence nor items itself.
func ddmin[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
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
