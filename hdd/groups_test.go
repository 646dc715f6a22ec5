package hdd_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/json"
	"github.com/hddreduce/hdd/hdd"
)

// TestGroupsOfFields checks JSON Lines whose test needs every one of its
// records and one field of each ("lvl"), a few records whole and many
// folded as the parser leaves a large input: the other fields go a kind
// at a time, one test each, where the level's ddmin took about two tests
// a field (without groups: 591 and 22,534 runs); the result is the same
// at 1 and 4 jobs, and below minGroupParents records the level is
// ddmin's alone.
func TestGroupsOfFields(t *testing.T) {
	for _, tt := range []struct {
		records  int
		maxTests int // at one job
	}{
		{40, 380},
		{1500, 13000},
		{8, 200},
	} {
		var b strings.Builder
		for i := range tt.records {
			fmt.Fprintf(&b, `{"ts": %d, "lvl": "warn", "msg": "m%d", "user": {"id": %d}}`+"\n", 1000+i, i, i)
		}
		oracle := hdd.OracleFunc(func(c []byte) bool { return bytes.Count(c, []byte(`"lvl": "warn"`)) >= tt.records })
		want := strings.Repeat(`{"lvl": "warn"}`+"\n", tt.records)
		for _, jobs := range []int{1, 4} {
			if tt.records > 100 && jobs > 1 {
				continue // the same steps; one job shows the tests saved
			}
			doc, err := json.Parse([]byte(b.String()))
			if err != nil {
				t.Fatal(err)
			}
			r := hdd.Reducer{Oracle: oracle, Jobs: jobs, NoShorten: true}
			res, err := r.Reduce(context.Background(), doc.Tree, doc.Policy)
			if err != nil {
				t.Fatalf("%d records, %d jobs: %v", tt.records, jobs, err)
			}
			if got := string(res.Output); got != want {
				t.Errorf("%d records, %d jobs: got %.200q, want %.200q", tt.records, jobs, got, want)
			}
			t.Logf("%d records, %d jobs: %d test runs", tt.records, jobs, res.Stats.Tests)
			if jobs == 1 && res.Stats.Tests > tt.maxTests {
				t.Errorf("%d records: %d test runs, want at most %d", tt.records, res.Stats.Tests, tt.maxTests)
			}
		}
	}
}
