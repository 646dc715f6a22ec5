package main

import (
	"slices"
	"strings"
	"testing"
)

// verdicts parses "0" as a failure and "1" as a success.
func verdicts(s string) []bool {
	out := make([]bool, len(s))
	for i, c := range s {
		out[i] = c == '1'
	}
	return out
}

func TestPhases(t *testing.T) {
	log := strings.Join([]string{
		"hdd: the original takes 111ms per test run; timeout 5s",
		"hdd: level 1: 1 of 190 nodes kept, 3 tests, 21 bytes",
		"hdd: level 2: 1 of 1 node kept, 1 test, 21 bytes",
		"hdd: hoisting: 0 tests, 21 bytes",
		"hdd: shortening texts: 2 texts, 2 tests, 19 bytes",
		"hdd: 9 test runs (0 canceled, 0 timed out), 1 cache hits, ...",
	}, "\n")
	got := phases(log, verdicts("100101100"))
	want := [][]bool{verdicts("1"), verdicts("001"), verdicts("0"), verdicts("11"), verdicts("00")}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("phases = %v, want %v", got, want)
	}
}

func TestEstimate(t *testing.T) {
	for _, tc := range []struct {
		name               string
		phases             []string
		jobs               int
		minProb            float64
		rounds, atMostRuns int
	}{
		{"serial: a round per run", []string{"0110100"}, 1, 0, 7, 7},
		{"failures: jobs a round", []string{"0000000000000000"}, 4, 0, 4, 16},
		// A threshold above every guess leaves the next candidate alone.
		{"threshold: a round per run", []string{"0000000000000000"}, 4, 0.99, 16, 16},
		{"a phase of failures is crossed", []string{"00", "00"}, 4, 0, 1, 4},
		// After the success that opens the first phase, the rest of it
		// failing is enough to know the next phase's candidate: the
		// second round reaches it.
		{"a phase is crossed after a success in it", []string{"100", "0"}, 4, 0, 2, 8},
		// Each round also tests the next phase's candidate in case this
		// one fails; it succeeds, so that test is wasted.
		{"a success ends what is known of the next phase", []string{"1", "1", "1"}, 8, 0, 3, 6},
		// With the success rate 1/4 at the start, four jobs test the next
		// candidate, the one after it on a failure, and so on: a success
		// at the second candidate ends the round after two.
		{"a success cuts the chain", []string{"01000"}, 4, 0, 2, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ph [][]bool
			for _, p := range tc.phases {
				ph = append(ph, verdicts(p))
			}
			rounds, runs := estimate(ph, tc.jobs, tc.minProb)
			if rounds != tc.rounds || runs > tc.atMostRuns {
				t.Errorf("estimate = %d rounds, %d runs; want %d rounds, at most %d runs", rounds, runs, tc.rounds, tc.atMostRuns)
			}
		})
	}
}
