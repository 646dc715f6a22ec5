package minimize

import "context"

// Weighted delta debugging (Xintong Zhou, Zhenyang Xu, Mengxiao Zhang,
// Yongqiang Tian and Chengnian Sun, "WDD: Weighted Delta Debugging", ICSE
// 2025): the items of a list stand for parts of the input of very
// different sizes (a function of 2,000 bytes beside a declaration of 20),
// and a part holding half the input is much more likely to matter than one
// holding a hundredth. The weighted minimizers partition the list by the
// items' weights, not their count: each partition holds about the same
// weight, so a heavy item is soon tested alone and light ones go together.
// Written from the paper's description and its artifact's behaviour
// (weightdd/WeightDD on GitHub), not from its code.

// A Weigher weighs the items of a list: the size of the part of the input
// each stands for (its bytes, its tokens). A Tester that is also a Weigher
// gives the weighted minimizers (WDD, WDDBlocks, WProbDD) their weights;
// for any other, every item weighs 1 and they partition by count.
type Weigher[T any] interface {
	// Weight returns the weight of item, at least 1.
	Weight(item T) int
}

// weightsOf returns the weights of items by test, if it is a Weigher, else
// 1 each.
func weightsOf[T any](items []T, test Tester[T]) []int {
	w := make([]int, len(items))
	wr, ok := test.(Weigher[T])
	for i, x := range items {
		w[i] = 1
		if ok {
			w[i] = max(wr.Weight(x), 1)
		}
	}
	return w
}

// wdd is the paper's Wddmin: ddmin whose partitions are split in two of
// about equal weight instead of n of about equal length. It starts from one
// partition, the whole list; each round splits every partition of two items
// or more in two by weight (a partition of one item is set aside), then
// tests each partition alone (a success keeps only it and starts over from
// it) and then each complement (a success removes the partition and the
// complements are tried again; the round ends with the partitions left).
// When a round removes nothing the next one splits finer; it ends when no
// partition is left to split or the partitions are as many as the items.
// The items set aside are then deleted one at a time, again after each
// success, so the result is 1-minimal. Runs of subset and complement tests
// go to test.First.
func wdd[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	w := weightsOf(items, test)
	// Positions into items: cur is the current list; parts partition it,
	// less the items set aside.
	cur := make([]int, len(items))
	for i := range cur {
		cur[i] = i
	}
	pick := func(ps []int) []T {
		out := make([]T, len(ps))
		for i, p := range ps {
			out[i] = items[p]
		}
		return out
	}
	parts := [][]int{cur}
	var aside []int
	for len(cur) > 1 && len(cur) > len(parts) {
		var split [][]int
		for _, pt := range parts {
			if len(pt) == 1 {
				aside = append(aside, pt[0])
				continue
			}
			k := halfWeight(pt, w)
			split = append(split, pt[:k:k], pt[k:])
		}
		parts = split
		if len(parts) < 2 {
			break
		}
		j, err := firstOf(ctx, test, len(parts), func(i int) []T { return pick(parts[i]) })
		if err != nil {
			return pick(cur), err
		}
		if j >= 0 {
			cur = parts[j]
			parts = [][]int{cur}
			aside = nil // they are gone with the rest
			continue
		}
		if len(parts) == 2 {
			continue // the complements are the partitions just tried
		}
		removed := false
		for len(parts) > 1 {
			j, err := firstOf(ctx, test, len(parts), func(i int) []T { return pick(Minus(cur, parts[i])) })
			if err != nil {
				return pick(cur), err
			}
			if j < 0 {
				break
			}
			cur = Minus(cur, parts[j])
			parts = append(parts[:j:j], parts[j+1:]...)
			removed = true
		}
		if !removed && len(cur) <= len(parts) {
			break
		}
	}
	// The items set aside, one at a time, until none can go.
	for {
		var present []int
		for _, p := range aside {
			if containsPosition(cur, p) {
				present = append(present, p)
			}
		}
		j, err := firstOf(ctx, test, len(present), func(i int) []T { return pick(Minus(cur, present[i:i+1])) })
		if err != nil || j < 0 {
			return pick(cur), err
		}
		cur = Minus(cur, present[j:j+1])
	}
}

// halfWeight returns where to split the partition pt (two items or more) in
// two of about equal weight: the first k items weigh as near half of the
// whole as a split can, and each part has an item at least.
func halfWeight(pt []int, w []int) int {
	total := 0
	for _, p := range pt {
		total += w[p]
	}
	best, bestDiff, sum := 1, -1, 0
	for k := 1; k < len(pt); k++ {
		sum += w[pt[k-1]]
		if d := abs(2*sum - total); bestDiff < 0 || d < bestDiff {
			best, bestDiff = k, d
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// containsPosition reports whether the sorted positions cur hold p.
func containsPosition(cur []int, p int) bool {
	lo, hi := 0, len(cur)
	for lo < hi {
		m := (lo + hi) / 2
		if cur[m] < p {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(cur) && cur[lo] == p
}

// wddBlocks is ddmin-blocks (see ddminBlocks) with blocks of a weight, not
// a length: a block is the longest run of items, from where it starts,
// whose weights add up to at most the round's weight, and a single item
// even if heavier. The weight starts at half the list's and halves when a
// round removes nothing; once every block is a single item, rounds repeat
// until one removes nothing, so the result is 1-minimal. A heavy item is
// thus tried alone early, and many light ones go in one block.
func wddBlocks[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	w := weightsOf(items, test)
	c := items
	cw := w // the weights of c
	total := 0
	for _, x := range w {
		total += x
	}
	// blockEnd returns the end of the block of weight size starting at i.
	blockEnd := func(i, size int) int {
		j, sum := i+1, cw[i]
		for j < len(c) && sum+cw[j] <= size {
			sum += cw[j]
			j++
		}
		return j
	}
	for size := total / 2; len(c) > 0; {
		removed, singles := false, true
		for i := 0; i < len(c); {
			// The blocks from i, as far as one test.First run goes.
			var ends []int
			for e := i; e < len(c); {
				e = blockEnd(e, size)
				ends = append(ends, e)
			}
			start := i
			span := func(k int) (int, int) {
				lo := start
				if k > 0 {
					lo = ends[k-1]
				}
				return lo, ends[k]
			}
			for k := range ends {
				if lo, hi := span(k); hi-lo > 1 {
					singles = false
				}
			}
			j, err := firstOf(ctx, test, len(ends), func(k int) []T { lo, hi := span(k); return without(c, lo, hi) })
			if err != nil {
				return c, err
			}
			if j < 0 {
				break
			}
			lo, hi := span(j)
			c, cw = without(c, lo, hi), without(cw, lo, hi)
			removed, i = true, lo
		}
		switch {
		case removed:
		case singles || size <= 1:
			return c, nil
		default:
			size /= 2
		}
	}
	return c, nil
}
