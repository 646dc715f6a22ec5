package minimize

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// windowTester tests candidates as the engine does with several jobs: in
// order, jobs at a time; at the first success it takes the verdicts of the
// others of the window, and adopts the fold of the successes if it is
// interesting, else the first success.
type windowTester struct {
	oracle  func([]int) bool
	jobs    int
	adopted []int
	calls   int
	folds   int
}

func (w *windowTester) test(keep []int) bool {
	w.calls++
	return w.oracle(keep)
}

func (w *windowTester) Test(_ context.Context, keep []int) (bool, error) {
	ok := w.test(keep)
	if ok {
		w.adopted = slices.Clone(keep)
	}
	return ok, nil
}

func (w *windowTester) First(_ context.Context, n int, gen func(int) []int, fold func([]int) ([]int, bool)) ([]int, error) {
	for lo := 0; lo < n; lo += w.jobs {
		var wins []int
		for i := lo; i < min(n, lo+w.jobs); i++ {
			if w.test(gen(i)) {
				wins = append(wins, i)
			}
		}
		if len(wins) == 0 {
			continue
		}
		if len(wins) > 1 && fold != nil {
			if keep, ok := fold(wins); ok && w.test(keep) {
				w.folds++
				w.adopted = keep
				return wins, nil
			}
		}
		w.adopted = gen(wins[0])
		return wins[:1], nil
	}
	return nil, nil
}

// TestFoldingMinimizers runs every minimizer with a tester that folds the
// successes it finds at once: on monotonic oracles the result must be the
// essential items exactly, what the tester adopted last, as without folds;
// on any oracle it must be interesting and 1-minimal.
func TestFoldingMinimizers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	folded := 0
	for _, m := range All() {
		for iter := range 60 {
			n := 1 + rng.IntN(40)
			var want []int
			for i := range n {
				if rng.IntN(5) == 0 {
					want = append(want, i)
				}
			}
			monotonic := iter%3 != 0
			oracle := randomOracle(n, uint64(iter), 0.6)
			if monotonic {
				oracle = func(keep []int) bool {
					for _, w := range want {
						if !slices.Contains(keep, w) {
							return false
						}
					}
					return true
				}
			}
			for _, jobs := range []int{2, 4, 8} {
				w := &windowTester{oracle: oracle, jobs: jobs}
				got, err := Run(context.Background(), m, seq(n), Tester[int](w))
				if err != nil {
					t.Fatal(err)
				}
				folded += w.folds
				if !oracle(got) {
					t.Fatalf("%v -j %d, n %d: result %v is not interesting", m, jobs, n, got)
				}
				if w.adopted != nil && !slices.Equal(got, w.adopted) && len(got) > 0 {
					t.Errorf("%v -j %d: result %v, but the tester adopted %v last", m, jobs, got, w.adopted)
				}
				if monotonic && !slices.Equal(got, want) && !(len(want) == 0 && len(got) <= 1) {
					t.Errorf("%v -j %d, n %d: result %v, want %v", m, jobs, n, got, want)
				}
				for i := range got {
					if oracle(append(slices.Clone(got[:i]), got[i+1:]...)) && len(got) > 1 {
						t.Errorf("%v -j %d: result %v is not 1-minimal: without %d it is interesting", m, jobs, got, got[i])
						break
					}
				}
			}
		}
	}
	if folded == 0 {
		t.Errorf("no fold was adopted: the test does not test folding")
	}
}

// planTester is a windowTester that is a Planner: at each call of First
// after one that adopted something, it checks that the call is the one
// the minimizer planned for what was adopted, both in the plan told before
// the last call and in the plan told before the call ahead of it (its
// Then).
type planTester struct {
	windowTester
	t       *testing.T
	then    func([]int) Step[int]
	planned []Step[int] // the plans of this call
	checked int
}

func (p *planTester) Plan(next Step[int]) {
	p.then = next.Then
}

func (p *planTester) First(ctx context.Context, n int, gen func(int) []int, fold func([]int) ([]int, bool)) ([]int, error) {
	for _, st := range p.planned {
		p.checked++
		if n != st.N {
			p.t.Fatalf("First of %d candidates, planned %d", n, st.N)
		}
		for i := range n {
			if got, want := gen(i), st.Gen(i); !slices.Equal(got, want) {
				p.t.Fatalf("candidate %d is %v, planned %v", i, got, want)
			}
		}
	}
	then, before := p.then, p.planned
	idx, err := p.windowTester.First(ctx, n, gen, fold)
	p.planned = nil
	if len(idx) > 0 {
		if then == nil {
			p.t.Fatal("First was called without a plan")
		}
		p.planned = append(p.planned, then(idx))
		for _, st := range before {
			p.planned = append(p.planned, st.Then(idx))
		}
	}
	return idx, err
}

// TestPlans checks that the minimizers that plan (ddmin-blocks, with and
// without a bound on its rounds of size 1, ddmin and ends-first) plan,
// before each call of First, exactly the call that follows what the call
// adopts (a single success, or the fold of several), and the call after
// that.
func TestPlans(t *testing.T) {
	planners := []struct {
		name string
		run  func(context.Context, []int, Tester[int]) ([]int, error)
	}{
		{"ddmin-blocks", ddminBlocks[int]},
		{"ddmin-blocks, two rounds of size 1", func(ctx context.Context, items []int, test Tester[int]) ([]int, error) {
			return blocks(ctx, items, test, 2)
		}},
		{"ddmin", ddmin[int]},
		{"ends-first", endsFirst[int]},
	}
	for _, m := range planners {
		t.Run(m.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 8))
			checked := 0
			for iter := range 80 {
				n := 1 + rng.IntN(50)
				oracle := randomOracle(n, uint64(iter), 0.5)
				for _, jobs := range []int{1, 4, 8} {
					p := &planTester{windowTester: windowTester{oracle: oracle, jobs: jobs}, t: t}
					if _, err := m.run(context.Background(), seq(n), Tester[int](p)); err != nil {
						t.Fatal(err)
					}
					checked += p.checked
				}
			}
			if checked == 0 {
				t.Error("no plan was checked")
			}
		})
	}
}
