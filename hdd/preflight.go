package hdd

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"sync"
	"time"
)

// Checked is a reduction whose original input is being checked, or has
// been, by Preflight's tests; ReduceChecked goes on with it.
type Checked struct {
	s *search
	// busy is the jobs the checks hold: as many as run at once (all of
	// them if Jobs allows), or every job under a MaxTests budget. The
	// search's first tests run beside them in the others (see beside).
	busy int
	// empty is the test of the empty file; it stays in s.testing until
	// the outcome is taken, so that a candidate as empty waits for it,
	// and is not in the cache before (see beside).
	empty *verdict
	done  chan struct{} // closed when the checks have ended
	runs  []check       // the checks of the original; valid once done is closed

	once sync.Once
	err  error // the outcome, once taken
}

// A check is the outcome of one check run of the original.
type check struct {
	ok  bool
	err error
}

// Preflight starts the tests Reduce starts with on text, the original
// input: CheckRuns runs of it (at least two) and one of the empty file,
// and returns without waiting for them. It needs no tree, so a caller
// may start it while the input is parsed, then pass it to ReduceChecked
// with the parsed tree, which takes the outcome (Checked.Wait). Calibrate
// is called when the first test of the original ends. With one job that
// test runs alone, before any other; with Jobs > 1 all the checks run at
// once, unless MaxTests leaves no room for all, and with Jobs above the
// number of checks and no MaxTests, ReduceChecked runs the search's first
// tests beside them.
func (r *Reducer) Preflight(ctx context.Context, text []byte) *Checked {
	s := &search{r: r, seed: maphash.MakeSeed(), cache: make(map[uint64]bool), testing: make(map[uint64]*verdict), start: time.Now()}
	s.best, s.bestSize = text, s.sizeOf(text)
	s.stats.BytesBefore = len(s.best)
	s.cache[s.hash(s.best)] = true
	s.phase = "checking the original"

	c := &Checked{s: s, runs: make([]check, max(r.CheckRuns, 2)), done: make(chan struct{})}
	tests := len(c.runs)
	if len(text) > 0 {
		c.empty = &verdict{done: make(chan struct{})}
		s.testing[s.hash(nil)] = c.empty
		tests++
	}
	// All at once only if the budget has room for all: the first test must
	// be one of those that run.
	parallel := r.Jobs > 1 && (r.MaxTests <= 0 || r.MaxTests > tests)
	c.busy = 1
	if parallel {
		c.busy = min(tests, r.Jobs)
	}
	if r.MaxTests > 0 {
		c.busy = r.Jobs // no test beside them: they may fall short of the budget
	}
	go c.run(ctx, parallel)
	return c
}

// run runs the checks, closing c.done when they have ended: all at once,
// no more than Jobs at a time, if parallel, or else one by one, the first
// alone.
func (c *Checked) run(ctx context.Context, parallel bool) {
	defer close(c.done)
	s := c.s
	first := func() error {
		var took time.Duration
		c.runs[0].ok, took, c.runs[0].err = s.run(ctx, s.best, 1)
		if c.runs[0].err == nil && s.r.Calibrate != nil {
			s.r.Calibrate(took)
		}
		return c.runs[0].err
	}
	tests := []func(){func() { _ = first() }}
	for i := 1; i < len(c.runs); i++ {
		tests = append(tests, func() { c.runs[i].ok, _, c.runs[i].err = s.run(ctx, s.best, 1) })
	}
	if c.empty != nil {
		tests = append(tests, func() {
			c.empty.ok, _, c.empty.err = s.run(ctx, nil, 1)
			close(c.empty.done)
		})
	}
	if !parallel {
		// The first test runs alone, so the timeout Calibrate derives
		// from it bounds every other test.
		// If it could not run the test, the others are not run: its
		// error is the outcome.
		if err := first(); err != nil {
			if c.empty != nil {
				c.empty.err = err
				close(c.empty.done)
			}
			return
		}
		for _, t := range tests[1:] {
			t()
		}
		return
	}
	var wg sync.WaitGroup
	slots := make(chan struct{}, c.busy) // no more than Jobs at once
	for _, t := range tests {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			t()
		})
	}
	wg.Wait()
}

// Wait waits for the checks and returns their outcome: nil if the
// original was interesting in one of its runs at least, warning through
// Warn if not in all of them (ErrFlaky) and if the empty file is
// interesting too (ErrEmptyInteresting); ErrNotInteresting if in none;
// or the error of a run. Each call returns the same.
func (c *Checked) Wait() error {
	c.once.Do(func() { c.err = c.outcome() })
	return c.err
}

// outcome waits for the checks and weighs their verdicts (see Wait).
func (c *Checked) outcome() error {
	<-c.done
	s := c.s
	emptyDone := c.empty != nil && c.empty.err == nil
	if c.empty != nil {
		// From the test under way to the cache at once: a candidate as
		// empty finds the verdict in one or the other.
		s.mu.Lock()
		delete(s.testing, s.hash(nil))
		if emptyDone {
			s.cache[s.hash(nil)] = c.empty.ok
		}
		s.mu.Unlock()
	}
	if c.runs[0].err != nil {
		return c.runs[0].err
	}
	// A small MaxTests leaves some checks undone: they count as neither.
	var errs []error
	interesting, checked := 0, 0
	for _, r := range c.runs {
		switch {
		case r.err == nil:
			checked++
			if r.ok {
				interesting++
			}
		case !errors.Is(r.err, ErrBudget):
			errs = append(errs, r.err)
		}
	}
	if c.empty != nil && c.empty.err != nil && !errors.Is(c.empty.err, ErrBudget) {
		errs = append(errs, c.empty.err)
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	switch {
	case interesting == 0:
		return ErrNotInteresting
	case interesting < checked:
		s.warn(fmt.Errorf("%w: the original input was interesting in %d of %d runs", ErrFlaky, interesting, checked))
	}
	if emptyDone && c.empty.ok {
		s.warn(ErrEmptyInteresting)
	}
	return nil
}

// beside starts the search's first tests in the jobs the checks of c
// leave idle while they run, if there are any and the search begins by
// pruning the levels, and returns them for prune's first level: they are
// the tests lookahead starts ahead of the levels. What they are depends
// on the tree alone, as the cache holds neither the empty file's verdict
// nor any other yet, so the runs do not depend on when the checks end.
// They look ahead as if the original were interesting; if it is not,
// they are stopped.
func (s *search) beside(ctx context.Context, c *Checked) *aheadTests {
	idle := s.r.Jobs - c.busy
	if idle <= 0 || s.r.Algorithm == PlainDDMin || s.dropsDue() {
		return nil
	}
	return s.lookahead(ctx, -1, idle, false)
}
