package hdd

import (
	"context"
	"sync"

	"github.com/hddreduce/hdd/hdd/tree"
)

// finish tries each of the policy's tidies on the best text, in order,
// adopting those that stay interesting, then runs the test once more on
// the result and returns that run's verdict (see ReduceChecked). With
// Jobs > 1 and no test budget, it makes those runs in one round when they
// fit (finishAhead).
func (s *search) finish(ctx context.Context) (bool, error) {
	tidies := s.p.Tidies
	if s.r.NoTidy {
		tidies = nil
	}
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
		cand := t.Apply(s.best)
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

// tidied adopts cand, the text tidy t made of the best.
func (s *search) tidied(t tree.Tidy, cand []byte) {
	s.mu.Lock()
	s.best = cand
	s.report()
	s.mu.Unlock()
	if s.r.Improved != nil {
		s.r.Improved(cand)
	}
	s.logf("tidy %q: %s", t.Name, count(len(cand), "byte"))
}

// A verdictFunc returns the verdict of a test run on text.
type verdictFunc func(ctx context.Context, text []byte) (bool, error)

// finishAhead makes finish one round: it tests every text the tidies can
// lead to, whatever the verdicts on the way, and runs the test once more
// on every text finish can end with, all at once, and returns those
// verdicts as finish's test and confirm. A confirmation runs at the same
// time as the test of the same text, not after it: still, two runs of the
// text found it interesting, as in finish. done is false, and nothing is
// run, if those runs are more than Jobs: there are at most 2^k - 1 tests
// and 2^k confirmations for k tidies that shorten the text, 7 and 8 for
// the three tidies of most formats, and most lead to the same texts.
func (s *search) finishAhead(ctx context.Context, tidies []tree.Tidy) (test, confirm verdictFunc, done bool) {
	type run struct {
		text []byte
		ok   bool
		err  error
	}
	tests := map[uint64]*run{} // by the text's hash
	final := map[uint64]*run{}
	var walk func(i int, text []byte)
	walk = func(i int, text []byte) {
		for ; i < len(tidies) && len(tests)+len(final) <= s.r.Jobs; i++ {
			cand := tidies[i].Apply(text)
			if len(cand) >= len(text) {
				continue
			}
			if h := s.hash(cand); tests[h] == nil {
				tests[h] = &run{text: cand}
			}
			walk(i+1, cand) // adopted
		} // and not
		if h := s.hash(text); final[h] == nil {
			final[h] = &run{text: text}
		}
	}
	walk(0, s.best)
	if len(tests)+len(final) > s.r.Jobs {
		return nil, nil, false
	}
	var wg sync.WaitGroup
	for _, r := range tests {
		wg.Go(func() { r.ok, r.err = s.evalText(ctx, r.text) })
	}
	for _, r := range final {
		wg.Go(func() { r.ok, _, r.err = s.run(ctx, r.text, s.r.Repeat) })
	}
	wg.Wait()
	from := func(runs map[uint64]*run) verdictFunc {
		return func(_ context.Context, text []byte) (bool, error) {
			r := runs[s.hash(text)]
			return r.ok, r.err
		}
	}
	return from(tests), from(final), true
}
