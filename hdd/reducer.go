package hdd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hddreduce/hdd/hdd/minimize"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// ErrNotInteresting is returned when no check run found the original
// input interesting. Why the test rejected it (an exit status, its output)
// is the oracle's to tell.
var ErrNotInteresting = errors.New("the original input is not interesting")

// ErrFlaky is wrapped by the warning that the original input was
// interesting in some of its check runs only, and by
// ErrFinalNotInteresting.
var ErrFlaky = errors.New("the test is flaky")

// ErrEmptyInteresting is the warning that the empty file is interesting
// too.
var ErrEmptyInteresting = errors.New("an empty file is interesting too: the test checks too little (make it look for the bug's own sign, such as its message)")

// ErrBudget is returned, with the best result so far, when the MaxTests
// budget is spent.
var ErrBudget = errors.New("the test budget is spent")

// ErrFinalNotInteresting is returned when the reduced result, tested once
// more at the end, is no longer interesting: the test is flaky.
var ErrFinalNotInteresting = fmt.Errorf("the reduced result was interesting once but not when tested again: %w", ErrFlaky)

// A Reducer holds the configuration of a reduction. Oracle must be set; the
// other fields have usable zero values. A Reducer may be reused for several
// reductions, but not concurrently.
type Reducer struct {
	Oracle    Oracle             // decides interestingness
	Algorithm Algorithm          // default HDDStar
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

	// NoShorten turns off shortening of texts: cutting a Chars leaf (XML
	// text, a JSON string) down to a part of it.
	NoShorten bool

	// CheckRuns is how many times the original is tested before the search
	// (at least 2, the default), to catch a flaky test.
	CheckRuns int

	// Repeat, if above 1, runs the test up to Repeat times on each
	// candidate of the search and counts it interesting only if every run
	// is, stopping at the first run that is not: with a flaky test this
	// keeps the search from adopting a candidate that was interesting by
	// chance, for Repeat runs per interesting candidate (most candidates
	// are not, and cost one run). Each run counts as a test. The checks of
	// the original run the test once each, so their figures show the
	// flakiness.
	Repeat int

	// MaxTests, if positive, is the most test runs the reduction may
	// start, the checks of the original and the final one included; the
	// search stops with ErrBudget when they are spent. Fewer checks of
	// the original run if the budget is smaller than CheckRuns + 1, and
	// none of the result at the end if it is spent by then.
	MaxTests int

	// Jobs is how many tests may run at once; <= 1 means one at a time.
	// Candidates are tested ahead of the serial order, and successes found
	// at once are folded into one candidate (see the package doc): the
	// result is the same at every run with the same Jobs, and with one
	// job it is the serial search's.
	Jobs int

	// Calibrate, if set, is called with the duration of the first run of
	// the test on the original input (the time the Oracle took to
	// answer), so the caller can derive a timeout from it. With one job
	// it is called before any other run starts; with more, other runs
	// may be under way, and the timeout should bound them too (as
	// runner.Command.SetTimeout does).
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
	// Size, if set, counts the bytes of a text for Log and Progress,
	// where the user counts them otherwise than its length: the bytes of
	// a folder's files, not of the archive that holds them. It must be
	// safe for concurrent use. Nil means the text's length.
	Size func(text []byte) int
	// Warn receives warnings meant for the user: one wrapping ErrFlaky
	// when the original was interesting in some of its check runs only,
	// ErrEmptyInteresting when the empty file is interesting; nil
	// discards.
	Warn func(error)
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
	Tests      int           // test runs started (calls of the Oracle that ran the test), the canceled ones included
	CacheHits  int           // candidates whose text had been tested before
	FoldsTried int           // folds tested: several candidates tested at once were interesting, and combined (Jobs > 1)
	Folds      int           // folds adopted: those found interesting
	Folded     int           // the candidates the folds adopted combined
	Rejected   int           // candidates refused by the policy's Check, never tested
	Canceled   int           // test runs stopped before their verdict: speculative runs after an earlier candidate won, runs under way on an interruption
	TestTime   time.Duration // time spent in the Oracle, summed over parallel runs
	TestWall   time.Duration // wall time during which at least one test ran
	Elapsed    time.Duration // wall time of the whole reduction

	BytesBefore, BytesAfter int
	NodesBefore, NodesAfter int // nodes present in the tree, separators aside
}

// A Progress is a snapshot of a running reduction.
type Progress struct {
	Phase string // "check", "level 3", "hoist", "hdd+", ...
	Bytes int    // size of the best candidate so far (see Reducer.Size)
	Stats Stats  // counts so far (Elapsed is up to date; Bytes/Nodes fields are not)
}

// Reduce shrinks t, with its format's policy p (nil: the zero Policy). It
// first tests the original CheckRuns times (warning with figures when the
// verdicts differ, failing with ErrNotInteresting when none is
// interesting) and the empty file once (warning when it is interesting
// too), then runs r.Algorithm, and finally tests the result once more. It
// is Preflight followed by ReduceChecked.
//
// If ctx is done during the search, or the MaxTests budget is spent, Reduce
// returns the best result so far together with ctx.Err() or ErrBudget; the
// result is interesting and may be written out as a partial reduction.
func (r *Reducer) Reduce(ctx context.Context, t *tree.Tree, p *tree.Policy) (*Result, error) {
	return r.ReduceChecked(ctx, t, p, r.Preflight(ctx, unparse.Text(t, p, tree.Candidate{})))
}

// ReduceChecked goes on with a reduction that Preflight started: t must
// render, unedited, as the text Preflight tests. A Checked is used once.
// The policy p is the one the tree's adapter supplied; nil is the zero
// Policy. It returns the checks' error if they fail (see Checked.Wait);
// while they run, the jobs they leave idle test the search's first
// candidates.
func (r *Reducer) ReduceChecked(ctx context.Context, t *tree.Tree, p *tree.Policy, pre *Checked) (*Result, error) {
	s := pre.s
	if s == nil || s.t != nil || s.r != r {
		return nil, errors.New("ReduceChecked needs a fresh Checked from the same Reducer's Preflight")
	}
	// An unedited tree renders as its source (the adapters' round trip).
	if !bytes.Equal(t.Src, s.best) {
		return nil, errors.New("the tree is not of the text Preflight checked")
	}
	if p == nil {
		p = &tree.Policy{}
	}
	if t.Partial && p.Unfold == nil {
		return nil, errors.New("a Partial tree needs the policy's Unfold")
	}
	s.t, s.p = t, p
	s.smallest = adoptedText{t: t, text: s.best, size: s.bestSize}
	nodes := 0
	for id := range t.Nodes { // every node is present in the original
		if !t.Nodes[id].Is(tree.Sep) {
			nodes++
		}
	}
	s.mu.Lock() // the checks may be under way, reporting progress
	s.stats.NodesBefore = nodes
	s.mu.Unlock()
	// The first tests of the search run beside the checks still under
	// way, in the jobs they leave idle.
	aheadCtx, stopAhead := context.WithCancel(ctx)
	defer stopAhead()
	s.ahead = s.beside(aheadCtx, pre)
	if err := pre.Wait(); err != nil {
		// Not interesting: their verdicts are of no use, stop them. A
		// check that could not run the test (not executable, srun
		// failing) leaves them to fail the same way, and end, on their
		// own: stopping a run that is starting may fail too (scancel
		// with the Slurm controller down).
		if errors.Is(err, ErrNotInteresting) {
			stopAhead()
		}
		s.ahead.wait()
		return nil, err
	}

	err := s.algorithm(ctx)
	s.keepSmallest()
	if err != nil {
		return s.result(), err
	}
	// Tidy, then confirm, as bisect does, to avoid a false result from a
	// flaky test (unless the budget is spent: the result was interesting
	// once).
	ok, err := s.finish(ctx)
	res := s.result()
	if err != nil {
		return res, err
	}
	if !ok {
		return res, ErrFinalNotInteresting
	}
	return res, nil
}
