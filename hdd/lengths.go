package hdd

import (
	"slices"
	"time"
)

// How long the tests take. Where a test's length depends on its verdict
// (a compiler stops at once at a syntax error and runs long on a program
// that builds), the jobs of a round's quick tests are refilled while the
// walk waits for a slow one (refill), the tests the walk passed by are
// stopped (stopPointless), and a test still running is guessed by how long
// it has run (ranOdds). These read the lengths of the last runs, recorded
// with their verdicts as the runs end.

// A testLength is how long a test run took, and its verdict.
type testLength struct {
	d  time.Duration
	ok bool
}

// endsLate reports whether a test that has run for ran is likely to run
// for at least half the median test more, and at least minLate: whether
// at least half of the last tests that ran longer than ran ran that much
// longer. Medians, not means: a few tests that hang until their timeout
// would make every test seem likely to run on. It is false before
// minLengths tests have ended, and for a test that has run longer than
// any of them (one that hangs is stopped by its timeout).
func (s *search) endsLate(ran time.Duration) bool { return s.lateBy()(ran) }

// lateBy returns endsLate by the lengths of the last tests as they are
// now, sorted once for every test it is asked about.
func (s *search) lateBy() func(ran time.Duration) bool {
	s.mu.Lock()
	ds := make([]time.Duration, len(s.lengths))
	for i, l := range s.lengths {
		ds[i] = l.d
	}
	s.mu.Unlock()
	if len(ds) < minLengths {
		return func(time.Duration) bool { return false }
	}
	slices.Sort(ds)
	more := max(ds[len(ds)/2]/2, minLate)
	return func(ran time.Duration) bool {
		longer, later := 0, 0
		for _, d := range ds {
			if d > ran {
				longer++
			}
			if d >= ran+more {
				later++
			}
		}
		return longer > 0 && 2*later >= longer
	}
}

// ranOdds returns what the odds that a candidate is interesting are
// multiplied by once its test has run for ran without ending: the share
// of the last interesting candidates whose tests ran longer, over that
// of the others, each smoothed (one test more that ran longer, and one
// that did not). Where a test stops quickly on most candidates that are
// not interesting (a compiler at a syntax error) and runs on with those
// that are (a program that builds and runs), a test still running is
// likely to succeed; where the verdict does not change the length, the
// odds stay about the same.
func (s *search) ranOdds(ran time.Duration) float64 { return s.oddsBy()(ran) }

// oddsBy returns ranOdds by the lengths of the last tests as they are
// now, copied once for every test it is asked about.
func (s *search) oddsBy() func(ran time.Duration) float64 {
	s.mu.Lock()
	ls := slices.Clone(s.lengths)
	s.mu.Unlock()
	return func(ran time.Duration) float64 {
		var n, longer [2]float64 // by verdict: not interesting, interesting
		for _, l := range ls {
			v := 0
			if l.ok {
				v = 1
			}
			n[v]++
			if l.d > ran {
				longer[v]++
			}
		}
		return (longer[1] + 1) / (n[1] + 2) / ((longer[0] + 1) / (n[0] + 2))
	}
}

// minLengths is how many tests must have ended before endsLate guesses,
// and recentLengths how many of the last it guesses by. minLate is the
// least time a test must be likely to run on for its idle jobs to be
// refilled, or, passed by, for it to be stopped: with quicker tests,
// either would gain little, and the runs would depend on how long a
// process takes to start.
const (
	minLengths    = 8
	recentLengths = 64
	minLate       = 100 * time.Millisecond
)
