package hdd

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"hash/maphash"
	"time"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// hash is the key of text b in the verdict cache.
func (s *search) hash(b []byte) uint64 { return maphash.Bytes(s.seed, b) }

// tests returns the test runs so far; runs started ahead of a level (see
// lookahead) may be under way.
func (s *search) tests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats.Tests
}

// run runs the test on text, counting it: up to repeat times (the
// Reducer's Repeat during the search, once for the checks of the
// original), stopping at the first run that does not find text
// interesting (a flaky test then does not make the search adopt a
// candidate that was interesting by chance; most candidates are not
// interesting and cost one run). It returns the verdict and the time the
// runs took. Every run counts as a test, a run stopped because ctx was
// done too (it is also counted in Stats.Canceled), unless the Oracle says
// that no test ran. A run is counted before it starts, so that no more
// than MaxTests ever start: when they have, run fails with ErrBudget.
func (s *search) run(ctx context.Context, text []byte, repeat int) (bool, time.Duration, error) {
	if text == nil {
		text = []byte{}
	}
	s.mu.Lock()
	if s.running == 0 {
		s.busySince = time.Now()
	}
	s.running++
	s.mu.Unlock()
	start := time.Now()
	ok, err := false, error(nil)
	for range max(repeat, 1) {
		s.mu.Lock()
		if s.r.MaxTests > 0 && s.stats.Tests >= s.r.MaxTests {
			s.mu.Unlock()
			ok, err = false, ErrBudget
			break
		}
		s.stats.Tests++
		s.mu.Unlock()
		if ok, err = s.r.Oracle.Interesting(ctx, text); err != nil || !ok {
			break
		}
	}
	took := time.Since(start)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.running--; s.running == 0 {
		s.stats.TestWall += time.Since(s.busySince)
	}
	s.stats.TestTime += took
	switch {
	case err == nil:
		if s.lengths = append(s.lengths, testLength{took, ok}); len(s.lengths) > recentLengths {
			s.lengths = s.lengths[1:]
		}
		s.report()
		return ok, took, nil
	case notRun(err):
		s.stats.Tests--
	case ctx.Err() != nil && !errors.Is(err, ErrBudget):
		s.stats.Canceled++
		s.report()
	}
	return false, took, err
}

// report calls the Progress hook; s.mu must be held.
func (s *search) report() {
	if s.r.Progress != nil {
		st := s.stats
		st.Elapsed = time.Since(s.start)
		s.r.Progress(Progress{Phase: s.phase, Bytes: s.size(), Stats: st})
	}
}

// eval tests candidate c, through the cache, and returns its verdict and
// text. It is safe for concurrent use.
func (s *search) eval(ctx context.Context, c tree.Candidate) (bool, []byte, error) {
	if err := ctx.Err(); err != nil {
		return false, nil, err
	}
	p := s.prepare(c)
	ok, err := s.evalPrepared(ctx, p)
	return ok, p.text, err
}

// evalText tests a candidate text, through the cache and Check. It is safe
// for concurrent use.
func (s *search) evalText(ctx context.Context, text []byte) (bool, error) {
	return s.evalPrepared(ctx, s.prepareText(tree.Candidate{}, text))
}

// A prepared candidate has the work done that does not depend on the
// verdicts of other candidates: its text, the text's hash, and Check's
// verdict unless the text was in the cache. Preparing the next candidate
// while a test runs hides that work behind the test.
type prepared struct {
	c         tree.Candidate
	text      []byte
	hash      uint64
	malformed bool // refused by Check (only asked when not cached)
}

// prepare renders candidate c, or, with several jobs, takes its text from
// s.texts when a candidate with the same edits was rendered lately. It is
// safe for concurrent use.
func (s *search) prepare(c tree.Candidate) prepared {
	if s.r.Jobs <= 1 {
		return s.render(c) // the serial search renders a candidate about once
	}
	key, _ := c.DiffHash(s.seed, tree.Candidate{}) // all of c's edits
	s.mu.Lock()
	p, ok := s.texts.get(s.t, key)
	s.mu.Unlock()
	if ok {
		p.c = c
		return p
	}
	p = s.render(c)
	s.mu.Lock()
	s.texts.put(s.t, key, p)
	s.mu.Unlock()
	return p
}

// render renders candidate c.
func (s *search) render(c tree.Candidate) prepared {
	// Render into a recycled scratch buffer, then keep an exact copy: a
	// fresh buffer the size of a large input for each candidate, however
	// small, would cost more than the copy (page faults, collections).
	// The buffers are kept by the search rather than a sync.Pool, which
	// drops them at each garbage collection.
	s.mu.Lock()
	room := len(s.best) + len(s.best)/8 + 64 // candidates are rarely larger than the best
	var buf []byte
	if n := len(s.bufs); n > 0 && room <= largeText {
		buf, s.bufs = s.bufs[n-1], s.bufs[:n-1]
	} else {
		s.bufs = nil // a buffer for a much larger best is let go
	}
	s.mu.Unlock()
	if cap(buf) < room || cap(buf) > 4*room {
		buf = make([]byte, 0, room)
	}
	buf = unparse.Append(buf[:0], s.t, s.p, c)
	if room > largeText && len(buf) >= cap(buf)*3/4 {
		// A large candidate keeps its buffer: a scratch buffer and a
		// copy of that size would double the memory the texts take.
		return s.prepareText(c, buf)
	}
	text := bytes.Clone(buf) // not nil: buf is not
	if room <= largeText {
		s.mu.Lock()
		s.bufs = append(s.bufs, buf)
		s.mu.Unlock()
	}
	return s.prepareText(c, text)
}

func (s *search) prepareText(c tree.Candidate, text []byte) prepared {
	p := prepared{c: c, text: text, hash: s.hash(text)}
	if _, seen := s.cached(p.hash); !seen && s.p.Check != nil {
		p.malformed = s.p.Check(text) != nil
	}
	return p
}

// cached returns the verdict the cache holds for the text of hash h, if
// it holds one (seen). It is safe for concurrent use.
func (s *search) cached(h uint64) (ok, seen bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ok, seen = s.cache[h]
	return ok, seen
}

// evalPrepared tests a prepared candidate through the cache, counting a
// cache hit, a refusal by Check or a test run. It is safe for concurrent
// use.
func (s *search) evalPrepared(ctx context.Context, p prepared) (bool, error) {
	s.mu.Lock()
	ok, seen := s.cache[p.hash]
	under := s.testing[p.hash]
	if seen || under != nil {
		s.stats.CacheHits++
	}
	if !seen && under == nil && !p.malformed {
		if s.testing == nil {
			s.testing = make(map[uint64]*verdict)
		}
		under = &verdict{done: make(chan struct{})}
		s.testing[p.hash] = under
		defer func() {
			s.mu.Lock()
			delete(s.testing, p.hash)
			s.mu.Unlock()
			close(under.done)
		}()
		s.mu.Unlock()
		under.ok, _, under.err = s.run(ctx, p.text, s.r.Repeat)
		under.stopped = under.err != nil && ctx.Err() != nil
		if under.err != nil {
			return false, under.err
		}
		s.mu.Lock()
		s.cache[p.hash] = under.ok
		s.mu.Unlock()
		return under.ok, nil
	}
	s.mu.Unlock()
	switch {
	case seen:
		return ok, nil
	case under != nil:
		<-under.done // the same text, tested by another candidate
		if under.stopped && ctx.Err() == nil {
			return s.evalPrepared(ctx, p) // stopped by its caller, not by ours
		}
		return under.ok, under.err
	}
	s.mu.Lock()
	s.stats.Rejected++
	s.cache[p.hash] = false
	s.mu.Unlock()
	return false, nil
}

// A verdict is the outcome of a test under way, once done is closed.
type verdict struct {
	done    chan struct{}
	ok      bool
	err     error
	stopped bool // err came from the end of the context it ran in
}

// try tests candidate c and adopts it if it is interesting.
func (s *search) try(ctx context.Context, c tree.Candidate) (bool, error) {
	ok, text, err := s.eval(ctx, c)
	if ok && err == nil {
		s.adopt(c, text)
	}
	return ok, err
}

// A textMemo holds the texts of the candidates rendered lately, by the
// hash of their edits (tree.Candidate.DiffHash over no edits), for one
// tree. The plans of parallel tests render the same candidates again and
// again: each round walks its plan's tree from where the walk stands, and
// the plan of the step after a success makes anew the candidates that the
// rounds before tested past that success. On a list nested 300 deep at
// -j 8, 419302 candidates were rendered for 1782 test runs and 1781
// distinct texts.
//
// It keeps two generations of at most half its bound of text each: when
// the newer one is full, the older is let go, so the texts used lately
// stay. Rendering with the same edits, tree and policy gives the same
// text, so the memo changes no verdict, only the work. It is written here
// because an LRU library such as golang-lru bounds the count of entries,
// where the texts' sizes range from bytes to a megabyte.
type textMemo struct {
	bound    int // the bytes of text it holds at most; memoBytes if 0
	of       *tree.Tree
	new, old map[uint64]prepared
	newBytes int
}

// memoBytes is the bytes of text a textMemo holds at most, by default.
const memoBytes = 16 << 20

// get returns the text memoized for the candidate of edits key on tree t.
func (m *textMemo) get(t *tree.Tree, key uint64) (prepared, bool) {
	if m.of != t {
		return prepared{}, false
	}
	if p, ok := m.new[key]; ok {
		return p, true
	}
	p, ok := m.old[key]
	if ok {
		m.put(t, key, p) // used lately: keep it past the next turn
	}
	return p, ok
}

// put memoizes p, the text of the candidate of edits key on tree t. A
// text larger than largeText or half the bound is not kept: memory, not
// the rendering, is then what matters.
func (m *textMemo) put(t *tree.Tree, key uint64, p prepared) {
	if m.of != t {
		*m = textMemo{bound: m.bound, of: t}
	}
	half := cmp.Or(m.bound, memoBytes) / 2
	if len(p.text) > min(largeText, half) {
		return
	}
	if m.new == nil || m.newBytes+len(p.text) > half {
		m.old, m.new, m.newBytes = m.new, make(map[uint64]prepared), 0
	}
	p.c = tree.Candidate{} // the caller's own candidate goes with each copy
	m.new[key] = p
	m.newBytes += len(p.text)
}

// largeText is the size from which a candidate is rendered into a buffer of
// its own rather than a recycled one, and firstSerial renders no candidate
// ahead: memory, not the rendering, is then what matters.
const largeText = 1 << 20
