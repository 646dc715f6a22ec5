package minimize

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// weighed is a serial Tester over the items 0..n-1 that weighs item i
// w[i] and logs every candidate it is asked.
type weighed struct {
	w      []int
	oracle func([]int) bool
	calls  [][]int
}

func (x *weighed) Test(_ context.Context, keep []int) (bool, error) {
	x.calls = append(x.calls, slices.Clone(keep))
	return x.oracle(keep), nil
}

func (x *weighed) First(ctx context.Context, n int, gen func(int) []int, fold func([]int) ([]int, bool)) ([]int, error) {
	return TestFunc[int](x.Test).First(ctx, n, gen, fold)
}

func (x *weighed) Weight(i int) int { return x.w[i] }

// weighted are the minimizers that read weights.
var weighted = []Algorithm{WDD, WDDBlocks, WProbDD}

// skewedWeights returns n weights as varied as a tree level's: mostly
// small, a few very large.
func skewedWeights(n int, rng *rand.Rand) []int {
	w := make([]int, n)
	for i := range w {
		w[i] = 1 + rng.IntN(20)
		if rng.IntN(8) == 0 {
			w[i] *= 100
		}
	}
	return w
}

func TestHalfWeight(t *testing.T) {
	tests := []struct {
		w    []int
		want int
	}{
		{[]int{1, 1}, 1},
		{[]int{1, 1, 1, 1}, 2},
		{[]int{10, 1, 1, 1}, 1},
		{[]int{1, 1, 1, 10}, 3},
		{[]int{1, 100, 1}, 1}, // |2*1-102| = 100 against |2*101-102| = 100: the first
		{[]int{3, 3, 2, 2, 2}, 2},
	}
	for _, tc := range tests {
		pt := seq(len(tc.w))
		if got := halfWeight(pt, tc.w); got != tc.want {
			t.Errorf("halfWeight(%v) = %d, want %d", tc.w, got, tc.want)
		}
	}
}

// TestWeightedEssential checks that the weighted minimizers, given skewed
// weights, return exactly the essential items on monotonic superset
// oracles, and a 1-minimal result on random non-monotonic ones.
func TestWeightedEssential(t *testing.T) {
	for _, m := range weighted {
		t.Run(m.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(41, 42))
			for range 80 {
				n := 1 + rng.IntN(90)
				w := skewedWeights(n, rng)
				var want []int
				density := []float64{0, 0.05, 0.3, 0.9}[rng.IntN(4)]
				for i := range n {
					if rng.Float64() < density {
						want = append(want, i)
					}
				}
				sup := &weighed{w: w, oracle: func(keep []int) bool {
					ok, _ := supersetOracle(want, new(int))(context.Background(), keep)
					return ok
				}}
				got, err := Run(context.Background(), m, seq(n), Tester[int](sup))
				if err != nil {
					t.Fatal(err)
				}
				if len(want) > 0 && !slices.Equal(got, want) || len(want) == 0 && len(got) > 1 {
					t.Fatalf("n=%d, weights %v: %v, want %v", n, w, got, want)
				}
				random := &weighed{w: w, oracle: randomOracle(n, rng.Uint64(), 0.5)}
				got, _ = Run(context.Background(), m, seq(n), Tester[int](random))
				checkOneMinimal(t, got, random.oracle)
			}
		})
	}
}

// TestWeightsGuideTheSplit checks that the weights, not the count, place
// the partitions: with one item holding most of the weight, WDD's and
// WDDBlocks's first tests set it apart from the others, and W-ProbDD's
// first deletion is of that heavy item alone.
func TestWeightsGuideTheSplit(t *testing.T) {
	const n = 16
	w := make([]int, n)
	for i := range w {
		w[i] = 1
	}
	w[12] = 1000
	all := func([]int) bool { return false } // nothing can go: every test is logged
	for _, tc := range []struct {
		m     Algorithm
		first [][]int // the first candidates tested
	}{
		// Halves by weight: [0..12) and [12..16) (12 weighs 12 against
		// 1003), the first kept alone, then the second.
		{WDD, [][]int{seq(12), {12, 13, 14, 15}}},
		// Blocks of weight 510 at most: [0..12), then 12 alone.
		{WDDBlocks, [][]int{{12, 13, 14, 15}, append(seq(12), 13, 14, 15)}},
		// The heavy item with p = 0.1 has the largest gain alone (900 >
		// 1001·0.81 for it and the next).
		{WProbDD, [][]int{append(seq(12), 13, 14, 15)}},
	} {
		x := &weighed{w: w, oracle: all}
		if _, err := Run(context.Background(), tc.m, seq(n), Tester[int](x)); err != nil {
			t.Fatal(err)
		}
		if len(x.calls) < len(tc.first) || !slices.EqualFunc(x.calls[:len(tc.first)], tc.first, slices.Equal) {
			t.Errorf("%v: first tests %v, want %v", tc.m, x.calls[:min(len(x.calls), len(tc.first))], tc.first)
		}
	}
}

// TestUnweightedIsByCount checks that without a Weigher every item weighs
// 1: WDD's first split halves the list by count.
func TestUnweightedIsByCount(t *testing.T) {
	_, calls := serialCalls(func(ctx context.Context, items []int, test Tester[int]) ([]int, error) {
		return Run(ctx, WDD, items, test)
	}, 8, func([]int) bool { return false })
	if len(calls) < 2 || !slices.Equal(calls[0], []int{0, 1, 2, 3}) || !slices.Equal(calls[1], []int{4, 5, 6, 7}) {
		t.Errorf("first tests %v, want [0 1 2 3] and [4 5 6 7]", calls[:min(2, len(calls))])
	}
}
