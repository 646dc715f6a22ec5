package hdd_test

import (
	"bytes"
	"context"
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
