package hdd

import (
	"context"
	"errors"
	"sync"

	"github.com/hddreduce/hdd/hdd/tree"
)

// A folder returns the fold of some of the candidates at the given
// indices, the candidate making all their changes at once, and the indices
// of those it combines, in order; the first of them must be the first of
// indices. It returns fewer than two indices if they do not combine.
type folder func(indices []int) (tree.Candidate, []int)

// first tests the alternatives gen(0), ..., gen(n-1), all made from the
// current candidate, and adopts interesting ones; it returns the indices of
// those it adopted, in order, or none (see minimize.Tester.First).
//
// With one job it tests them in order and adopts the first interesting
// one. With Jobs > 1 and alternatives that do not fold (fold is nil), it
// keeps Jobs tests under way, in the order of the alternatives: as the
// verdict of each comes, in that order, a failure makes room for the next
// one, and the first success is adopted. Alternatives that fold are tested
// in batches of Jobs: at the first success it takes the verdicts of the
// others of its batch, and if at least minFold of them are interesting it
// tests their fold (see foldWins), adopting it if it is interesting.
// Otherwise, or if the fold is not, it adopts the first success, as the
// serial loop would.
// Which alternatives are tested depends on Jobs and on the verdicts, never
// on how long a test takes, so the result is the same at every run with
// the same Jobs.
func (s *search) first(ctx context.Context, n int, gen func(i int) tree.Candidate, fold folder) ([]int, error) {
	return s.firstWith(ctx, n, gen, fold, stepAhead{})
}

// A stepAhead is what first is told of the tests around a step that look
// ahead (see lookahead): how many of its first alternatives are under
// test already, started ahead of it, and what to start when the jobs
// would be idle at its end. It changes no batch: the same alternatives
// are tested together, and the same adopted, as without it.
type stepAhead struct {
	// under is how many of the first alternatives were started ahead of
	// the step: their verdicts come through the cache.
	under int
	// tail, if not nil, is called once, with the number of idle jobs,
	// when the last alternative is started and jobs are left idle, and
	// returns how many tests it started. The tests it starts stay within
	// Jobs: a fold tried meanwhile tests fewer candidates at once than its
	// batch had.
	tail func(idle int) int
}

// firstWith is first, told of the tests that look ahead around the step.
func (s *search) firstWith(ctx context.Context, n int, gen func(i int) tree.Candidate, fold folder, ahead stepAhead) ([]int, error) {
	if s.r.Jobs > 1 && n == 1 && ahead.tail != nil && ahead.under == 0 {
		ahead.tail(s.r.Jobs - 1) // waited for at the next step, if any
	}
	if s.r.Jobs <= 1 || n <= 1 {
		return s.firstOne(ctx, n, gen)
	}
	type outcome struct {
		ok   bool
		text []byte
		err  error
	}
	var wg sync.WaitGroup
	defer wg.Wait() // every run has ended before first returns
	spec, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]chan outcome, n)
	cands := make([]tree.Candidate, n)
	launched := 0
	launch := func() {
		i := launched
		launched++
		cands[i] = gen(i)
		results[i] = make(chan outcome, 1)
		wg.Go(func() {
			ok, text, err := s.eval(spec, cands[i])
			results[i] <- outcome{ok, text, err}
		})
	}
	// Alternatives that fold are tested in batches of Jobs, started
	// together, so that at a success the others of its batch end about
	// when it does; the others keep Jobs tests under way, a failure making
	// room for the next alternative.
	batches := fold != nil && s.r.Jobs >= minFold
	if !batches {
		fold = nil
	}
	end := 0 // the end of the batch under way
	tailed := false
	for i := range n {
		if !batches || i == end {
			end = min(n, i+s.r.Jobs)
		}
		for launched < end {
			launch()
		}
		// With the last alternatives under way and every verdict known
		// so far a failure (those of the tests started ahead of the step
		// included), the jobs left idle look ahead.
		if launched == n && !tailed && ahead.tail != nil && i >= ahead.under {
			tailed = true
			if idle := s.r.Jobs - (n - i); idle > 0 {
				ahead.tail(idle)
			}
		}
		o := <-results[i]
		if o.err != nil {
			return nil, o.err
		}
		if !o.ok {
			continue
		}
		if fold == nil {
			s.adopt(cands[i], o.text)
			return []int{i}, nil // the others under way are canceled
		}
		// A success: the others of its batch may join it in a fold. They
		// end about when it does, and are waited for even when no fold is
		// tried, so that the runs do not depend on the timing.
		wins := []int{i}
		for k := i + 1; k < launched; k++ {
			ok := <-results[k]
			switch {
			case ok.err == nil && ok.ok:
				wins = append(wins, k)
			case ok.err != nil && !errors.Is(ok.err, ErrBudget) && ctx.Err() == nil:
				return nil, ok.err
			}
		}
		// A fold costs a round of tests, in which the serial search would
		// adopt one success: it pays from three successes on.
		if len(wins) >= minFold && s.foldNow() {
			used, err := s.foldWins(ctx, wins, len(o.text), fold)
			s.folded(used != nil)
			if err != nil || used != nil {
				return used, err
			}
		}
		s.adopt(cands[i], o.text)
		return []int{i}, nil
	}
	return nil, nil
}

// minFold is the fewest successes found at once that are folded.
const minFold = 3

// foldNow reports whether the success just found is to be folded with the
// others under way: yes, unless recent folds failed. After k folds in a row
// that were not interesting, the next 2^k - 1 successes are adopted alone
// at once, as the serial search would: where successes do not combine
// (several items each enough for the bug, say), waiting for the others and
// testing folds would cost rounds for nothing. A fold that is interesting
// ends the wait.
func (s *search) foldNow() bool {
	if s.foldSkip > 0 {
		s.foldSkip--
		return false
	}
	return true
}

// folded records whether a fold was adopted, for foldNow.
func (s *search) folded(ok bool) {
	if ok {
		s.foldFails = 0
		return
	}
	s.foldFails = min(s.foldFails+1, 6)
	s.foldSkip = 1<<s.foldFails - 1
}

// foldWins tests the fold of the successes wins and adopts it if it is
// interesting. In case it is not, it tests at the same time, with the jobs
// that would be idle, the folds of the halves of wins, then of their
// halves, as ClusterFuzz splits a failed batch, and adopts the first of
// these that is interesting, larger groups first. If the first success
// combines with none of the others (a subset of ddmin, say, which keeps one
// chunk where the others remove one), a fold of the others is adopted only
// if its text is shorter than first, the length of the first success's:
// else the fold would remove less than the first success alone. It returns
// the indices adopted, or none if no fold was.
func (s *search) foldWins(ctx context.Context, wins []int, first int, fold folder) ([]int, error) {
	type tried struct {
		c    tree.Candidate
		used []int
		ok   bool
		text []byte
		err  error
	}
	try := func(groups ...[]int) []tried {
		out := make([]tried, len(groups))
		var wg sync.WaitGroup
		for k, g := range groups {
			c, used := fold(g)
			if len(used) < 2 {
				continue
			}
			out[k].c, out[k].used = c, used
			s.mu.Lock()
			s.stats.FoldsTried++
			s.mu.Unlock()
			wg.Go(func() { out[k].ok, out[k].text, out[k].err = s.eval(ctx, c) })
		}
		wg.Wait()
		return out
	}
	groups := [][]int{wins}
	for level := [][]int{wins}; len(groups) < s.r.Jobs; {
		var next [][]int
		for _, g := range level {
			if h := len(g) / 2; h >= 2 {
				next = append(next, g[:h], g[h:])
			}
		}
		if len(next) == 0 || len(groups)+len(next) > s.r.Jobs {
			break
		}
		groups, level = append(groups, next...), next
	}
	// alone is the length of the first success's text if it combines
	// with none of the others, else -1.
	alone := first
	if _, used := fold(wins[:2]); len(used) >= 2 {
		alone = -1
	}
	for _, t := range try(groups...) {
		if t.err != nil && !errors.Is(t.err, ErrBudget) {
			return nil, t.err
		}
		if t.ok && (alone < 0 || len(t.text) < alone) {
			s.mu.Lock()
			s.stats.Folds++
			s.stats.Folded += len(t.used)
			s.mu.Unlock()
			s.adopt(t.c, t.text)
			return t.used, nil
		}
	}
	return nil, nil
}

// firstOne is firstSerial, with the index it finds as first returns it:
// none, or one.
func (s *search) firstOne(ctx context.Context, n int, gen func(i int) tree.Candidate) ([]int, error) {
	i, err := s.firstSerial(ctx, n, gen)
	if i < 0 {
		return nil, err
	}
	return []int{i}, err
}

// firstSerial is first with one test at a time. While a candidate is
// tested, the next ones are generated, rendered and checked, so that only
// the test remains when their turn comes; the runs, their order and the
// counts are those of the plain loop. The lookahead is a few candidates
// (one when candidates are large, none past largeText), so that a run of
// cache hits, which hide nothing, does not leave the next test waiting for
// its rendering.
func (s *search) firstSerial(ctx context.Context, n int, gen func(i int) tree.Candidate) (int, error) {
	if n == 0 {
		return -1, nil
	}
	s.mu.Lock()
	size := len(s.best)
	s.mu.Unlock()
	if size > largeText {
		// Large candidates are rendered one at a time: two of them in
		// memory at once would cost more than hiding their rendering saves.
		for i := range n {
			if err := ctx.Err(); err != nil {
				return -1, err
			}
			p := s.prepare(gen(i))
			ok, err := s.evalPrepared(ctx, p)
			if err != nil {
				return -1, err
			}
			if ok {
				s.adopt(p.c, p.text)
				return i, nil
			}
		}
		return -1, nil
	}
	ahead := min(4, max(1, lookaheadBytes/(size+1)))
	next := make(chan prepared, ahead-1) // and one more in the producer's hand
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for i := range n {
			select {
			case next <- s.prepare(gen(i)):
			case <-stop:
				return
			}
		}
	}()
	// gen may read s.cur: the producer must be gone before an adoption.
	halt := func() { close(stop); <-done }
	for i := range n {
		p := <-next
		if err := ctx.Err(); err != nil {
			halt()
			return -1, err
		}
		ok, err := s.evalPrepared(ctx, p)
		if err != nil || ok {
			halt()
			if err != nil {
				return -1, err
			}
			s.adopt(p.c, p.text)
			return i, nil
		}
	}
	halt()
	return -1, nil
}

// lookaheadBytes bounds the text firstSerial renders ahead of the tests.
const lookaheadBytes = 4 << 20
