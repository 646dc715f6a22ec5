package hdd

import (
	"context"
	"fmt"
	"sync"

	"github.com/hddreduce/hdd/hdd/tree"
)

// finish tries each of the policy's tidies on the best text, in order,
// adopting those that stay interesting, then runs the test once more on
// the result and returns that run's verdict (see ReduceChecked). With
// Jobs > 1 and no test budget, it makes those runs in one round when they
// fit (finishAhead).
func (s *search) finish(ctx context.Context) (bool, error) {
	tidies := s.tidies()
	s.setPhase("tidying")
	test, confirm := s.evalText, func(ctx context.Context, text []byte) (bool, error) {
		ok, _, err := s.run(ctx, text, s.r.Repeat)
		return ok, err
	}
	if s.r.Jobs > 1 && s.r.MaxTests <= 0 {
		if t, c, done := s.finishAhead(ctx, tidies); done {
			test, confirm = t, c
		}
	}
	for _, t := range tidies {
		cand := s.applyTidy(t, s.best)
		if len(cand) >= len(s.best) {
			continue
		}
		ok, err := test(ctx, cand)
		if err != nil {
			return false, err
		}
		if ok {
			s.tidied(t, cand)
		}
	}
	return confirm(ctx, s.best)
}

// tidies returns the tidies finish tries: the policy's, unless NoTidy.
func (s *search) tidies() []tree.Tidy {
	if s.r.NoTidy {
		return nil
	}
	return s.p.Tidies
}

// tidied adopts cand, the text tidy t made of the best.
func (s *search) tidied(t tree.Tidy, cand []byte) {
	n := s.sizeOf(cand)
	s.mu.Lock()
	s.best, s.bestSize = cand, n
	s.report()
	s.mu.Unlock()
	if s.r.Improved != nil {
		s.r.Improved(cand)
	}
	s.logf("tidy %q: %s", t.Name, count(s.size(), "byte"))
}

// A verdictFunc returns the verdict of a test run on text.
type verdictFunc func(ctx context.Context, text []byte) (bool, error)

// finishAhead makes finish one round, or two: it tests every text the
// tidies can lead to, whatever the verdicts on the way, and runs the test
// once more on every text finish can end with, all at once (Jobs at a
// time), and returns those verdicts as finish's test and confirm. A
// confirmation runs at the same time as the test of the same text, not
// after it: still, two runs of the text found it interesting, as in
// finish. done is false, and nothing is run, if those runs are more than
// twice Jobs: there are at most 2^k - 1 tests and 2^k confirmations for k
// tidies that shorten the text, 7 and 8 for the three tidies of most
// formats, 15 and 16 for XML's four, and most lead to the same texts. Two
// rounds beat finish's own chain of a round a tidy and one to confirm
// where two tidies or more shorten the text; where one does, finish's
// chain takes two rounds too, for fewer runs, so that is left to it. Runs
// that finishBeside started for the same texts are not made again.
func (s *search) finishAhead(ctx context.Context, tidies []tree.Tidy) (test, confirm verdictFunc, done bool) {
	tests, final, ok := s.finishRuns(tidies, 2*s.r.Jobs)
	if !ok || len(tests)+len(final) > s.r.Jobs && len(tests) < 2 {
		return nil, nil, false
	}
	var wg sync.WaitGroup
	s.startFinish(ctx, tests, final, make(chan struct{}, s.r.Jobs), &wg)
	wg.Wait()
	return s.evalText, func(_ context.Context, text []byte) (bool, error) {
		v := s.confirms[s.hash(text)]
		<-v.done
		return v.ok, v.err
	}, true
}

// finishRuns returns the texts finishAhead tests, by hash: those the
// tidies can lead to from the best text, and those finish can end with,
// to run once more; ok is false if they are more than max.
func (s *search) finishRuns(tidies []tree.Tidy, max int) (tests, final map[uint64][]byte, ok bool) {
	tests, final = map[uint64][]byte{}, map[uint64][]byte{}
	var walk func(i int, text []byte)
	walk = func(i int, text []byte) {
		for ; i < len(tidies) && len(tests)+len(final) <= max; i++ {
			cand := s.applyTidy(tidies[i], text)
			if len(cand) >= len(text) {
				continue
			}
			tests[s.hash(cand)] = cand
			walk(i+1, cand) // adopted
		} // and not
		final[s.hash(text)] = text
	}
	walk(0, s.best)
	return tests, final, len(tests)+len(final) <= max
}

// startFinish starts, in wg, the tests of texts tests, through the cache,
// and a confirmation of each of final, unless one was made already, and
// returns how many it started (a test may find its verdict in the cache).
// Confirmations go to s.confirms, whose verdicts finish takes. With slots,
// no more runs go at once than it holds.
func (s *search) startFinish(ctx context.Context, tests, final map[uint64][]byte, slots chan struct{}, wg *sync.WaitGroup) (started int) {
	slot := func() func() {
		if slots == nil {
			return func() {}
		}
		slots <- struct{}{}
		return func() { <-slots }
	}
	for _, text := range tests {
		started++
		wg.Go(func() {
			defer slot()()
			_, _ = s.evalText(ctx, text) // an error is finish's to see
		})
	}
	if s.confirms == nil {
		s.confirms = map[uint64]*verdict{}
	}
	for h, text := range final {
		if v := s.confirms[h]; v != nil {
			if <-v.done; v.err == nil {
				continue
			}
		}
		v := &verdict{done: make(chan struct{})}
		s.confirms[h] = v
		started++
		wg.Go(func() {
			defer close(v.done)
			defer slot()()
			v.ok, _, v.err = s.run(ctx, text, s.r.Repeat)
		})
	}
	return started
}

// finishBeside starts, in wg, the runs of finishAhead for the best text
// in idle jobs, if they fit and have not been started for it, and
// returns how many it started: a round that has jobs left after the last
// tests of the passes that plan runs them beside its tests (see
// firstPlanned and lookahead). If the search ends with the
// best text as it is, finish then makes none of its runs; if it adopts
// more, they were for nothing, and are counted as the runs they are.
func (s *search) finishBeside(ctx context.Context, idle int, wg *sync.WaitGroup) (started int) {
	if s.r.MaxTests > 0 || s.finishedFor == s.adoptions+1 {
		return 0
	}
	tests, final, ok := s.finishRuns(s.tidies(), idle)
	if !ok {
		return 0
	}
	s.finishedFor = s.adoptions + 1
	return s.startFinish(ctx, tests, final, nil, wg)
}

// applyTidy returns tidy t applied to text, or text itself if t panics,
// with a warning, once a tidy: a tidy is a format's own code, run on
// texts the search made, and a fault in it is to cost that tidy, not the
// reduction and the result it reached.
func (s *search) applyTidy(t tree.Tidy, text []byte) (out []byte) {
	defer func() {
		if r := recover(); r != nil {
			s.mu.Lock()
			first := !s.faulty[t.Name]
			if s.faulty == nil {
				s.faulty = map[string]bool{}
			}
			s.faulty[t.Name] = true
			s.mu.Unlock()
			if first {
				s.warn(fmt.Errorf("internal error in the tidy %q, skipped: %v", t.Name, r))
			}
			out = text
		}
	}()
	return t.Apply(text)
}
