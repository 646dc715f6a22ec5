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

// recentRuns are the lengths and verdicts of the last test runs, as they
// were when copied (runsNow), so that every test under way is judged by
// the same runs.
type recentRuns []testLength

// runsNow returns a copy of the lengths of the last test runs.
func (s *search) runsNow() recentRuns {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.lengths)
}

// endsLate returns whether a test that has run for ran is likely to run
// for at least half the median test more, and at least minLate: whether
// at least half of the runs that ran longer than ran ran that much longer.
// Medians, not means: a few tests that hang until their timeout would
// make every test seem likely to run on. It is false with fewer than
// minLengths runs, and for a test that has run longer than any of them
// (one that hangs is stopped by its timeout). The runs are sorted once,
// for every test it is asked about.
func (rs recentRuns) endsLate() func(ran time.Duration) bool {
	if len(rs) < minLengths {
		return func(time.Duration) bool { return false }
	}
	ds := make([]time.Duration, len(rs))
	for i, l := range rs {
		ds[i] = l.d
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
// of the interesting candidates' runs that ran longer, over that of the
// others, each smoothed (one test more that ran longer, and one that did
// not). Where a test stops quickly on most candidates that are not
// interesting (a compiler at a syntax error) and runs on with those that
// are (a program that builds and runs), a test still running is likely to
// succeed; where the verdict does not change the length, the odds stay
// about the same.
func (rs recentRuns) ranOdds(ran time.Duration) float64 {
	var n, longer [2]float64 // by verdict: not interesting, interesting
	for _, l := range rs {
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
