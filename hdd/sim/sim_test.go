package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd"
)

// TestGreedyNPlusK checks the linear-greedy seed's claim: with k essential
// items of n and everything else removable, greedy costs exactly n + k calls.
func TestGreedyNPlusK(t *testing.T) {
	for _, d := range []float64{0.01, 0.1, 0.5} {
		const n = 200
		model := Subset(d)
		// Recreate the instance to learn k.
		oracle := model.New(n, rand.New(rand.NewPCG(7, n)))
		k := 0
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		for i := range n {
			if !oracle(append(append([]int{}, all[:i]...), all[i+1:]...)) {
				k++
			}
		}
		row := Run(model, n, 1, 7, []hdd.Minimizer{hdd.MinGreedy})
		if got, want := row.Calls[hdd.MinGreedy], float64(n+k); got != want {
			t.Errorf("density %g: greedy made %v calls, want n+k = %v", d, got, want)
		}
		if got := row.Size[hdd.MinGreedy]; got != float64(k) {
			t.Errorf("density %g: result size %v, want %d", d, got, k)
		}
	}
}

// TestMinimizersFindTheSubset checks that every minimizer finds exactly the
// essential subset on monotonic models.
func TestMinimizersFindTheSubset(t *testing.T) {
	for _, model := range []Model{Subset(0.05), Subset(0.5), Clustered(2, 4), Minimal} {
		a := Run(model, 64, 3, 1, []hdd.Minimizer{hdd.MinGreedy})
		b := Run(model, 64, 3, 1, hdd.Minimizers())
		for _, m := range hdd.Minimizers() {
			if b.Size[m] != a.Size[hdd.MinGreedy] {
				t.Errorf("%s: %v result size %v, greedy's %v", model.Name, m, b.Size[m], a.Size[hdd.MinGreedy])
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	var a, b strings.Builder
	Table(&a, []int{50}, 2, 3)
	Table(&b, []int{50}, 2, 3)
	if a.String() != b.String() {
		t.Errorf("two runs with the same seed differ:\n%s\n%s", a.String(), b.String())
	}
}

// TestAdaptiveBeatsDDMinOnSparseSubsets checks the adaptive seed's claim
// against ddmin where the result is small.
func TestAdaptiveBeatsDDMinOnSparseSubsets(t *testing.T) {
	for _, d := range []float64{0.01, 0.05, 0.1} {
		r := Run(Subset(d), 300, 3, 1, []hdd.Minimizer{hdd.MinDDMin, hdd.MinAdaptive})
		if r.Calls[hdd.MinAdaptive] >= r.Calls[hdd.MinDDMin] {
			t.Errorf("density %g: adaptive %v calls, ddmin %v", d, r.Calls[hdd.MinAdaptive], r.Calls[hdd.MinDDMin])
		}
	}
}
