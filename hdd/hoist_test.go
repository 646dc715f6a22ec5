package hdd_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd"
)

// TestHoistDeepChain checks that a chain of single nested lists hundreds
// deep, which the test needs down to some depth (as a parser's stack
// overflow needs its input nested deep), is reduced to exactly that depth
// in test runs in proportion to the depth, not to its square. Each list
// keeps its label, so that no two hoists give the same text.
func TestHoistDeepChain(t *testing.T) {
	const depth = 300
	var src strings.Builder
	for i := range depth {
		fmt.Fprintf(&src, "(a%d ", i)
	}
	src.WriteString("x" + strings.Repeat(")", depth))
	for _, tt := range []struct {
		name string
		need int // the least depth the test accepts
	}{
		{"any depth", 1},
		{"a tenth", depth / 10},
		{"half", depth / 2},
		{"nine tenths", 9 * depth / 10},
		{"all", depth},
	} {
		t.Run(tt.name, func(t *testing.T) {
			oracle := func(c []byte) bool {
				lists := bytes.Count(c, []byte("("))
				return bytes.Contains(c, []byte("x")) && lists >= tt.need && bytes.Count(c, []byte("(a")) == lists
			}
			r := hdd.Reducer{Oracle: hdd.OracleFunc(oracle)}
			res, err := r.Reduce(context.Background(), sexp(t, src.String()), sexpPolicy)
			if err != nil {
				t.Fatal(err)
			}
			if got := bytes.Count(res.Output, []byte("(")); got != tt.need {
				t.Errorf("got a result %d deep, want %d", got, tt.need)
			}
			t.Logf("%d test runs", res.Stats.Tests)
			// Each sweep tests each level about twice (its label and its
			// list), and two sweeps run; trying every hoist along the
			// chain took 37460 test runs for nine tenths.
			if res.Stats.Tests > 6*depth {
				t.Errorf("got %d test runs, want at most %d (six a level)", res.Stats.Tests, 6*depth)
			}
		})
	}
}
