package hdd_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/minimize"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

var update = flag.Bool("update", false, "update golden files")

// sexpPolicy is the policy of the sexp trees: atoms run together would
// fuse, and a folded tree is parsed again with foldedSexp.
var sexpPolicy = &tree.Policy{
	Fuse:   func(a, b byte) bool { return a != ' ' && a != '(' && b != ' ' && b != ')' && a != ')' && b != '(' },
	Unfold: func(src []byte, min int) (*tree.Tree, error) { return foldedSexp(string(src), min) },
}

// sexp parses a tiny bracket language, "(a (b c) d)", into a tree whose
// atoms and lists are removable, to test the engines without a real format.
// Its policy is sexpPolicy.
func sexp(t testing.TB, src string) *tree.Tree {
	tr, err := foldedSexp(src, -1)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// foldedSexp parses src as sexp does, but folds the lists at depth fold
// (none if fold < 0): they are leaves, parsed when the tree is unfolded.
func foldedSexp(src string, fold int) (*tree.Tree, error) {
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	var parse func(parent tree.NodeID, depth, i int) (int, error)
	parse = func(parent tree.NodeID, depth, i int) (int, error) {
		for i < len(src) {
			switch c := src[i]; {
			case c == ' ' || c == '\n':
				i++
			case c == '(':
				id := tr.Add(parent, "list", i, i, tree.Removable, "")
				tr.SetClass(id, "list")
				var err error
				if depth == fold {
					tr.SetFlags(id, tree.Removable|tree.Folded)
					tr.Partial = true
					i = closing(src, i)
				} else if i, err = parse(id, depth+1, i+1); err != nil {
					return i, err
				}
				if i >= len(src) || src[i] != ')' {
					return i, fmt.Errorf("sexp: unclosed list in %q", src)
				}
				i++
				tr.Nodes[id].End = int32(i)
			case c == ')':
				return i, nil
			default:
				j := i
				for j < len(src) && !strings.ContainsRune(" \n()", rune(src[j])) {
					j++
				}
				tr.Add(parent, "atom", i, j, tree.Removable, "")
				i = j
			}
		}
		return i, nil
	}
	if _, err := parse(root, 1, 0); err != nil {
		return nil, err
	}
	return tr, tr.Finish()
}

// closing returns the index of the bracket that closes the list opening at
// src[i], or len(src).
func closing(src string, i int) int {
	depth := 0
	for ; i < len(src); i++ {
		switch src[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return i
}

// squeeze returns text without its white space.
func squeeze(text []byte) string { return strings.Join(strings.Fields(string(text)), "") }

// holdUntil holds the test of text, in an oracle, until ready reports
// true, for at most 10 s; after that it reports that what did not start
// beside it.
func holdUntil(t *testing.T, text, what string, ready func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !ready(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Errorf("%s did not start beside the test of %q in 10 s", what, text)
			return
		}
	}
}

// peakOracle is oracle, each test taking delay(); peak holds the most
// tests it had under way at once.
func peakOracle(oracle hdd.OracleFunc, delay func() time.Duration) (o hdd.OracleFunc, peak *atomic.Int64) {
	var now atomic.Int64
	peak = new(atomic.Int64)
	return func(c []byte) bool {
		n := now.Add(1)
		defer now.Add(-1)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		time.Sleep(delay())
		return oracle(c)
	}, peak
}

// contains is interesting iff every word is in the candidate.
func contains(words ...string) hdd.OracleFunc {
	return func(c []byte) bool {
		for _, w := range words {
			if !bytes.Contains(c, []byte(w)) {
				return false
			}
		}
		return true
	}
}

// respell is a transform that proposes each atom spelled from, unedited,
// spelled to instead, one candidate an atom.
func respell(name, from, to string) tree.Transform {
	return tree.Transform{Name: name, Candidates: func(tr *tree.Tree, c tree.Candidate) []tree.Candidate {
		var out []tree.Candidate
		tr.Walk(c, func(id tree.NodeID) bool {
			if string(tr.Text(id)) == from && !c.Edited(id) {
				out = append(out, c.Replace(id, to))
			}
			return true
		})
		return out
	}}
}

var reduceCases = []struct {
	name   string
	src    string
	oracle hdd.OracleFunc
}{
	{"flat", "(a b c d e f g h)", contains("e")},
	{"nested", "(def f (args x y) (body (if (lt x y) (ret crash) (ret y)) (call g x)))", contains("crash")},
	{"two deep", "(a (b (c (d target1) e) f) (g (h target2 i)))", contains("target1", "target2")},
	{"lists", "(x (p q) (r (s t) u) (v w))", contains("(s")},
	{"order", "(k1 (k2 k3) k4 (k5 (k6 k7 k8) k9))", contains("k7", "k2")},
}

// TestReduceGolden pins the result and the exact number of test runs of every
// algorithm with the ddmin minimizer on small trees, so that a change in
// behaviour shows as a diff.
func TestReduceGolden(t *testing.T) {
	var out strings.Builder
	for _, tc := range reduceCases {
		for _, alg := range []hdd.Algorithm{hdd.HDD, hdd.HDDPlus, hdd.HDDStar} {
			tr := sexp(t, tc.src)
			r := hdd.Reducer{Oracle: tc.oracle, Algorithm: alg, Minimizer: minimize.DDMin}
			res, err := r.Reduce(context.Background(), tr, sexpPolicy)
			if err != nil {
				t.Fatalf("%s/%v: %v", tc.name, alg, err)
			}
			if !tc.oracle(res.Output) {
				t.Errorf("%s/%v: result %q is not interesting", tc.name, alg, res.Output)
			}
			fmt.Fprintf(&out, "%-9s %-5v tests=%-3d hits=%-3d %q\n", tc.name, alg, res.Stats.Tests, res.Stats.CacheHits, res.Output)
		}
	}
	golden := filepath.Join("testdata", "reduce.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != string(want) {
		t.Errorf("results differ from %s (run with -update if intended):\ngot:\n%s\nwant:\n%s", golden, got, want)
	}
}

// TestHDDPlusOneTreeMinimal checks that no single present node of an HDD+
// result can be removed.
func TestHDDPlusOneTreeMinimal(t *testing.T) {
	for _, tc := range reduceCases {
		tr := sexp(t, tc.src)
		r := hdd.Reducer{Oracle: tc.oracle, Algorithm: hdd.HDDPlus}
		res, err := r.Reduce(context.Background(), tr, sexpPolicy)
		if err != nil {
			t.Fatal(err)
		}
		tr.Walk(res.Candidate, func(id tree.NodeID) bool {
			if res.Candidate.Edited(id) || !tr.CanShrink(id) {
				return true
			}
			if text := unparse.Text(tr, sexpPolicy, res.Candidate.Remove(id)); tc.oracle(text) {
				t.Errorf("%s: %q is interesting without node %d: the result %q is not 1-tree-minimal", tc.name, text, id, res.Output)
			}
			return true
		})
	}
}

func TestReduceNotInteresting(t *testing.T) {
	tr := sexp(t, "(a b)")
	r := hdd.Reducer{Oracle: contains("zzz")}
	_, err := r.Reduce(context.Background(), tr, sexpPolicy)
	if !errors.Is(err, hdd.ErrNotInteresting) {
		t.Fatalf("err = %v, want ErrNotInteresting", err)
	}
}

func TestReduceWarnings(t *testing.T) {
	var warnings []error
	calls := 0
	flaky := hdd.OracleFunc(func(c []byte) bool { calls++; return calls != 2 })
	r := hdd.Reducer{Oracle: flaky, Warn: func(w error) { warnings = append(warnings, w) }}
	if _, err := r.Reduce(context.Background(), sexp(t, "(a b c)"), sexpPolicy); err != nil {
		t.Fatal(err)
	}
	for _, want := range []error{hdd.ErrFlaky, hdd.ErrEmptyInteresting} {
		if !slices.ContainsFunc(warnings, func(w error) bool { return errors.Is(w, want) }) {
			t.Errorf("warnings %q lack %q", warnings, want)
		}
	}
	if len(warnings) > 0 && !strings.Contains(warnings[0].Error(), "interesting in 1 of 2 runs") {
		t.Errorf("the flaky warning %q lacks its figures", warnings[0])
	}
}

func TestReduceCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	var improved [][]byte
	oracle := hdd.OracleFunc(func(c []byte) bool {
		calls++
		if calls == 8 {
			cancel()
		}
		return bytes.Contains(c, []byte("crash"))
	})
	r := hdd.Reducer{Oracle: oracle, Improved: func(b []byte) { improved = append(improved, bytes.Clone(b)) }}
	res, err := r.Reduce(ctx, sexp(t, reduceCases[1].src), sexpPolicy)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if res == nil || !bytes.Contains(res.Output, []byte("crash")) {
		t.Fatalf("partial result %v is not interesting", res)
	}
	if len(improved) > 0 && !bytes.Equal(improved[len(improved)-1], res.Output) {
		t.Errorf("last improvement %q differs from the partial result %q", improved[len(improved)-1], res.Output)
	}
}

func TestReduceCacheAvoidsRepeats(t *testing.T) {
	seen := map[string]int{}
	oracle := hdd.OracleFunc(func(c []byte) bool { seen[string(c)]++; return bytes.Contains(c, []byte("crash")) })
	r := hdd.Reducer{Oracle: oracle, Algorithm: hdd.HDDStar}
	res, err := r.Reduce(context.Background(), sexp(t, reduceCases[1].src), sexpPolicy)
	if err != nil {
		t.Fatal(err)
	}
	for text, n := range seen {
		// The original is tested twice (flakiness check) and the result once more at the end.
		limit := 1
		if text == reduceCases[1].src {
			limit = 2
		}
		if text == string(res.Output) {
			limit++
		}
		if n > limit {
			t.Errorf("%q tested %d times, want at most %d", text, n, limit)
		}
	}
}

// TestParallelSameResult checks that Jobs does not change the result.
func TestParallelSameResult(t *testing.T) {
	for _, tc := range reduceCases {
		for _, alg := range []hdd.Algorithm{hdd.HDD, hdd.HDDPlus, hdd.HDDStar} {
			for _, m := range minimize.All() {
				var outs [2]string
				for k, jobs := range []int{1, 4} {
					r := hdd.Reducer{Oracle: tc.oracle, Algorithm: alg, Minimizer: m, Jobs: jobs}
					res, err := r.Reduce(context.Background(), sexp(t, tc.src), sexpPolicy)
					if err != nil {
						t.Fatal(err)
					}
					outs[k] = string(res.Output)
				}
				if outs[0] != outs[1] {
					t.Errorf("%s %v %v: -j 1 gives %q, -j 4 gives %q", tc.name, alg, m, outs[0], outs[1])
				}
			}
		}
	}
}

// TestReduceBudget checks that MaxTests is a limit: no more calls of the
// oracle start, however small the budget and however many jobs, and the
// result is the best so far.
func TestReduceBudget(t *testing.T) {
	for _, jobs := range []int{1, 2, 4} {
		for _, budget := range []int{1, 2, 3, 5, 8, 13} {
			var calls atomic.Int64
			slow := hdd.OracleFunc(func(c []byte) bool {
				calls.Add(1)
				time.Sleep(time.Millisecond)
				return bytes.Contains(c, []byte("crash"))
			})
			r := hdd.Reducer{Oracle: slow, MaxTests: budget, Jobs: jobs}
			res, err := r.Reduce(context.Background(), sexp(t, reduceCases[1].src), sexpPolicy)
			if !errors.Is(err, hdd.ErrBudget) {
				t.Fatalf("-j %d, budget %d: err = %v, want ErrBudget", jobs, budget, err)
			}
			if n := calls.Load(); n > int64(budget) || res.Stats.Tests != int(n) {
				t.Errorf("-j %d, budget %d: %d calls of the oracle, Stats.Tests %d; want at most %d, counted", jobs, budget, n, res.Stats.Tests, budget)
			}
			if !bytes.Contains(res.Output, []byte("crash")) {
				t.Errorf("-j %d, budget %d: output %q lost the bug", jobs, budget, res.Output)
			}
		}
	}
}

// TestCanceledRunsCounted checks that the runs an interruption stops are
// counted as tests, and apart as canceled: Stats.Tests is every call of the
// oracle that ran.
func TestCanceledRunsCounted(t *testing.T) {
	var calls atomic.Int64
	ctx, cancel := context.WithCancel(context.Background())
	oracle := slowOracle(func(ctx context.Context, c []byte) (bool, error) {
		if calls.Add(1) == 8 {
			cancel() // an interruption, with this run and others under way
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-time.After(20 * time.Millisecond):
			return bytes.Contains(c, []byte("crash")), nil
		}
	})
	r := hdd.Reducer{Oracle: oracle, Jobs: 4}
	res, err := r.Reduce(ctx, sexp(t, "(a b c d e f g h i j k l m n crash o p q r s t u v w x y z)"), sexpPolicy)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if n := calls.Load(); res.Stats.Tests != int(n) || res.Stats.Canceled == 0 {
		t.Errorf("%d calls of the oracle; Stats.Tests %d, Canceled %d: want every call counted, some canceled", n, res.Stats.Tests, res.Stats.Canceled)
	}
}

// slowOracle is an Oracle from a function of the context.
type slowOracle func(ctx context.Context, c []byte) (bool, error)

func (f slowOracle) Interesting(ctx context.Context, c []byte) (bool, error) { return f(ctx, c) }

// TestRepeat checks the Reducer's Repeat: a candidate that is interesting
// once by chance (the test is flaky on it) is adopted with one run per
// candidate and the final check catches it; with two it is not adopted.
// Every call of the oracle counts as a test.
func TestRepeat(t *testing.T) {
	for _, tc := range []struct {
		repeat  int
		want    string
		wantErr error
	}{
		{1, "(a)", hdd.ErrFinalNotInteresting},
		{2, "(a b)", nil},
	} {
		calls, flakyCalls := 0, 0
		oracle := hdd.OracleFunc(func(c []byte) bool {
			calls++
			if string(c) == "(a)" {
				flakyCalls++
				return flakyCalls == 1
			}
			return bytes.Contains(c, []byte("a")) && bytes.Contains(c, []byte("b"))
		})
		r := hdd.Reducer{Oracle: oracle, Repeat: tc.repeat, CheckRuns: 2}
		res, err := r.Reduce(context.Background(), sexp(t, "(a b)"), sexpPolicy)
		if !errors.Is(err, tc.wantErr) || res == nil || string(res.Output) != tc.want {
			t.Fatalf("Repeat %d: got %v, %v; want %q, %v", tc.repeat, res, err, tc.want, tc.wantErr)
		}
		if res.Stats.Tests != calls {
			t.Errorf("Repeat %d: %d tests counted, %d oracle calls", tc.repeat, res.Stats.Tests, calls)
		}
		if tc.wantErr != nil && !errors.Is(err, hdd.ErrFlaky) {
			t.Errorf("Repeat %d: %v does not say the test is flaky", tc.repeat, err)
		}
	}
}

// TestNoReplace checks that NoReplace keeps the text of nodes that cannot
// vanish, while the default prunes them to their minimal forms.
func TestNoReplace(t *testing.T) {
	src := "f(12345, 678) keep"
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	tr.Add(root, "arg", 2, 7, 0, "0")
	tr.Add(root, "arg", 9, 12, 0, "0")
	tr.Add(root, "word", 14, 18, tree.Removable, "")
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		noReplace bool
		want      string
	}{
		{false, "f(0, 0) keep"},
		{true, "f(12345, 678) keep"},
	}
	for _, tt := range tests {
		r := hdd.Reducer{Oracle: contains("f(", "keep"), NoReplace: tt.noReplace}
		res, err := r.Reduce(context.Background(), tr, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(res.Output); got != tt.want {
			t.Errorf("NoReplace %v: got %q, want %q", tt.noReplace, got, tt.want)
		}
	}
}

// TestPreflightThenReduce checks that Preflight and ReduceChecked give what
// Reduce gives, and that a Checked serves one reduction of its own text.
func TestPreflightThenReduce(t *testing.T) {
	const src = "(a (b crash) c)"
	r := hdd.Reducer{Oracle: contains("crash")}
	want, err := r.Reduce(context.Background(), sexp(t, src), sexpPolicy)
	if err != nil {
		t.Fatal(err)
	}
	pre := r.Preflight(context.Background(), []byte(src))
	if _, err := r.ReduceChecked(context.Background(), sexp(t, "(a crash)"), sexpPolicy, pre); err == nil {
		t.Error("ReduceChecked took a tree of another text")
	}
	got, err := r.ReduceChecked(context.Background(), sexp(t, src), sexpPolicy, pre)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Output, want.Output) || got.Stats.Tests != want.Stats.Tests {
		t.Errorf("got %q in %d tests, want %q in %d as Reduce", got.Output, got.Stats.Tests, want.Output, want.Stats.Tests)
	}
	if _, err := r.ReduceChecked(context.Background(), sexp(t, src), sexpPolicy, pre); err == nil {
		t.Error("a Checked served a second reduction")
	}
	if err := r.Preflight(context.Background(), []byte("(a b)")).Wait(); !errors.Is(err, hdd.ErrNotInteresting) {
		t.Errorf("Preflight of an uninteresting text: err = %v, want ErrNotInteresting", err)
	}
}

// TestPhaseNamesSweep checks that in HDD* the phase names the sweep, since
// each sweep goes through the levels again, and that the log's counts take
// the singular for one.
func TestPhaseNamesSweep(t *testing.T) {
	var phases, logs []string
	r := hdd.Reducer{Oracle: contains("crash"),
		Progress: func(p hdd.Progress) { phases = append(phases, p.Phase) },
		Log:      func(m string) { logs = append(logs, m) }}
	if _, err := r.Reduce(context.Background(), sexp(t, reduceCases[1].src), sexpPolicy); err != nil {
		t.Fatal(err)
	}
	all := strings.Join(phases, "\n")
	if !strings.Contains(all, "sweep 1: level ") || !strings.Contains(all, "sweep 2: ") {
		t.Errorf("phases do not name the sweep:\n%s", all)
	}
	for _, m := range logs {
		if regexp.MustCompile(`\b1 (tests|nodes|bytes|texts)\b`).MatchString(m) {
			t.Errorf("log line %q: want the singular after 1", m)
		}
	}
}

// TestFoldDeterministic reduces the same input many times at the same
// number of jobs: the result must not depend on how long each test takes,
// nor, where successes fold (three jobs and more), the tests made.
func TestFoldDeterministic(t *testing.T) {
	src := "(x (a b c) (d e (f g) h) i (j (k l) m) n (o p) q r (s t u) v w)"
	interesting := func(c []byte) bool {
		return bytes.Contains(c, []byte("g")) && bytes.Contains(c, []byte("(k")) && bytes.Contains(c, []byte("t"))
	}
	for _, jobs := range []int{2, 4, 8, 32} {
		var first []byte
		var firstTests int
		for run := range 8 {
			var calls atomic.Int64
			oracle := hdd.OracleFunc(func(c []byte) bool {
				n := calls.Add(1)
				time.Sleep(time.Duration(n*7919%5) * time.Millisecond) // shuffled durations
				return interesting(c)
			})
			r := hdd.Reducer{Oracle: oracle, Jobs: jobs}
			res, err := r.Reduce(context.Background(), sexp(t, src), sexpPolicy)
			if err != nil {
				t.Fatal(err)
			}
			if run == 0 {
				first, firstTests = res.Output, res.Stats.Tests
				continue
			}
			// The tests started may differ by the runs canceled after a
			// success (whether one had started when it was canceled),
			// never the result.
			if !bytes.Equal(res.Output, first) || jobs >= 3 && res.Stats.Tests != firstTests {
				t.Errorf("-j %d, run %d: %q in %d tests; run 0: %q in %d tests", jobs, run, res.Output, res.Stats.Tests, first, firstTests)
			}
		}
	}
}

// TestCanceledWhileCheckRefuses cancels a reduction whose Check refuses
// every candidate, so that no test runs: the search must still stop
// soon, not walk on through the level's refused candidates (a C file of
// 20,000 chained #defines, whose Check took 9 ms a candidate, ran 53 s
// past its -max-time).
func TestCanceledWhileCheckRefuses(t *testing.T) {
	var src strings.Builder
	src.WriteString("(")
	for i := range 400 {
		fmt.Fprintf(&src, " a%d", i)
	}
	src.WriteString(" crash)")
	for _, jobs := range []int{1, 2, 8} {
		t.Run(fmt.Sprint("j", jobs), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			const cancelAt = 20
			var checks atomic.Int64
			policy := *sexpPolicy
			policy.Check = func([]byte) error {
				if checks.Add(1) == cancelAt {
					cancel()
				}
				return errors.New("refused")
			}
			r := hdd.Reducer{Oracle: contains("crash"), Jobs: jobs}
			_, err := r.Reduce(ctx, sexp(t, src.String()), &policy)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("err = %v, want context.Canceled", err)
			}
			// The serial search checks up to 4 candidates ahead of its
			// test; a round, up to its jobs.
			if n := checks.Load(); n > cancelAt+8 {
				t.Errorf("Check ran %d times, %d after the cancel", n, n-cancelAt)
			}
		})
	}
}

// TestResultIsShortestAdopted checks that a search that ends with a text
// longer than one it adopted before (a transform lengthened it, and
// nothing made it shorter again) returns the shorter one, and tells
// Improved only of texts shorter than any before: a transform doubles
// the atom d, which the test needs, so the search ends at "(dd)" after
// "(d)".
func TestResultIsShortestAdopted(t *testing.T) {
	policy := *sexpPolicy
	policy.Transforms = []tree.Transform{respell("double d", "d", "dd")}
	for _, jobs := range []int{1, 4} {
		var improved []string
		r := hdd.Reducer{Oracle: contains("d"), Jobs: jobs, Improved: func(b []byte) { improved = append(improved, string(b)) }}
		res, err := r.Reduce(context.Background(), sexp(t, "(a (b c) d)"), &policy)
		if err != nil {
			t.Fatal(err)
		}
		if string(res.Output) != "(d)" || res.Stats.BytesAfter != 3 {
			t.Errorf("-j %d: result %q (%d bytes), want (d)", jobs, res.Output, res.Stats.BytesAfter)
		}
		for i := 1; i < len(improved); i++ {
			if len(improved[i]) >= len(improved[i-1]) {
				t.Errorf("-j %d: Improved with %q after %q", jobs, improved[i], improved[i-1])
			}
		}
	}
}
