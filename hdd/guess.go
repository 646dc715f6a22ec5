package hdd

import (
	"math"
	"slices"

	"github.com/hddreduce/hdd/hdd/tree"
)

// The guesses at the verdicts of the plan's candidates (see the comment
// at the top of planned.go): the share of successes among the walk's last
// verdicts, the share of the text a candidate removes, what the same
// edits gave over another text, and what the walk found so far of the
// kinds of nodes a candidate edits.

// recentVerdicts is how many of the walk's last verdicts succRate counts.
const recentVerdicts = 16

// walked records the verdicts of a step of the walk, for succRate: fails
// failures, then a success if ok.
func (s *search) walked(fails int, ok bool) {
	for range min(fails, recentVerdicts) {
		s.recent = append(s.recent, false)
	}
	if ok {
		s.recent = append(s.recent, true)
	}
	if k := len(s.recent) - recentVerdicts; k > 0 {
		s.recent = append(s.recent[:0], s.recent[k:]...)
	}
}

// succRate returns the guess that a candidate of the walk is interesting:
// the share of successes among its last verdicts, smoothed (one success
// and one failure more), so that no guess is certain.
func (s *search) succRate() float64 {
	ok := 0
	for _, v := range s.recent {
		if v {
			ok++
		}
	}
	return float64(ok+1) / float64(len(s.recent)+2)
}

// sizedGuess returns the guess that a candidate of size bytes, made from a
// text of base bytes, is interesting, from p, the guess for any candidate
// (succRate): the larger the share of the text a candidate removes, the
// likelier it is to remove something the test needs. The odds p/(1-p) are
// multiplied by 0.6 r^-0.2, r being the share removed (at least 1/1024):
// by 0.6 for a candidate that removes everything, 0.7 for half, 1.2 for
// 1/32, 2.4 for 1/1024 or less. Fitted to the walks' verdicts on the public
// corpus, the guess costs 0.84 bits of information a verdict instead of
// succRate's 0.92.
func sizedGuess(p float64, base, size int) float64 {
	r := 1.0
	if base > 0 {
		r = max(float64(base-size)/float64(base), 1.0/1024)
	}
	return timesOdds(p, 0.6*math.Pow(r, -0.2))
}

// timesOdds returns probability q with its odds, q/(1-q), multiplied by f.
func timesOdds(q, f float64) float64 {
	odds := q / (1 - q) * f
	return odds / (1 + odds)
}

// remember records the verdict of n's candidate, done, for recalled: by
// its edits over its base, which the walk may try again over another.
func (s *search) remember(n *planNode) {
	if s.edits == nil {
		s.edits = make(map[uint64]bool)
	}
	if n.keyed {
		s.edits[n.key] = n.ok
	}
}

// recalled returns guess q for n's candidate, corrected by the last
// verdict remember recorded for the same edits over another base.
func (s *search) recalled(n *planNode, q float64) float64 {
	ok, seen := s.edits[n.key]
	if !n.keyed || !seen {
		return q
	}
	f := recallFailed
	if ok {
		f = recallSucceeded
	}
	return timesOdds(q, f)
}

// recallFailed and recallSucceeded multiply the odds of a candidate whose
// edits were last found not interesting, or interesting, over another
// base. Fitted to the public corpus: of the candidates the walk tries again
// at one job, 8% of those that had failed succeed (the guesses then cost
// 0.77 bits a verdict instead of 0.84, best at 0.15); of those rounds
// test again at 8 and 32 jobs, 13% and 12% after a failure, 80% and 76%
// after a success.
const (
	recallFailed    = 0.15
	recallSucceeded = 4
)

// An editKind is what an edit does to a node: removes it, or replaces or
// hoists it (not removed), and the node's grammar symbol.
type editKind struct {
	kind    string
	removed bool
}

// editKinds returns the kinds of the edits c makes over base, each once,
// in the order first found.
func (s *search) editKinds(c, base tree.Candidate) []editKind {
	var out []editKind
	c.DiffNodes(base, func(id tree.NodeID, removed bool) {
		k := editKind{s.t.Nodes[id].Kind, removed}
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	})
	return out
}

// kindRates are the verdicts of the walk's candidates by the kinds of
// their edits (editKinds): how often removing an "#include", a
// "do_statement" or an XML "attribute", or shortening a text, was
// interesting in this reduction, against how often any candidate was.
// Some kinds seldom go (a C function the rest calls), others mostly do
// (comments), and a text is cut down far less often than the walk's
// other candidates succeed.
type kindRates struct {
	rates   map[editKind]*kindRate
	all     kindRate        // every candidate counted, each once
	counted map[uint64]bool // the hashes of the texts counted
}

// A kindRate counts candidates: ok those interesting, failed those not.
type kindRate struct{ ok, failed float64 }

// record counts the verdict ok of the candidate of text hash h, whose
// edits are of kinds; a text is counted once. A success counts for each
// kind; a failure for the one kind, or, shared, for the several (any of
// them may be what the test needs).
func (kr *kindRates) record(h uint64, kinds []editKind, ok bool) {
	if len(kinds) == 0 || kr.counted[h] {
		return
	}
	if kr.rates == nil {
		kr.rates = make(map[editKind]*kindRate)
		kr.counted = make(map[uint64]bool)
	}
	kr.counted[h] = true
	if ok {
		kr.all.ok++
	} else {
		kr.all.failed++
	}
	for _, k := range kinds {
		r := kr.rates[k]
		if r == nil {
			r = &kindRate{}
			kr.rates[k] = r
		}
		if ok {
			r.ok++
		} else {
			r.failed += 1 / float64(len(kinds))
		}
	}
}

// guess returns guess q for a candidate whose edits are of kinds,
// corrected by the kinds' rates so far: its odds are multiplied by the
// mean, over the kinds, of the ratio of the kind's odds of success to
// those of any candidate. A kind's odds start from those of any
// candidate, as if it had been seen twice at their rate, so that a kind
// seldom or never seen changes the guess little or not at all. On the
// walks' verdicts over the public corpus at one job (877 verdicts), the
// guesses cost 0.73 bits of information a verdict, against 0.84 without
// (the levels 0.89 -> 0.79, hoisting 0.71 -> 0.61, shortening 0.64 ->
// 0.29). Multiplying by a kind's own odds instead, which counts the
// share of successes twice, made the guesses too low: 0.77 bits.
func (kr *kindRates) guess(kinds []editKind, q float64) float64 {
	if len(kinds) == 0 || kr.rates == nil {
		return q
	}
	const prior = 2 // the verdicts at the rate of any candidate a kind starts with
	p := (kr.all.ok + 1) / (kr.all.ok + kr.all.failed + 2)
	sum := 0.0
	for _, k := range kinds {
		if r := kr.rates[k]; r != nil {
			sum += math.Log((r.ok + prior*p) / (r.failed + prior*(1-p)) * (1 - p) / p)
		}
	}
	return timesOdds(q, math.Exp(sum/float64(len(kinds))))
}
