package hdd

import (
	"bytes"
	"context"
	"maps"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hddreduce/hdd/hdd/tree"
)

// TestPlannedRestIsNotAdopted checks that the candidates of a step's rest
// (the step the caller makes if every alternative fails) are tested ahead
// but never adopted by the step: removing b or c fails, the rest's
// removal of d would succeed. The step adopts nothing; the caller's next
// step, the rest, then finds the verdict it needs in the cache.
func TestPlannedRestIsNotAdopted(t *testing.T) {
	s := letters(t, 8, 8, func(c string) bool {
		return strings.Contains(c, "b") && strings.Contains(c, "c")
	})
	tested := testedBy(s)
	remove := func(base tree.Candidate, ids ...tree.NodeID) planStep {
		return planStep{
			n:    len(ids),
			gen:  func(i int) tree.Candidate { return base.Remove(ids[i]) },
			then: func(int) planStep { return planStep{} },
		}
	}
	const b, c, d, e = 2, 3, 4, 5 // the letters' nodes
	rest := remove(s.cur, d, e)
	step := remove(s.cur, b, c)
	step.rest = func() planStep { return rest }

	won, err := s.firstPlanned(context.Background(), step, planAhead{})
	if err != nil {
		t.Fatal(err)
	}
	if len(won) != 0 || !bytes.Equal(s.best, s.t.Src) {
		t.Fatalf("the step adopted %v (best %q); its alternatives all fail", won, s.best)
	}
	if !slices.Contains(*tested, "a b c e f g h") {
		t.Fatalf("the rest's first alternative was not tested ahead: %q", *tested)
	}
	adoptsFromCache(t, s, tested, rest, "a b c e f g h")
}

// adoptsFromCache checks that step adopts its first alternative, leaving
// want as the best text, without a run: a round before tested it ahead.
func adoptsFromCache(t *testing.T, s *search, tested *[]string, step planStep, want string) {
	t.Helper()
	runs := len(*tested)
	won, err := s.firstPlanned(context.Background(), step, planAhead{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(won, []int{0}) || string(bytes.TrimSpace(s.best)) != want {
		t.Errorf("the step adopted %v (best %q), want its first alternative, %q", won, s.best, want)
	}
	if len(*tested) != runs {
		t.Errorf("the step ran %q again", (*tested)[runs:])
	}
}

// TestRoundGuessesBySize checks that a round looks first where a
// candidate that removes most of the text is likely to lead: to its
// failure. The step's first alternative removes six letters of eight,
// its second one letter; with no verdicts yet, the guess for any
// candidate is even, and the round of two tests both alternatives rather
// than the first and the step after its success (which would come first
// among equal guesses).
func TestRoundGuessesBySize(t *testing.T) {
	s := letters(t, 8, 2, func(string) bool { return true })
	const b, h = 2, 8 // the letters' nodes
	base := s.cur
	var most []tree.NodeID
	for id := tree.NodeID(b); id < h; id++ {
		most = append(most, id)
	}
	step := planStep{
		n: 2,
		gen: func(i int) tree.Candidate {
			if i == 0 {
				return base.Remove(most...)
			}
			return base.Remove(b)
		},
		then: func(i int) planStep {
			c := base.Remove(most...)
			return planStep{n: 1, gen: func(int) tree.Candidate { return c.Remove(h) },
				then: func(int) planStep { return planStep{} }}
		},
	}
	root := &planNode{step: &step}
	got := roundTexts(s, root, 2)
	if want := []string{"a h", "a c d e f g h"}; !slices.Equal(got, want) {
		t.Errorf("round tests %q, want %q", got, want)
	}
}

// TestRoundRecallsEdits checks that a round guesses by what a candidate's
// edits gave over an earlier base. A first step adopts the removal of h,
// and its round of two also finds that removing b fails. In the next step
// (remove b, then c, and remove d after b's success), the walk's successes
// so far would make the round test past b's success (remove d); recalling
// that removing b failed, it tests past b's failure (remove c) instead.
func TestRoundRecallsEdits(t *testing.T) {
	const b, c, d, h = 2, 3, 4, 8 // the letters' nodes
	for _, recall := range []bool{false, true} {
		s := letters(t, 8, 2, func(text string) bool { return strings.Contains(text, "b") })
		if won, err := s.firstPlanned(context.Background(), removeEach(s.cur, h, b), planAhead{}); err != nil || !slices.Equal(won, []int{0}) {
			t.Fatalf("the first step adopted %v (%v), want its first alternative", won, err)
		}
		if !recall {
			s.edits = nil
		}
		got := forkRound(s, b, c, d)
		want := []string{"a c d e f g", "a b d e f g"}
		if !recall {
			want[1] = "a c e f g"
		}
		if !slices.Equal(got, want) {
			t.Errorf("recalling %v: round tests %q, want %q", recall, got, want)
		}
	}
}

// TestSizedGuess checks that the guess falls as the share a candidate
// removes grows, and stays a probability.
func TestSizedGuess(t *testing.T) {
	tests := []struct {
		p          float64
		base, size int
	}{
		{0.5, 1000, 1000}, // removes nothing (a transform): the share counts as 1/1024
		{0.5, 1000, 999},
		{0.5, 1000, 900},
		{0.5, 1000, 500},
		{0.5, 1000, 0},
	}
	prev := 1.0
	for _, tt := range tests {
		g := sizedGuess(tt.p, tt.base, tt.size)
		if g <= 0 || g >= 1 || g > prev {
			t.Errorf("sizedGuess(%v, %d, %d) = %v after %v: want a probability no larger", tt.p, tt.base, tt.size, g, prev)
		}
		prev = g
	}
	if g := sizedGuess(0.5, 1000, 500); g < 0.4 || g > 0.42 {
		t.Errorf("sizedGuess(0.5, 1000, 500) = %v, want odds of 0.6 * 2^0.2 (0.41)", g)
	}
}

// TestPlannedPastEnd checks that where a step's plan ends after a
// success, its end (the caller's next step from the candidate adopted) is
// tested ahead in the same round, never adopted by the step; and that
// where the plan ends with no success, the end is left to the lookahead.
// The step removes b, or c; its end removes d, or e, from the candidate
// the step ends with. With 8 jobs, one round tests both alternatives and
// the ends after either's success, whatever the verdicts.
func TestPlannedPastEnd(t *testing.T) {
	const b, c, d, e, f = 2, 3, 4, 5, 6 // the letters' nodes
	tests := []struct {
		name     string
		needs    string // the letters the oracle needs
		won      []int  // what the step adopts
		ahead    string // the end's first candidate, tested ahead
		notAhead string // or not
	}{
		{"success", "c", []int{0}, "a c e f g h", ""},
		{"no success", "bc", nil, "", "a b c e f g h"},
		// The end's own end, the level after the next: from the end's
		// success, and from its start where all its candidates fail.
		{"end's end after a success", "c", []int{0}, "a c e g h", ""},
		{"end's end after no success", "cde", []int{0}, "a c d e g h", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := letters(t, 8, 8, func(text string) bool {
				for _, l := range tt.needs {
					if !strings.ContainsRune(text, l) {
						return false
					}
				}
				return true
			})
			tested := testedBy(s)
			none := func(int) planStep { return planStep{} }
			base := s.cur
			step := planStep{
				n:    2,
				gen:  func(i int) tree.Candidate { return base.Remove([]tree.NodeID{b, c}[i]) },
				then: none,
				end: func(from tree.Candidate) planStep {
					return planStep{
						n:    2,
						gen:  func(i int) tree.Candidate { return from.Remove([]tree.NodeID{d, e}[i]) },
						then: none,
						end: func(from tree.Candidate) planStep {
							return planStep{n: 1, gen: func(int) tree.Candidate { return from.Remove(f) }, then: none}
						},
					}
				},
			}
			won, err := s.firstPlanned(context.Background(), step, planAhead{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(won, tt.won) {
				t.Errorf("the step adopted %v, want %v", won, tt.won)
			}
			if tt.ahead != "" && !slices.Contains(*tested, tt.ahead) {
				t.Errorf("the end's first alternative %q was not tested ahead: %q", tt.ahead, *tested)
			}
			if tt.notAhead != "" && slices.Contains(*tested, tt.notAhead) {
				t.Errorf("the end after no success, %q, was tested: %q", tt.notAhead, *tested)
			}
			want := "a b c d e f g h"
			if tt.won != nil {
				want = "a c d e f g h"
			}
			if got := string(bytes.TrimSpace(s.best)); got != want {
				t.Errorf("best %q, want %q: the end is not adopted by the step", got, want)
			}
		})
	}
}

// testedBy makes s's oracle record the texts it tests, trimmed, in the
// slice it returns.
func testedBy(s *search) *[]string {
	var tested []string
	inner := s.r.Oracle.(OracleFunc)
	s.r.Oracle = OracleFunc(func(c []byte) bool {
		s.mu.Lock()
		tested = append(tested, string(bytes.TrimSpace(c)))
		s.mu.Unlock()
		return inner(c)
	})
	return &tested
}

// TestTransformRestAfterSuccess checks that where a transform's plan ends
// after a success, the next transform's first candidate, made from that
// success, is tested ahead in the same round (planStep.keepRest), and
// that the next transform then finds its verdict in the cache. The first
// transform removes b, the second d; every candidate is interesting.
func TestTransformRestAfterSuccess(t *testing.T) {
	s := letters(t, 8, 8, func(string) bool { return true })
	tested := testedBy(s)
	const b, d = 2, 4 // the letters' nodes
	removes := func(id tree.NodeID) tree.Transform {
		return tree.Transform{Name: "remove", Candidates: func(t *tree.Tree, c tree.Candidate) []tree.Candidate {
			if c.Removed(id) {
				return nil
			}
			return []tree.Candidate{c.Remove(id)}
		}}
	}
	tfs := []tree.Transform{removes(b), removes(d)}
	won, err := s.firstPlanned(context.Background(), transformStep(s.t, tfs, 0, s.cur, 0), planAhead{})
	if err != nil || !slices.Equal(won, []int{0}) {
		t.Fatalf("the first transform adopted %v (%v), want its candidate", won, err)
	}
	if !slices.Contains(*tested, "a c e f g h") {
		t.Fatalf("the second transform's candidate after the first's success was not tested ahead: %q", *tested)
	}
	adoptsFromCache(t, s, tested, transformStep(s.t, tfs, 1, s.cur, 0), "a c e f g h")
}

// TestPlannedSkipsDecidedRound checks that a step whose walk the cache
// decides runs no round: the step's one alternative is known to succeed,
// and the step after its success (which a round would test ahead) is not
// tested; the walk adopts the success at once.
func TestPlannedSkipsDecidedRound(t *testing.T) {
	s := letters(t, 8, 8, func(string) bool { return true })
	const b, d = 2, 4 // the letters' nodes
	base := s.cur
	p := s.prepare(base.Remove(b))
	if ok, err := s.evalPrepared(context.Background(), p); err != nil || !ok {
		t.Fatalf("removing b: %v, %v", ok, err)
	}
	tested := testedBy(s)
	none := func(int) planStep { return planStep{} }
	step := planStep{
		n:   1,
		gen: func(int) tree.Candidate { return base.Remove(b) },
		then: func(int) planStep {
			return planStep{n: 1, gen: func(int) tree.Candidate { return base.Remove(b, d) }, then: none}
		},
	}
	won, err := s.firstPlanned(context.Background(), step, planAhead{})
	if err != nil || !slices.Equal(won, []int{0}) {
		t.Fatalf("the step adopted %v (%v), want its alternative", won, err)
	}
	if len(*tested) > 0 {
		t.Errorf("a round ran %q, where the cache decided the step", *tested)
	}
}

// TestKindRates checks the guesses by the kinds of nodes a candidate
// edits: by the odds of the kind's success against any candidate's, a
// kind never seen changing nothing, a text counting once, and a failure
// of several kinds shared among them.
func TestKindRates(t *testing.T) {
	include := editKind{"preproc_include", true}
	comment := editKind{"comment", true}
	type verdict struct {
		hash  uint64
		kinds []editKind
		ok    bool
	}
	// Three removals of an include fail, three of a comment succeed: any
	// candidate's odds are even, an include's 1:4 (2 verdicts at even
	// odds, then 3 failures), a comment's 4:1.
	seen := []verdict{
		{1, []editKind{include}, false}, {2, []editKind{include}, false}, {3, []editKind{include}, false},
		{4, []editKind{comment}, true}, {5, []editKind{comment}, true}, {6, []editKind{comment}, true},
	}
	tests := []struct {
		name  string
		seen  []verdict
		kinds []editKind
		want  float64 // the guess for 0.5
	}{
		{"nothing seen", nil, []editKind{include}, 0.5},
		{"no kinds", seen, nil, 0.5},
		{"a kind that failed", seen, []editKind{include}, 0.2},
		{"a kind that succeeded", seen, []editKind{comment}, 0.8},
		{"the mean of the kinds' log odds", seen, []editKind{include, comment}, 0.5},
		{"a kind never seen", seen, []editKind{{"declaration", true}}, 0.5},
		{"a removal is not a replacement", seen, []editKind{{"comment", false}}, 0.5},
		{"a text counts once", append(seen, verdict{1, []editKind{include}, false}, verdict{2, []editKind{comment}, true}), []editKind{include}, 0.2},
	}
	for _, tt := range tests {
		var kr kindRates
		for _, v := range tt.seen {
			kr.record(v.hash, v.kinds, v.ok)
		}
		if got := kr.guess(tt.kinds, 0.5); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: guess %v, want %v", tt.name, got, tt.want)
		}
	}
	// A failure of a comment and an include counts half for each: it
	// lowers the guess for a comment less than a comment's failure.
	var shared, alone kindRates
	shared.record(1, []editKind{include, comment}, false)
	alone.record(1, []editKind{comment}, false)
	if s, a := shared.guess([]editKind{comment}, 0.5), alone.guess([]editKind{comment}, 0.5); !(a < s && s < 0.5) {
		t.Errorf("a comment's guess after a shared failure %v, after its own %v: want %v < %v < 0.5", s, a, a, s)
	}
}

// TestRoundGuessesByKind checks that a round guesses by what the walk
// found of the kinds of nodes it edits. Letters a-d are items, e-h notes,
// and the test needs a, e and f. The walk removes b, c and d, then fails
// to remove e and f: four successes in six verdicts would make the round
// of two test past the success of the next step's first alternative
// (remove g, then h); since every note removed so far failed, it tests
// past its failure (remove h alone) instead.
func TestRoundGuessesByKind(t *testing.T) {
	const b, e, g, h = 2, 5, 7, 8 // the letters' nodes
	for _, byKind := range []bool{false, true} {
		s := letters(t, 8, 2, func(text string) bool {
			return strings.Contains(text, "a") && strings.Contains(text, "e") && strings.Contains(text, "f")
		})
		for id := tree.NodeID(e); id <= h; id++ {
			s.t.Nodes[id].Symbol = &tree.Symbol{Kind: "note", Flags: s.t.Nodes[id].Flags}
		}
		for _, ids := range [][]tree.NodeID{{b}, {b + 1}, {b + 2}, {e, e + 1}} {
			if _, err := s.firstPlanned(context.Background(), removeEach(s.cur, ids...), planAhead{}); err != nil {
				t.Fatal(err)
			}
		}
		if got := string(bytes.TrimSpace(s.best)); got != "a e f g h" {
			t.Fatalf("the walk kept %q, want \"a e f g h\"", got)
		}
		if !byKind {
			s.kinds = kindRates{}
		}
		got := forkRound(s, g, h, h)
		want := []string{"a e f h", "a e f g"}
		if !byKind {
			want[1] = "a e f"
		}
		if !slices.Equal(got, want) {
			t.Errorf("by kind %v: round tests %q, want %q", byKind, got, want)
		}
	}
}

// forkRound returns the texts of the round of two jobs planned for the
// step that removes x, or y, from the current candidate, and after x's
// success removes after too.
func forkRound(s *search, x, y, after tree.NodeID) []string {
	base := s.cur
	step := removeEach(base, x, y)
	step.then = func(int) planStep { return removeEach(base.Remove(x), after) }
	return roundTexts(s, &planNode{step: &step, base: base}, 2)
}

// removeEach returns the step whose alternatives each remove one of ids
// from base, after which nothing is planned.
func removeEach(base tree.Candidate, ids ...tree.NodeID) planStep {
	return planStep{
		n:    len(ids),
		gen:  func(i int) tree.Candidate { return base.Remove(ids[i]) },
		then: func(int) planStep { return planStep{} },
	}
}

// roundTexts returns the texts of the candidates of the round planned
// from root with max jobs, trimmed.
func roundTexts(s *search, root *planNode, max int) []string {
	var got []string
	for _, n := range s.planRound(context.Background(), root, max, false, nil) {
		got = append(got, string(bytes.TrimSpace(n.p.text)))
	}
	return got
}

// hangsOn is an oracle that hangs on the texts, trimmed, of hang until its
// run is stopped (as a test that loops on a candidate until its timeout),
// and finds every other text interesting.
type hangsOn struct {
	hang map[string]bool
	hung atomic.Int32
}

func (o *hangsOn) Interesting(ctx context.Context, c []byte) (bool, error) {
	if !o.hang[string(bytes.TrimSpace(c))] {
		return true, nil
	}
	o.hung.Add(1)
	<-ctx.Done()
	return false, ctx.Err()
}

// TestRoundStopsStragglers checks that a round does not wait for tests
// whose verdicts the walk does not need: the step's first alternative,
// removing b, succeeds, and the round's tests of the others hang. The
// step adopts the success long before the hung tests' deadline, they are
// stopped and counted as canceled, their candidates are not taken as
// failures (no verdict is cached), and a later step that needs one tests
// it again.
func TestRoundStopsStragglers(t *testing.T) {
	s := letters(t, 8, 4, nil)
	o := &hangsOn{hang: map[string]bool{"a b d e f g h": true, "a b c e f g h": true, "a b c d f g h": true}}
	s.r.Oracle = o
	const b, c, d, e = 2, 3, 4, 5 // the letters' nodes
	base := s.cur
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	won, err := s.firstPlanned(ctx, removeEach(base, b, c, d, e), planAhead{})
	if ctx.Err() != nil {
		t.Fatalf("the round waited for the hung tests until the deadline")
	}
	if err != nil || !slices.Equal(won, []int{0}) {
		t.Fatalf("the step adopted %v (%v), want its first alternative", won, err)
	}
	if o.hung.Load() == 0 || s.stats.Canceled != int(o.hung.Load()) {
		t.Errorf("%d tests hung, %d stopped", o.hung.Load(), s.stats.Canceled)
	}
	for _, x := range []tree.NodeID{c, d, e} {
		p := s.prepare(base.Remove(x))
		if _, seen := s.cached(p.hash); seen {
			t.Errorf("a verdict of %q, which was stopped, is cached", p.text)
		}
	}
	delete(o.hang, "a b d e f g h")
	won, err = s.firstPlanned(ctx, removeEach(base, c), planAhead{})
	if err != nil || !slices.Equal(won, []int{0}) {
		t.Errorf("a step removing c again adopted %v (%v), want its alternative", won, err)
	}
}

// TestPointlessTailStopped checks that once a round's walk adopts a
// success, the tests its idle jobs started ahead of the next level
// (planAhead.tail), which suppose that the level adopts nothing more, are
// not waited for: removing b fails, removing c succeeds, and the test
// started ahead hangs. The step adopts c's removal long before the hung
// test's deadline, and the hung test is stopped.
func TestPointlessTailStopped(t *testing.T) {
	s := letters(t, 8, 4, nil)
	o := &hangsOn{hang: map[string]bool{"a b c d e f g": true}}
	s.r.Oracle = failsOn{o, "a c d e f g h"}
	const b, c, h = 2, 3, 8 // the letters' nodes
	base := s.cur
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a := &aheadTests{begun: time.Now(), s: s}
	actx, stop := context.WithCancel(ctx)
	a.stop = stop
	pa := planAhead{
		tail: func(int) int {
			a.n = 1
			a.wg.Go(func() { _, _ = s.evalPrepared(actx, s.prepare(base.Remove(h))) })
			return 1
		},
		tests: func() *aheadTests { return a },
	}
	won, err := s.firstPlanned(ctx, removeEach(base, b, c), pa)
	wantStopped(t, ctx, s, o, won, err, 1, "the test ahead")
}

// wantStopped checks that a step that adopted won (or failed with err)
// ended before ctx's deadline, adopting its alternative want, and that
// the one test of what that hung on oracle o was stopped.
func wantStopped(t *testing.T, ctx context.Context, s *search, o *hangsOn, won []int, err error, want int, what string) {
	t.Helper()
	if ctx.Err() != nil {
		t.Fatalf("the step waited for %s until the deadline", what)
	}
	if err != nil || !slices.Equal(won, []int{want}) {
		t.Fatalf("the step adopted %v (%v), want its alternative %d", won, err, want)
	}
	if o.hung.Load() != 1 || s.stats.Canceled != 1 {
		t.Errorf("%d tests hung, %d stopped; want %s to hang and be stopped", o.hung.Load(), s.stats.Canceled, what)
	}
}

// failsOn is oracle, but for the text, trimmed, fail, which it finds not
// interesting.
type failsOn struct {
	oracle Oracle
	fail   string
}

func (f failsOn) Interesting(ctx context.Context, c []byte) (bool, error) {
	if string(bytes.TrimSpace(c)) == f.fail {
		return false, nil
	}
	return f.oracle.Interesting(ctx, c)
}

// TestRoundKeepsUsualTests checks that a round whose walk is decided at
// once by a quick verdict does not stop the tests off the walk before
// they have run twice as long as the mean test: with tests of 1.5 s on
// average so far, the round's other tests take 1.5 s, end, and their
// verdicts are cached.
func TestRoundKeepsUsualTests(t *testing.T) {
	s := letters(t, 8, 4, nil)
	const slow = 1500 * time.Millisecond
	others := map[string]bool{"a b d e f g h": true, "a b c e f g h": true, "a b c d f g h": true}
	good := map[string]bool{"a c d e f g h": true} // with others, every text the round tests: all interesting
	maps.Copy(good, others)
	s.r.Oracle = &timedOracle{good: good, slowOn: others, slow: slow}
	s.stats.Tests, s.stats.TestTime = 10, 10*slow
	const b, c, d, e = 2, 3, 4, 5 // the letters' nodes
	base := s.cur
	won, err := s.firstPlanned(context.Background(), removeEach(base, b, c, d, e), planAhead{})
	if err != nil || !slices.Equal(won, []int{0}) {
		t.Fatalf("the step adopted %v (%v), want its first alternative", won, err)
	}
	if s.stats.Canceled != 0 {
		t.Errorf("%d tests of the usual length were stopped", s.stats.Canceled)
	}
	for _, x := range []tree.NodeID{c, d, e} {
		if _, seen := s.cached(s.prepare(base.Remove(x)).hash); !seen {
			t.Errorf("no verdict of removing node %d, a test of the usual length", x)
		}
	}
}

// TestPointlessFinishStopped checks that finish's runs started beside a
// round that adopts a success are stopped once they have had their grace:
// they confirm the text before the success. The step's round holds all
// its alternatives, removing b and c, so the confirmation of the text as
// it is runs beside them, and hangs; removing b succeeds.
func TestPointlessFinishStopped(t *testing.T) {
	s := letters(t, 8, 4, nil)
	o := &hangsOn{hang: map[string]bool{"a b c d e f g h": true}}
	s.r.Oracle = o
	const b, c = 2, 3 // the letters' nodes
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	won, err := s.firstPlanned(ctx, removeEach(s.cur, b, c), planAhead{finish: true})
	wantStopped(t, ctx, s, o, won, err, 0, "the confirmation")
}

// timedOracle is an oracle that finds the texts, trimmed, of good
// interesting, taking slow to answer for the texts of slowOn (or, if
// untilStarts is set, until that many tests have started) and fast for
// the others, unless stopped, and logs each run's start and end.
type timedOracle struct {
	good        map[string]bool
	slowOn      map[string]bool
	slow, fast  time.Duration
	untilStarts int

	mu      sync.Mutex
	log     []string // "start TEXT" and "end TEXT", in order
	started int
	enough  chan struct{} // closed when untilStarts tests have started
}

func (o *timedOracle) Interesting(ctx context.Context, c []byte) (bool, error) {
	text := string(bytes.TrimSpace(c))
	o.mu.Lock()
	o.log = append(o.log, "start "+text)
	if o.enough == nil {
		o.enough = make(chan struct{})
	}
	if o.started++; o.started == o.untilStarts {
		close(o.enough)
	}
	enough := o.enough
	o.mu.Unlock()
	d := o.fast
	var wait <-chan struct{} // nil: d
	if o.slowOn[text] {
		d = o.slow
		if o.untilStarts > 0 {
			wait = enough
		}
	}
	var err error
	select {
	case <-wait:
	case <-time.After(d):
	case <-ctx.Done():
		err = ctx.Err()
	}
	o.mu.Lock()
	o.log = append(o.log, "end "+text)
	o.mu.Unlock()
	return o.good[text] && err == nil, err
}

// startedBefore returns the runs that started after some run had ended
// and before the run of text ended: no round starts before the walk has
// the verdict of text, so they were started in jobs left idle.
func (o *timedOracle) startedBefore(text string) []string {
	var out []string
	ended := false
	for _, e := range o.log {
		switch {
		case e == "end "+text:
			return out
		case strings.HasPrefix(e, "end "):
			ended = true
		case ended:
			out = append(out, strings.TrimPrefix(e, "start "))
		}
	}
	return out
}

// TestRoundRefillsIdleJobs checks that the jobs of a round's tests that
// end early are given new tests while the walk waits for a slow one:
// removing b succeeds, slowly, and every other candidate fails at once.
// The slow test ends as soon as a third test has started (the round of
// two jobs tests removing b and c), or after 10 s; the round must start
// one at once, and the step adopts the removal of b, as with one job.
func TestRoundRefillsIdleJobs(t *testing.T) {
	o := &timedOracle{good: map[string]bool{removeB: true}, slowOn: map[string]bool{removeB: true}, slow: 10 * time.Second, untilStarts: 3}
	start := time.Now()
	adoptsRemoveB(t, o, time.Second) // tests of 1 s so far
	if took := time.Since(start); took >= o.slow {
		t.Errorf("the step took %v: no test started before the slow one ended", took)
	}
	if got := o.startedBefore(removeB); len(got) == 0 {
		t.Errorf("no test started in an idle job before the slow test ended:\n%s", strings.Join(o.log, "\n"))
	}
}

// TestRoundEqualTestsNotRefilled checks that a round whose tests take
// about as long as each other starts no test until the walk's verdict is
// in: its tests end together, and the next round has every verdict to
// choose by.
func TestRoundEqualTestsNotRefilled(t *testing.T) {
	const length = 300 * time.Millisecond
	o := &timedOracle{good: map[string]bool{removeB: true}, slowOn: map[string]bool{removeB: true}, slow: length, fast: length}
	adoptsRemoveB(t, o, length)
	if got := o.startedBefore(removeB); len(got) > 0 {
		t.Errorf("tests %q started before a test of the same length ended:\n%s", got, strings.Join(o.log, "\n"))
	}
}

// removeB is the text of eight letters without b.
const removeB = "a c d e f g h"

// adoptsRemoveB runs, with two jobs and oracle o, a step that removes b
// or c, after which removing d or e is planned, with recent tests of
// length so far, and checks that the step adopts the removal of b.
func adoptsRemoveB(t *testing.T, o Oracle, length time.Duration) {
	t.Helper()
	s := letters(t, 8, 2, nil)
	s.r.Oracle = o
	s.lengths = slices.Repeat([]testLength{{d: length}}, minLengths)
	const b, c, d, e = 2, 3, 4, 5 // the letters' nodes
	base := s.cur
	step := removeEach(base, b, c)
	step.then = func(int) planStep { return removeEach(base.Remove(b), d, e) }
	won, err := s.firstPlanned(context.Background(), step, planAhead{})
	if err != nil || !slices.Equal(won, []int{0}) {
		t.Fatalf("the step adopted %v (%v), want its first alternative", won, err)
	}
}

// TestRanOdds checks how a test's length so far changes the odds that its
// candidate is interesting: a lot where the tests that fail end quickly
// and those that succeed run on, little where the verdict does not
// change the length.
func TestRanOdds(t *testing.T) {
	ms := time.Millisecond
	split := append(slices.Repeat([]testLength{{d: 200 * ms}}, 30), slices.Repeat([]testLength{{d: 1000 * ms, ok: true}}, 20)...)
	same := append(slices.Repeat([]testLength{{d: 500 * ms}}, 30), slices.Repeat([]testLength{{d: 500 * ms, ok: true}}, 20)...)
	for _, tc := range []struct {
		name     string
		lengths  []testLength
		ran      time.Duration
		min, max float64
	}{
		{"quick failures, at once", split, 0, 0.9, 1.1},
		{"quick failures, past them", split, 300 * ms, 20, 40},
		{"quick failures, past every test", split, 2000 * ms, 0.6, 1.6},
		{"same lengths, midway", same, 300 * ms, 0.9, 1.1},
		{"same lengths, past them", same, 600 * ms, 0.6, 1.6},
	} {
		s := &search{lengths: tc.lengths}
		if got := s.runsNow().ranOdds(tc.ran); got < tc.min || got > tc.max {
			t.Errorf("%s: odds times %.2f, want %.2f to %.2f", tc.name, got, tc.min, tc.max)
		}
	}
}

// TestRoundStopsPassedTests checks that a test the walk has passed by,
// which is likely to run on, is stopped at once rather than after its
// grace: the walk's verdicts so far are successes, so the round of two
// jobs tests removing b and, after it, d; removing b fails at once, the
// walk comes to removing c, which succeeds, and the test of removing b
// and d runs until it is stopped. With tests of 10 s on average so far,
// its grace would be some 20 s.
func TestRoundStopsPassedTests(t *testing.T) {
	s := letters(t, 8, 2, nil)
	o := &timedOracle{good: map[string]bool{"a b d e f g h": true}, slowOn: map[string]bool{"a c e f g h": true}, slow: time.Minute}
	s.r.Oracle = o
	s.recent = slices.Repeat([]bool{true}, recentVerdicts)
	const long = 10 * time.Second
	s.lengths = slices.Repeat([]testLength{{d: long, ok: true}}, minLengths)
	s.stats.Tests, s.stats.TestTime = minLengths, minLengths*long
	const b, c, d = 2, 3, 4 // the letters' nodes
	base := s.cur
	step := removeEach(base, b, c)
	step.then = func(i int) planStep { return removeEach(base.Remove([]tree.NodeID{b, c}[i]), d) }
	start := time.Now()
	won, err := s.firstPlanned(context.Background(), step, planAhead{})
	if err != nil || !slices.Equal(won, []int{1}) {
		t.Fatalf("the step adopted %v (%v), want its second alternative", won, err)
	}
	if took := time.Since(start); took >= long {
		t.Errorf("the step took %v: the test it passed by was not stopped at once", took)
	}
	if s.stats.Canceled != 1 {
		t.Errorf("%d tests stopped, want 1:\n%s", s.stats.Canceled, strings.Join(o.log, "\n"))
	}
	if _, seen := s.cached(s.prepare(base.Remove(b, d)).hash); seen {
		t.Errorf("the stopped test's candidate has a verdict")
	}
}

// TestEndsLate checks when a test that has run for a while is taken as
// likely to run on, by the lengths of the last tests.
func TestEndsLate(t *testing.T) {
	ms := time.Millisecond
	lengths := func(ds ...time.Duration) []testLength {
		var out []testLength
		for _, d := range ds {
			out = append(out, testLength{d: d})
		}
		return out
	}
	var spread []time.Duration // 58 tests of 300-500 ms, and 6 that hung until a timeout of 3 s
	for i := range 58 {
		spread = append(spread, 300*ms+time.Duration(i)*200*ms/57)
	}
	spread = append(spread, slices.Repeat([]time.Duration{3000 * ms}, 6)...)
	split := append(slices.Repeat([]time.Duration{200 * ms}, 30), slices.Repeat([]time.Duration{1000 * ms}, 20)...)
	for _, tc := range []struct {
		name    string
		lengths []testLength
		ran     time.Duration
		want    bool
	}{
		{"too few tests so far", lengths(200*ms, 1000*ms), 200 * ms, false},
		{"quick failures ended, slow successes run on", lengths(split...), 200 * ms, true},
		{"near the end of the slow ones", lengths(split...), 950 * ms, false},
		{"equal lengths, ending", lengths(slices.Repeat([]time.Duration{1000 * ms}, 20)...), 990 * ms, false},
		{"longer than any", lengths(split...), 2000 * ms, false},
		{"usual lengths past most, a few hangs", lengths(spread...), 450 * ms, false},
		{"past every usual length, a few hangs", lengths(spread...), 600 * ms, true},
	} {
		s := &search{lengths: tc.lengths}
		if got := s.runsNow().endsLate()(tc.ran); got != tc.want {
			t.Errorf("%s: endsLate(%v) = %v, want %v", tc.name, tc.ran, got, tc.want)
		}
	}
}

// TestRoundFillsManyJobs checks how deep a round goes down a step of
// single removals that the walk reaches one after another, each after a
// failure. With no verdicts yet, removing one letter of 20 (2 bytes of
// 40) is guessed interesting at 0.522 (sizedGuess), so the walk reaches
// the k-th removal with a probability of 0.478^k. A round tests those it
// reaches with a probability of 1/8 or more with 8 jobs (k up to 2), and
// from 16 jobs up those of 0.1/Jobs or more (k up to 6 with 16 jobs, 7
// with 32), not only those of 1/Jobs (k up to 3 and 4).
func TestRoundFillsManyJobs(t *testing.T) {
	for _, tc := range []struct{ jobs, want int }{{8, 3}, {16, 7}, {32, 8}} {
		s := letters(t, 20, tc.jobs, func(string) bool { return true })
		ids := make([]tree.NodeID, 14)
		for i := range ids {
			ids[i] = tree.NodeID(i + 2) // the letters' nodes from b on
		}
		step := removeEach(s.cur, ids...)
		if got := roundTexts(s, &planNode{step: &step, base: s.cur}, tc.jobs); len(got) != tc.want {
			t.Errorf("%d jobs: the round tests %d candidates, want %d", tc.jobs, len(got), tc.want)
		}
	}
}
