package hdd

import (
	"context"
	"errors"
	"sync"

	"github.com/hddreduce/hdd/hdd/minimize"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Looking ahead across levels. The last tests of a level would leave jobs
// idle: the next level's tests wait for the level's end, since they are
// made from what it keeps. Most of those last tests fail, and then the
// level keeps what it has kept so far, so with several jobs the search
// fills the idle jobs with the first tests of the next level as they will
// be if the level adopts nothing more: at most the idle jobs, the first
// the next level's list minimizer asks for. A level of one node is the
// extreme case: its one candidate, the node removed, is tested beside
// Jobs-1 tests of the next level. The verdicts go to the cache, where the
// next level finds them (or waits for them, while they run): where they
// are all of its first batch of tests, it makes that step without waiting
// a round. If the level adopts something more, they were for nothing, and
// are counted as the test runs they are.
//
// Looking ahead never adopts anything, never changes a verdict and never
// changes which alternatives are tested together (see stepAhead), so the
// result is that of the search without it at the same Jobs; it decides
// what to run from the tree and the verdicts alone, so the same Jobs gives
// the same runs every time. No more than Jobs tests run at once: the tests
// started ahead take jobs the level leaves idle, a level waits for the
// tests it started ahead before its next step, and for those started
// ahead of it before its second step (see levelAhead).

// errLookedAhead stops the dry run of a list minimizer in lookahead once
// its first tests are known.
var errLookedAhead = errors.New("looked ahead")

// aheadTests are tests of level d+1 started during level d, from the best
// candidate after at adoptions.
type aheadTests struct {
	wg sync.WaitGroup
	n  int // the tests started: the first n the next level makes
	at int // s.adoptions when they started
}

// wait waits for the tests; a nil aheadTests has none.
func (a *aheadTests) wait() {
	if a != nil {
		a.wg.Wait()
	}
}

// lookahead starts the first tests of level d+1, at most max of them, as
// they will be if level d adopts nothing more, and returns them; it
// returns nil if it starts none.
func (s *search) lookahead(ctx context.Context, d, max int) *aheadTests {
	if max < 1 || d+1 > s.t.MaxLevel() || s.t.RunLevel() == d || s.stale() {
		return nil
	}
	if f := s.t.FoldLevel(); f >= 0 && d+1 > f {
		return nil // level d+1 is parsed again first: its candidates are not known yet
	}
	next := s.candidates(d + 1)
	if len(next) == 0 {
		return nil
	}
	dry := &dryTester{levelTester: levelTester{s: s, base: s.cur, items: next, plan: &listPlan[tree.NodeID]{}}, max: max}
	_, err := minimize.Run(ctx, s.r.Minimizer, next, dry)
	if !errors.Is(err, errLookedAhead) || len(dry.cands) == 0 {
		return nil
	}
	a := &aheadTests{n: len(dry.cands), at: s.adoptions}
	for _, p := range dry.cands {
		// An error here is the next level's to see, when it asks for the
		// same verdict.
		a.wg.Go(func() { _, _ = s.evalPrepared(ctx, p) })
	}
	return a
}

// A dryTester is the Tester of a level's dry run in lookahead: it records
// the first candidates the minimizer asks for, at most max, and stops it.
// Where the minimizer plans, they are the likeliest of its plan to be
// tested, as firstPlanned would test them.
type dryTester struct {
	levelTester
	max   int
	cands []prepared
}

func (d *dryTester) Test(_ context.Context, keep []tree.NodeID) (bool, error) {
	d.cands = append(d.cands, d.s.prepare(d.config(keep)))
	return false, errLookedAhead
}

func (d *dryTester) First(ctx context.Context, n int, gen func(i int) []tree.NodeID, _ func([]int) ([]tree.NodeID, bool)) ([]int, error) {
	if step, ok := d.planned(n, gen); ok && n > 0 {
		for _, p := range d.s.planRound(ctx, &planNode{step: &step}, d.max) {
			d.cands = append(d.cands, p.p)
		}
		return nil, errLookedAhead
	}
	for i := range min(n, d.max) {
		d.cands = append(d.cands, d.s.prepare(d.config(gen(i))))
	}
	return nil, errLookedAhead
}
