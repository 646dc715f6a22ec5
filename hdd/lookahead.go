package hdd

import (
	"context"
	"errors"
	"maps"
	"sync"
	"time"

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
// are counted as the test runs they are. Jobs still idle go further down:
// when the tests of the next level known or started are all it would make
// if they failed, the level after it can be tested too, as it will be if
// neither level adopts anything, and so on; past the last level, the
// first tests of hoisting and of the transforms (see stepAfter). Near the
// end of a reduction, where levels of a few nodes follow one another and
// their tests fail, one round tests several levels and passes.
//
// Looking ahead never adopts anything, never changes a verdict and never
// changes which alternatives are tested together (see stepAhead), so the
// result is that of the search without it at the same Jobs; it decides
// what to run from the tree and the verdicts alone, so the same Jobs gives
// the same runs every time (unless a test that turns out to be for
// nothing runs so long that it is stopped: see aheadTests.wait). No
// more than Jobs tests run at once: the tests started ahead take jobs the
// level leaves idle, a level waits for the tests it started ahead before
// its next step, and for those started ahead of it before its second
// step, or its first when they hold tests of later levels (see
// levelAhead). It waits for them only while a step may need their
// verdicts, as the walks of the levels' plans through the verdicts known
// tell (see aheadTests.needs): a test of a level after one that adopts
// something, or past a success its level's walk does not reach, is
// stopped if it runs much longer than the others.

// errLookedAhead stops the dry run of a list minimizer in lookahead once
// its first tests are known.
var errLookedAhead = errors.New("looked ahead")

// aheadTests are tests of level d+1 started during level d, from the best
// candidate after at adoptions, and maybe of the levels after it.
type aheadTests struct {
	wg      sync.WaitGroup
	n       int // the tests of level d+1: the first n it makes
	chained int // the tests of the levels after d+1 (see lookahead)
	at      int // s.adoptions when they started
	begun   time.Time
	ctx     context.Context    // the search's, which ends the walks of needs
	stop    context.CancelFunc // stops the tests still running
	s       *search            // whose tests they are

	// plans are the plans of the levels tested, in order, then of the
	// pass after pruning if it was tested: what needs walks. A nil plan
	// is a level whose minimizer does not plan.
	plans []*planNode

	mu sync.Mutex
	// running are the tests under way, by their texts' hashes, but for
	// finish's runs (see finishBeside).
	running map[uint64]aheadTest
	arrived chan struct{} // gets a value when a test ends
}

// An aheadTest is a test under way of aheadTests.
type aheadTest struct {
	plan int                // the index in plans of the plan it is of
	stop context.CancelFunc // stops it
}

// wait waits for the tests as long as a step may need them (see needs):
// once none does, those still running get graceAfter, then are stopped,
// as a round's tests off the walk are (see awaitRound). A test started
// ahead that hangs, off the serial search's path, then does not hold up
// the search until its timeout. A nil aheadTests has no tests.
func (a *aheadTests) wait() {
	if a != nil {
		a.await(a.needs)
	}
}

// release is wait once no step needs the tests' verdicts (the level
// adopted something since they started).
func (a *aheadTests) release() {
	if a != nil {
		a.s.awaitOrStop(&a.wg, a.begun, a.stop)
		a.stop()
	}
}

// await waits for the tests. Once needs reports that no step needs the
// tests of the levels or passes still running, those get graceAfter, and
// are then stopped; so are finish's runs, unless needs reports that a step
// may need them.
func (a *aheadTests) await(needs func() (tests, finish bool)) {
	done := allEnded(&a.wg)
	defer a.stop()
	var timer *time.Timer
	var deadline <-chan time.Time // nil while a step may need the tests
	for {
		if timer == nil {
			if tests, _ := needs(); !tests {
				timer = time.NewTimer(a.s.graceAfter(a.begun))
				defer timer.Stop()
				deadline = timer.C
			}
		}
		select {
		case <-done:
			return
		case <-a.arrived:
		case <-deadline:
			deadline = nil
			if _, finish := needs(); finish {
				a.stopLevels()
			} else {
				a.stop()
			}
		}
	}
}

// stopLevels stops the tests of the levels and passes still running, not
// finish's runs.
func (a *aheadTests) stopLevels() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, t := range a.running {
		t.stop()
	}
}

// needs reports whether a step may need the verdict of a test of a level
// or pass still running (tests), and finish's runs (finish). None does once
// an adoption since they started made them all pointless. Otherwise the
// walk of the first level tested, through the verdicts known, decides: it
// needs a test under way it comes to; where it passes a success, the level
// adopts it, and the tests of the levels after it are pointless, as are
// finish's; where it comes to a verdict not known, the level's tests and
// those after it may be needed; where it ends, the level adopts nothing,
// and the next level's walk decides, and so on; past the last, finish's
// runs may be needed.
func (a *aheadTests) needs() (tests, finish bool) {
	if a.at != a.s.adoptions {
		return false, false
	}
	a.mu.Lock()
	running := maps.Clone(a.running)
	a.mu.Unlock()
	from := func(i int) bool { // whether a test of plan i or after is running
		for _, t := range running {
			if t.plan >= i {
				return true
			}
		}
		return false
	}
	for i, root := range a.plans {
		if root == nil { // the level's walk is not known
			return from(i), true
		}
		switch a.s.walkAhead(a.ctx, root, running) {
		case aheadRunning:
			return true, true
		case aheadUnknown:
			return from(i), true
		case aheadAdopts:
			return false, false
		}
	}
	return false, true
}

// An aheadWalk is where walkAhead's walk of a level ends.
type aheadWalk int

const (
	aheadFailsThrough aheadWalk = iota // the level adopts nothing
	aheadAdopts                        // the level adopts something
	aheadRunning                       // the walk needs a test under way
	aheadUnknown                       // the walk needs a verdict not known
)

// walkAhead follows the walk of a level's plan from root through the
// verdicts known: to a test in running (aheadRunning), to another verdict
// not known before its first success (aheadUnknown), past a success
// (aheadAdopts), or to its end without one (aheadFailsThrough). Once ctx
// ends, the verdicts not known are unknown: a walk through candidates
// that Check refuses runs no test, and may be long.
func (s *search) walkAhead(ctx context.Context, root *planNode, running map[uint64]aheadTest) aheadWalk {
	won := false
	for n := root; n != nil; {
		if !n.done {
			if ctx.Err() != nil {
				if won {
					return aheadAdopts
				}
				return aheadUnknown
			}
			if n.p.text == nil {
				n.p = s.prepare(n.step.gen(n.i))
			}
			ok, seen := s.cached(n.p.hash)
			_, under := running[n.p.hash]
			switch {
			case n.p.malformed:
				ok = false
			case seen:
			case under:
				return aheadRunning
			case !won:
				return aheadUnknown
			default:
				return aheadAdopts
			}
			n.ok, n.done = ok, true
			if !ok {
				n.p.text = nil // only an adopted text is kept
			}
		}
		won = won || n.ok
		n = n.next(n.ok)
	}
	if won {
		return aheadAdopts
	}
	return aheadFailsThrough
}

// started returns how many tests a holds.
func (a *aheadTests) started() int {
	if a == nil {
		return 0
	}
	return a.n + a.chained
}

// chain reports whether a holds tests of levels beyond the next.
func (a *aheadTests) chain() bool { return a != nil && a.chained > 0 }

// lookahead starts the first tests of level d+1, at most max of them, as
// they will be if level d adopts nothing more, and returns them; it
// returns nil if it starts none. Where the tests of level d+1 known or
// under way are all those it makes if they fail, as at the end of a
// reduction, where small levels follow one another and most tests fail,
// the jobs left test the first tests of level d+2 as it will be if level
// d+1 adopts nothing either, and so on down the levels, and past the last
// level, the first tests of the passes after pruning. With past (the
// tail of a level's last round), the jobs still left test past the ends
// of the levels' plans after a success (see planStep.end): the next
// levels as they will be if a level adopts something.
func (s *search) lookahead(ctx context.Context, d, max int, past bool) *aheadTests {
	a := &aheadTests{at: s.adoptions, begun: time.Now(), ctx: ctx, s: s, running: make(map[uint64]aheadTest), arrived: make(chan struct{}, 1)}
	// The tests run in a context of their own, which release may end;
	// the plans made here (see firstTests) keep ctx.
	tctx, stop := context.WithCancel(ctx)
	a.stop = stop
	started := make(map[uint64]bool)
	start := func(p prepared, next bool, plan int) {
		if started[p.hash] {
			return
		}
		started[p.hash] = true
		max--
		if next {
			a.n++
		} else {
			a.chained++
		}
		pctx, stop := context.WithCancel(tctx)
		a.mu.Lock()
		a.running[p.hash] = aheadTest{plan, stop}
		a.mu.Unlock()
		// An error here is the level's or pass's to see, when it asks for
		// the same verdict.
		a.wg.Go(func() {
			_, _ = s.evalPrepared(pctx, p)
			a.mu.Lock()
			delete(a.running, p.hash)
			a.mu.Unlock()
			stop()
			select {
			case a.arrived <- struct{}{}:
			default:
			}
		})
	}
	var roots []int // the plans of the levels tested, with past
	// ended starts, with the jobs left, the tests past the ends of those
	// plans after a success (see planStep.end), level by level, the
	// likeliest first.
	ended := func() *aheadTests {
		for _, i := range roots { // none without past
			if max <= 0 {
				break
			}
			for _, n := range s.planRound(ctx, a.plans[i], max, true, started) {
				start(n.p, false, i)
			}
		}
		return a.orNil()
	}
	lv := d + 1
	for ; max > 0 && s.canLookAt(lv, lv > d+1); lv++ {
		items := s.candidates(lv)
		tests, root := s.firstTests(ctx, lv, items, max, past)
		plan := len(a.plans)
		if len(items) > 0 { // else the level adopts nothing, with no tests
			a.plans = append(a.plans, root)
		}
		for _, p := range tests {
			start(p, lv == d+1, plan)
		}
		if root != nil && past {
			roots = append(roots, plan)
		}
		if !s.failsThrough(ctx, items, started) {
			return ended()
		}
	}
	if max > 0 && s.canPassLevels(lv) {
		// Every level fails through: then the passes after pruning, and
		// if their tests are all known or under way, finish's runs.
		covered := true
		if step := s.stepAfter("prune", s.cur); step.n > 0 {
			root := &planNode{step: &step}
			a.plans = append(a.plans, root)
			round := s.planRound(ctx, root, max, false, nil)
			for _, n := range round {
				start(n.p, false, len(a.plans)-1)
			}
			covered = coversPlan(root, round)
		}
		if covered && max > 0 {
			a.chained += s.finishBeside(tctx, max, &a.wg)
		}
	}
	return ended()
}

// orNil returns a, or nil if it holds no tests.
func (a *aheadTests) orNil() *aheadTests {
	if a.started() == 0 {
		a.stop()
		return nil
	}
	return a
}

// canPassLevels reports whether pruning ends at level lv, the one past
// the last, with the tree it has now, and no drops are due (see
// canLookAt).
func (s *search) canPassLevels(lv int) bool {
	return lv > s.t.MaxLevel() && s.unchangedTo(lv) && !s.dropsDue()
}

// canLookAt reports whether lookahead can make the tests of level lv now,
// as they will be if nothing is adopted before it: the tree has the level,
// and it is not parsed again or pruned in another way before it; with
// chained, lv is a level after the next, and neither are due the drops
// that come before a level (see dropDue).
func (s *search) canLookAt(lv int, chained bool) bool {
	return lv <= s.t.MaxLevel() && s.unchangedTo(lv) && (!chained || !s.dropsDue())
}

// unchangedTo reports whether pruning reaches level lv with the tree it
// has now, if it adopts nothing before: the tree is not parsed again on
// the way (see prune).
func (s *search) unchangedTo(lv int) bool {
	if lv > 0 && s.t.RunLevel() == lv-1 || s.stale() {
		return false
	}
	f := s.t.FoldLevel()
	return f < 0 || lv <= f // else level lv is parsed again first
}

// dropsDue reports whether the drops that come before a level are due
// (see dropDue).
func (s *search) dropsDue() bool { return s.bodiesDue() || s.unusedDue() }

// firstTests returns the first tests of the level of items, at most max,
// as the level makes them if nothing is adopted before it: the
// minimizer's first step, or the likeliest of its plan to be tested (see
// dryTester); a level of one node tests only its removal. Where the
// minimizer plans, it also returns the root of the plan; with past, its
// steps end with the next level's (see chainedEnd), without, the plan
// has no ends.
func (s *search) firstTests(ctx context.Context, lv int, items []tree.NodeID, max int, past bool) ([]prepared, *planNode) {
	lt := levelTester{s: s, base: s.cur, items: items, plan: &listPlan[tree.NodeID]{}}
	if past {
		lt.end = s.chainedEnd(ctx, lv)
	}
	dry := &dryTester{levelTester: lt, max: max}
	switch len(items) {
	case 0:
		return nil, nil
	case 1:
		step := lt.removalStep()
		return []prepared{s.prepare(dry.config(nil))}, &planNode{step: &step}
	}
	if _, err := s.levelRun()(ctx, s.r.Minimizer, items, dry); !errors.Is(err, errLookedAhead) {
		return nil, nil
	}
	return dry.cands, dry.root
}

// failsThrough reports whether the level of items, as it will be if
// nothing is adopted before it, ends without a test that is not known
// already or in started, if each fails: then the level after it is the
// one lookahead may test next. A test that is known to succeed ends the
// walk too.
func (s *search) failsThrough(ctx context.Context, items []tree.NodeID, started map[uint64]bool) bool {
	ft := failTester{levelTester: levelTester{s: s, base: s.cur, items: items}, started: started}
	keep, err := s.levelRun()(ctx, s.r.Minimizer, items, ft)
	if err != nil {
		return false
	}
	return len(keep) != 1 || ft.fails(nil) // the level tests the empty set then (see levelOf)
}

// A failTester is the Tester of failsThrough's dry run of a level: every
// test fails, if its verdict is known to be a failure or its test is in
// started; at the first other, the run stops.
type failTester struct {
	levelTester
	started map[uint64]bool
}

// fails reports whether keeping keep is known to fail, or under way.
func (f failTester) fails(keep []tree.NodeID) bool {
	p := f.s.prepare(f.config(keep))
	if f.started[p.hash] || p.malformed {
		return true
	}
	ok, seen := f.s.cached(p.hash)
	return seen && !ok
}

func (f failTester) Test(ctx context.Context, keep []tree.NodeID) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if !f.fails(keep) {
		return false, errLookedAhead
	}
	return false, nil
}

func (f failTester) First(ctx context.Context, n int, gen func(i int) []tree.NodeID, _ func([]int) ([]tree.NodeID, bool)) ([]int, error) {
	for i := range n {
		if err := ctx.Err(); err != nil {
			return nil, err // the walk through refused candidates may be long
		}
		if !f.fails(gen(i)) {
			return nil, errLookedAhead
		}
	}
	return nil, nil
}

// A dryTester is the Tester of a level's dry run in lookahead: it records
// the first candidates the minimizer asks for, at most max, and stops it.
// Where the minimizer plans, they are the likeliest of its plan to be
// tested, as firstPlanned would test them.
type dryTester struct {
	levelTester
	max   int
	cands []prepared
	root  *planNode // the plan's root, where the minimizer plans
}

func (d *dryTester) Test(_ context.Context, keep []tree.NodeID) (bool, error) {
	d.cands = append(d.cands, d.s.prepare(d.config(keep)))
	return false, errLookedAhead
}

func (d *dryTester) First(ctx context.Context, n int, gen func(i int) []tree.NodeID, _ func([]int) ([]tree.NodeID, bool)) ([]int, error) {
	if step, ok := d.planned(n, gen); ok && n > 0 {
		d.root = &planNode{step: &step}
		for _, p := range d.s.planRound(ctx, d.root, d.max, false, nil) {
			d.cands = append(d.cands, p.p)
		}
		return nil, errLookedAhead
	}
	for i := range min(n, d.max) {
		d.cands = append(d.cands, d.s.prepare(d.config(gen(i))))
	}
	return nil, errLookedAhead
}

// levelEnd returns the end of level d's steps (see planStep.end): the
// first step of level d+1 as it will be if level d ends with a given
// candidate. It returns nil where that step is not known now: with one
// job, where level d+1 is not reached with the tree as it is (see
// canLookAt), or where an adoption makes drops due before it or the tree
// stale (a large partial tree is parsed again).
func (s *search) levelEnd(ctx context.Context, d int) func(tree.Candidate) planStep {
	if s.r.Jobs <= 1 || !s.canLookAt(d+1, false) || s.dropsAfterAdoption() || s.t.Partial && len(s.t.Src) > largeText {
		return nil
	}
	return func(c tree.Candidate) planStep { return s.levelStep(ctx, c, d+1) }
}

// chainedEnd is levelEnd for level lv past the level under way, from
// whose end levelStep plans: the first step of level lv+1 from the
// candidate level lv ends with, or nil where level lv+1 is not reached
// with the tree as it is or drops are due before it (see canLookAt).
func (s *search) chainedEnd(ctx context.Context, lv int) func(tree.Candidate) planStep {
	if !s.canLookAt(lv+1, true) {
		return nil
	}
	return func(c tree.Candidate) planStep { return s.levelStep(ctx, c, lv+1) }
}

// dropsAfterAdoption reports whether an adoption makes the drops that
// come before a level due (see dropsDue).
func (s *search) dropsAfterAdoption() bool {
	return s.unusedKnown() || s.p != nil && s.p.Bodies != nil && s.neededOf == s.t
}

// levelStep returns the first step of level lv in candidate c, with the
// steps its minimizer plans after it; n = 0 if its minimizer does not
// plan. A level of one node makes one test, its removal; a level of none
// is passed, to the next level's first step if chainedEnd gives one.
func (s *search) levelStep(ctx context.Context, c tree.Candidate, lv int) planStep {
	return s.levelStepOf(ctx, c, lv, s.candidatesOf(c, lv))
}

// levelStepOf is levelStep for the level's nodes items.
func (s *search) levelStepOf(ctx context.Context, c tree.Candidate, lv int, items []tree.NodeID) planStep {
	lt := levelTester{s: s, base: c, items: items, plan: &listPlan[tree.NodeID]{}, end: s.chainedEnd(ctx, lv)}
	switch len(items) {
	case 0:
		if lt.end != nil {
			return lt.end(c) // the level has nothing to test
		}
		return planStep{}
	case 1:
		return lt.removalStep()
	}
	st := &stepTester{levelTester: lt}
	if _, err := s.levelRun()(ctx, s.r.Minimizer, items, st); !errors.Is(err, errLookedAhead) {
		return planStep{}
	}
	return st.step
}

// levelsFrom returns the first step of level lv in c (see levelStep),
// whose rest, if the level adopts nothing, is the next level's from c,
// and so on down the levels the tree has now. A level with no nodes is
// passed here, as levelStep passes it, so that the rest goes on from the
// level the step is of (levelStep's step past an empty level would
// otherwise be followed by that level again).
func (s *search) levelsFrom(ctx context.Context, c tree.Candidate, lv int) planStep {
	items := s.candidatesOf(c, lv)
	for len(items) == 0 {
		if !s.canLookAt(lv+1, true) {
			return planStep{}
		}
		lv++
		items = s.candidatesOf(c, lv)
	}
	st := s.levelStepOf(ctx, c, lv, items)
	if st.n > 0 && s.canLookAt(lv+1, true) {
		st.rest = func() planStep { return s.levelsFrom(ctx, c, lv+1) }
	}
	return st
}

// removalStep returns the step of a level of one node: its removal, and
// then the level's end.
func (l levelTester) removalStep() planStep {
	return planStep{
		n:    1,
		gen:  func(int) tree.Candidate { return l.config(nil) },
		then: func(int) planStep { return planStep{} },
		end:  l.end,
	}
}

// A stepTester is the Tester of levelStep's dry run of a level: it
// records the first step the minimizer plans, and stops it.
type stepTester struct {
	levelTester
	step planStep
}

func (t *stepTester) Test(context.Context, []tree.NodeID) (bool, error) {
	return false, errLookedAhead
}

func (t *stepTester) First(_ context.Context, n int, gen func(i int) []tree.NodeID, _ func([]int) ([]tree.NodeID, bool)) ([]int, error) {
	t.step, _ = t.planned(n, gen)
	return nil, errLookedAhead
}
