package minimize

import "context"

// lithium removes chunks of a power-of-two size from the end of the sequence
// to its start, halving the size after each round; at size 1 it repeats
// rounds until one removes nothing. The result is 1-minimal.
func lithium[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	c := items
	size := 1
	for size*2 <= len(c) {
		size *= 2
	}
	for len(c) > 0 {
		removed := false
		// Chunks are aligned to the end: [len-size, len), [len-2size, len-size), ...
		for end := len(c); end > 0; {
			sz, last := size, end
			rest, lo, ok, err := removeFirst(ctx, test, c, (end+sz-1)/sz, func(k int) (int, int) {
				return max(last-(k+1)*sz, 0), last - k*sz
			})
			if err != nil {
				return c, err
			}
			if !ok {
				break
			}
			c, removed, end = rest, true, lo
		}
		if size > 1 {
			size /= 2
			continue
		}
		if !removed {
			break
		}
	}
	return c, nil
}

// ddminBlocks is ddmin as MacIver's "Adaptive delta debugging" writes it
// (the block-size formulation, "compatible with" Zeller and Hildebrandt's
// but without their subset and complement tests): with a block size of half the input at
// first, it tries to delete each block c[i:i+size], going on at the same i
// after a success and at i+size after a failure; a round that removes
// nothing halves the size, one that removes something is repeated. Runs of
// failing blocks go to test.First. The last rounds, of size 1, repeat until
// one removes nothing, so the result is 1-minimal.
func ddminBlocks[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	c := items
	for size := len(c) / 2; size > 0; {
		removed := false
		for i := 0; i < len(c); {
			start, sz, n := i, size, len(c)
			rest, lo, ok, err := removeFirst(ctx, test, c, (n-start+sz-1)/sz, func(k int) (int, int) {
				lo := start + k*sz
				return lo, min(lo+sz, n)
			})
			if err != nil {
				return c, err
			}
			if !ok {
				break
			}
			c, removed, i = rest, true, lo
		}
		if !removed {
			size /= 2
		}
	}
	return c, nil
}

// removeFirst tries removing the spans span(0), ..., span(n-1) of c in that
// order, through test.First, and returns c less the first span whose removal
// stays interesting, and that span's start; ok is false when none does.
func removeFirst[T any](ctx context.Context, test Tester[T], c []T, n int, span func(k int) (lo, hi int)) (rest []T, lo int, ok bool, err error) {
	j, err := test.First(ctx, n, func(k int) []T { lo, hi := span(k); return without(c, lo, hi) })
	if err != nil || j < 0 {
		return c, 0, false, err
	}
	lo, hi := span(j)
	return without(c, lo, hi), lo, true, nil
}

// without returns c less c[lo:hi], in a new slice.
func without[T any](c []T, lo, hi int) []T {
	out := make([]T, 0, len(c)-(hi-lo))
	out = append(out, c[:lo]...)
	return append(out, c[hi:]...)
}
