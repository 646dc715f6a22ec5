package main

import (
	"container/heap"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// The estimate of -replay answers a question the replayed runs cannot: how
// fast could any parallel schedule be that keeps the serial run's result,
// testing ahead along the path the serial run takes? The recording run
// gives that path: the verdict of each of its test runs in order, cut into
// phases by hdd's log (a level, hoisting, a transform, the shortening of
// texts: each phase's candidates depend on the phases before it). A
// schedule that keeps the serial result can only test, beside the next
// candidate of the serial run, candidates the serial run would test next
// under some verdicts still unknown. The estimate plays such a schedule
// in rounds of -j tests: each round tests the -j candidates most likely to
// lie on the serial path (a verdict is taken to be a success with the rate
// of the last estimateWindow verdicts), and the path advances past the
// candidates of the round that were on it. It crosses from a phase into the
// next only along verdicts that are all failures from where the serial run
// stands to the phase's end: the phase then ends with the candidate adopted
// so far, known, and the next phase's candidates follow from it. Every
// candidate a round tests is counted as a run.

// estimateWindow is how many of the last verdicts give the success rate
// the estimate predicts with.
const estimateWindow = 16

// testsLine matches the count of tests in hdd's log line of a phase.
var testsLine = regexp.MustCompile(`\b(\d+) tests?,`)

// phases cuts verdicts, the serial run's verdicts in order (true:
// interesting), into the phases of log, hdd's -v log of that run: the first
// verdict (the original's) is a phase of its own, then one per log line that
// counts tests, and what is left (tidying) is the last.
func phases(log string, verdicts []bool) [][]bool {
	if len(verdicts) == 0 {
		return nil
	}
	out := [][]bool{verdicts[:1]}
	at := 1
	for _, line := range strings.Split(log, "\n") {
		m := testsLine.FindStringSubmatch(line)
		if m == nil || strings.Contains(line, "test runs") {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		if n == 0 || at >= len(verdicts) {
			continue
		}
		n = min(n, len(verdicts)-at)
		out = append(out, verdicts[at:at+n])
		at += n
	}
	if at < len(verdicts) {
		out = append(out, verdicts[at:])
	}
	return out
}

// estimate plays the best speculating schedule described above with jobs
// tests a round over the phases of a serial run, and returns its rounds and
// the candidates it tests. It tests no candidate less likely than minProb
// to be on the serial path but the next one, so as to spend fewer runs.
func estimate(phases [][]bool, jobs int, minProb float64) (rounds, runs int) {
	var path []bool   // the serial path: every verdict in order
	var phaseOf []int // the index in path where each verdict's phase starts
	for _, ph := range phases {
		start := len(path)
		for _, v := range ph {
			path = append(path, v)
			phaseOf = append(phaseOf, start)
		}
	}
	boundary := make([]bool, len(path)+1)
	for i := 1; i < len(path); i++ {
		boundary[i] = phaseOf[i] != phaseOf[i-1]
	}
	for i := 0; i < len(path); {
		p := successRate(path[max(0, i-estimateWindow):i])
		// reachable reports whether the candidate after hypothesis h (the
		// verdicts from i on) is known: h assumes only failures in each
		// phase it leaves.
		reachable := func(h []bool) bool {
			at := i + len(h)
			if at >= len(path) {
				return false
			}
			for b := i + 1; b <= at; b++ {
				if !boundary[b] {
					continue
				}
				for q := max(phaseOf[b-1], i); q < b; q++ {
					if h[q-i] {
						return false
					}
				}
			}
			return true
		}
		q := &hypotheses{{prob: 1}}
		chosen := map[string]bool{}
		for q.Len() > 0 && len(chosen) < jobs {
			h := heap.Pop(q).(hypothesis)
			if h.prob < minProb {
				break // the rest are less likely still
			}
			if !reachable(h.verdicts) {
				continue
			}
			chosen[key(h.verdicts)] = true
			heap.Push(q, h.then(true, h.prob*p))
			heap.Push(q, h.then(false, h.prob*(1-p)))
		}
		step := 1 // the next candidate of the serial path is always tested
		for i+step < len(path) && chosen[key(path[i:i+step])] {
			step++
		}
		rounds++
		runs += len(chosen)
		i += step
	}
	return rounds, runs
}

// successRate is the share of successes in verdicts, with one success and
// three failures assumed beforehand (most candidates fail).
func successRate(verdicts []bool) float64 {
	ok := 1
	for _, v := range verdicts {
		if v {
			ok++
		}
	}
	return float64(ok) / float64(len(verdicts)+4)
}

// A hypothesis is verdicts assumed for the next candidates of the serial
// path, and how likely they are.
type hypothesis struct {
	verdicts []bool
	prob     float64
}

// then returns h followed by verdict v, with probability prob.
func (h hypothesis) then(v bool, prob float64) hypothesis {
	return hypothesis{verdicts: append(h.verdicts[:len(h.verdicts):len(h.verdicts)], v), prob: prob}
}

// key returns a map key for verdicts.
func key(verdicts []bool) string {
	b := make([]byte, len(verdicts))
	for i, v := range verdicts {
		b[i] = '0'
		if v {
			b[i] = '1'
		}
	}
	return string(b)
}

// hypotheses is a max-heap of hypotheses by probability, shorter first
// among equals.
type hypotheses []hypothesis

func (q hypotheses) Len() int { return len(q) }
func (q hypotheses) Less(i, j int) bool {
	if q[i].prob != q[j].prob {
		return q[i].prob > q[j].prob
	}
	return len(q[i].verdicts) < len(q[j].verdicts)
}
func (q hypotheses) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *hypotheses) Push(x any)   { *q = append(*q, x.(hypothesis)) }
func (q *hypotheses) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// serialRuns returns the verdicts in phases: the serial run's tests.
func serialRuns(phases [][]bool) int {
	n := 0
	for _, ph := range phases {
		n += len(ph)
	}
	return n
}

// heldRuns is the most test runs, over the serial run's, that the estimate
// held to a budget of runs may spend (the limit at -j 8).
const heldRuns = 2.0

// printEstimates writes, per -j, the estimate over the phases of each
// case's serial run: the geometric mean of the speedups in rounds, the
// lowest and highest, and the runs over the serial runs; then the best
// geometric mean of a schedule that tests only candidates at least so
// likely to be on the serial path (the same threshold for every case) and
// spends at most heldRuns times the serial runs in all.
func printEstimates(w io.Writer, cases [][][]bool, jobs []int) {
	if len(cases) == 0 {
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Estimate: the best schedule that keeps the -j 1 result, testing ahead along the serial path (see estimate.go).")
	fmt.Fprintln(w)
	fmt.Fprintf(w, "| -j | geometric mean speedup (rounds) | lowest | highest | test runs over -j 1 | with at most %gx the runs: speedup | its runs over -j 1 | cases |\n", heldRuns)
	fmt.Fprintln(w, "|---:|---:|---:|---:|---:|---:|---:|---:|")
	serial := 0
	for _, ph := range cases {
		serial += serialRuns(ph)
	}
	for _, j := range jobs {
		var mean, lo, hi float64
		var runs int
		held, heldRunsUsed, best := "-", "-", 0.0
		for k := range 11 { // thresholds 0, 0.05, ..., 0.5
			m, l, h, r := estimateAll(cases, j, float64(k)/20)
			if k == 0 { // no threshold: the runs unlimited
				mean, lo, hi, runs = m, l, h, r
			}
			if float64(r) <= heldRuns*float64(serial) && m > best {
				best = m
				held, heldRunsUsed = fmt.Sprintf("%.2f", m), fmt.Sprintf("%.2fx", float64(r)/float64(serial))
			}
		}
		fmt.Fprintf(w, "| %d | %.2f | %.2f | %.2f | %.2fx | %s | %s | %d |\n", j, mean, lo, hi, float64(runs)/float64(max(serial, 1)), held, heldRunsUsed, len(cases))
	}
}

// estimateAll runs estimate over each case's phases at -j jobs with
// threshold minProb, and returns the geometric mean, lowest and highest of
// the speedups in rounds, and the runs of all cases.
func estimateAll(cases [][][]bool, jobs int, minProb float64) (mean, lo, hi float64, runs int) {
	logSum, lo := 0.0, math.Inf(1)
	for _, ph := range cases {
		r, u := estimate(ph, jobs, minProb)
		x := float64(serialRuns(ph)) / float64(max(r, 1))
		logSum += math.Log(x)
		lo, hi = min(lo, x), max(hi, x)
		runs += u
	}
	return math.Exp(logSum / float64(len(cases))), lo, hi, runs
}
