package hdd_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd"
)

// TestChainBisected checks that a list nested 200 deep, whose test needs 73
// of its levels, is cut where it must be in fewer tests than the one a
// level that pruning level by level takes, with the same result at 1 and
// 4 jobs, for each algorithm.
func TestChainBisected(t *testing.T) {
	const depth, need = 200, 73
	src := strings.Repeat("(", depth) + "x" + strings.Repeat(")", depth)
	oracle := hdd.OracleFunc(func(c []byte) bool { return bytes.Count(c, []byte("(")) >= need })
	want := strings.Repeat("(", need) + strings.Repeat(")", need)
	for _, alg := range []hdd.Algorithm{hdd.HDD, hdd.HDDPlus, hdd.HDDStar} {
		for _, jobs := range []int{1, 4} {
			r := hdd.Reducer{Oracle: oracle, Algorithm: alg, Jobs: jobs}
			res, err := r.Reduce(context.Background(), sexp(t, src), sexpPolicy)
			if err != nil {
				t.Fatalf("%v, %d jobs: %v", alg, jobs, err)
			}
			if got := squeeze(res.Output); got != want {
				t.Errorf("%v, %d jobs: got %d levels, want %d", alg, jobs, strings.Count(got, "("), need)
			}
			t.Logf("%v, %d jobs: %d test runs", alg, jobs, res.Stats.Tests)
			if jobs == 1 && alg != hdd.HDDPlus && res.Stats.Tests >= need {
				t.Errorf("%v: %d test runs, want fewer than %d", alg, res.Stats.Tests, need)
			}
		}
	}
}

// TestEchoDeepSiblings checks a document nested 150 deep whose every level
// holds two atoms beside the list that goes on down, and whose test needs
// 60 levels: the siblings go, at every depth, in a test or two after the
// first level that removes them (echo), and the levels left are bisected,
// where pruning level by level takes tests at every level; the result is
// the same at 1 and 4 jobs.
func TestEchoDeepSiblings(t *testing.T) {
	const depth, need = 150, 60
	var b strings.Builder
	for i := range depth {
		fmt.Fprintf(&b, "(a%d b%d ", i, i)
	}
	b.WriteString(strings.Repeat(")", depth))
	oracle := hdd.OracleFunc(func(c []byte) bool { return bytes.Count(c, []byte("(")) >= need })
	want := strings.Repeat("(", need) + strings.Repeat(")", need)
	for _, jobs := range []int{1, 4} {
		r := hdd.Reducer{Oracle: oracle, Algorithm: hdd.HDDStar, Jobs: jobs}
		res, err := r.Reduce(context.Background(), sexp(t, b.String()), sexpPolicy)
		if err != nil {
			t.Fatal(err)
		}
		if got := squeeze(res.Output); got != want {
			t.Errorf("%d jobs: got %q, want %d empty levels", jobs, got, need)
		}
		t.Logf("%d jobs: %d test runs", jobs, res.Stats.Tests)
		if jobs == 1 && res.Stats.Tests >= need {
			t.Errorf("%d test runs, want fewer than %d", res.Stats.Tests, need)
		}
	}
}
