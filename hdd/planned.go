package hdd

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/hddreduce/hdd/hdd/minimize"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Testing ahead along a plan. A step that plans (a minimizer that is told
// a minimize.Planner, or hoisting, a transform or HDD+'s singles, which
// make planSteps) says which step follows each outcome: after a
// failure the next candidate of the step, after a success the first
// candidate of the step its adoption leads to, and so on. The serial
// search walks one path of that tree of steps, its verdicts deciding at
// each candidate which way. With several jobs, firstPlanned tests in each
// round the candidates of the tree the walk is likeliest to reach, the
// candidate it is at included, and the walk then goes through every
// verdict it finds: a round passes several candidates of the walk when
// the verdicts are as guessed, successes as well as failures. Which
// candidate is adopted is the serial search's, whatever the guesses, so the
// result is that of one job; only the runs depend on Jobs.
//
// Hoisting and the transforms also say which step comes after the step
// if none of its candidates succeeds (planStep.rest): the next nodes or
// level to hoist at, the next transform. Rounds test those candidates too
// when they are likely enough, without the walk passing into them: the
// step ends where it would, and the caller's next step finds their
// verdicts in the cache. A round of many jobs thus goes through several
// levels of hoisting, or several transforms, that adopt nothing.
//
// A level's steps also say which step comes after the level if it ends
// with a given candidate (planStep.end): the next level's first step made
// from it. Where the plan ends after a success, the nodes past it are
// ended: a round tests them only with the jobs left idle once the plan's
// own candidates and the lookahead after the level (planAhead.tail) have
// theirs, since both are likelier to be needed (ranked with the plan's,
// replayed at 300 ms a test, rounds went from 3.40 to 3.13 at 8 jobs and
// from 4.58 to 4.12 at 32: the lookahead down the levels lost its jobs).
// The next level then finds their verdicts in the cache, when the level
// ends as guessed. The next level's steps have ends of their own (see
// chainedEnd): past them, whether that level adopts something or
// nothing, the walk goes on to the level after it, and so on down the
// levels while it is likely enough to get there.
// Where the plan ends with no success, the level ends with the candidate
// it started from, and the lookahead tests what follows.
//
// The guess at each candidate is the share of successes among the last
// verdicts of the walk (succRate), lowered for candidates that remove much
// of the text and raised for those that remove little (sizedGuess), and
// lowered or raised again when the same edits were tested over another
// text, failing or succeeding (recalled): after a success, a level's
// ddmin tries again removals that failed before it (at one job, 222 of the
// 319 candidates the public corpus tries again), HDD*'s next sweep those
// that failed in the sweep before, and the walk comes to candidates that a
// round tested past a success it did not take. It is also corrected by
// what the walk found so far of the kinds of nodes the candidate edits
// (kindRates): removing an "#include" or a C "do_statement" seldom
// succeeds, removing a comment mostly does, and shortening a text far
// less often than the walk's other candidates. Only the walk's own
// verdicts count there, those of the serial search: the candidates a
// round tests off the walk are odder (they remove more, or from another
// base), and counted too they made the guesses worse (replayed at 1 s a
// test, rss took 12 rounds at 32 jobs instead of 10). A
// round tests at most Jobs candidates, the likeliest first, and none the
// walk reaches with a probability below minReach/Jobs (Jobs counted as 8
// at least; fillReach/Jobs from fillJobs up): candidates deep in the tree
// are seldom reached, and each test of one that is not is a run for
// nothing.

// A planStep is a step of a plan in candidates: n alternatives made by
// gen, and then, the step that follows if the one at i is adopted (n = 0:
// nothing more is tested).
type planStep struct {
	n    int
	gen  func(i int) tree.Candidate
	then func(i int) planStep
	// rest, if not nil, returns the step the caller makes next if every
	// alternative fails: firstPlanned may test its alternatives ahead,
	// never adopting them (see planNode.beyond). The steps after a
	// success are planned without it (planNode.next drops it, unless
	// keepRest): for hoisting, a plan that also went past their ends
	// spent jobs on less likely candidates (replayed at -j 32, gznorm's
	// hoisting took 16 rounds and 246 runs instead of 9 and 96).
	rest func() planStep
	// keepRest says that the steps after a success keep their rest
	// (then makes it from the success): a transform's, whose next
	// transform starts from the candidate it ends with.
	keepRest bool
	// end, if not nil, returns the step the caller makes next where the
	// plan ends after a success, from the candidate the step then ends
	// with: a level's, the next level's first step (see levelEnd).
	// firstPlanned may test its alternatives ahead, never adopting them.
	end func(c tree.Candidate) planStep
}

// A listPlan holds what a list minimizer plans after its step under way
// (see minimize.Planner), for the Tester it tells: the Tester is passed by
// value, the plan by pointer.
type listPlan[T any] struct {
	next minimize.Step[T]
}

// record records the minimizer's plan; a nil plan records nothing.
func (lp *listPlan[T]) record(next minimize.Step[T]) {
	if lp != nil {
		lp.next = next
	}
}

// step returns the step of n alternatives made by gen, with the steps the
// minimizer plans after it, in candidates that config makes; ok is false
// if it did not plan. Where the minimizer ends after a success that keeps
// one element, the empty list follows: the callers, a level and the
// shortening of a text, then test it (ddmin never tests the empty set).
func (lp *listPlan[T]) step(n int, gen func(i int) []T, config func([]T) tree.Candidate, end func(tree.Candidate) planStep) (planStep, bool) {
	if lp == nil || lp.next.Then == nil {
		return planStep{}, false
	}
	var in func(minimize.Step[T]) planStep
	in = func(st minimize.Step[T]) planStep {
		return planStep{
			n:   st.N,
			gen: func(i int) tree.Candidate { return config(st.Gen(i)) },
			then: func(i int) planStep {
				next := st.Then([]int{i})
				if next.N == 0 && len(st.Gen(i)) == 1 {
					next = emptyLast[T]()
				}
				return in(next)
			},
			end: end,
		}
	}
	return in(minimize.Step[T]{N: n, Gen: gen, Then: lp.next.Then}), true
}

// emptyLast returns the step of the empty list alone, which nothing
// follows.
func emptyLast[T any]() minimize.Step[T] {
	return minimize.Step[T]{
		N:    1,
		Gen:  func(int) []T { return nil },
		Then: func([]int) minimize.Step[T] { return minimize.Step[T]{} },
	}
}

// minReach bounds the candidates a round tests: none that the walk reaches
// with a probability, by the guesses, below minReach/max(Jobs, 8) (see
// leastReach). Measured on the public corpus (verdicts replayed at 100 ms a
// test, geometric mean of the rounds' speedup over one job, and test runs
// over one job's), with the guesses of sizedGuess: with 1, 2.81 at 8 jobs
// for 1.97 times the runs, 3.56 at 32 for 3.93 times; with 1.5, 2.69 for
// 1.90 times and 3.54 for 3.77 times. (Guessing by succRate alone, 1.5
// gave 2.66 for 2.00 times and 3.59 for 3.98 times.)
const minReach = 1.0

// A planNode is a candidate of the tree of steps: alternative i of step.
type planNode struct {
	step *planStep
	i    int
	p    prepared // rendered when the walk may reach it
	done bool     // its verdict is known: ok, or err
	ok   bool
	err  error
	// fail and succ are the nodes that follow a failure and a success,
	// made on demand; nil once made if the plan ends there.
	fail, succ   *planNode
	failed, sucd bool // whether fail and succ were made
	// beyond marks the nodes past the step's end, in its rest: their
	// verdicts go to the cache, for the caller's next step to find.
	beyond bool
	// base is the candidate n's is made from: the walk's when the round
	// is planned, or the success on the path to n.
	base tree.Candidate
	// key is the hash of the edits n's candidate makes over base, once
	// rendered, if it makes any (keyed): see remember.
	key   uint64
	keyed bool
	// kinds are what n's candidate edits over base (see editKinds).
	kinds []editKind
	// won marks the nodes after a success on the path from the round's
	// root: where the plan ends, they go on into step.end, whose nodes
	// and those after them are ended.
	won, ended bool
}

// next returns the node the walk goes to after n's verdict ok, or nil
// where the plan ends.
func (n *planNode) next(ok bool) *planNode {
	if !ok {
		if !n.failed {
			n.failed = true
			switch {
			case n.i+1 < n.step.n:
				n.fail = &planNode{step: n.step, i: n.i + 1, beyond: n.beyond, base: n.base, won: n.won, ended: n.ended}
			case n.step.rest != nil:
				n.fail = n.past(n.step.rest(), n.base)
				if n.fail != nil {
					n.fail.ended = n.ended // past the plan's end still
				}
			case n.won && !n.beyond, n.ended:
				// The level ends with base: after a success, or,
				// past the plan's end, whatever came before.
				n.fail = n.ending(n.base)
			}
		}
		return n.fail
	}
	if !n.sucd {
		n.sucd = true
		if st := n.step.then(n.i); st.n > 0 {
			if !n.step.keepRest {
				st.rest = nil // see planStep.rest
			}
			n.succ = &planNode{step: &st, beyond: n.beyond, base: n.p.c, won: true, ended: n.ended}
		} else if n.step.keepRest && st.rest != nil {
			n.succ = n.past(st.rest(), n.p.c)
		} else if !n.beyond || n.ended {
			n.succ = n.ending(n.p.c)
		}
	}
	return n.succ
}

// ending returns the node where the walk goes on after the plan ends
// with candidate c, after a success: the first of step.end's, past the
// step; nil if there is none. Where the plan ends with no success, the
// level's lookahead tests what follows (see planAhead.tail).
func (n *planNode) ending(c tree.Candidate) *planNode {
	if n.step.end == nil {
		return nil
	}
	e := n.past(n.step.end(c), c)
	if e != nil {
		e.ended = true
	}
	return e
}

// past returns the first node of st, a step past the plan's end, made
// from base; nil if st has no alternatives.
func (n *planNode) past(st planStep, base tree.Candidate) *planNode {
	if st.n == 0 {
		return nil
	}
	return &planNode{step: &st, beyond: true, base: base}
}

// A planAhead is what firstPlanned is told of the tests that look ahead of
// the level: tail, if not nil, is called once, with the jobs left idle,
// when a round tests the step's last alternatives and every verdict of the
// step so far is a failure, and returns how many tests it started; tests
// returns them (nil if it started none).
type planAhead struct {
	tail  func(idle int) int
	tests func() *aheadTests
	// finish says that jobs left idle by a round that holds the last
	// tests of the step and of its rest run finish's (see finishBeside).
	finish bool
}

// firstStep adopts the first interesting alternative of step, as the
// serial search does, and returns its index, or none: with one job it
// tests them in order, with more along the plan (see firstPlanned).
func (s *search) firstStep(ctx context.Context, step planStep) ([]int, error) {
	if s.r.Jobs > 1 {
		return s.firstPlanned(ctx, step, planAhead{finish: true})
	}
	return s.firstOne(ctx, step.n, step.gen)
}

// firstPlanned is first for a step whose minimizer plans, with Jobs > 1
// (see the comment above): it adopts the first interesting alternative of
// step, as the serial search would, and returns its index, or none.
func (s *search) firstPlanned(ctx context.Context, step planStep, ahead planAhead) ([]int, error) {
	if step.n == 0 {
		return nil, nil
	}
	head := &planNode{step: &step, base: s.cur}
	tailed := false
	for {
		// The walk: through the known verdicts of the step, to its first
		// success, or to its first unknown verdict. The nodes it passes
		// are let go, with what the plan made after them: in a level of
		// thousands of nodes, each node's plan after a success holds a
		// list as long as the level.
		for head != nil && !head.beyond && head.done {
			if head.err != nil {
				return nil, head.err
			}
			if !head.p.malformed {
				s.kinds.record(head.p.hash, head.kinds, head.ok)
			}
			if head.ok {
				s.walked(head.i, true)
				s.adopt(head.p.c, head.p.text)
				return []int{head.i}, nil
			}
			head = head.next(false)
		}
		if head == nil || head.beyond {
			s.walked(step.n, false)
			return nil, nil
		}
		if err := ctx.Err(); err != nil {
			// Checked here too: a walk through candidates that Check
			// refuses runs no test, and may be long.
			return nil, err
		}
		round := s.planRound(ctx, head, s.r.Jobs, false, nil)
		if d, won := decided(head); d && (won || ahead.tail == nil || tailed) {
			// The cache holds the verdicts the walk needs: it goes on
			// without waiting for a round of tests past them. (A step
			// that adopts nothing first lets the lookahead after the
			// level test ahead.)
			continue
		}
		idle := s.r.Jobs - len(round)
		if ahead.tail != nil && !tailed && idle > 0 && coversStep(head, round) {
			tailed = true
			idle -= ahead.tail(idle)
		}
		if idle > 0 && len(round) > 0 && step.end != nil {
			// The jobs still idle test the steps past the plan's ends
			// after a success (see planStep.end), ranked below the
			// step's own tests and the lookahead's.
			round = append(round, s.planRound(ctx, head, idle, true, nil)...)
		}
		rctx, stop := context.WithCancel(ctx)
		var wg sync.WaitGroup // finish's runs beside the round
		fctx, stopFinish := context.WithCancel(ctx)
		begun := time.Now()
		if ahead.finish && len(round) > 0 && len(round) < s.r.Jobs && coversPlan(head, round) {
			s.finishBeside(fctx, s.r.Jobs-len(round), &wg)
		}
		verdicts := make(chan tested, s.r.Jobs)
		start := func(n *planNode) context.CancelFunc {
			tctx, stop := context.WithCancel(rctx)
			go func() {
				ok, err := s.evalPrepared(tctx, n.p)
				stop()
				verdicts <- tested{n, ok, err}
			}()
			return stop
		}
		s.awaitRound(ctx, head, round, start, verdicts, stop)
		stop()
		_, won := decided(head)
		if won {
			// finish's runs are of the text before the success.
			s.awaitOrStop(&wg, begun, stopFinish)
		} else {
			wg.Wait()
		}
		stopFinish()
		if tailed && ahead.tests != nil {
			// No more than Jobs tests at once in the next round. Once
			// the walk adopts a success, the tests ahead, which suppose
			// that the level adopts nothing more, are for nothing.
			if won {
				ahead.tests().release()
			} else {
				ahead.tests().wait()
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
}

// A tested node is the outcome of a round's test of n's candidate.
type tested struct {
	n   *planNode
	ok  bool
	err error
}

// awaitRound starts round's tests with start, which returns how to stop
// one, and takes their verdicts from verdicts as they come; it refills
// the jobs of tests that end early while the walk waits for a slow one
// (refill), and stops at once the tests the walk passed by that run on
// (stopPointless). Once the walk from head needs none of the tests still
// under way (the verdicts it goes through are known, up to a candidate
// the round did not start), those get graceAfter before stop stops them:
// a test that hangs off the walk (until the timeout, a candidate the
// serial search never tries) does not hold up the search, which needs no
// verdict of it. A stopped test's candidate goes back to unknown, to be
// tested again if the walk comes to it; the run counts, as a canceled
// one. The tests of a round end together when they take about as long as
// each other, and then none is stopped.
func (s *search) awaitRound(ctx context.Context, head *planNode, round []*planNode, start func(*planNode) context.CancelFunc, verdicts <-chan tested, stop context.CancelFunc) {
	begun := time.Now()
	pending := make(map[*planNode]*underWay, len(round))
	for _, n := range round {
		pending[n] = &underWay{began: begun, stop: start(n)}
	}
	jobs := len(round) // the jobs the round holds
	var timer *time.Timer
	var deadline <-chan time.Time // nil until the walk needs no test under way
	stopped := false
	// Where the walk is. It moves only as verdicts come in: a refill runs
	// only while the walk waits at a test under way, so the verdicts it
	// finds in the cache are past that test.
	front := walkFront(head)
	for len(pending) > 0 {
		if timer == nil && pending[front] == nil {
			timer = time.NewTimer(s.graceAfter(begun))
			deadline = timer.C
		}
		select {
		case v := <-verdicts:
			w := pending[v.n]
			delete(pending, v.n)
			if (stopped || w.stopped) && v.err != nil && ctx.Err() == nil && !errors.Is(v.err, ErrBudget) {
				continue // stopped here: unknown again
			}
			v.n.ok, v.n.err, v.n.done = v.ok, v.err, true
			if !v.ok {
				v.n.p.text = nil // only an adopted text is kept
			}
			front = walkFront(head)
			s.stopPointless(front, pending)
			if idle := jobs - len(pending); idle > 0 && timer == nil {
				for _, n := range s.refill(ctx, head, front, pending, idle) {
					pending[n] = &underWay{began: time.Now(), stop: start(n)}
					round = append(round, n)
				}
			}
		case <-deadline:
			stopped, deadline = true, nil
			stop()
		}
	}
	if timer != nil {
		timer.Stop()
	}
	for _, n := range round { // in the round's order, whatever the verdicts' order
		if n.done && n.err == nil {
			s.remember(n)
		}
	}
}

// An underWay test is one of a round's: when it began, and how to stop
// it.
type underWay struct {
	began   time.Time
	stop    context.CancelFunc
	stopped bool // by stopPointless
}

// stopPointless stops the tests under way that the walk, at front (see
// walkFront), can no longer come to (it passed them by), and that
// are likely to run on (endsLate): a refilled test down the plan after a
// success the walk did not take holds its job, and the round, for
// nothing. Tests of about the same length end together and are not
// stopped. A stopped test's candidate goes back to unknown.
func (s *search) stopPointless(front *planNode, pending map[*planNode]*underWay) {
	ahead := reachable(front)
	var late func(ran time.Duration) bool // made once, if a test is passed by
	for n, w := range pending {
		if w.stopped || ahead[n] {
			continue
		}
		if late == nil {
			late = s.runsNow().endsLate()
		}
		if late(time.Since(w.began)) {
			w.stop()
			w.stopped = true
		}
	}
}

// reachable returns the nodes of the tree from n on, as far as they are
// made: n and those after each of its verdicts.
func reachable(n *planNode) map[*planNode]bool {
	seen := make(map[*planNode]bool)
	var visit func(n *planNode)
	visit = func(n *planNode) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		if n.failed {
			visit(n.fail)
		}
		if n.sucd {
			visit(n.succ)
		}
	}
	visit(n)
	return seen
}

// awaitOrStop waits for the tests of wg, begun at begun, which no step
// needs: those still running after graceAfter are stopped by stop.
func (s *search) awaitOrStop(wg *sync.WaitGroup, begun time.Time, stop context.CancelFunc) {
	done := allEnded(wg)
	t := time.NewTimer(s.graceAfter(begun))
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		stop()
		<-done
	}
}

// allEnded returns a channel closed once the tests of wg have ended.
func allEnded(wg *sync.WaitGroup) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	return done
}

// graceAfter returns how long, from now, tests begun at start and not
// needed any more are given before they are stopped: as long again as
// they have run, at least stragglerGrace, and at least until they have run
// twice as long as the mean test so far (a round whose walk is decided by
// a quick failure does not stop tests of the usual length).
func (s *search) graceAfter(start time.Time) time.Duration {
	ran := time.Since(start)
	s.mu.Lock()
	var mean time.Duration
	if s.stats.Tests > 0 {
		mean = s.stats.TestTime / time.Duration(s.stats.Tests)
	}
	s.mu.Unlock()
	return max(ran, stragglerGrace, 2*mean-ran)
}

// stragglerGrace is the least time graceAfter gives.
const stragglerGrace = time.Second

// walkFront returns the node the walk from head comes to through the
// known verdicts: the first whose verdict is not known, or is an error;
// nil if the walk ends first. (The tests under way have no verdict yet.)
func walkFront(head *planNode) *planNode {
	for n := head; n != nil; n = n.next(n.ok) {
		if !n.done || n.err != nil {
			return n
		}
	}
	return nil
}

// refill returns the candidates to test, at most idle, in the jobs that
// a round's tests that ended early left idle while the walk from head,
// at front (see walkFront), waits for one still under way, or nil if
// that one is likely to end soon. (Where a quick verdict brings the walk
// to a candidate not under way, the tests it passed by that run on are
// stopped, stopPointless, and the next round starts from there.) With tests of unequal length (a
// compiler that stops at a syntax error, a program that builds and
// runs), the walk would otherwise wait for a slow verdict with jobs
// idle; the candidates are those the round would hold now, the likeliest
// of the tree, the verdicts under way guessed also by how long their
// tests have run (ranOdds). Tests of about the same length end together,
// and then none is refilled: the round after them has every verdict to
// choose its tests by. Which tests run then depends on when the tests
// end; the walk, and so the result, does not.
func (s *search) refill(ctx context.Context, head, front *planNode, pending map[*planNode]*underWay, idle int) []*planNode {
	waits := pending[front]
	if waits == nil {
		return nil
	}
	runs := s.runsNow() // one copy, for the wait and the guesses
	if !runs.endsLate()(time.Since(waits.began)) {
		return nil
	}
	under := make(map[uint64]bool, len(pending))
	odds := make(map[uint64]float64, len(pending))
	for p, w := range pending {
		under[p.p.hash] = true
		odds[p.p.hash] = runs.ranOdds(time.Since(w.began))
	}
	return s.planRoundOdds(ctx, head, idle, false, under, odds)
}

// decided reports whether the walk from head, through the known
// verdicts of the step, comes to its first success (won) or past its
// end.
func decided(head *planNode) (ok, won bool) {
	n := head
	for n != nil && !n.beyond && n.done && !n.ok && n.err == nil {
		n = n.next(false)
	}
	if n == nil || n.beyond {
		return true, false
	}
	return n.done, n.done
}

// planRound returns the candidates of the next round: from head, where
// the walk is, the likeliest candidates of the tree whose verdicts are
// unknown, at most max, the first unknown on the walk first. Verdicts
// found in the cache on the way are taken as they are. The candidates
// past the plan's ends after a success (planNode.ended) are left out, or,
// with ended, they are the only ones returned: the others are then
// passed as if under way. The candidates whose hashes are in under are
// under way: their verdicts, which may come in while the round is
// planned, are taken as unknown, so that the round does not depend on
// when they come, and they are not returned.
func (s *search) planRound(ctx context.Context, head *planNode, max int, ended bool, under map[uint64]bool) []*planNode {
	return s.planRoundOdds(ctx, head, max, ended, under, nil)
}

// planRoundOdds is planRound, where the guess at a candidate under way
// has its odds multiplied by odds[hash], if set (see ranOdds).
func (s *search) planRoundOdds(ctx context.Context, head *planNode, max int, ended bool, under map[uint64]bool, odds map[uint64]float64) []*planNode {
	p := s.succRate()
	type reach struct {
		n    *planNode
		like float64
		base int // the length of the text n's candidate is made from
	}
	frontier := []reach{{head, 1, len(s.best)}}
	var round []*planNode
	for len(frontier) > 0 && len(round) < max && ctx.Err() == nil {
		best := 0 // the likeliest, the earliest found among equals
		for k, r := range frontier {
			if r.like > frontier[best].like {
				best = k
			}
		}
		r := frontier[best]
		frontier = append(frontier[:best], frontier[best+1:]...)
		if r.like < leastReach(s.r.Jobs) && (len(round) > 0 || ended) {
			break
		}
		n := r.n
		if n.ended && !ended {
			continue
		}
		if n.p.text == nil && !n.done {
			n.p = s.prepare(n.step.gen(n.i))
			n.key, n.keyed = n.p.c.DiffHash(s.seed, n.base)
			n.kinds = s.editKinds(n.p.c, n.base)
		}
		if !n.done && !under[n.p.hash] {
			ok, seen := s.cached(n.p.hash)
			if seen || n.p.malformed {
				// Known already, or refused by Check without a run.
				if !seen {
					ok, _ = s.evalPrepared(ctx, n.p)
				}
				n.ok, n.done = ok, true
				s.remember(n)
				if !ok {
					n.p.text = nil // only an adopted text is kept
				}
			}
		}
		if n.done {
			base := r.base
			if n.ok {
				base = len(n.p.text)
			}
			if c := n.next(n.ok); c != nil {
				frontier = append(frontier, reach{c, r.like, base})
			}
			continue
		}
		if (n.ended || !ended) && !under[n.p.hash] {
			round = append(round, n)
		}
		q := s.recalled(n, s.kinds.guess(n.kinds, sizedGuess(p, r.base, len(n.p.text))))
		if f, ok := odds[n.p.hash]; ok {
			q = timesOdds(q, f)
		}
		if c := n.next(true); c != nil {
			frontier = append(frontier, reach{c, r.like * q, len(n.p.text)})
		}
		if c := n.next(false); c != nil {
			frontier = append(frontier, reach{c, r.like * (1 - q), r.base})
		}
	}
	return round
}

// coversStep reports whether round holds every alternative of head's step
// from head on whose verdict is unknown: the step's last test is under
// way, and if they all fail, the step adopts nothing.
func coversStep(head *planNode, round []*planNode) bool {
	in := setOf(round)
	for n := head; n != nil && !n.beyond; n = n.fail {
		if !n.done && !in[n] || !n.failed && n.i+1 < n.step.n {
			return false
		}
	}
	return true
}

// coversPlan reports whether round holds every candidate whose verdict
// is unknown on the walk from head if they all fail, through the step's
// rest to its end, and none known on the way succeeded: if they fail,
// the step adopts nothing, and nothing is left to test of the steps its
// rest plans.
func coversPlan(head *planNode, round []*planNode) bool {
	in := setOf(round)
	for n := head; n != nil; n = n.next(false) {
		if n.done && n.ok || !n.done && !in[n] {
			return false
		}
	}
	return true
}

// setOf returns the nodes of round as a set.
func setOf(round []*planNode) map[*planNode]bool {
	in := make(map[*planNode]bool, len(round))
	for _, n := range round {
		in[n] = true
	}
	return in
}

// leastReach returns the least probability, by the guesses, with which
// the walk reaches a candidate that a round of jobs tests (see minReach):
// minReach/max(jobs, 8), and fillReach/jobs from fillJobs jobs up. Jobs
// count as 8 at least so that with 2 or 4 jobs a round tests candidates
// the walk reaches with a probability of 0.19 or more, as with 8, not
// only those of 0.75 or 0.375 (replayed verdicts, public corpus,
// geometric mean of the rounds' speedup over one job: 1.18 -> 1.47 at
// -j 2, 1.97 -> 2.07 at -j 4, for 1.07x -> 1.22x and 1.41x -> 1.47x the
// runs of one job).
func leastReach(jobs int) float64 {
	if jobs >= fillJobs {
		return fillReach / float64(jobs)
	}
	return minReach / float64(max(jobs, 8))
}

// From fillJobs jobs up, a round's jobs that the candidates of reach
// minReach/Jobs leave idle also test those the walk reaches less often,
// down to fillReach/Jobs: a round of 32 jobs held 21 tests on average,
// and the cores the user gave are otherwise idle. Replayed at 1 s a test
// (public corpus, rounds' speedup over one job, geometric mean): 4.76 ->
// 4.90 at -j 16 (2405 -> 2464 runs), 5.73 -> 5.82 at -j 32 (3494 ->
// 3492), 5.88 -> 5.90 at -j 64 (5257 -> 5352); at -j 8, a bound of
// 0.25/8 gave 3.68 against 3.71, for 1719 runs against 1673.
const (
	fillJobs  = 16
	fillReach = 0.1
)
