package hdd

import (
	"context"
	"sync"

	"github.com/hddreduce/hdd/hdd/tree"
)

// first tests gen(0), ..., gen(n-1) in order and adopts the first
// interesting one, returning its index or -1. With Jobs > 1 it tests up to
// Jobs candidates at once, ahead of the serial order, and cancels the runs
// after a success; the outcome is that of the serial loop.
func (s *search) first(ctx context.Context, n int, gen func(i int) tree.Candidate) (int, error) {
	if s.r.Jobs <= 1 || n <= 1 {
		return s.firstSerial(ctx, n, gen)
	}
	type outcome struct {
		ok   bool
		text []byte
		err  error
	}
	spec, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	defer wg.Wait() // every run has ended before first returns
	results := make([]chan outcome, n)
	configs := make([]tree.Candidate, n)
	launched := 0
	launch := func() {
		i := launched
		launched++
		configs[i] = gen(i)
		results[i] = make(chan outcome, 1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, text, err := s.eval(spec, configs[i])
			results[i] <- outcome{ok, text, err}
		}()
	}
	for i := range n {
		for launched < n && launched < i+s.r.Jobs {
			launch()
		}
		o := <-results[i]
		if o.err != nil {
			return -1, o.err
		}
		if o.ok {
			cancel() // the later candidates no longer matter
			s.adopt(configs[i], o.text)
			return i, nil
		}
	}
	return -1, nil
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
