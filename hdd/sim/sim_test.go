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
		row := Run(model, n, []hdd.Minimizer{hdd.MinGreedy}, Options{Trials: 1, Seed: 7})
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
	for _, model := range []Model{Subset(0.05), Subset(0.5), Clustered(2, 4), Runs(3), Minimal} {
		a := Run(model, 64, []hdd.Minimizer{hdd.MinGreedy}, Options{Trials: 3, Seed: 1})
		b := Run(model, 64, hdd.Minimizers(), Options{Trials: 3, Seed: 1})
		for _, m := range hdd.Minimizers() {
			if b.Size[m] != a.Size[hdd.MinGreedy] {
				t.Errorf("%s: %v result size %v, greedy's %v", model.Name, m, b.Size[m], a.Size[hdd.MinGreedy])
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	var a, b strings.Builder
	Claims(&a, Table(&a, []int{50}, Options{Trials: 2, Seed: 3}))
	Claims(&b, Table(&b, []int{50}, Options{Trials: 2, Seed: 3}))
	if a.String() != b.String() {
		t.Errorf("two runs with the same seed differ:\n%s\n%s", a.String(), b.String())
	}
}

// TestAdaptiveBeatsDDMinOnSparseSubsets checks the adaptive seed's claim
// against ddmin where the result is small.
func TestAdaptiveBeatsDDMinOnSparseSubsets(t *testing.T) {
	for _, d := range []float64{0.01, 0.05, 0.1} {
		r := Run(Subset(d), 300, []hdd.Minimizer{hdd.MinDDMin, hdd.MinAdaptive}, Options{Trials: 3, Seed: 1})
		if r.Calls[hdd.MinAdaptive] >= r.Calls[hdd.MinDDMin] {
			t.Errorf("density %g: adaptive %v calls, ddmin %v", d, r.Calls[hdd.MinAdaptive], r.Calls[hdd.MinDDMin])
		}
	}
}

// TestEveryMinimizerInTable checks that the table has a column per
// minimizer.
func TestEveryMinimizerInTable(t *testing.T) {
	var b strings.Builder
	Table(&b, []int{20}, Options{Trials: 1, Seed: 1})
	header, _, _ := strings.Cut(b.String(), "\n")
	for _, m := range hdd.Minimizers() {
		if !strings.Contains(header, " "+m.String()+" ") {
			t.Errorf("no column for %v in %q", m, header)
		}
	}
}

// TestCap checks that a capped run stops at the cap and shows as such.
func TestCap(t *testing.T) {
	r := Run(Suffix, 100, []hdd.Minimizer{hdd.MinGreedy, hdd.MinLithium}, Options{Cap: 500})
	if r.Capped[hdd.MinGreedy] != 1 || r.Calls[hdd.MinGreedy] != 500 {
		t.Errorf("greedy on chain k..n: capped %d, %v calls; want capped at 500", r.Capped[hdd.MinGreedy], r.Calls[hdd.MinGreedy])
	}
	if r.Capped[hdd.MinLithium] != 0 {
		t.Errorf("lithium capped on chain k..n")
	}
	if got := r.calls(hdd.MinGreedy, 500); got != ">500" {
		t.Errorf("capped calls shown as %q", got)
	}
}

// TestCache checks that with Cache a repeated candidate is not counted:
// ddmin repeats candidates on an already minimal input; greedy does not.
func TestCache(t *testing.T) {
	plain := Run(Minimal, 50, []hdd.Minimizer{hdd.MinGreedy, hdd.MinDDMin}, Options{})
	cached := Run(Minimal, 50, []hdd.Minimizer{hdd.MinGreedy, hdd.MinDDMin}, Options{Cache: true})
	if plain.Calls[hdd.MinGreedy] != 50 || cached.Calls[hdd.MinGreedy] != 50 {
		t.Errorf("greedy on a minimal input: %v calls, %v cached; want 50", plain.Calls[hdd.MinGreedy], cached.Calls[hdd.MinGreedy])
	}
	if cached.Calls[hdd.MinDDMin] >= plain.Calls[hdd.MinDDMin] {
		t.Errorf("ddmin on a minimal input: %v calls, %v cached; want fewer cached", plain.Calls[hdd.MinDDMin], cached.Calls[hdd.MinDDMin])
	}
	s := Run(Subset(0.1), 200, []hdd.Minimizer{hdd.MinGreedy}, Options{Trials: 1, Seed: 7, Cache: true})
	if s.Calls[hdd.MinGreedy] > 200+s.Size[hdd.MinGreedy] {
		t.Errorf("greedy cached: %v calls, more than n+k", s.Calls[hdd.MinGreedy])
	}
}
