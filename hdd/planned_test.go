package hdd_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hddreduce/hdd/grammars/xml"
	"github.com/hddreduce/hdd/hdd"
)

// TestPlannedTestsPastSuccess checks that with several jobs a level's
// tests go on past a success the walk has not reached yet: over
// "(a b c d e f g h) (z)" with "h" needed, the first level keeps the first
// list; the next level's first test, "(e f g h)", is interesting, and the
// minimizer then tests "()" and, in its round of single items, "(f g h)".
// The oracle holds "(e f g h)" until "(f g h)" has started, which no
// search testing only the failures' sequence can do.
func TestPlannedTestsPastSuccess(t *testing.T) {
	const src = "(a b c d e f g h) (z)"
	oracle := holdsUntilStarted(t, contains("h"), "(efgh)", "(fgh)")
	r := hdd.Reducer{Oracle: oracle, Jobs: 16}
	res, err := r.Reduce(context.Background(), sexp(t, src), sexpPolicy)
	if err != nil {
		t.Fatal(err)
	}
	if got := squeeze(res.Output); got != "(h)" {
		t.Errorf("result %q", got)
	}
}

// TestPlannedIsSerial checks, over random lists and oracles, that levels
// tested ahead along the plan end with the serial search's result,
// whatever the jobs and however long each test takes; that the same jobs
// give the same test runs every time; and that no more than Jobs tests run
// at once.
func TestPlannedIsSerial(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for iter := range 30 {
		n := 4 + rng.IntN(28)
		words := make([]string, n)
		for i := range words {
			words[i] = fmt.Sprintf("w%d", i)
		}
		src := "(" + strings.Join(words, " ") + ")"
		// Each word is needed with probability 1/4; about half the time
		// any of a few others will do instead. Every tenth list loses
		// every word.
		needed := map[string]bool{}
		var any []string
		for _, w := range words {
			if iter%10 == 0 {
				break
			}
			switch rng.IntN(8) {
			case 0, 1:
				needed[w] = true
			case 2:
				any = append(any, w)
			}
		}
		oracle := func(c []byte) bool {
			if iter%10 == 0 {
				return bytes.Contains(c, []byte("("))
			}
			have := map[string]bool{}
			for _, f := range strings.FieldsFunc(string(c), func(r rune) bool { return r == ' ' || r == '(' || r == ')' || r == '\n' }) {
				have[f] = true
			}
			for w := range needed {
				if !have[w] {
					return false
				}
			}
			if len(any) == 0 {
				return true
			}
			for _, w := range any {
				if have[w] {
					return true
				}
			}
			return false
		}
		sexpAtEveryJobs(t, src, src, oracle)
	}
}

// sexpAtEveryJobs is serialAtEveryJobs for the s-expression src, named
// name, reduced with oracle by the default search.
func sexpAtEveryJobs(t *testing.T, name, src string, oracle hdd.OracleFunc) {
	t.Helper()
	serialAtEveryJobs(t, name, func(jobs int, delay func() time.Duration) (string, int, int64) {
		o, peak := peakOracle(oracle, delay)
		r := hdd.Reducer{Jobs: jobs, Oracle: o}
		res, err := r.Reduce(context.Background(), sexp(t, src), sexpPolicy)
		if err != nil {
			t.Fatal(err)
		}
		return string(res.Output), res.Stats.Tests, peak.Load()
	})
}

// serialAtEveryJobs checks that reduce, a reduction of the input named
// name at the given jobs whose tests each take delay(), gives at -j 2, 3,
// 4 and 8 the result of -j 1 whatever the delays, the same test runs at
// each of three runs, and never more than Jobs tests at once.
func serialAtEveryJobs(t *testing.T, name string, reduce func(jobs int, delay func() time.Duration) (out string, runs int, peak int64)) {
	t.Helper()
	serial, _, _ := reduce(1, func() time.Duration { return 0 })
	for _, jobs := range []int{2, 3, 4, 8} {
		var runs0 int
		for run := range 3 {
			var calls atomic.Int64
			got, runs, peak := reduce(jobs, func() time.Duration {
				return time.Duration(calls.Add(1)*7919%3) * time.Millisecond
			})
			if got != serial {
				t.Fatalf("%s at -j %d: %q, -j 1 gives %q", name, jobs, got, serial)
			}
			if peak > int64(jobs) {
				t.Errorf("%s at -j %d: %d tests at once", name, jobs, peak)
			}
			if run == 0 {
				runs0 = runs
			} else if runs != runs0 {
				t.Errorf("%s at -j %d, run %d: %d test runs; run 0: %d", name, jobs, run, runs, runs0)
			}
		}
	}
}

// TestPhasesAreSerial is TestPlannedIsSerial over random XML documents,
// whose reduction also hoists elements, applies XML's transforms and
// shortens texts, under hdd* and hdd+.
func TestPhasesAreSerial(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var element func(depth int) string
	element = func(depth int) string {
		name := string(rune('a' + rng.IntN(4)))
		if depth == 0 || rng.IntN(4) == 0 {
			return "<" + name + ">" + strings.Repeat("xy", rng.IntN(4)) + "</" + name + ">"
		}
		var b strings.Builder
		b.WriteString("<" + name + ` k="v">`)
		for range 1 + rng.IntN(4) {
			b.WriteString(element(depth - 1))
		}
		b.WriteString("</" + name + ">")
		return b.String()
	}
	for iter := range 12 {
		src := `<!DOCTYPE r PUBLIC "-//x//y" "z.dtd"><r>` + element(3) + element(3) + "</r>"
		// The bug needs a few tags, and, every other document, some text.
		var want []string
		for range 1 + rng.IntN(3) {
			want = append(want, "<"+string(rune('a'+rng.IntN(4))))
		}
		if iter%2 == 0 {
			want = append(want, "xy")
		}
		oracle := func(c []byte) bool {
			for _, w := range want {
				if !bytes.Contains(c, []byte(w)) {
					return false
				}
			}
			return true
		}
		if !oracle([]byte(src)) {
			continue
		}
		algorithm := hdd.HDDStar
		if iter%3 == 0 {
			algorithm = hdd.HDDPlus
		}
		serialAtEveryJobs(t, src, func(jobs int, delay func() time.Duration) (string, int, int64) {
			doc, err := xml.Parse([]byte(src))
			if err != nil {
				t.Fatal(err)
			}
			o, peak := peakOracle(oracle, delay)
			r := hdd.Reducer{Jobs: jobs, Oracle: o, Algorithm: algorithm}
			res, err := r.Reduce(context.Background(), doc.Tree, doc.Policy)
			if err != nil {
				t.Fatal(err)
			}
			return string(res.Output), res.Stats.Tests, peak.Load()
		})
	}
}
