package hdd

import (
	"fmt"
	"hash/maphash"
	"sync"
	"time"

	"github.com/hddreduce/hdd/hdd/tree"
)

// search is the state of one reduction: the tree and its policy, the best
// candidate so far and its text, the verdict cache and the counts. Its
// passes are methods in files of their own (prune.go, hoist.go, ...; the
// list is sweep, in algorithm.go), its evaluation of candidates is in
// eval.go and its parallel testing in speculate.go.
type search struct {
	mu   sync.Mutex // guards stats and cache during parallel runs
	r    *Reducer
	t    *tree.Tree
	p    *tree.Policy
	cur  tree.Candidate // the best candidate so far
	best []byte         // its text
	// bestSize is best's bytes as the user counts them (see sizeOf).
	bestSize int
	// smallest is the shortest text adopted so far, which the search
	// ends with if it ends longer (see keepSmallest).
	smallest adoptedText
	// depths are the nodes at each depth of cur (see curAtDepth).
	depths depthMemo
	stats  Stats
	seed   maphash.Seed
	cache  map[uint64]bool // text hash → interesting
	// testing holds the texts under test, by hash: a candidate whose text
	// is being tested waits for that verdict instead of a run of its own,
	// so the runs do not depend on which test ends first. Guarded by mu.
	testing map[uint64]*verdict
	start   time.Time
	phase   string // for Progress; guarded by mu
	sweepNo int    // the sweep of HDD* under way, 0 for the other algorithms; guarded by mu

	adoptions int // candidates adopted so far
	sweptAt   int // adoptions when the sweep under way began
	// echoed holds, by shapesKey, 1 + sweptAt for the sets of shapes
	// whose removal echo tried in the sweep (see echo).
	echoed map[string]int
	// groupFailed holds the groups whose removal failed, by depth, kind
	// and label (see groups).
	groupFailed map[groupAt]bool
	// faulty holds the tidies that panicked (see applyTidy). Guarded by
	// mu.
	faulty map[string]bool
	// shapes indexes the nodes of tree shapesOf by shape (see byShape).
	shapes   map[shape][]tree.NodeID
	shapesOf *tree.Tree

	// ahead are the tests started beside the checks of the original, for
	// the first levels (see beside); prune takes them.
	ahead *aheadTests

	// needed are the nodes the test needs though the format says nothing
	// else does, in tree neededOf; unusedAt is 1 + adoptions when
	// dropUnused last looked, 0 before (see dropUnused).
	needed   map[tree.NodeID]bool
	neededOf *tree.Tree
	unusedAt int
	bodiesAt int // as unusedAt, for dropBodies

	foldFails int             // folds not interesting in a row (see foldNow)
	foldSkip  int             // successes still to adopt alone (see foldNow)
	recent    []bool          // the last verdicts of planned steps (see succRate)
	edits     map[uint64]bool // verdicts by a candidate's edits (see remember)
	kinds     kindRates       // the walk's verdicts by the kinds of nodes edited (see firstPlanned)

	// confirms are the runs of finish's confirmations, by the text's
	// hash, and finishedFor is 1 + adoptions when finishBeside last
	// started them, 0 before (see finishBeside).
	confirms    map[uint64]*verdict
	finishedFor int

	bufs    [][]byte // scratch buffers to render into; guarded by mu
	texts   textMemo // texts of candidates rendered lately; guarded by mu
	running int      // test runs under way; guarded by mu
	// lengths are how long the last runs took, at most recentLengths,
	// with their verdicts (see endsLate, ranOdds); guarded by mu.
	lengths   []testLength
	busySince time.Time // when running last rose from 0; guarded by mu
}

// setPhase names what the search does now, for Progress; in HDD* the
// name starts with the sweep ("sweep 2: level 3/7"), since each sweep goes
// through the levels again.
func (s *search) setPhase(format string, args ...any) {
	s.mu.Lock()
	s.phase = fmt.Sprintf(format, args...)
	if s.sweepNo > 0 {
		s.phase = fmt.Sprintf("sweep %d: %s", s.sweepNo, s.phase)
	}
	s.mu.Unlock()
}

// size returns the size of the best text so far as the user counts it.
func (s *search) size() int { return s.bestSize }

// sizeOf returns the size of text as the user counts it (see
// Reducer.Size). It is counted when a text becomes the best, so that a
// folder's archive is not read again for every report.
func (s *search) sizeOf(text []byte) int {
	if s.r.Size != nil {
		return s.r.Size(text)
	}
	return len(text)
}

// count returns "1 node", "2 nodes": n and the noun, in the plural unless
// n is 1.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// warn passes a warning to the Reducer's Warn.
func (s *search) warn(w error) {
	if s.r.Warn != nil {
		s.r.Warn(w)
	}
}

// logf passes a line to the Reducer's Log.
func (s *search) logf(format string, args ...any) {
	if s.r.Log != nil {
		s.r.Log(fmt.Sprintf(format, args...))
	}
}

// An adoptedText is a text the search adopted, with its tree and
// candidate.
type adoptedText struct {
	t    *tree.Tree
	c    tree.Candidate
	text []byte
	size int
}

// adopt makes candidate c, whose text is text, the best so far. A
// transform's candidate may be longer than the best (a call inlined, say)
// for what it allows next: Improved is called only with a text shorter
// than any before.
func (s *search) adopt(c tree.Candidate, text []byte) {
	s.cur = c
	s.adoptions++
	if s.p != nil && s.p.Adopted != nil {
		s.p.Adopted(text)
	}
	n := s.sizeOf(text)
	s.mu.Lock()
	improved := len(text) < len(s.smallest.text)
	s.best, s.bestSize = text, n
	if improved {
		s.smallest = adoptedText{s.t, c, text, n}
		s.report()
	}
	s.mu.Unlock()
	if improved && s.r.Improved != nil {
		s.r.Improved(text)
	}
}

// keepSmallest makes the shortest text the search adopted the best, if
// the search ended with a longer one: an edit that lengthened the text
// may not have led to a shorter one in the end.
func (s *search) keepSmallest() {
	if len(s.best) <= len(s.smallest.text) {
		return
	}
	s.logf("the search ended at %s; its result is the shortest text it adopted, %s",
		count(len(s.best), "byte"), count(len(s.smallest.text), "byte"))
	s.mu.Lock()
	s.t, s.cur = s.smallest.t, s.smallest.c
	s.best, s.bestSize = s.smallest.text, s.smallest.size
	s.mu.Unlock()
}

// result returns the best candidate so far as a Result.
func (s *search) result() *Result {
	s.stats.BytesAfter = len(s.best)
	s.stats.NodesAfter = s.countPresent()
	s.stats.Elapsed = time.Since(s.start)
	return &Result{Tree: s.t, Candidate: s.cur, Output: s.best, Stats: s.stats}
}

// countPresent counts the nodes of the best candidate, separators aside.
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
