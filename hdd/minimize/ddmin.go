package minimize

import "context"

// ddmin is Zeller and Hildebrandt's ddmin with complements: it returns a
// 1-minimal subsequence of items (removing any single item makes it
// uninteresting) for which test holds, assuming test(items) holds. The items
// are split into n chunks (n = 2 at first); ddmin tries each chunk alone,
// then each complement, and doubles n when neither succeeds.
//
// ddmin never tests the empty sequence nor items itself. Each call of
// test.First gets the whole sequence of tests ddmin would make from where it
// is if every test failed (the subsets and complements at n, then at 2n,
// ...), so that a Tester that tests several at once looks ahead; subsets do
// not fold (two of them share nothing), complements do (their fold drops
// all their chunks).
func ddmin[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	c := items
	n := 2
	for len(c) >= 2 {
		var steps []ddminStep
		for m := n; ; m = min(2*m, len(c)) {
			steps = append(steps, ddminStep{m, false})
			if m > 2 {
				steps = append(steps, ddminStep{m, true})
			}
			if m >= len(c) {
				break
			}
		}
		base, chunked := c, map[int][][]T{}
		chunks := func(m int) [][]T {
			if ch, ok := chunked[m]; ok {
				return ch
			}
			chunked[m] = split(base, m)
			return chunked[m]
		}
		at := func(k int) (ddminStep, int) {
			for _, st := range steps {
				if k < st.n {
					return st, k
				}
				k -= st.n
			}
			panic("ddmin: test index out of range")
		}
		total := 0
		for _, st := range steps {
			total += st.n
		}
		gen := func(k int) []T {
			st, i := at(k)
			if st.complement {
				return complement(chunks(st.n), i)
			}
			return chunks(st.n)[i]
		}
		fold := func(idx []int) ([]T, bool) {
			drop := map[int][]int{} // chunk indices to drop, by chunk count
			for _, k := range idx {
				st, i := at(k)
				if !st.complement {
					return nil, false
				}
				drop[st.n] = append(drop[st.n], i)
			}
			if len(drop) == 1 {
				for m, is := range drop {
					return complement(chunks(m), is...), true
				}
			}
			// Complements of different splits: drop every chunk they drop.
			removed := make([]bool, len(base))
			for m, is := range drop {
				start := 0
				for j, ch := range chunks(m) {
					if len(is) > 0 && is[0] == j {
						for x := start; x < start+len(ch); x++ {
							removed[x] = true
						}
						is = is[1:]
					}
					start += len(ch)
				}
			}
			var out []T
			for x, item := range base {
				if !removed[x] {
					out = append(out, item)
				}
			}
			return out, true
		}
		idx, err := test.First(ctx, total, gen, fold)
		if err != nil {
			return c, err
		}
		if len(idx) == 0 {
			break // every chunk and complement down to single items failed
		}
		st, _ := at(idx[0])
		c = adopted(idx, gen, fold)
		if st.complement {
			n = max(st.n-len(idx), 2)
		} else {
			n = 2
		}
	}
	return c, nil
}

// A ddminStep is one phase of ddmin's tests at a split into n chunks: the
// n chunks alone, or their n complements.
type ddminStep struct {
	n          int
	complement bool
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

// complement returns all chunks but those at the sorted indices skip,
// concatenated.
func complement[T any](chunks [][]T, skip ...int) []T {
	var out []T
	for i, ch := range chunks {
		if len(skip) > 0 && skip[0] == i {
			skip = skip[1:]
			continue
		}
		out = append(out, ch...)
	}
	return out
}
