package minimize

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestOrderChoices(t *testing.T) {
	if got, want := backward.choices(5, 0), []int{4, 3, 2, 1, 0}; !slices.Equal(got, want) {
		t.Errorf("backward = %v, want %v", got, want)
	}
	if got, want := forward.choices(5, 3), []int{0, 1, 2, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("forward = %v, want %v", got, want)
	}
	if (order{}) != backward {
		t.Errorf("the zero order is %v, want backward", order{})
	}
	a := shuffled(7).choices(50, 0)
	if !slices.Equal(slices.Sorted(slices.Values(a)), seq(50)) {
		t.Fatalf("shuffled(7) = %v, not a permutation", a)
	}
	if b := shuffled(7).choices(50, 0); !slices.Equal(a, b) {
		t.Errorf("shuffled(7) gave %v, then %v", a, b)
	}
	if b := shuffled(7).choices(50, 1); slices.Equal(a, b) {
		t.Errorf("shuffled(7) gave the same order in passes 0 and 1")
	}
	if b := shuffled(8).choices(50, 0); slices.Equal(a, b) {
		t.Errorf("shuffled(7) and shuffled(8) gave the same order")
	}
	for o, want := range map[order]string{backward: "backward", forward: "forward", shuffled(3): "shuffled(3)"} {
		if o.String() != want {
			t.Errorf("String() = %q, want %q", o.String(), want)
		}
	}
}

// TestTrialRun checks the short trial run: making the first k choices of a
// pass reports how many succeeded, and the pass goes on from there.
func TestTrialRun(t *testing.T) {
	// Items 0..19; the odd ones can go.
	want := []int{0, 2, 4, 6, 8, 10, 12, 14, 16, 18}
	calls := 0
	p := newPass(seq(20), forward, 0)
	tl, err := p.singles(context.Background(), supersetOracle(want, &calls), 5)
	if err != nil {
		t.Fatal(err)
	}
	// 0 fails, 1 goes, 2 fails, 3 goes, 4 fails.
	if tl != (tally{made: 5, ok: 2, deleted: 2}) || calls != 5 {
		t.Errorf("tally %+v after %d calls; want 5 made, 2 deleted, 5 calls", tl, calls)
	}
	if tl.removable(1, 2) || !tl.removable(2, 5) {
		t.Errorf("%+v: 2 of 5 removable, want at least 2/5 and less than 1/2", tl)
	}
	if got := p.cur; !slices.Equal(got, []int{0, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}) {
		t.Errorf("after the trial run: %v", got)
	}
	// The rest of the pass: 5 goes, 6 fails, ...
	if got, want := p.todo, seq(20)[5:]; !slices.Equal(got, want) {
		t.Errorf("remaining choices %v, want %v", got, want)
	}
	tl, err = p.singles(context.Background(), supersetOracle(want, &calls), 100)
	if err != nil {
		t.Fatal(err)
	}
	if tl.made != 15 || tl.deleted != 8 || !slices.Equal(p.cur, want) {
		t.Errorf("tally %+v, left %v; want 15 made, 8 deleted, %v", tl, p.cur, want)
	}
	if calls != 20 {
		t.Errorf("%d calls for the whole pass, want 20", calls)
	}
}

// legacyGreedy is greedy as it was before orders: greedy(backward) must make
// the same First calls.
func legacyGreedy[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	c := items
	for {
		removed := false
		for i := len(c) - 1; i >= 0; {
			base := c
			idx, err := test.First(ctx, i+1, func(k int) []T { return without(base, i-k, i-k+1) }, nil)
			if err != nil {
				return c, err
			}
			if len(idx) == 0 {
				break
			}
			j := idx[0]
			c, removed = without(base, i-j, i-j+1), true
			i -= j + 1
		}
		if !removed || len(c) == 0 {
			return c, nil
		}
	}
}

// firstLog is a Tester that records every First call with all of its
// candidates, and every Test call.
type firstLog struct {
	oracle func([]int) bool
	log    []string
}

func (f *firstLog) Test(_ context.Context, keep []int) (bool, error) {
	f.log = append(f.log, fmt.Sprint("test ", keep))
	return f.oracle(keep), nil
}

func (f *firstLog) First(_ context.Context, n int, gen func(int) []int, _ func([]int) ([]int, bool)) ([]int, error) {
	var cands [][]int
	for i := range n {
		cands = append(cands, gen(i))
	}
	f.log = append(f.log, fmt.Sprint("first ", cands))
	for i, c := range cands {
		if f.oracle(c) {
			return []int{i}, nil
		}
	}
	return nil, nil
}

// randomOracle is a deterministic, non-monotonic oracle over subsets of
// 0..n-1: the full set and about a fraction p of the others are
// interesting.
func randomOracle(n int, seed uint64, p float64) func([]int) bool {
	return func(keep []int) bool {
		if len(keep) == n {
			return true
		}
		h := seed*0x9e3779b97f4a7c15 + 1
		for _, x := range keep {
			h = (h ^ uint64(x+1)) * 0x100000001b3
			h ^= h >> 29
		}
		return float64(h%1024) < p*1024
	}
}

func TestGreedyBackwardIsLegacyGreedy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for iter := range 200 {
		n := 1 + rng.IntN(30)
		var oracle func([]int) bool
		if iter%2 == 0 {
			var want []int
			for i := range n {
				if rng.IntN(4) == 0 {
					want = append(want, i)
				}
			}
			calls := 0
			f := supersetOracle(want, &calls)
			oracle = func(keep []int) bool { ok, _ := f(context.Background(), keep); return ok }
		} else {
			oracle = randomOracle(n, rng.Uint64(), 0.5)
		}
		a, b := &firstLog{oracle: oracle}, &firstLog{oracle: oracle}
		ra, _ := legacyGreedy(context.Background(), seq(n), Tester[int](a))
		rb, _ := greedy(context.Background(), seq(n), Tester[int](b), backward)
		if !slices.Equal(ra, rb) || !slices.Equal(a.log, b.log) {
			t.Fatalf("iter %d: legacy greedy %v with calls\n%v\ngreedy %v with calls\n%v", iter, ra, a.log, rb, b.log)
		}
	}
}

// serialCalls runs minimize with a serial TestFunc and returns its result
// and the candidates it tested, in order.
func serialCalls(minimize func(context.Context, []int, Tester[int]) ([]int, error), n int, oracle func([]int) bool) ([]int, [][]int) {
	var calls [][]int
	test := func(_ context.Context, keep []int) (bool, error) {
		calls = append(calls, slices.Clone(keep))
		return oracle(keep), nil
	}
	got, _ := minimize(context.Background(), seq(n), TestFunc[int](test))
	return got, calls
}

// legacyAdaptive is adaptive ddmin run from the end as it was written before
// orders, index by index: adaptive(backward) must make the same tests in the
// same order.
func legacyAdaptive[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	c := items
	for {
		removed := false
		for i := len(c); i > 0; i-- {
			// Removing c[i-k:i] for k = 0 is the current, interesting
			// sequence; find the largest k that stays interesting.
			end := i
			k, err := changePointFrom(0, i, func(k int) (bool, error) {
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

func TestAdaptiveBackwardIsLegacyAdaptive(t *testing.T) {
	adaptiveBackward := func(ctx context.Context, items []int, test Tester[int]) ([]int, error) {
		return adaptive(ctx, items, test, backward)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for iter := range 200 {
		n := 1 + rng.IntN(60)
		oracle := randomOracle(n, rng.Uint64(), 0.6)
		if iter%2 == 0 {
			want := map[int]bool{rng.IntN(n): true, rng.IntN(n): true}
			oracle = func(keep []int) bool {
				k := 0
				for _, x := range keep {
					if want[x] {
						k++
					}
				}
				return k == len(want)
			}
		}
		ra, ca := serialCalls(legacyAdaptive[int], n, oracle)
		rb, cb := serialCalls(adaptiveBackward, n, oracle)
		if !slices.Equal(ra, rb) || !slices.EqualFunc(ca, cb, slices.Equal) {
			t.Fatalf("iter %d: legacy adaptive %v after %d calls, adaptive(backward) %v after %d calls", iter, ra, len(ca), rb, len(cb))
		}
	}
}

// TestOrders checks every order of greedy and adaptive: the essential subset
// on monotonic oracles, 1-minimality by brute force on non-monotonic ones,
// and the cost the sources claim where they claim one.
func TestOrders(t *testing.T) {
	orders := []order{backward, forward, shuffled(1), shuffled(2)}
	type minimizer struct {
		name string
		f    func(context.Context, []int, Tester[int]) ([]int, error)
	}
	var ms []minimizer
	for _, o := range orders {
		ms = append(ms,
			minimizer{"greedy/" + o.String(), func(ctx context.Context, items []int, test Tester[int]) ([]int, error) {
				return greedy(ctx, items, test, o)
			}},
			minimizer{"adaptive/" + o.String(), func(ctx context.Context, items []int, test Tester[int]) ([]int, error) {
				return adaptive(ctx, items, test, o)
			}})
	}
	for _, m := range ms {
		t.Run(m.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, 12))
			for range 100 {
				n := 1 + rng.IntN(80)
				var want []int
				for i := range n {
					if rng.IntN(5) == 0 {
						want = append(want, i)
					}
				}
				calls := 0
				got, err := m.f(context.Background(), seq(n), supersetOracle(want, &calls))
				if err != nil {
					t.Fatal(err)
				}
				if len(want) > 0 && !slices.Equal(got, want) || len(want) == 0 && len(got) > 0 {
					t.Fatalf("n=%d: %v, want %v", n, got, want)
				}
				// "Linear time (ish) test case reduction": n + k tests, in any order.
				if m.name[:6] == "greedy" && calls != n+len(want) && !(len(want) == n && calls == n) {
					t.Errorf("n=%d k=%d: %d calls, want n+k", n, len(want), calls)
				}
				oracle := randomOracle(n, rng.Uint64(), 0.4)
				got, _ = serialCalls(m.f, n, oracle)
				checkOneMinimal(t, got, oracle)
			}
		})
	}
}

// checkOneMinimal fails if got is not interesting or not 1-minimal. Like
// TestOneMinimal, it does not ask the empty list, which ddmin never tests.
func checkOneMinimal(t *testing.T, got []int, oracle func([]int) bool) {
	t.Helper()
	if !oracle(got) {
		t.Fatalf("result %v is not interesting", got)
	}
	if len(got) < 2 {
		return
	}
	for i := range got {
		if smaller := slices.Delete(slices.Clone(got), i, i+1); oracle(smaller) {
			t.Fatalf("result %v is not 1-minimal: %v is interesting", got, smaller)
		}
	}
}

// TestForwardBackwardChains checks the chains of "Linear time (ish) test
// case reduction" and "Representing steps in test-case reduction": with
// "1..k" only the last item can go, and backward greedy takes one pass
// where forward takes a pass per item; with "k..n" it is the other way
// round.
func TestForwardBackwardChains(t *testing.T) {
	const n = 30
	prefix := func(keep []int) bool { return len(keep) > 0 && keep[len(keep)-1] == len(keep)-1 }
	suffix := func(keep []int) bool { return len(keep) > 0 && keep[0] == n-len(keep) }
	for _, tc := range []struct {
		name   string
		oracle func([]int) bool
		o      order
		calls  int
	}{
		{"1..k backward", prefix, backward, n + 1},
		{"1..k forward", prefix, forward, n * (n + 1) / 2},
		{"k..n forward", suffix, forward, n + 1},
		{"k..n backward", suffix, backward, n * (n + 1) / 2},
	} {
		got, calls := serialCalls(func(ctx context.Context, items []int, test Tester[int]) ([]int, error) {
			return greedy(ctx, items, test, tc.o)
		}, n, tc.oracle)
		if len(got) != 1 || len(calls) != tc.calls {
			t.Errorf("%s: %v after %d calls, want one item after %d", tc.name, got, len(calls), tc.calls)
		}
	}
}

// TestBlocksTally checks the tally of block steps: a run of b removable
// items before an essential one counts b items and one failure.
func TestBlocksTally(t *testing.T) {
	// Items 0..29; every third is essential: runs of 2 removable items.
	var want []int
	for i := 2; i < 30; i += 3 {
		want = append(want, i)
	}
	p := newPass(seq(30), backward, 0)
	tl, err := p.blocks(context.Background(), supersetOracle(want, new(int)), 100)
	if err != nil {
		t.Fatal(err)
	}
	// Backward: 29 essential; 28, 27 go together; 26 essential; ...
	if tl != (tally{made: 20, ok: 10, deleted: 20}) || !slices.Equal(p.cur, want) {
		t.Errorf("tally %+v, left %v; want 20 made, 10 ok, 20 deleted, %v", tl, p.cur, want)
	}
	if !tl.removable(2, 3) || tl.removable(3, 4) {
		t.Errorf("%+v: want 2/3 removable", tl)
	}
}

// TestTrial checks trial's cost on superset oracles against greedy's and
// adaptive's: near the better of the two everywhere, better than both on a
// list with a removable envelope and a dense core.
func TestTrial(t *testing.T) {
	const n = 400
	for _, tc := range []struct {
		name      string
		essential func(i int) bool
		slack     float64 // allowed calls over the better of greedy and adaptive, as a fraction
	}{
		{"none removable", func(int) bool { return true }, 0},
		{"half removable", func(i int) bool { return i%2 == 0 }, 0.05},
		{"3/4 removable", func(i int) bool { return i%4 == 0 }, 0.05},
		{"most removable", func(i int) bool { return i%40 == 0 }, 0.1},
		{"nearly all removable", func(i int) bool { return i == 123 || i == 321 }, 0.1},
		{"envelope and core", func(i int) bool { return i < n/2 && i%2 == 0 || i == 300 }, -0.05},
	} {
		var want []int
		for i := range n {
			if tc.essential(i) {
				want = append(want, i)
			}
		}
		var calls, gcalls, acalls int
		got, err := trial(context.Background(), seq(n), supersetOracle(want, &calls))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s: %v, want %v", tc.name, got, want)
		}
		greedy(context.Background(), seq(n), supersetOracle(want, &gcalls), backward)
		adaptive(context.Background(), seq(n), supersetOracle(want, &acalls), backward)
		best := min(gcalls, acalls)
		if float64(calls) > float64(best)*(1+tc.slack)+trialWindow/2 {
			t.Errorf("%s: %d calls; greedy %d, adaptive %d", tc.name, calls, gcalls, acalls)
		}
		t.Logf("%s: trial %d, greedy %d, adaptive %d", tc.name, calls, gcalls, acalls)
	}
}

// TestTrialChain checks trial on the chain "1..k", where an item can go
// once the later ones have: it goes backward, like greedy.
func TestTrialChain(t *testing.T) {
	const n = 200
	prefix := func(keep []int) bool { return len(keep) > 0 && keep[len(keep)-1] == len(keep)-1 }
	got, calls := serialCalls(trial[int], n, prefix)
	if !slices.Equal(got, []int{0}) || len(calls) > n+trialWindow {
		t.Errorf("trial on 1..k: %v after %d calls, want [0] after about %d", got, len(calls), n)
	}
}
