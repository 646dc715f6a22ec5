package hdd_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/minimize"
	"github.com/hddreduce/hdd/hdd/tree"
)

// chains are trees with levels of one node, as deep JSON and XML documents
// have, where the search looks ahead.
var chains = []struct {
	name, src string
	oracle    hdd.OracleFunc
}{
	{"chain", "((((a b (c d e) f g))))", contains("d")},
	{"chain of lists", "(x ((y ((z (p q r s t u))))))", contains("s", "x")},
	{"chain then wide", "((((k1 k2 k3 k4 k5 k6 k7 k8 k9 k10 k11 k12))))", contains("k5", "k11")},
	// Levels past the next tested ahead, when those between end if their
	// tests fail (see TestLookaheadChainsLevels).
	{"deep chain", "((((((x (y (z)) w))))))", contains("z")},
	{"deep chain, kept", "(((((((p) q)))) r))", contains("p", "q", "r")},
	// Levels of several nodes, whose last tests leave jobs idle.
	{"lists of lists", "((p q) (r s t) (u (v w) x))", contains("q", "w")},
	// Many removals found at once, passed in few rounds along the plan.
	{"wide lists", "((a b c d e f g h) (i j (k l m n o p) q r s t))", contains("b", "m")},
}

// TestLookaheadStartsNextLevel checks that with several jobs the first
// tests of the next level run while a level of one node is tested: the
// oracle holds the test of the inner list's removal, "()", until a test of
// the next level has started (without the lookahead none can start before
// "()" ends). The outer list's removal, the empty document, is tested with
// the original, before the levels.
func TestLookaheadStartsNextLevel(t *testing.T) {
	const src = "((a b (c d e) f g))"
	var mu sync.Mutex
	var started []string // the texts tested, but the original, the empty one and "()"
	oracle := hdd.OracleFunc(func(c []byte) bool {
		text := strings.TrimSpace(string(c))
		if text != "()" {
			if text != src && text != "" {
				mu.Lock()
				started = append(started, text)
				mu.Unlock()
			}
			return bytes.Contains(c, []byte("d"))
		}
		holdUntil(t, text, "a test of the next level", func() bool {
			mu.Lock()
			defer mu.Unlock()
			return len(started) > 0
		})
		return false
	})
	r := hdd.Reducer{Oracle: oracle, Jobs: 4}
	res, err := r.Reduce(context.Background(), sexp(t, src), sexpPolicy)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(res.Output)); got != "(d)" && got != "((d))" {
		t.Errorf("result %q", got)
	}
}

// TestLookaheadChainsLevels checks that with several jobs the tests of
// levels past the next run while a level of one node is tested, when the
// levels between are known to end if their tests fail: the oracle holds
// the test of the first inner list's removal, "()", until the test of the
// third's, "((()))", has started. Level 2's one test, "(())", is started
// ahead with level 1's; if it fails, level 2 ends, so level 3's test is
// started too. Without the chain, "((()))" cannot start before "()" ends.
func TestLookaheadChainsLevels(t *testing.T) {
	oracle := contains("b")
	held := holdsUntilStarted(t, oracle, "()", "((()))")
	reducesAsSerial(t, "((((a b c))))", sexpPolicy, 4, held, oracle)
}

// TestLookaheadPastNextSuccess checks that the tests a level's last
// round starts ahead of the next level also go past that level's likely
// successes: over "(x y) ((d e) z)" with x and d needed, level 1 keeps
// both lists; beside its last round, with 16 jobs, level 2's first tests
// start, and then level 3's, from the candidates level 2 may end with.
// The oracle holds level 2's test "(x) (z)" until level 3's "(x) ((d))"
// (after level 2 removes y and z) has started. Without looking past the
// next level's successes, "(x) ((d))" cannot start before level 2's
// first verdicts are in.
func TestLookaheadPastNextSuccess(t *testing.T) {
	oracle := contains("x", "d")
	held := holdsUntilStarted(t, oracle, "(x)(z)", "(x)((d))")
	reducesAsSerial(t, "(x y) ((d e) z)", sexpPolicy, 16, held, oracle)
}

// TestLookaheadIntoHoisting checks that with several jobs the first tests
// of hoisting run beside those of the last level, when these are all the
// level makes if they fail: level 3's two tests leave six jobs idle, which
// test level 4's two and then hoisting's first. The oracle holds level 4's
// removal of b until hoisting's first test, the outer list replaced by the
// inner one, has started. Without looking past the levels, hoisting starts
// only once the last level has ended.
func TestLookaheadIntoHoisting(t *testing.T) {
	oracle := contains("a", "b", "c")
	held := holdsUntilStarted(t, oracle, "((a(c)))", "(a(bc))")
	reducesAsSerial(t, "((a (b c)) d)", sexpPolicy, 8, held, oracle)
}

// TestRestIntoTransforms checks that with several jobs the first tests of
// the transforms run beside hoisting's last, when these are all hoisting
// makes if they fail: the oracle holds hoisting's test of the inner list
// replaced by its own inner list, in the result of the levels, until the
// transform's candidate, c made C, has started. Without planning past
// hoisting, the transforms start only once hoisting has ended.
func TestRestIntoTransforms(t *testing.T) {
	policy := *sexpPolicy
	policy.Transforms = []tree.Transform{respell("upper c", "c", "C")}
	oracle := hdd.OracleFunc(func(c []byte) bool {
		return contains("((a", "b")(c) && (contains("c")(c) || contains("C")(c))
	})
	held := holdsUntilStarted(t, oracle, "((bc))", "((a(bC)))")
	reducesAsSerial(t, "((a (b c)) d)", &policy, 8, held, oracle)
}

// TestLookaheadAcrossTexts checks that with several jobs the shortening
// of a text tests ahead into the texts after it, and past the last text
// into HDD*'s next sweep: the oracle holds the test of a text's last
// candidate until that of the next text's, or of the next sweep's, has
// started. Over ["abc", "xyz"], both needed whole, the first text's last
// single removal, ["ac","xyz"], is held until the second text's,
// ["abc","xz"]. Over ["xa", "q"], the first text loses x, so a second
// sweep follows; the last text's test, the empty text ["a",""], is held
// until the second sweep's removal of "q", ["a",]. Without planning past a
// text, the tests after it start only once its own have ended. The result
// is that of one job.
func TestLookaheadAcrossTexts(t *testing.T) {
	for _, tc := range []struct {
		src         string
		oracle      hdd.OracleFunc
		held, until string
	}{
		{`["abc", "xyz"]`, contains("abc", "xyz"), `["ac","xyz"]`, `["abc","xz"]`},
		{`["abc", "xyz"]`, contains("abc", "y"), `["ac","xyz"]`, `["abc","xz"]`},
		{`["xa", "q"]`, contains("a", "q"), `["a",""]`, `["a",]`},
	} {
		held := holdsUntilStarted(t, tc.oracle, tc.held, tc.until)
		policy := &tree.Policy{Units: grammars.TextUnits}
		r := hdd.Reducer{Oracle: held, Jobs: 8, NoHoist: true}
		res, err := r.Reduce(context.Background(), stringsTree(t, tc.src, tree.Removable|tree.Chars), policy)
		if err != nil {
			t.Fatal(err)
		}
		r1 := hdd.Reducer{Oracle: tc.oracle, Jobs: 1, NoHoist: true}
		serial, err := r1.Reduce(context.Background(), stringsTree(t, tc.src, tree.Removable|tree.Chars), policy)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := squeeze(res.Output), squeeze(serial.Output); got != want {
			t.Errorf("%s at -j 8: %q, -j 1: %q", tc.src, got, want)
		}
	}
}

// TestEmptyListBeside checks that with several jobs the empty list, which
// a level and the shortening of a text test after ddmin keeps one element
// (ddmin never tests the empty set), is tested beside ddmin's tests that
// may keep one: the oracle holds the test of a candidate that keeps one
// element until that of the empty list has started. Without the empty
// list in ddmin's plan, it waits for the verdict on the one element.
func TestEmptyListBeside(t *testing.T) {
	text := func(t *testing.T) *tree.Tree {
		const src = `["xy"]`
		tr := tree.NewTree([]byte(src))
		root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
		tr.Add(root, "string", 1, len(src)-1, tree.Chars, "")
		if err := tr.Finish(); err != nil {
			t.Fatal(err)
		}
		return tr
	}
	for _, tc := range []struct {
		name        string
		tree        func(*testing.T) *tree.Tree
		policy      *tree.Policy
		oracle      hdd.OracleFunc
		held, until string
		want        string
	}{
		// The level of p q r s: ddmin keeps q, then the level tests (()).
		{"level", func(t *testing.T) *tree.Tree { return sexp(t, "((p q r s))") }, sexpPolicy, contains("q"), "((q))", "(())", "((q))"},
		// The text xy, interesting while its quotes are there: ddmin
		// keeps x, then shortening tests the empty text.
		{"text", text, &tree.Policy{Units: grammars.TextUnits}, contains(`"`), `["x"]`, `[""]`, `[""]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := hdd.Reducer{Oracle: holdsUntilStarted(t, tc.oracle, tc.held, tc.until), Jobs: 4, Minimizer: minimize.DDMin, NoHoist: true}
			res, err := r.Reduce(context.Background(), tc.tree(t), tc.policy)
			if err != nil {
				t.Fatal(err)
			}
			if got := squeeze(res.Output); got != tc.want {
				t.Errorf("result %s, want %s", got, tc.want)
			}
		})
	}
}

// holdsUntilStarted is oracle, but for the test of the text held (without
// spaces), which it holds until the test of the text until has started.
func holdsUntilStarted(t *testing.T, oracle hdd.OracleFunc, held, until string) hdd.OracleFunc {
	var mu sync.Mutex
	started := map[string]bool{}
	return func(c []byte) bool {
		text := squeeze(c)
		mu.Lock()
		started[text] = true
		mu.Unlock()
		if text == held {
			holdUntil(t, text, fmt.Sprintf("the test of %q", until), func() bool {
				mu.Lock()
				defer mu.Unlock()
				return started[until]
			})
		}
		return oracle(c)
	}
}

// reducesAsSerial reduces the s-expression src under policy at jobs with
// oracle, and checks that the result is that of interesting at one job.
func reducesAsSerial(t *testing.T, src string, policy *tree.Policy, jobs int, oracle, interesting hdd.OracleFunc) {
	t.Helper()
	r := hdd.Reducer{Oracle: oracle, Jobs: jobs}
	res, err := r.Reduce(context.Background(), sexp(t, src), policy)
	if err != nil {
		t.Fatal(err)
	}
	r1 := hdd.Reducer{Oracle: interesting, Jobs: 1}
	serial, err := r1.Reduce(context.Background(), sexp(t, src), policy)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := squeeze(res.Output), squeeze(serial.Output); got != want {
		t.Errorf("-j %d: %q, -j 1: %q", jobs, got, want)
	}
}

// TestLookaheadFillsTail checks that with several jobs the first tests of
// the next level run beside the last tests of a level of several nodes:
// the oracle holds the test of the second list's removal, the level's last
// test, until a test of the next level (three lists, fewer letters) has
// started. With two jobs, the level of the outer list tests ahead only the
// first list's removal, so the second one's is the level's own. The list
// minimizer is cdd, which does not plan: ddmin-blocks, which does,
// spends idle jobs on its own plan first (see TestPlannedTestsPastSuccess).
func TestLookaheadFillsTail(t *testing.T) {
	const src = "((p q) (r s))"
	var mu sync.Mutex
	var started []string // the texts tested, without spaces
	nextLevel := func() bool {
		mu.Lock()
		defer mu.Unlock()
		for _, text := range started {
			if strings.Count(text, "(") == 3 && len(strings.Trim(text, "() ")) < 4 && len(text) < len("((pq)(rs))") {
				return true
			}
		}
		return false
	}
	oracle := hdd.OracleFunc(func(c []byte) bool {
		text := squeeze(c)
		mu.Lock()
		started = append(started, text)
		mu.Unlock()
		if text == "((pq))" {
			holdUntil(t, text, "a test of the next level", nextLevel)
		}
		return bytes.Contains(c, []byte("q")) && bytes.Contains(c, []byte("s"))
	})
	r := hdd.Reducer{Oracle: oracle, Jobs: 2, Minimizer: minimize.CDD}
	res, err := r.Reduce(context.Background(), sexp(t, src), sexpPolicy)
	if err != nil {
		t.Fatal(err)
	}
	if got := squeeze(res.Output); got != "((q)(s))" {
		t.Errorf("result %q", got)
	}
}

// TestLookaheadLimits checks, over trees with levels of one node, that the
// search looking ahead never runs more than Jobs tests at once, gives the
// result of the serial search, and the same result and test runs every
// time with the same jobs, however long each test takes.
func TestLookaheadLimits(t *testing.T) {
	for _, tc := range chains {
		sexpAtEveryJobs(t, tc.name, tc.src, tc.oracle)
	}
}

// TestAheadHangOffTheWalk checks that a test started ahead that the serial
// search never makes does not hold up the search when it hangs: for each
// text that a reduction at 4 or 8 jobs tests and one at one job does not,
// a reduction whose test hangs on that text (until it is stopped) ends
// with the serial result long before its deadline. Such a test may be of a
// level after one that adopts something, past a success that the level's
// walk does not reach, or beside the final runs; the search stops it once
// the walk through the verdicts known does not need it.
func TestAheadHangOffTheWalk(t *testing.T) {
	var wg sync.WaitGroup
	for _, tc := range []int{0, 1, 5} { // chain, chain of lists, lists of lists
		tc := chains[tc]
		serial, _ := testedTexts(t, tc.src, tc.oracle, 1)
		for _, jobs := range []int{4, 8} {
			_, texts := testedTexts(t, tc.src, tc.oracle, jobs)
			for _, hang := range texts {
				if serial.tested[hang] {
					continue
				}
				wg.Go(func() { // all at once: each takes a second or two
					ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
					defer cancel()
					r := hdd.Reducer{Oracle: hangingOn{hang, tc.oracle}, Jobs: jobs}
					res, err := r.Reduce(ctx, sexp(t, tc.src), sexpPolicy)
					switch {
					case err != nil:
						t.Errorf("%s, -j %d, hanging on %q: %v (the search waited for the hung test)", tc.name, jobs, hang, err)
					case squeeze(res.Output) != serial.result:
						t.Errorf("%s, -j %d, hanging on %q: result %q, want %q as at -j 1", tc.name, jobs, hang, squeeze(res.Output), serial.result)
					}
				})
			}
		}
	}
	wg.Wait()
}

// A serialRun is what a reduction at one job tests and ends with.
type serialRun struct {
	tested map[string]bool
	result string
}

// testedTexts reduces src with oracle at jobs and returns the texts
// tested, squeezed, as a set and in the order they were started.
func testedTexts(t *testing.T, src string, oracle hdd.OracleFunc, jobs int) (serialRun, []string) {
	t.Helper()
	var mu sync.Mutex
	run := serialRun{tested: make(map[string]bool)}
	var order []string
	o := hdd.OracleFunc(func(c []byte) bool {
		mu.Lock()
		if text := squeeze(c); !run.tested[text] {
			run.tested[text] = true
			order = append(order, text)
		}
		mu.Unlock()
		return oracle(c)
	})
	r := hdd.Reducer{Oracle: o, Jobs: jobs}
	res, err := r.Reduce(context.Background(), sexp(t, src), sexpPolicy)
	if err != nil {
		t.Fatal(err)
	}
	run.result = squeeze(res.Output)
	return run, order
}

// hangingOn is oracle, but its test of the text hang, squeezed, runs until
// it is stopped.
type hangingOn struct {
	hang   string
	oracle hdd.OracleFunc
}

func (h hangingOn) Interesting(ctx context.Context, c []byte) (bool, error) {
	if squeeze(c) == h.hang {
		<-ctx.Done()
		return false, ctx.Err()
	}
	return h.oracle(c), nil
}
