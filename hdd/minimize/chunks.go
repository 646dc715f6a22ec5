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
// nothing halves the size (but for one of 4, which goes to 1: see
// smaller), one that removes something is repeated. The last
// rounds, of size 1, repeat until one removes nothing, so the result is
// 1-minimal.
//
// Each call of test.First gets the whole sequence of tests the loop would
// make from where it is if every test failed (the rest of the round, then
// the rounds of smaller sizes down to 1): a Tester that tests several at
// once looks ahead into the next rounds, while a serial one makes the
// loop's tests in the loop's order. After a success the loop goes on at
// the size and place of the first block adopted.
func ddminBlocks[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	return blocks(ctx, items, test, 0)
}

// blocks is ddminBlocks; with maxOnes > 0 it makes at most that many
// rounds of size 1 (see RunAgain). A Tester that is a Planner is told,
// before each call of First, the calls that would follow each outcome.
func blocks[T any](ctx context.Context, items []T, test Tester[T], maxOnes int) ([]T, error) {
	planner, _ := test.(Planner[T])
	b := blockState[T]{c: items, at: blockRun{size: len(items) / 2}, maxOnes: maxOnes}
	for b.at.size > 0 {
		call := b.call()
		if planner != nil {
			planner.Plan(b.step(call))
		}
		idx, err := removeSpans(ctx, test, call.base, call.total, call.span)
		if err != nil || len(idx) == 0 {
			return b.c, err // every test of the sequence failed: 1-minimal
		}
		b = b.after(call, idx)
	}
	return b.c, nil
}

// A blockState is where ddminBlocks is between two calls of First: the
// items left, the next block to delete, and the rounds of size 1 that
// removed something.
type blockState[T any] struct {
	c       []T
	at      blockRun
	ones    int
	maxOnes int
}

// A blockCall is the sequence of deletions ddminBlocks passes to one call
// of First: total blocks of base, by rounds.
type blockCall[T any] struct {
	base   []T
	rounds []blockRound
	total  int
}

// call returns the sequence of the next call of First.
func (b blockState[T]) call() blockCall[T] {
	k := blockCall[T]{base: b.c, rounds: b.at.rounds(len(b.c))}
	for _, r := range k.rounds {
		k.total += r.count
	}
	return k
}

// step returns the call k from b as a Step, with the plan of the steps
// that follow it (see Planner).
func (b blockState[T]) step(k blockCall[T]) Step[T] {
	return Step[T]{N: k.total, Gen: k.gen, Then: func(idx []int) Step[T] {
		next := b.after(k, idx)
		return next.step(next.call())
	}}
}

// span returns the block at index i of the call.
func (k blockCall[T]) span(i int) (lo, hi int) {
	lo, hi, _, _ = spanOf(k.rounds, i, len(k.base))
	return lo, hi
}

// gen returns the base less the block at index i.
func (k blockCall[T]) gen(i int) []T {
	lo, hi := k.span(i)
	return without(k.base, lo, hi)
}

// after returns the state after the call k adopted the blocks at the
// indices idx: it goes on at the size and place of the first.
func (b blockState[T]) after(k blockCall[T], idx []int) blockState[T] {
	lo, _, size, ri := spanOf(k.rounds, idx[0], len(k.base))
	if size == 1 && (ri > 0 || !b.at.removed) {
		b.ones++ // a round of size 1 that had removed nothing yet removed something
	}
	b.c = removeAll(k.base, idx, k.span)
	b.at = blockRun{size: size, start: lo, removed: true, last: b.maxOnes > 0 && size == 1 && b.ones >= b.maxOnes}
	return b
}

// A blockRun is where ddminBlocks is: the block size of the round, the
// start of the next block to delete, and whether the round removed
// anything yet.
type blockRun struct {
	size, start int
	removed     bool
	last        bool // a round of size 1 that is not repeated
}

// spanOf returns the block at index k of rounds over n items, its size
// and the index of its round.
func spanOf(rounds []blockRound, k, n int) (lo, hi, size, round int) {
	for i, r := range rounds {
		if k < r.count {
			lo := r.start + k*r.size
			return lo, min(lo+r.size, n), r.size, i
		}
		k -= r.count
	}
	panic("ddminBlocks: block index out of range")
}

// A blockRound is a round of ddminBlocks, or the rest of one: count blocks
// of size from start.
type blockRound struct{ size, start, count int }

// rounds returns the rounds ddminBlocks makes from a over n items if no
// deletion succeeds: the rest of a's round, a repetition at the same size
// if it removed something, then halved sizes down to 1.
func (a blockRun) rounds(n int) []blockRound {
	var out []blockRound
	add := func(size, start int) {
		if size > 0 && start < n {
			out = append(out, blockRound{size, start, (n - start + size - 1) / size})
		}
	}
	add(a.size, a.start)
	size := a.size
	if !a.removed || a.last {
		size = smaller(size)
	}
	for ; size > 0; size = smaller(size) {
		add(size, 0)
	}
	return out
}

// smaller returns the block size of the round after one of size that
// removed nothing: half of it, but 1 after 4. Every block of 4 then holds
// an item the test needs, and a round of pairs would remove at most one
// pair of each, where the round of single items that follows anyway
// tries each item.
func smaller(size int) int {
	if size == 4 {
		return 1
	}
	return size / 2
}

// removeFirst tries removing the spans span(0), ..., span(n-1) of c, which
// do not overlap, through test.First, and returns c less the spans it
// adopted (the first whose removal stays interesting, or, with a parallel
// Tester, the fold of several), and the start of the first of them; ok is
// false when none was adopted.
func removeFirst[T any](ctx context.Context, test Tester[T], c []T, n int, span func(k int) (lo, hi int)) (rest []T, lo int, ok bool, err error) {
	idx, err := removeSpans(ctx, test, c, n, span)
	if err != nil || len(idx) == 0 {
		return c, 0, false, err
	}
	lo = len(c)
	for _, k := range idx {
		l, _ := span(k)
		lo = min(lo, l)
	}
	return removeAll(c, idx, span), lo, true, nil
}

// removeSpans tries removing the spans span(0), ..., span(n-1) of c
// through test.First, folding removals that succeed at once into one, and
// returns the indices of the spans it adopted. The spans may overlap.
func removeSpans[T any](ctx context.Context, test Tester[T], c []T, n int, span func(k int) (lo, hi int)) ([]int, error) {
	gen := func(k int) []T { lo, hi := span(k); return without(c, lo, hi) }
	fold := func(idx []int) ([]T, bool) { return removeAll(c, idx, span), true }
	return test.First(ctx, n, gen, fold)
}

// removeAll returns c less the spans at the indices idx.
func removeAll[T any](c []T, idx []int, span func(k int) (lo, hi int)) []T {
	drop := make([]bool, len(c))
	for _, k := range idx {
		lo, hi := span(k)
		for i := lo; i < hi; i++ {
			drop[i] = true
		}
	}
	out := make([]T, 0, len(c))
	for i, x := range c {
		if !drop[i] {
			out = append(out, x)
		}
	}
	return out
}

// without returns c less c[lo:hi], in a new slice.
func without[T any](c []T, lo, hi int) []T {
	out := make([]T, 0, len(c)-(hi-lo))
	out = append(out, c[:lo]...)
	return append(out, c[hi:]...)
}
