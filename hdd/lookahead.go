package hdd

import (
	"context"
	"errors"
	"sync"

	"github.com/hddreduce/hdd/hdd/minimize"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Looking ahead across levels. A level of one node costs a round of
// tests of its own: its one candidate, the node removed, is tested alone,
// and the next level's tests wait for its verdict. Most such nodes stay
// (a document's root, the one value of a member, the body of the only
// function), so with several jobs the search tests, beside the one
// candidate, the first tests of the next level as they will be if the
// node stays: at most Jobs-1 of them, the first the next level's list
// minimizer asks for. Their verdicts go to the cache, where the next
// level finds them (or waits for them, while they run). If the node goes,
// they were for nothing, and are counted as the test runs they are.
//
// Looking ahead never adopts anything and never changes a verdict, so the
// result is that of the search without it; it changes the runs at
// Jobs > 1 only, and decides what to run from the tree alone, so the same
// Jobs gives the same runs every time. No more than Jobs tests run at
// once: the one candidate and the Jobs-1 ahead, which the next level's
// first tests are; a level waits for the tests started ahead of it before
// its second step (see levelOf).

// errLookedAhead stops the dry run of a list minimizer in lookahead once
// its first tests are known.
var errLookedAhead = errors.New("looked ahead")

// lookahead starts, when level d has one node (items are its candidates)
// and Jobs > 1, the first tests of level d+1 as they will be if that node
// stays, and returns a wait for them; else it returns nil.
func (s *search) lookahead(ctx context.Context, d int, items []tree.NodeID) *sync.WaitGroup {
	n := s.r.Jobs - 1
	if n < 1 || len(items) != 1 || d+1 > s.t.MaxLevel() || s.t.RunLevel() == d || s.stale() {
		return nil
	}
	if f := s.t.FoldLevel(); f >= 0 && d+1 > f {
		return nil // level d+1 is parsed again first: its candidates are not known yet
	}
	next := s.candidates(d + 1)
	if len(next) == 0 {
		return nil
	}
	dry := &dryTester{levelTester: levelTester{s: s, base: s.cur, items: next}, max: n}
	_, err := minimize.Run(ctx, s.r.Minimizer, next, dry)
	if !errors.Is(err, errLookedAhead) || len(dry.cands) == 0 {
		return nil
	}
	wg := new(sync.WaitGroup)
	for _, c := range dry.cands {
		// An error here is the next level's to see, when it asks for the
		// same verdict.
		wg.Go(func() { _, _, _ = s.eval(ctx, c) })
	}
	return wg
}

// A dryTester is the Tester of a level's dry run in lookahead: it records
// the first candidates the minimizer asks for, at most max, and stops it.
type dryTester struct {
	levelTester
	max   int
	cands []tree.Candidate
}

func (d *dryTester) Test(_ context.Context, keep []tree.NodeID) (bool, error) {
	d.cands = append(d.cands, d.config(keep))
	return false, errLookedAhead
}

func (d *dryTester) First(_ context.Context, n int, gen func(i int) []tree.NodeID, _ func([]int) ([]tree.NodeID, bool)) ([]int, error) {
	for i := range min(n, d.max) {
		d.cands = append(d.cands, d.config(gen(i)))
	}
	return nil, errLookedAhead
}
