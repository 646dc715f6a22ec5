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
// all their chunks). A Tester that is a Planner is told, before each call
// of First, the calls that would follow each outcome.
func ddmin[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	return ddminFrom(ctx, ddminState[T]{c: items, n: 2}, test)
}

// ddminFrom runs ddmin from the state st.
func ddminFrom[T any](ctx context.Context, st ddminState[T], test Tester[T]) ([]T, error) {
	planner, _ := test.(Planner[T])
	for len(st.c) >= 2 {
		call := st.call()
		if planner != nil {
			planner.Plan(st.step(call))
		}
		idx, err := test.First(ctx, call.total, call.gen, call.fold)
		if err != nil {
			return st.c, err
		}
		if len(idx) == 0 {
			break // every chunk and complement down to single items failed
		}
		st = st.after(call, idx)
	}
	return st.c, nil
}

// A ddminState is where ddmin is between two calls of First: the items
// left and the number of chunks to split them into.
type ddminState[T any] struct {
	c []T
	n int
}

// A ddminCall is the sequence of tests ddmin passes to one call of First:
// the subsets and complements of base at each split, total in all.
type ddminCall[T any] struct {
	base    []T
	steps   []ddminStep
	total   int
	chunked map[int][][]T
}

// call returns the sequence of the next call of First.
func (st ddminState[T]) call() *ddminCall[T] {
	k := &ddminCall[T]{base: st.c, chunked: map[int][][]T{}}
	if len(st.c) < 2 {
		return k
	}
	for m := st.n; ; m = min(2*m, len(st.c)) {
		k.steps = append(k.steps, ddminStep{m, false})
		if m > 2 {
			k.steps = append(k.steps, ddminStep{m, true})
		}
		if m >= len(st.c) {
			break
		}
	}
	for _, s := range k.steps {
		k.total += s.n
	}
	return k
}

// step returns the call k from st as a Step, with the plan of the calls
// that follow it (see Planner).
func (st ddminState[T]) step(k *ddminCall[T]) Step[T] {
	return Step[T]{N: k.total, Gen: k.gen, Then: func(idx []int) Step[T] {
		next := st.after(k, idx)
		return next.step(next.call())
	}}
}

// after returns the state after the call k adopted the tests at the
// indices idx.
func (st ddminState[T]) after(k *ddminCall[T], idx []int) ddminState[T] {
	s, _ := k.at(idx[0])
	next := ddminState[T]{c: adopted(idx, k.gen, k.fold), n: 2}
	if s.complement {
		next.n = max(s.n-len(idx), 2)
	}
	return next
}

// chunks returns base split into m chunks.
func (k *ddminCall[T]) chunks(m int) [][]T {
	if ch, ok := k.chunked[m]; ok {
		return ch
	}
	k.chunked[m] = split(k.base, m)
	return k.chunked[m]
}

// at returns the split of the test at index i and its index there.
func (k *ddminCall[T]) at(i int) (ddminStep, int) {
	for _, s := range k.steps {
		if i < s.n {
			return s, i
		}
		i -= s.n
	}
	panic("ddmin: test index out of range")
}

// gen returns the candidate of the test at index i: a chunk, or a
// complement.
func (k *ddminCall[T]) gen(i int) []T {
	s, j := k.at(i)
	if s.complement {
		return complement(k.chunks(s.n), j)
	}
	return k.chunks(s.n)[j]
}

// fold returns the fold of the complements at the indices idx: base less
// every chunk they drop; ok is false if idx holds a subset.
func (k *ddminCall[T]) fold(idx []int) ([]T, bool) {
	drop := map[int][]int{} // chunk indices to drop, by chunk count
	for _, i := range idx {
		s, j := k.at(i)
		if !s.complement {
			return nil, false
		}
		drop[s.n] = append(drop[s.n], j)
	}
	if len(drop) == 1 {
		for m, is := range drop {
			return complement(k.chunks(m), is...), true
		}
	}
	// Complements of different splits: drop every chunk they drop.
	removed := make([]bool, len(k.base))
	for m, is := range drop {
		start := 0
		for j, ch := range k.chunks(m) {
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
	for x, item := range k.base {
		if !removed[x] {
			out = append(out, item)
		}
	}
	return out, true
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
