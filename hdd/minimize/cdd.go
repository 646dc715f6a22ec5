package minimize

import (
	"cmp"
	"context"
	"math"
	"slices"
)

// cddP0 is CDD's initial probability p0 that an item is essential: the
// default of the authors' implementation.
const cddP0 = 0.1

// cdd is counter-based delta debugging (Mengxiao Zhang, Zhenyang Xu,
// Yongqiang Tian, Xinru Cheng and Chengnian Sun, "Toward a Better
// Understanding of Probabilistic Delta Debugging", ICSE 2025), the
// simplification of ProbDD (Wang et al., FSE 2021) that the paper derives
// from its analysis: ProbDD's per-item probabilities stay equal within a
// round and grow like counters, so the size of the subset ProbDD deletes
// can be computed from a round counter alone, with no probabilities and no
// randomness.
//
// It follows the authors' artifact (picire's abstract_cdd.py, "--dd cdd",
// in the repository codesubmission321/cdd): every item has a counter,
// initially 0. The size for counter r is s_0 = round(-1/ln(1-p0)) (9 for
// p0 = 0.1: the size maximizing ProbDD's expected gain s(1-p0)^s), then
// s_{r+1} = floor(s_r (1 - 1/e)), at least 1 and at most the input's length.
// Each step sorts the undecided items by counter, then position, takes s
// for the least counter (first raising every counter while s is not below
// the length of the current list, as the artifact does), and tries to delete
// the first s items. A success deletes them; a failure increments their
// counters, and a failed single deletion marks its item as kept for good.
// CDD stops when every item is deleted or kept. The steps of one round
// (one least counter) go to test.First together.
//
// Kept items failed their single deletion from the list of that time, so
// the result is 1-minimal when the test is monotonic; the paper lists the
// missing 1-minimality guarantee among the limitations of ProbDD and CDD.
// To make it 1-minimal anyway, CDD ends with greedy single deletions of the
// kept items whose failed deletion was tested on a larger list than the
// current one, going on after a success until every kept item failed on the
// current list; on a monotonic test that finds nothing and costs one test
// per item kept before the last successful deletion.
func cdd[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	return cddWith(ctx, items, test, cddP0)
}

// cddSize is the subset size for counter r, for an input of n items.
func cddSize(p0 float64, r, n int) int {
	s := int(math.RoundToEven(-1 / math.Log(1-p0))) // Python's round
	for range r {
		if s == 0 {
			break
		}
		s = int(math.Floor(float64(s) * (1 - 1/math.E)))
	}
	return max(min(s, n), 1)
}

func cddWith[T any](ctx context.Context, items []T, test Tester[T], p0 float64) ([]T, error) {
	n := len(items)
	const decided = -1
	counter := make([]int, n) // decided once deleted or kept
	alive := make([]bool, n)
	for i := range alive {
		alive[i] = true
	}
	nalive := n
	// keptAt[p] is the number of successful deletions before the failed
	// single deletion of item p; deletions counts them.
	keptAt := make([]int, n)
	deletions := 0

	// list returns the current items less the positions in del.
	list := func(del []int) []T {
		gone := make([]bool, n)
		for _, p := range del {
			gone[p] = true
		}
		out := make([]T, 0, nalive)
		for p, x := range items {
			if alive[p] && !gone[p] {
				out = append(out, x)
			}
		}
		return out
	}

	for {
		var avail []int
		for p := range n {
			if counter[p] != decided {
				avail = append(avail, p)
			}
		}
		if len(avail) == 0 {
			break
		}
		slices.SortStableFunc(avail, func(a, b int) int { return cmp.Compare(counter[a], counter[b]) })
		r := counter[avail[0]]
		s := cddSize(p0, r, n)
		for s >= nalive {
			for _, p := range avail {
				counter[p]++
			}
			r++
			if s = cddSize(p0, r, n); s == 1 {
				break
			}
		}
		// The round: the items with counter r, s at a time, in order. Each
		// failed chunk moves behind the others, so chunk i is avail[i*s:]
		// while the round lasts; a short last chunk is topped up with the
		// first items of the order the failures leave.
		cnt := 0
		for cnt < len(avail) && counter[avail[cnt]] == r {
			cnt++
		}
		nch := (cnt + s - 1) / s
		chunks := make([][]int, nch)
		for i := range chunks {
			chunks[i] = avail[i*s : min((i+1)*s, cnt)]
		}
		last := chunks[nch-1]
		if len(last) < s && len(avail) > len(last) {
			failed := avail[:(nch-1)*s]
			rest := slices.Concat(failed, avail[cnt:])
			key := make([]int, n) // the counters once the round's other chunks failed
			for _, p := range rest {
				key[p] = counter[p]
			}
			for _, p := range failed {
				key[p]++
			}
			slices.SortFunc(rest, func(a, b int) int { return cmp.Or(cmp.Compare(key[a], key[b]), cmp.Compare(a, b)) })
			chunks[nch-1] = slices.Concat(last, rest[:min(s-len(last), len(rest))])
		}
		idx, err := test.First(ctx, nch, func(i int) []T { return list(chunks[i]) }, nil)
		if err != nil {
			return list(nil), err
		}
		j, nfailed := -1, nch
		if len(idx) > 0 {
			j, nfailed = idx[0], idx[0]
		}
		for _, ch := range chunks[:nfailed] {
			for _, p := range ch {
				counter[p]++
			}
			if len(ch) == 1 {
				counter[ch[0]], keptAt[ch[0]] = decided, deletions
			}
		}
		if j >= 0 {
			for _, p := range chunks[j] {
				alive[p], counter[p] = false, decided
				nalive--
			}
			deletions++
		}
	}

	// Finish to 1-minimality: greedy single deletions, last item first, of
	// the kept items whose deletion failed on a larger list, going on
	// below the last success and wrapping around.
	from := n
	for {
		var stale []int
		for k := range n {
			p := (from - 1 - k + 2*n) % n // from-1, from-2, ..., 0, n-1, ...
			if alive[p] && keptAt[p] < deletions {
				stale = append(stale, p)
			}
		}
		if len(stale) == 0 {
			return list(nil), nil
		}
		idx, err := test.First(ctx, len(stale), func(i int) []T { return list(stale[i : i+1]) }, nil)
		if err != nil {
			return list(nil), err
		}
		j, nfailed := -1, len(stale)
		if len(idx) > 0 {
			j, nfailed = idx[0], idx[0]
		}
		for _, p := range stale[:nfailed] {
			keptAt[p] = deletions
		}
		if j >= 0 {
			alive[stale[j]] = false
			nalive--
			deletions++
			from = stale[j]
		}
	}
}
