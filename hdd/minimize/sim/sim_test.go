package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd/minimize"
)

// TestGreedyNPlusK checks the claim of "Linear time (ish) test case
// reduction": with k essential items of n and everything else removable,
// greedy costs exactly n + k calls.
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
		row := Run(model, n, []minimize.Algorithm{minimize.Greedy}, Options{Trials: 1, Seed: 7})
		if got, want := row.Calls[minimize.Greedy], float64(n+k); got != want {
			t.Errorf("density %g: greedy made %v calls, want n+k = %v", d, got, want)
		}
		if got := row.Size[minimize.Greedy]; got != float64(k) {
			t.Errorf("density %g: result size %v, want %d", d, got, k)
		}
	}
}

// TestMinimizersFindTheSubset checks that every minimizer finds exactly the
// essential subset on monotonic models.
func TestMinimizersFindTheSubset(t *testing.T) {
	for _, model := range []Model{Subset(0.05), Subset(0.5), Clustered(2, 4), Runs(3), Minimal} {
		a := Run(model, 64, []minimize.Algorithm{minimize.Greedy}, Options{Trials: 3, Seed: 1})
		b := Run(model, 64, minimize.All(), Options{Trials: 3, Seed: 1})
		for _, m := range minimize.All() {
			if b.Size[m] != a.Size[minimize.Greedy] {
				t.Errorf("%s: %v result size %v, greedy's %v", model.Name, m, b.Size[m], a.Size[minimize.Greedy])
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

// TestAdaptiveBeatsDDMinOnSparseSubsets checks the claim of "Adaptive delta
// debugging" against ddmin where the result is small.
func TestAdaptiveBeatsDDMinOnSparseSubsets(t *testing.T) {
	for _, d := range []float64{0.01, 0.05, 0.1} {
		r := Run(Subset(d), 300, []minimize.Algorithm{minimize.DDMin, minimize.Adaptive}, Options{Trials: 3, Seed: 1})
		if r.Calls[minimize.Adaptive] >= r.Calls[minimize.DDMin] {
			t.Errorf("density %g: adaptive %v calls, ddmin %v", d, r.Calls[minimize.Adaptive], r.Calls[minimize.DDMin])
		}
	}
}

// TestEveryMinimizerInTable checks that the table has a column per
// minimizer.
func TestEveryMinimizerInTable(t *testing.T) {
	var b strings.Builder
	Table(&b, []int{20}, Options{Trials: 1, Seed: 1})
	header, _, _ := strings.Cut(b.String(), "\n")
	for _, m := range minimize.All() {
		if !strings.Contains(header, " "+m.String()+" ") {
			t.Errorf("no column for %v in %q", m, header)
		}
	}
}

// TestCap checks that a capped run stops at the cap and shows as such.
func TestCap(t *testing.T) {
	r := Run(Suffix, 100, []minimize.Algorithm{minimize.Greedy, minimize.Lithium}, Options{Cap: 500})
	if r.Capped[minimize.Greedy] != 1 || r.Calls[minimize.Greedy] != 500 {
		t.Errorf("greedy on chain k..n: capped %d, %v calls; want capped at 500", r.Capped[minimize.Greedy], r.Calls[minimize.Greedy])
	}
	if r.Capped[minimize.Lithium] != 0 {
		t.Errorf("lithium capped on chain k..n")
	}
	if got := r.calls(minimize.Greedy, 500); got != ">500" {
		t.Errorf("capped calls shown as %q", got)
	}
}

// TestCache checks that with Cache a repeated candidate is not counted:
// ddmin repeats candidates on an already minimal input; greedy does not.
func TestCache(t *testing.T) {
	plain := Run(Minimal, 50, []minimize.Algorithm{minimize.Greedy, minimize.DDMin}, Options{})
	cached := Run(Minimal, 50, []minimize.Algorithm{minimize.Greedy, minimize.DDMin}, Options{Cache: true})
	if plain.Calls[minimize.Greedy] != 50 || cached.Calls[minimize.Greedy] != 50 {
		t.Errorf("greedy on a minimal input: %v calls, %v cached; want 50", plain.Calls[minimize.Greedy], cached.Calls[minimize.Greedy])
	}
	if cached.Calls[minimize.DDMin] >= plain.Calls[minimize.DDMin] {
		t.Errorf("ddmin on a minimal input: %v calls, %v cached; want fewer cached", plain.Calls[minimize.DDMin], cached.Calls[minimize.DDMin])
	}
	s := Run(Subset(0.1), 200, []minimize.Algorithm{minimize.Greedy}, Options{Trials: 1, Seed: 7, Cache: true})
	if s.Calls[minimize.Greedy] > 200+s.Size[minimize.Greedy] {
		t.Errorf("greedy cached: %v calls, more than n+k", s.Calls[minimize.Greedy])
	}
}
