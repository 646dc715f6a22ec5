package hdd_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd"
)

// TestHoistDeepChain checks that a chain of single nested lists hundreds
// deep, which the test needs down to some depth (as a parser's stack
// overflow needs its input nested deep), is reduced to exactly that depth
// in test runs in proportion to the depth, not to its square. Each list
// keeps its label, so that no two hoists give the same text.
func TestHoistDeepChain(t *testing.T) {
	const depth = 300
	src := chainSrc(depth, "(a%d ", ")")
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
			res, err := r.Reduce(context.Background(), sexp(t, src), sexpPolicy)
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

// BenchmarkDeepChainJobs reduces a chain of single nested lists 300 deep,
// which the test needs 270 deep, at 1, 8 and 64 jobs, with an oracle that
// answers at once: what it measures is hdd's own work, reported per test
// run (us/test). The plans of parallel tests render and plan many more
// candidates than they test, so that work grows with the jobs.
func BenchmarkDeepChainJobs(b *testing.B) {
	const depth, need = 300, 270
	src := chainSrc(depth, "(a%d ", ")")
	oracle := hdd.OracleFunc(func(c []byte) bool {
		lists := bytes.Count(c, []byte("("))
		return bytes.Contains(c, []byte("x")) && lists >= need && bytes.Count(c, []byte("(a")) == lists
	})
	for _, jobs := range []int{1, 8, 64} {
		b.Run(fmt.Sprintf("j%d", jobs), func(b *testing.B) {
			tests := 0
			for b.Loop() {
				r := hdd.Reducer{Oracle: oracle, Jobs: jobs}
				res, err := r.Reduce(context.Background(), sexp(b, src), sexpPolicy)
				if err != nil {
					b.Fatal(err)
				}
				tests += res.Stats.Tests
			}
			b.ReportMetric(float64(tests)/float64(b.N), "tests")
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(tests), "us/test")
		})
	}
}

// TestHoistNeededChain checks a list nested 400 deep whose test needs
// every level (a parser's stack overflow, the input already cut to the
// depth it needs): no hoist along the chain can succeed, and hoisting
// tries a node's wrapper only near the chain's top and at powers of two
// below it, in a few dozen test runs where a try at every node took one
// a level; the result is the input, at 1 and 4 jobs.
func TestHoistNeededChain(t *testing.T) {
	const depth = 400
	// The lists are spaced unevenly, so that no two hoists give the
	// same text.
	var b strings.Builder
	for i := range depth {
		b.WriteString("(" + strings.Repeat(" ", i%5))
	}
	b.WriteString("x" + strings.Repeat(")", depth))
	src := b.String()
	oracle := hdd.OracleFunc(func(c []byte) bool {
		return bytes.Count(c, []byte("(")) >= depth && bytes.Contains(c, []byte("x"))
	})
	for _, jobs := range []int{1, 4} {
		r := hdd.Reducer{Oracle: oracle, Algorithm: hdd.HDDStar, Jobs: jobs}
		res, err := r.Reduce(context.Background(), sexp(t, src), sexpPolicy)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(res.Output); got != src {
			t.Errorf("%d jobs: got %d levels, want %d", jobs, strings.Count(got, "("), depth)
		}
		t.Logf("%d jobs: %d test runs", jobs, res.Stats.Tests)
		if jobs == 1 && res.Stats.Tests > depth/5 {
			t.Errorf("%d test runs, want at most %d", res.Stats.Tests, depth/5)
		}
	}
}

// TestHoistWrappedChain checks a chain that alternates a wrapper list the
// test does not need with a labeled list it needs, 300 of each (a JSON
// document nested as {"a0":[{"a1":[...]}]} whose parser needs the arrays'
// depth), at 1 and 4 jobs: every wrapper is hoisted away, the first
// wrapper's hoist echoed in one test on all those below (see
// hoistEchoStep). Hoisting took 5512 test runs when each wrapper hoisted
// tried picks all along the chain below it, 667 when it tried only its own
// wrapper (see hoistedTo), and 24 with the echo; the levels take about 1500.
func TestHoistWrappedChain(t *testing.T) {
	const depth = 300
	src := chainSrc(depth, "((b%d ", "))")
	oracle := hdd.OracleFunc(func(c []byte) bool {
		return bytes.Count(c, []byte("(b")) >= depth && bytes.Contains(c, []byte("x"))
	})
	for _, jobs := range []int{1, 4} {
		var logs []string
		r := hdd.Reducer{Oracle: oracle, Jobs: jobs, Log: func(m string) { logs = append(logs, m) }}
		res, err := r.Reduce(context.Background(), sexp(t, src), sexpPolicy)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(string(res.Output), "(("); got != 0 {
			t.Errorf("%d jobs: %d wrappers left, want 0", jobs, got)
		}
		hoisting := grammartest.PhaseTests(logs, "hoisting")
		t.Logf("%d jobs: %d test runs, %d of them hoisting", jobs, res.Stats.Tests, hoisting)
		if hoisting > 50 {
			t.Errorf("%d jobs: hoisting took %d test runs, want at most 50", jobs, hoisting)
		}
	}
}

// chainSrc returns depth lists nested one in the next around an x, the
// i-th opened by format with i and closed by closing.
func chainSrc(depth int, format, closing string) string {
	var b strings.Builder
	for i := range depth {
		fmt.Fprintf(&b, format, i)
	}
	b.WriteString("x" + strings.Repeat(closing, depth))
	return b.String()
}
