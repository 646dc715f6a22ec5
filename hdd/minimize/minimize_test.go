package minimize

import (
	"cmp"
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestMinimizerNames(t *testing.T) {
	seen := map[string]bool{}
	for i, m := range All() {
		if m != Algorithm(i) {
			t.Errorf("All()[%d] = %v", i, m)
		}
		name := m.String()
		if seen[name] {
			t.Errorf("two minimizers named %q", name)
		}
		seen[name] = true
		var back Algorithm
		if err := back.Set(name); err != nil || back != m {
			t.Errorf("Set(%q) = %v, %v; want %v", name, back, err, m)
		}
	}
	// The names are those of the -minimizer flag; the zero value is the
	// command's default.
	for m, name := range map[Algorithm]string{DDMinBlocks: "ddmin-blocks", DDMin: "ddmin", Greedy: "greedy", Adaptive: "adaptive", Lithium: "lithium"} {
		if m.String() != name {
			t.Errorf("%d is %q, want %q", int(m), m.String(), name)
		}
	}
	if got := Algorithm(0); got != DDMinBlocks {
		t.Errorf("the zero Algorithm is %v, want ddmin-blocks", got)
	}
	var m Algorithm
	if err := m.Set("nope"); err == nil {
		t.Error("Set accepted an unknown name")
	}
	if _, err := Run(context.Background(), Algorithm(len(All())), seq(3), supersetOracle(nil, new(int))); err == nil {
		t.Error("Run accepted an unknown minimizer")
	}
}

// TestEssentialSubset checks that every minimizer returns exactly the
// essential items on monotonic superset oracles, over a range of sizes and
// densities.
func TestEssentialSubset(t *testing.T) {
	for _, m := range All() {
		t.Run(m.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(21, 22))
			for _, n := range []int{1, 2, 3, 5, 8, 13, 31, 64, 100, 150} {
				for _, density := range []float64{0, 0.02, 0.1, 0.3, 0.7, 1} {
					var want []int
					for i := range n {
						if rng.Float64() < density {
							want = append(want, i)
						}
					}
					calls := 0
					got, err := Run(context.Background(), m, seq(n), supersetOracle(want, &calls))
					if err != nil {
						t.Fatal(err)
					}
					if len(want) > 0 && !slices.Equal(got, want) || len(want) == 0 && len(got) > 1 {
						t.Fatalf("n=%d: %v, want %v", n, got, want)
					}
				}
			}
		})
	}
}

// TestOneMinimalLarger checks 1-minimality by brute force on lists longer
// than TestOneMinimal's, with random non-monotonic oracles. Every minimizer
// guarantees it: the new ones end with passes of single deletions that
// remove nothing (CDD adds them for that, see CDD).
func TestOneMinimalLarger(t *testing.T) {
	for _, m := range All() {
		t.Run(m.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(31, 32))
			for range 60 {
				n := 1 + rng.IntN(70)
				oracle := randomOracle(n, rng.Uint64(), []float64{0.2, 0.5, 0.8}[rng.IntN(3)])
				got, _ := serialCalls(func(ctx context.Context, items []int, test Tester[int]) ([]int, error) {
					return Run(ctx, m, items, test)
				}, n, oracle)
				checkOneMinimal(t, got, oracle)
			}
		})
	}
}

// TestMinimizersDeterministic checks that a minimizer makes the same tests
// in the same order, and returns the same result, every time.
func TestMinimizersDeterministic(t *testing.T) {
	for _, m := range All() {
		minimize := func(ctx context.Context, items []int, test Tester[int]) ([]int, error) {
			return Run(ctx, m, items, test)
		}
		for _, n := range []int{10, 100} {
			oracle := randomOracle(n, uint64(n), 0.5)
			a, ca := serialCalls(minimize, n, oracle)
			b, cb := serialCalls(minimize, n, oracle)
			if !slices.Equal(a, b) || !slices.EqualFunc(ca, cb, slices.Equal) {
				t.Errorf("%v, n=%d: two runs differ (%d and %d calls)", m, n, len(ca), len(cb))
			}
		}
	}
	// Different seeds give different orders, and the same result on a
	// monotonic oracle.
	want := []int{5, 50, 77}
	oracle := func(keep []int) bool { ok, _ := supersetOracle(want, new(int))(context.Background(), keep); return ok }
	a, ca := serialCalls(func(ctx context.Context, items []int, test Tester[int]) ([]int, error) {
		return greedy(ctx, items, test, shuffled(1))
	}, 100, oracle)
	b, cb := serialCalls(func(ctx context.Context, items []int, test Tester[int]) ([]int, error) {
		return greedy(ctx, items, test, shuffled(2))
	}, 100, oracle)
	if !slices.Equal(a, want) || !slices.Equal(b, want) || slices.EqualFunc(ca, cb, slices.Equal) {
		t.Errorf("seeds 1 and 2: %v and %v, same calls: %v", a, b, slices.EqualFunc(ca, cb, slices.Equal))
	}
}

// adoptLog is a serial Tester that fails with an error at call number
// failAt, and remembers the last candidate found interesting: the one the
// minimizer has adopted.
type adoptLog struct {
	oracle  func([]int) bool
	failAt  int
	calls   int
	adopted []int
}

var errBoom = errors.New("boom")

func (a *adoptLog) Test(_ context.Context, keep []int) (bool, error) {
	a.calls++
	if a.calls == a.failAt {
		return false, errBoom
	}
	ok := a.oracle(keep)
	if ok {
		a.adopted = slices.Clone(keep)
	}
	return ok, nil
}

func (a *adoptLog) First(ctx context.Context, n int, gen func(int) []int, fold func([]int) ([]int, bool)) ([]int, error) {
	return TestFunc[int](a.Test).First(ctx, n, gen, fold)
}

// TestErrorReturnsAdopted stops every minimizer with an error at every
// possible call, and checks that it returns the error and the last adopted
// list, on monotonic and non-monotonic oracles.
func TestErrorReturnsAdopted(t *testing.T) {
	oracles := map[string]func([]int) bool{
		"superset":  func(keep []int) bool { return slices.Contains(keep, 7) && slices.Contains(keep, 20) },
		"arbitrary": randomOracle(40, 9, 0.5),
	}
	for _, m := range All() {
		for _, name := range []string{"superset", "arbitrary"} {
			oracle := oracles[name]
			full := &adoptLog{oracle: oracle}
			Run(context.Background(), m, seq(40), Tester[int](full))
			for failAt := 1; failAt <= full.calls; failAt++ {
				a := &adoptLog{oracle: oracle, failAt: failAt, adopted: seq(40)}
				got, err := Run(context.Background(), m, seq(40), Tester[int](a))
				if !errors.Is(err, errBoom) {
					t.Fatalf("%v %s, error at call %d: err = %v", m, name, failAt, err)
				}
				if !slices.Equal(got, a.adopted) {
					t.Fatalf("%v %s, error at call %d: returned %v, last adopted %v", m, name, failAt, got, a.adopted)
				}
				if a.calls != failAt {
					t.Fatalf("%v %s: %d calls after an error at call %d", m, name, a.calls, failAt)
				}
			}
		}
	}
}

// blogDDMin is the ddmin of MacIver's "Adaptive delta debugging",
// transcribed test by test (its "i += block_size" belongs to the failure
// branch: the copy of the post at hand lost the indentation), with one
// change, ddminBlocks' own: a round of blocks of 4 that removes nothing
// is followed by a round of single items, not of pairs.
func blogDDMin(c []int, pred func([]int) bool) []int {
	blockSize := len(c) / 2
	for blockSize > 0 {
		prev := c
		i := 0
		for i < len(c) {
			attempt := without(c, i, min(i+blockSize, len(c)))
			if pred(attempt) {
				c = attempt
			} else {
				i += blockSize
			}
		}
		if slices.Equal(c, prev) {
			if blockSize == 4 {
				blockSize = 1
			} else {
				blockSize /= 2
			}
		}
	}
	return c
}

func TestDDMinBlocksIsTheBlogs(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for iter := range 300 {
		n := 1 + rng.IntN(100)
		oracle := randomOracle(n, rng.Uint64(), 0.5)
		if iter%2 == 0 {
			want := []int{rng.IntN(n), rng.IntN(n), rng.IntN(n)}
			oracle = func(keep []int) bool { ok, _ := supersetOracle(want, new(int))(context.Background(), keep); return ok }
		}
		var ref [][]int
		want := blogDDMin(seq(n), func(keep []int) bool { ref = append(ref, slices.Clone(keep)); return oracle(keep) })
		got, calls := serialCalls(ddminBlocks[int], n, oracle)
		if !slices.Equal(got, want) || !slices.EqualFunc(calls, ref, slices.Equal) {
			t.Fatalf("iter %d: ddminBlocks %v after %d calls, the blog's ddmin %v after %d", iter, got, len(calls), want, len(ref))
		}
	}
}

func TestCDDSizes(t *testing.T) {
	var got []int
	for r := range 6 {
		got = append(got, cddSize(0.1, r, 1000))
	}
	// -1/ln(0.9) = 9.49; then floor(s * 0.632...).
	if want := []int{9, 5, 3, 1, 1, 1}; !slices.Equal(got, want) {
		t.Errorf("sizes %v, want %v", got, want)
	}
	if got := cddSize(0.1, 0, 4); got != 4 {
		t.Errorf("size for 4 items = %d, want 4", got)
	}
	if got := cddSize(0.01, 0, 1000); got != int(math.RoundToEven(-1/math.Log(0.99))) {
		t.Errorf("size for p0 = 0.01: %d", got)
	}
}

// artifactCDD transcribes sample_by_counter and the update rules of the
// authors' abstract_cdd.py, one test at a time, with no finishing pass.
func artifactCDD(items []int, pred func([]int) bool, p0 float64) []int {
	n := len(items)
	counters := make([]int, n)
	best := make([]bool, n)
	for i := range best {
		best[i] = true
	}
	size := func() int {
		k := 0
		for _, b := range best {
			if b {
				k++
			}
		}
		return k
	}
	minCounter := func() int {
		m := math.MaxInt
		for _, c := range counters {
			if c != -1 && c < m {
				m = c
			}
		}
		return m
	}
	for slices.ContainsFunc(counters, func(c int) bool { return c != -1 }) {
		var avail []int
		for i, c := range counters {
			if c != -1 {
				avail = append(avail, i)
			}
		}
		slices.SortStableFunc(avail, func(a, b int) int { return cmp.Compare(counters[a], counters[b]) })
		cur := cddSize(p0, minCounter(), n)
		for cur >= size() {
			for i := range counters {
				if counters[i] != -1 {
					counters[i]++
				}
			}
			cur = cddSize(p0, minCounter(), n)
			if cur == 1 {
				break
			}
		}
		del := avail[:min(cur, len(avail))]
		var cand []int
		for i, x := range items {
			if best[i] && !slices.Contains(del, i) {
				cand = append(cand, x)
			}
		}
		if !pred(cand) {
			for _, i := range del {
				counters[i]++
			}
			if len(del) == 1 {
				counters[del[0]] = -1
			}
		} else {
			for _, i := range del {
				counters[i], best[i] = -1, false
			}
		}
	}
	var out []int
	for i, x := range items {
		if best[i] {
			out = append(out, x)
		}
	}
	return out
}

// TestCDDIsTheArtifacts checks that CDD makes the artifact's tests, in the
// same order, before its finishing pass; that the finishing pass finds
// nothing on monotonic oracles; and that it makes the result 1-minimal where
// the artifact's is not.
func TestCDDIsTheArtifacts(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	fixed := 0
	for iter := range 300 {
		n := 1 + rng.IntN(120)
		monotonic := iter%2 == 0
		oracle := randomOracle(n, rng.Uint64(), 0.5)
		if monotonic {
			var want []int
			for i := range n {
				if rng.IntN(10) == 0 {
					want = append(want, i)
				}
			}
			oracle = func(keep []int) bool { ok, _ := supersetOracle(want, new(int))(context.Background(), keep); return ok }
		}
		var ref [][]int
		want := artifactCDD(seq(n), func(keep []int) bool { ref = append(ref, slices.Clone(keep)); return oracle(keep) }, cddP0)
		got, calls := serialCalls(cdd[int], n, oracle)
		if len(calls) < len(ref) || !slices.EqualFunc(calls[:len(ref)], ref, slices.Equal) {
			t.Fatalf("iter %d (n=%d): CDD's first %d calls differ from the artifact's:\n%v\n%v", iter, n, len(ref), calls, ref)
		}
		if monotonic && !slices.Equal(got, want) {
			t.Fatalf("iter %d: CDD %v, the artifact %v", iter, got, want)
		}
		checkOneMinimal(t, got, oracle)
		for i := range want {
			if oracle(slices.Delete(slices.Clone(want), i, i+1)) {
				fixed++
				break
			}
		}
	}
	if fixed == 0 {
		t.Error("the artifact's CDD was 1-minimal every time: the finishing pass went untested")
	}
	t.Logf("the finishing pass fixed %d results", fixed)
}
