package hdd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"sync"
	"time"

	"github.com/hddreduce/hdd/hdd/minimize"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// An Algorithm chooses how the tree is searched. It implements flag.Value.
type Algorithm int

const (
	// HDD runs one top-down sweep: ddmin over the present nodes of each
	// level, then, where a level was left with one node, a try without it.
	HDD Algorithm = iota
	// HDDPlus runs HDD, then removes single nodes breadth first over the
	// whole tree while a pass removes something: the result is
	// 1-tree-minimal.
	HDDPlus
	// HDDStar repeats HDD until a sweep removes nothing.
	HDDStar
	// PlainDDMin runs plain ddmin over the children of the root, ignoring
	// the rest of the tree. Over a tree of lines it is the classic
	// line-based baseline.
	PlainDDMin
)

var algorithmNames = []string{"hdd", "hdd+", "hdd*", "ddmin"}

func (a Algorithm) String() string {
	if int(a) < len(algorithmNames) {
		return algorithmNames[a]
	}
	return fmt.Sprintf("Algorithm(%d)", int(a))
}

// Set parses an algorithm name: hdd, hdd+, hdd* or ddmin.
func (a *Algorithm) Set(s string) error {
	for i, n := range algorithmNames {
		if n == s {
			*a = Algorithm(i)
			return nil
		}
	}
	return fmt.Errorf("unknown algorithm %q (want hdd, hdd+, hdd* or ddmin)", s)
}

// ErrNotInteresting is returned, wrapped in a *NotInterestingError, when the
// unreduced input is not interesting.
var ErrNotInteresting = errors.New("the original input is not interesting")

// A NotInterestingError reports that the test rejected the original input,
// with the verdict so the user can see why.
type NotInterestingError struct {
	Verdict Verdict
}

func (e *NotInterestingError) Error() string {
	if e.Verdict.TimedOut {
		return ErrNotInteresting.Error() + ": the test timed out"
	}
	return fmt.Sprintf("%v: the test exited with status %d", ErrNotInteresting, e.Verdict.Exit)
}

// Unwrap makes errors.Is(err, ErrNotInteresting) hold.
func (e *NotInterestingError) Unwrap() error { return ErrNotInteresting }

// ErrBudget is returned, with the best result so far, when the MaxTests
// budget is spent.
var ErrBudget = errors.New("the test budget is spent")

// ErrFinalNotInteresting is returned when the reduced result, tested once
// more at the end, is no longer interesting: the test is flaky.
var ErrFinalNotInteresting = errors.New("the reduced result was interesting once but not when tested again: the test is flaky")

// A Reducer holds the configuration of a reduction. Oracle must be set; the
// other fields have usable zero values. A Reducer may be reused for several
// reductions, but not concurrently.
type Reducer struct {
	Oracle    Oracle             // decides interestingness
	Algorithm Algorithm          // default HDD
	Minimizer minimize.Algorithm // the list minimizer run over each level; default ddmin-blocks

	// NoHoist turns off hoisting: replacing a node by a descendant of the
	// same class (a statement by a statement nested in it, a JSON value by
	// a nested value, an element by a child element).
	NoHoist bool

	// NoTransform turns off the policy's Transforms, the format-specific
	// edits tried after hoisting in each sweep (such as expanding a C
	// macro).
	NoTransform bool

	// NoTidy turns off the policy's Tidies, the rewrites of the whole text
	// tried on the result after the search.
	NoTidy bool

	// NoReplace turns off minimal replacements: only nodes that can vanish
	// are pruned, and a node that cannot (a JSON value, a C operand) keeps
	// its text instead of becoming {} or 0.
	NoReplace bool

	// NoShorten turns off shortening of texts: cutting a tree.Chars leaf (XML
	// text, a JSON string) down to a part of it.
	NoShorten bool

	// CheckRuns is how many times the original is tested before the search
	// (at least 2, the default), to catch a flaky test.
	CheckRuns int

	// Repeat, if above 1, runs the test up to Repeat times on each
	// candidate of the search and counts it interesting only if every run
	// is (see the Repeat oracle). The checks of the original run the test
	// once each, so their figures show the flakiness.
	Repeat int

	// MaxTests, if positive, stops the search with ErrBudget once that many
	// tests have run.
	MaxTests int

	// Jobs is how many tests may run at once; <= 1 means one at a time.
	// Candidates are tested speculatively in the order a serial search
	// would test them, and the first success in that order wins, so the
	// result does not depend on Jobs.
	Jobs int

	// Calibrate, if set, is called with the duration of the first run of
	// the test on the original input, before any other run, so the caller
	// can derive a timeout from it.
	Calibrate func(first time.Duration)

	// Improved, if set, is called each time a smaller interesting
	// candidate is found, with its text (which the callee must not keep
	// past the call without copying).
	Improved func(best []byte)

	// Progress, if set, is called after every test run with a snapshot of
	// the reduction. It is called with an internal lock held, from the
	// goroutine that ran the test: it must be quick and must not call back
	// into the Reducer.
	Progress func(Progress)

	// Log receives one line per level and per phase; nil discards.
	Log func(msg string)
	// Warn receives warnings meant for the user (a flaky test, a test
	// that accepts the empty file); nil discards.
	Warn func(msg string)
}

// A Result is the outcome of a reduction.
type Result struct {
	// Tree is the tree Candidate belongs to: the input's, or the tree of a
	// text the search parsed again (see tree.Policy.Unfold).
	Tree      *tree.Tree
	Candidate tree.Candidate // the edits of the result
	// Output is the result's text; the oracle found it interesting. It is
	// the rendering of Candidate, or less after the policy's Tidies.
	Output []byte
	Stats  Stats
}

// Stats counts the work done by a reduction.
type Stats struct {
	Tests     int           // test runs (processes started)
	CacheHits int           // candidates whose text had been tested before
	Rejected  int           // candidates refused by Check, never tested
	Timeouts  int           // test runs killed by the timeout
	Canceled  int           // speculative parallel runs stopped because an earlier candidate won
	TestTime  time.Duration // time spent in test runs, summed over parallel runs
	TestWall  time.Duration // wall time during which at least one test ran
	Elapsed   time.Duration // wall time of the whole reduction

	BytesBefore, BytesAfter int
	NodesBefore, NodesAfter int // nodes present in the tree, separators aside
}

// A Progress is a snapshot of a running reduction.
type Progress struct {
	Phase string // "check", "level 3", "hoist", "hdd+", ...
	Bytes int    // size of the best candidate so far
	Stats Stats  // counts so far (Elapsed is up to date; Bytes/Nodes fields are not)
}

// Reduce shrinks t. It first tests the original CheckRuns times (warning
// with figures when the verdicts differ, failing with a NotInterestingError
// when none is interesting) and the empty file once (warning when it is
// interesting too), then runs r.Algorithm, and finally tests the result once
// more. It is Preflight followed by ReduceChecked.
//
// If ctx is done during the search, or the MaxTests budget is spent, Reduce
// returns the best result so far together with ctx.Err() or ErrBudget; the
// result is interesting and may be written out as a partial reduction.
func (r *Reducer) Reduce(ctx context.Context, t *tree.Tree, p *tree.Policy) (*Result, error) {
	pre, err := r.Preflight(ctx, unparse.Text(t, p, tree.Candidate{}))
	if err != nil {
		return nil, err
	}
	return r.ReduceChecked(ctx, t, p, pre)
}

// Checked is a reduction whose original input has passed Preflight's
// tests; ReduceChecked goes on with it.
type Checked struct {
	s *search
}

// Preflight runs the tests Reduce starts with on text, the original input:
// CheckRuns runs of it and one of the empty file. It needs no tree, so a
// caller may run it while the input is being parsed (the parse usually
// takes about as long as a test run) and then call ReduceChecked with the
// parsed tree. It fails with a NotInterestingError when no run found the
// original interesting.
func (r *Reducer) Preflight(ctx context.Context, text []byte) (*Checked, error) {
	s := &search{r: r, seed: maphash.MakeSeed(), cache: make(map[uint64]bool), oracle: r.Oracle, start: time.Now()}
	s.best = text
	s.stats.BytesBefore = len(s.best)
	s.cache[s.hash(s.best)] = true

	s.phase = "checking the original"
	first, err := s.run(ctx, s.best)
	if err != nil {
		return nil, err
	}
	if r.Calibrate != nil {
		r.Calibrate(first.Duration)
	}
	// The other checks of the original and the test of the empty file are
	// independent: with Jobs > 1 they run at once.
	runs := max(r.CheckRuns, 2)
	verdicts := make([]Verdict, runs+1) // the checks, then the empty file
	errs := make([]error, runs+1)
	verdicts[0] = first
	var wg sync.WaitGroup
	for i := 1; i <= runs; i++ {
		text := s.best
		if i == runs {
			if len(s.best) == 0 {
				continue
			}
			text = nil
		}
		check := func() { verdicts[i], errs[i] = s.run(ctx, text) }
		if r.Jobs > 1 {
			wg.Go(check)
		} else {
			check()
		}
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	interesting, exits := 0, []int{}
	for _, v := range verdicts[:runs] {
		if v.Interesting {
			interesting++
		}
		exits = append(exits, v.Exit)
	}
	switch {
	case interesting == 0:
		return nil, &NotInterestingError{Verdict: first}
	case interesting < runs:
		s.warn("the test is flaky: the original input was interesting in %d of %d runs (exit statuses %v); consider -repeat", interesting, runs, exits)
	}
	if len(s.best) > 0 {
		s.cache[s.hash(nil)] = verdicts[runs].Interesting
		if verdicts[runs].Interesting {
			s.warn("an empty file is interesting too: the test checks too little, and the result will be empty")
		}
	}
	return &Checked{s: s}, nil
}

// ReduceChecked goes on with a reduction that Preflight started: t must
// render, unedited, as the text Preflight tested. A Checked is used once.
// The policy p is the one the tree's adapter supplied; nil is the zero
// Policy.
func (r *Reducer) ReduceChecked(ctx context.Context, t *tree.Tree, p *tree.Policy, pre *Checked) (*Result, error) {
	s := pre.s
	if s == nil || s.t != nil || s.r != r {
		return nil, errors.New("hdd: ReduceChecked needs a fresh Checked from the same Reducer's Preflight")
	}
	// An unedited tree renders as its source (the adapters' round trip).
	if !bytes.Equal(t.Src, s.best) {
		return nil, errors.New("hdd: the tree is not of the text Preflight checked")
	}
	if p == nil {
		p = &tree.Policy{}
	}
	if t.Partial && p.Unfold == nil {
		return nil, errors.New("hdd: a Partial tree needs the policy's Unfold")
	}
	s.t, s.p = t, p
	for id := range t.Nodes { // every node is present in the original
		if !t.Nodes[id].Is(tree.Sep) {
			s.stats.NodesBefore++
		}
	}
	if r.Repeat > 1 {
		s.oracle = Repeat{Oracle: r.Oracle, N: r.Repeat}
	}

	err := s.algorithm(ctx)
	if err == nil {
		err = s.tidy(ctx)
	}
	res := s.result()
	if err != nil {
		return res, err
	}
	// Confirm, as bisect does, to avoid a false result from a flaky test.
	vf, err := s.run(ctx, res.Output)
	s.stats.Elapsed = time.Since(s.start)
	res.Stats = s.stats
	if err != nil {
		return res, err
	}
	if !vf.Interesting {
		return res, ErrFinalNotInteresting
	}
	return res, nil
}

// search is the state of one reduction.
type search struct {
	mu     sync.Mutex // guards stats and cache during parallel runs
	r      *Reducer
	t      *tree.Tree
	p      *tree.Policy
	cur    tree.Candidate // the best configuration so far
	best   []byte         // its text
	stats  Stats
	seed   maphash.Seed
	cache  map[uint64]bool // text hash → interesting
	start  time.Time
	phase  string // for Progress; guarded by mu
	oracle Oracle // the Reducer's, repeated during the search if asked

	bufs      [][]byte  // scratch buffers to render into; guarded by mu
	running   int       // test runs under way; guarded by mu
	busySince time.Time // when running last rose from 0; guarded by mu
}

// setPhase names what the search does now, for Progress.
func (s *search) setPhase(format string, args ...any) {
	s.mu.Lock()
	s.phase = fmt.Sprintf(format, args...)
	s.mu.Unlock()
}

func (s *search) warn(format string, args ...any) {
	if s.r.Warn != nil {
		s.r.Warn(fmt.Sprintf(format, args...))
	}
}

func (s *search) logf(format string, args ...any) {
	if s.r.Log != nil {
		s.r.Log(fmt.Sprintf(format, args...))
	}
}

func (s *search) hash(b []byte) uint64 { return maphash.Bytes(s.seed, b) }

// run runs the oracle once, counting it.
func (s *search) run(ctx context.Context, text []byte) (Verdict, error) {
	if text == nil {
		text = []byte{}
	}
	s.mu.Lock()
	if s.running == 0 {
		s.busySince = time.Now()
	}
	s.running++
	s.mu.Unlock()
	v, err := s.oracle.Test(ctx, text)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.running--; s.running == 0 {
		s.stats.TestWall += time.Since(s.busySince)
	}
	if err != nil {
		if ctx.Err() != nil {
			s.stats.Canceled++
		}
		return v, err
	}
	s.stats.Tests += max(v.Runs, 1)
	s.stats.TestTime += v.Duration
	if v.TimedOut {
		s.stats.Timeouts++
	}
	s.report()
	return v, nil
}

// report calls the Progress hook; s.mu must be held.
func (s *search) report() {
	if s.r.Progress != nil {
		st := s.stats
		st.Elapsed = time.Since(s.start)
		s.r.Progress(Progress{Phase: s.phase, Bytes: len(s.best), Stats: st})
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

// prepare renders candidate c. It is safe for concurrent use.
func (s *search) prepare(c tree.Candidate) prepared {
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
	s.mu.Lock()
	_, seen := s.cache[p.hash]
	s.mu.Unlock()
	if !seen && s.p.Check != nil {
		p.malformed = s.p.Check(text) != nil
	}
	return p
}

// evalPrepared tests a prepared candidate through the cache, counting a
// cache hit, a refusal by Check or a test run. It is safe for concurrent
// use.
func (s *search) evalPrepared(ctx context.Context, p prepared) (bool, error) {
	s.mu.Lock()
	ok, seen := s.cache[p.hash]
	if seen {
		s.stats.CacheHits++
	}
	s.mu.Unlock()
	if seen {
		return ok, nil
	}
	if s.r.MaxTests > 0 {
		s.mu.Lock()
		spent := s.stats.Tests >= s.r.MaxTests
		s.mu.Unlock()
		if spent {
			return false, ErrBudget
		}
	}
	if p.malformed {
		s.mu.Lock()
		s.stats.Rejected++
		s.cache[p.hash] = false
		s.mu.Unlock()
		return false, nil
	}
	v, err := s.run(ctx, p.text)
	if err != nil {
		return false, err
	}
	s.mu.Lock()
	s.cache[p.hash] = v.Interesting
	s.mu.Unlock()
	return v.Interesting, nil
}

// try tests candidate c and adopts it if it is interesting.
func (s *search) try(ctx context.Context, c tree.Candidate) (bool, error) {
	ok, text, err := s.eval(ctx, c)
	if ok && err == nil {
		s.adopt(c, text)
	}
	return ok, err
}

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

// largeText is the size from which a candidate is rendered into a buffer of
// its own rather than a recycled one, and firstSerial renders no candidate
// ahead: memory, not the rendering, is then what matters.
const largeText = 1 << 20

func (s *search) adopt(c tree.Candidate, text []byte) {
	s.cur = c
	s.mu.Lock()
	improved := len(text) < len(s.best)
	s.best = text
	if improved {
		s.report()
	}
	s.mu.Unlock()
	if improved && s.r.Improved != nil {
		s.r.Improved(text)
	}
}

func (s *search) result() *Result {
	s.stats.BytesAfter = len(s.best)
	s.stats.NodesAfter = s.countPresent()
	s.stats.Elapsed = time.Since(s.start)
	return &Result{Tree: s.t, Candidate: s.cur, Output: s.best, Stats: s.stats}
}

func (s *search) countPresent() int {
	n := 0
	s.t.Walk(s.cur, func(id tree.NodeID) bool {
		if !s.cur.Edited(id) && !s.t.Nodes[id].Is(tree.Sep) {
			n++
		}
		return true
	})
	return n
}

func (s *search) algorithm(ctx context.Context) error {
	switch s.r.Algorithm {
	case PlainDDMin:
		_, err := s.level(ctx, 1)
		return err
	case HDD:
		_, err := s.sweep(ctx)
		return err
	case HDDPlus:
		if _, err := s.sweep(ctx); err != nil {
			return err
		}
		return s.singles(ctx)
	case HDDStar:
		for sweep := 1; ; sweep++ {
			s.logf("hdd*: sweep %d", sweep)
			changed, err := s.sweep(ctx)
			if err != nil || !changed {
				return err
			}
		}
	}
	return fmt.Errorf("hdd: unknown algorithm %v", s.r.Algorithm)
}

// sweep runs HDD's top-down pruning, then hoisting, then the shortening of
// texts, and reports whether any changed anything.
func (s *search) sweep(ctx context.Context) (bool, error) {
	changed, err := s.hdd(ctx)
	if err == nil && !s.r.NoHoist {
		var hoisted bool
		hoisted, err = s.hoist(ctx)
		changed = changed || hoisted
	}
	if err == nil && !s.r.NoTransform && len(s.p.Transforms) > 0 {
		var transformed bool
		transformed, err = s.transform(ctx)
		changed = changed || transformed
	}
	if err == nil && !s.r.NoShorten {
		var shortened bool
		shortened, err = s.shorten(ctx)
		changed = changed || shortened
	}
	return changed, err
}

// transform runs each of the Reducer's transforms to a fixed point.
func (s *search) transform(ctx context.Context) (bool, error) {
	changed := false
	for _, tf := range s.p.Transforms {
		s.setPhase("%s", tf.Name)
		testsBefore := s.stats.Tests
		for from := 0; ; {
			cands := tf.Candidates(s.t, s.cur)
			if from >= len(cands) {
				break
			}
			cands = cands[from:]
			i, err := s.first(ctx, len(cands), func(i int) tree.Candidate { return cands[i] })
			if err != nil {
				return changed, err
			}
			if i < 0 {
				break
			}
			from += i
			changed = true
		}
		s.logf("%s: %d tests, %d bytes", tf.Name, s.stats.Tests-testsBefore, len(s.best))
	}
	return changed, nil
}

// shorten cuts the text of each present tree.Chars leaf down, running classic
// ddmin over its units (characters, character references, escapes),
// whatever the Reducer's Minimizer: what a text must keep is usually a few
// adjacent units, and ddmin's tests of single chunks reach such a cluster in
// O(log n) tests where deleting blocks needs O(n/size) (see the simulator's
// "1 clusters of 1" rows).
func (s *search) shorten(ctx context.Context) (bool, error) {
	s.setPhase("shortening texts")
	testsBefore := s.stats.Tests
	changed := false
	var ids []tree.NodeID
	s.t.Walk(s.cur, func(id tree.NodeID) bool {
		if s.t.Nodes[id].Is(tree.Chars) && !s.cur.Edited(id) {
			ids = append(ids, id)
		}
		return true
	})
	for _, id := range ids {
		if s.p.Units == nil {
			break
		}
		open, close, units := s.p.Units(s.t.Text(id))
		if len(units) == 0 {
			continue
		}
		test := textTester{s: s, base: s.cur, id: id, open: open, close: close}
		keep, err := minimize.Run(ctx, minimize.DDMin, units, test)
		if err != nil {
			return changed, err
		}
		if len(keep) == 1 {
			if ok, err := test.Test(ctx, nil); err != nil {
				return changed, err
			} else if ok {
				keep = nil
			}
		}
		changed = changed || len(keep) < len(units)
	}
	s.logf("shortening texts: %d leaves, %d tests, %d bytes", len(ids), s.stats.Tests-testsBefore, len(s.best))
	return changed, nil
}

// textTester is the minimize.Tester of the units of one tree.Chars leaf: a candidate
// replaces the leaf by the units it keeps, between the original quotes.
type textTester struct {
	s           *search
	base        tree.Candidate
	id          tree.NodeID
	open, close []byte
}

func (tt textTester) config(keep [][]byte) tree.Candidate {
	text := append([]byte{}, tt.open...)
	for _, u := range keep {
		text = append(text, u...)
	}
	text = append(text, tt.close...)
	return tt.base.Replace(tt.id, string(text))
}

func (tt textTester) Test(ctx context.Context, keep [][]byte) (bool, error) {
	return tt.s.try(ctx, tt.config(keep))
}

func (tt textTester) First(ctx context.Context, n int, gen func(i int) [][]byte) (int, error) {
	return tt.s.first(ctx, n, func(i int) tree.Candidate { return tt.config(gen(i)) })
}

// hoist replaces nodes by descendants of the same class, top down: for each
// present node with a class, it tries its nearest descendants of that class
// in source order and, on success, goes on from the hoisted node.
func (s *search) hoist(ctx context.Context) (bool, error) {
	changed := false
	testsBefore := s.stats.Tests
	for d := 0; d <= s.t.MaxLevel(); d++ {
		s.setPhase("hoisting, level %d/%d", d, s.t.MaxLevel())
		var xs []tree.NodeID
		s.atDepth(d, func(id tree.NodeID) {
			if s.t.Nodes[id].Class != "" {
				xs = append(xs, id)
			}
		})
		for _, x := range xs {
			top := x
			if sub, ok := s.cur.Subst(x); ok {
				top = sub.Hoist // hoisted before: go on from there
			}
			for {
				cands := s.hoistCandidates(top, s.t.Nodes[x].Class)
				if len(cands) == 0 {
					break
				}
				base := s.cur
				i, err := s.first(ctx, len(cands), func(i int) tree.Candidate { return base.Hoist(x, cands[i]) })
				if err != nil {
					return changed, err
				}
				if i < 0 {
					break
				}
				changed, top = true, cands[i]
			}
		}
	}
	s.logf("hoisting: %d tests, %d bytes", s.stats.Tests-testsBefore, len(s.best))
	return changed, nil
}

// hoistCandidates returns the nodes top may be replaced by: its nearest
// descendants of class, in source order, each preceded by the nodes that
// continue it as a chain of single nearest descendants, deepest first, so
// "table > tr > td > p" is tried as p, td, tr in one step each.
func (s *search) hoistCandidates(top tree.NodeID, class string) []tree.NodeID {
	var out []tree.NodeID
	for _, d := range s.nearest(top, class) {
		chain := []tree.NodeID{d}
		for {
			next := s.nearest(chain[len(chain)-1], class)
			if len(next) != 1 {
				break
			}
			chain = append(chain, next[0])
		}
		for i := len(chain) - 1; i >= 0; i-- {
			out = append(out, chain[i])
		}
	}
	return out
}

// nearest returns the present, unedited descendants of id that may stand
// where a node of class stands (see tree.Policy.CanHoist) and that have no such
// node between them and id, in source order.
func (s *search) nearest(id tree.NodeID, class string) []tree.NodeID {
	var out []tree.NodeID
	var visit func(tree.NodeID)
	visit = func(n tree.NodeID) {
		for _, c := range s.t.Children(n) {
			if s.cur.Edited(c) {
				continue
			}
			if s.p.CanHoist(class, s.t.Nodes[c].Class) {
				out = append(out, c)
				continue
			}
			visit(c)
		}
	}
	visit(id)
	return out
}

// hdd runs one top-down sweep and reports whether it removed anything. A
// tree with folded nodes is parsed again, from the best text, once the
// levels down to its folded nodes are done; a level of runs is pruned,
// parsed again and pruned once more, item by item.
func (s *search) hdd(ctx context.Context) (bool, error) {
	changed := false
	for d := 0; ; d++ {
		if f := s.t.FoldLevel(); f >= 0 && d > f || s.stale() {
			if err := s.unfold(d); err != nil {
				return changed, err
			}
		}
		if d > s.t.MaxLevel() {
			break
		}
		ch, err := s.level(ctx, d)
		changed = changed || ch
		if err == nil && s.t.RunLevel() == d {
			if err = s.unfold(d + 1); err == nil {
				ch, err = s.level(ctx, d)
				changed = changed || ch
			}
		}
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}

// stale reports whether the tree, one that can be parsed again, is of a
// large text longer than the best: parsing the best text again lets the
// old one go, which halves the memory the texts take.
func (s *search) stale() bool {
	return s.t.Partial && len(s.t.Src) > largeText && len(s.best) < len(s.t.Src)
}

// unfold replaces the tree by a parse of the best text whose levels above
// d are complete: its folded nodes and runs, if any, are at level d or
// deeper.
func (s *search) unfold(d int) error {
	before := s.t.Len()
	t, err := s.p.Unfold(s.best, d)
	switch {
	case err != nil:
		return fmt.Errorf("hdd: parsing the reduced text again to reach level %d: %w", d, err)
	case !bytes.Equal(t.Src, s.best):
		return errors.New("hdd: Unfold returned a tree of another text")
	case t.FoldLevel() >= 0 && t.FoldLevel() < d:
		return fmt.Errorf("hdd: Unfold folded level %d, above level %d", t.FoldLevel(), d)
	case t.RunLevel() >= 0 && t.RunLevel() < d:
		return fmt.Errorf("hdd: Unfold left runs at level %d, above level %d", t.RunLevel(), d)
	}
	s.t, s.cur = t, tree.Candidate{}
	s.logf("parsed the %d bytes left again for level %d: %d nodes, was %d", len(s.best), d, t.Len(), before)
	return nil
}

// candidates returns the present, unedited nodes at depth d that can shrink.
func (s *search) candidates(d int) []tree.NodeID {
	var ids []tree.NodeID
	s.atDepth(d, func(id tree.NodeID) {
		if s.t.Nodes[id].Is(tree.Removable) || !s.r.NoReplace && s.t.CanShrink(id) {
			ids = append(ids, id)
		}
	})
	return ids
}

// atDepth calls f for each node at depth d that is present in the current
// configuration, neither removed nor replaced by a text. A hoisted node is
// offered in its own right (removing it removes what it stands in for); the
// node it is replaced by is not, since it stands in the hoisted node's place.
func (s *search) atDepth(d int, f func(id tree.NodeID)) {
	var visit func(id tree.NodeID, viaHoist bool)
	visit = func(id tree.NodeID, viaHoist bool) {
		if lv := s.t.Level(id); lv >= d {
			if lv > d {
				return
			}
			if !viaHoist && !s.cur.Removed(id) {
				if sub, ok := s.cur.Subst(id); !ok || sub.Hoist != tree.NoNode {
					f(id)
				}
			}
			if !s.t.Transparent(id) {
				return
			}
		}
		if s.cur.Removed(id) {
			return
		}
		if sub, ok := s.cur.Subst(id); ok {
			if sub.Hoist != tree.NoNode {
				visit(sub.Hoist, true)
			}
			return
		}
		for _, c := range s.t.Children(id) {
			visit(c, false)
		}
	}
	visit(0, false)
}

// level runs ddmin over the shrinkable nodes at depth d and reports whether
// it removed any.
func (s *search) level(ctx context.Context, d int) (bool, error) {
	items := s.candidates(d)
	if len(items) == 0 {
		return false, nil
	}
	s.setPhase("level %d/%d (%d nodes)", d, s.t.MaxLevel(), len(items))
	testsBefore := s.stats.Tests
	test := levelTester{s: s, base: s.cur, items: items}
	keep, err := minimize.Run(ctx, s.r.Minimizer, items, test)
	if err == nil && len(keep) == 1 {
		// ddmin never tests the empty set; try it (free for the others,
		// whose last test was the empty set: the cache answers).
		if ok, terr := test.Test(ctx, nil); terr != nil {
			err = terr
		} else if ok {
			keep = nil
		}
	}
	s.logf("level %d: %d of %d nodes kept, %d tests, %d bytes", d, len(keep), len(items), s.stats.Tests-testsBefore, len(s.best))
	return len(keep) < len(items), err
}

// levelTester is the minimize.Tester of one level: a candidate keeps some of the
// level's items and removes the others from the configuration the level
// started from.
type levelTester struct {
	s     *search
	base  tree.Candidate
	items []tree.NodeID
}

func (l levelTester) config(keep []tree.NodeID) tree.Candidate {
	return l.base.Remove(minus(l.items, keep)...)
}

func (l levelTester) Test(ctx context.Context, keep []tree.NodeID) (bool, error) {
	return l.s.try(ctx, l.config(keep))
}

func (l levelTester) First(ctx context.Context, n int, gen func(i int) []tree.NodeID) (int, error) {
	return l.s.first(ctx, n, func(i int) tree.Candidate { return l.config(gen(i)) })
}

// singles is HDD+'s greedy phase: try removing each node alone, breadth
// first, until a whole pass removes nothing.
func (s *search) singles(ctx context.Context) error {
	for pass := 1; ; pass++ {
		s.setPhase("hdd+ pass %d", pass)
		removed := 0
		for d := 0; d <= s.t.MaxLevel(); d++ {
			ids := s.candidates(d)
			for len(ids) > 0 {
				base := s.cur
				i, err := s.first(ctx, len(ids), func(i int) tree.Candidate { return base.Remove(ids[i]) })
				if err != nil {
					return err
				}
				if i < 0 {
					break
				}
				removed++
				ids = ids[i+1:]
			}
		}
		s.logf("hdd+: pass %d removed %d nodes, %d bytes", pass, removed, len(s.best))
		if removed == 0 {
			return nil
		}
	}
}

// minus returns the items not in keep; keep is a subsequence of items.
func minus(items, keep []tree.NodeID) []tree.NodeID {
	out := make([]tree.NodeID, 0, len(items)-len(keep))
	j := 0
	for _, id := range items {
		if j < len(keep) && keep[j] == id {
			j++
			continue
		}
		out = append(out, id)
	}
	return out
}
