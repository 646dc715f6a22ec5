package hdd

import (
	"context"
	"fmt"
)

// A Minimizer names a list minimizer: the algorithm HDD runs over the nodes
// of one level. It implements flag.Value.
type Minimizer int

const (
	// MinDDMin is Zeller and Hildebrandt's ddmin with complements.
	MinDDMin Minimizer = iota
	// MinGreedy tries to remove one item at a time, last first, and never
	// restarts from the end after a success; passes repeat until one
	// removes nothing. About n + k tests for k essential items of n.
	MinGreedy
	// MinAdaptive is adaptive ddmin: at each index, last first, it finds the
	// longest removable block ending there with a short linear probe, then
	// an exponential probe and a binary search.
	MinAdaptive
	// MinLithium removes power-of-two chunks, from the end, halving the
	// chunk size after each round and repeating size 1 until a round
	// removes nothing (Jesse Ruderman's Lithium).
	MinLithium
	// MinGreedyForward is MinGreedy making its choices first item first
	// (see GreedyOrder).
	MinGreedyForward
	// MinGreedyRandom is MinGreedy making its choices in a seeded random
	// order, a new one each pass.
	MinGreedyRandom
	// MinAdaptiveForward is MinAdaptive run first item first, removing
	// blocks that start at each item: the adaptive-ddmin seed's own
	// formulation (see AdaptiveOrder).
	MinAdaptiveForward
	// MinTrial runs backward passes in windows of 16 choices, each window
	// a short trial run: the next window deletes blocks like MinAdaptive
	// if at least 7/8 of the items looked at could go, single items like
	// MinGreedy otherwise (see Trial).
	MinTrial
	// MinDDMinBlocks is ddmin as the adaptive-ddmin seed writes it: delete
	// blocks of a global size, halved when a round removes nothing (see
	// DDMinBlocks).
	MinDDMinBlocks
	// MinCDD is Zhang et al.'s counter-based delta debugging, a
	// simplification of ProbDD, finished to 1-minimality (see CDD).
	MinCDD
)

var minimizerNames = []string{"ddmin", "greedy", "adaptive", "lithium",
	"greedy-fwd", "greedy-rand", "adaptive-fwd", "trial", "ddmin-blocks", "cdd"}

// orderSeed seeds MinGreedyRandom's orders.
const orderSeed = 1

func (m Minimizer) String() string {
	if int(m) < len(minimizerNames) {
		return minimizerNames[m]
	}
	return fmt.Sprintf("Minimizer(%d)", int(m))
}

// Set parses a minimizer name.
func (m *Minimizer) Set(s string) error {
	for i, n := range minimizerNames {
		if n == s {
			*m = Minimizer(i)
			return nil
		}
	}
	return fmt.Errorf("unknown minimizer %q (want one of %v)", s, minimizerNames)
}

// Minimizers lists every minimizer, for tools that compare them.
func Minimizers() []Minimizer {
	ms := make([]Minimizer, len(minimizerNames))
	for i := range ms {
		ms[i] = Minimizer(i)
	}
	return ms
}

// Minimize runs minimizer m over items. Like DDMin, it assumes test(items)
// holds and returns an interesting subsequence of items; test adopts each
// success.
func Minimize[T any](ctx context.Context, m Minimizer, items []T, test Tester[T]) ([]T, error) {
	switch m {
	case MinDDMin:
		return DDMin(ctx, items, test)
	case MinGreedy:
		return Greedy(ctx, items, test)
	case MinAdaptive:
		return Adaptive(ctx, items, test)
	case MinLithium:
		return Lithium(ctx, items, test)
	case MinGreedyForward:
		return GreedyOrder(ctx, items, test, Forward)
	case MinGreedyRandom:
		return GreedyOrder(ctx, items, test, Shuffled(orderSeed))
	case MinAdaptiveForward:
		return AdaptiveOrder(ctx, items, test, Forward)
	case MinTrial:
		return Trial(ctx, items, test)
	case MinDDMinBlocks:
		return DDMinBlocks(ctx, items, test)
	case MinCDD:
		return CDD(ctx, items, test)
	}
	return items, fmt.Errorf("hdd: unknown minimizer %v", m)
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

// Greedy removes single items, last first, continuing at the next index after
// a success instead of restarting, and repeats passes until one removes
// nothing. The result is 1-minimal. It is GreedyOrder(Backward).
func Greedy[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	return GreedyOrder(ctx, items, test, Backward)
}

// Adaptive is adaptive ddmin run from the end: at each index i it finds the
// largest k such that removing the k items ending at i stays interesting, and
// removes them. Passes repeat until one removes nothing, so the result is
// 1-minimal.
func Adaptive[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	c := items
	for {
		removed := false
		for i := len(c); i > 0; i-- {
			// Removing c[i-k:i] for k = 0 is the current, interesting
			// sequence; find the largest k that stays interesting.
			end := i
			k, err := changePoint(i, func(k int) (bool, error) {
				return test.Test(ctx, without(c, end-k, end))
			})
			if k > 0 {
				c = without(c, end-k, end)
				removed = true
				i = end - k + 1 // the loop's i-- moves to the item before the block
			}
			if err != nil {
				return c, err
			}
		}
		if !removed || len(c) == 0 {
			return c, nil
		}
	}
}

// changePoint returns the largest k in [0, hi] for which f(k) holds, given
// that f(0) holds, assuming f holds up to some point and not beyond: a linear
// probe for k = 1..5, then an exponential probe and a binary search.
func changePoint(hi int, f func(k int) (bool, error)) (int, error) {
	return changePointFrom(0, hi, f)
}

// changePointFrom is changePoint given that f(from) holds, from <= 5 and
// from <= hi: it makes changePoint's tests after f(from).
func changePointFrom(from, hi int, f func(k int) (bool, error)) (int, error) {
	const linear = 5
	for k := from + 1; k <= min(linear, hi); k++ {
		ok, err := f(k)
		if err != nil || !ok {
			return k - 1, err
		}
	}
	if hi <= linear {
		return hi, nil
	}
	lo := linear // f(lo) holds
	var up int // f(up) fails; set when the exponential probe first fails
	for step := 2 * lo; ; step *= 2 {
		k := min(step, hi)
		ok, err := f(k)
		if err != nil {
			return lo, err
		}
		if !ok {
			up = k
			break
		}
		lo = k
		if k == hi {
			return hi, nil
		}
	}
	for up-lo > 1 {
		mid := lo + (up-lo)/2
		ok, err := f(mid)
		if err != nil {
			return lo, err
		}
		if ok {
			lo = mid
		} else {
			up = mid
		}
	}
	return lo, nil
}

// Lithium removes chunks of a power-of-two size from the end of the sequence
// to its start, halving the size after each round; at size 1 it repeats
// rounds until one removes nothing. The result is 1-minimal.
func Lithium[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
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

// DDMinBlocks is ddmin as the adaptive-ddmin seed writes it (the block-size
// formulation, "compatible with" Zeller and Hildebrandt's but without their
// subset and complement tests): with a block size of half the input at
// first, it tries to delete each block c[i:i+size], going on at the same i
// after a success and at i+size after a failure; a round that removes
// nothing halves the size, one that removes something is repeated. Runs of
// failing blocks go to test.First. The last rounds, of size 1, repeat until
// one removes nothing, so the result is 1-minimal.
func DDMinBlocks[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
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
