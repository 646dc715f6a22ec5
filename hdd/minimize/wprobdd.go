package minimize

import (
	"cmp"
	"context"
	"slices"
)

// wprobddP0 is W-ProbDD's initial probability that an item is essential,
// ProbDD's default.
const wprobddP0 = 0.1

// wprobddSure is the probability from which an item counts as essential:
// one whose deletion alone failed has probability 1, give or take a
// rounding.
const wprobddSure = 1 - 1e-9

// wprobdd is the paper's W-ProbDD: ProbDD (Wang et al., FSE 2021) whose
// choice of the items to delete weighs them. Every item has a probability
// of being essential, 0.1 at first. Each step orders the items not known
// essential by (p-1)·w, so heavy items with a low probability come first,
// and tries to delete the prefix of that order with the largest expected
// gain: the prefix's weight times the probability that none of it is
// essential, the product of (1-p). A success deletes the prefix; a failure
// divides the probability of each of its items by 1 minus that product (a
// failed single deletion makes it 1: the item is essential). It stops when
// every item left is essential. Ties keep the list's order.
//
// As for CDD, an item's failed deletion may have been tested on a larger
// list than the final one, so W-ProbDD ends with greedy single deletions
// of such items, going on after each success until every item left failed
// its deletion from the current list: the result is 1-minimal.
func wprobdd[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	w := weightsOf(items, test)
	n := len(items)
	p := make([]float64, n)
	for i := range p {
		p[i] = wprobddP0
	}
	alive := make([]bool, n)
	for i := range alive {
		alive[i] = true
	}
	// keptAt[i] is the number of deletions before item i became essential.
	keptAt := make([]int, n)
	deletions := 0
	gone := make([]bool, n)
	list := func(del []int) []T {
		for _, i := range del {
			gone[i] = true
		}
		out := make([]T, 0, n)
		for i, x := range items {
			if alive[i] && !gone[i] {
				out = append(out, x)
			}
		}
		for _, i := range del {
			gone[i] = false
		}
		return out
	}
	for {
		var order []int
		for i := range n {
			if alive[i] && p[i] < wprobddSure {
				order = append(order, i)
			}
		}
		if len(order) == 0 {
			break
		}
		slices.SortStableFunc(order, func(a, b int) int {
			return cmp.Compare((p[a]-1)*float64(w[a]), (p[b]-1)*float64(w[b]))
		})
		// The prefix with the largest expected gain.
		best, bestGain, weight, none := 0, 0.0, 0, 1.0
		for k, i := range order {
			weight += w[i]
			none *= 1 - p[i]
			if g := float64(weight) * none; g > bestGain {
				best, bestGain = k+1, g
			}
		}
		del := slices.Clone(order[:max(best, 1)])
		slices.Sort(del)
		ok, err := test.Test(ctx, list(del))
		if err != nil {
			return list(nil), err
		}
		if ok {
			for _, i := range del {
				alive[i] = false
			}
			deletions++
			continue
		}
		none = 1
		for _, i := range del {
			none *= 1 - p[i]
		}
		for _, i := range del {
			p[i] = min(p[i]/(1-none), 1)
			if len(del) == 1 {
				p[i] = 1
			}
			if p[i] >= wprobddSure {
				keptAt[i] = deletions
			}
		}
	}
	// Finish to 1-minimality, as CDD does.
	for {
		var stale []int
		for i := n - 1; i >= 0; i-- {
			if alive[i] && keptAt[i] < deletions {
				stale = append(stale, i)
			}
		}
		if len(stale) == 0 {
			return list(nil), nil
		}
		j, err := firstOf(ctx, test, len(stale), func(k int) []T { return list(stale[k : k+1]) })
		if err != nil {
			return list(nil), err
		}
		nfailed := len(stale)
		if j >= 0 {
			nfailed = j
		}
		for _, i := range stale[:nfailed] {
			keptAt[i] = deletions
		}
		if j >= 0 {
			alive[stale[j]] = false
			deletions++
		}
	}
}
