package hdd_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/tree"
)

func TestShorten(t *testing.T) {
	tr := stringsTree(t, `["hello &amp; crash world", "x"]`, tree.Chars)
	r := hdd.Reducer{Oracle: hdd.OracleFunc(func(b []byte) bool { return strings.Contains(string(b), "&amp;") && strings.Contains(string(b), "sh") }), NoHoist: true}
	res, err := r.Reduce(context.Background(), tr, &tree.Policy{Units: grammars.TextUnits})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(res.Output), `["&amp;sh", ""]`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestShortenPlannedIsSerial checks, over random texts and oracles, that
// texts shortened with several jobs (ends-first tested ahead along its
// plan, and into the texts after it) end as with one job, whatever each
// test's duration, with the same test runs every time at the same jobs.
// A document holds one to three texts.
func TestShortenPlannedIsSerial(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for iter := range 25 {
		var texts [][]byte
		for range 1 + iter/3%3 {
			text := make([]byte, 8+rng.IntN(40))
			for i := range text {
				text[i] = byte('a' + rng.IntN(6))
			}
			texts = append(texts, text)
		}
		// The bug needs a few letters in order, or, every third text,
		// any text at least half as long as the original, or, every third
		// text after that, every text whole (ids: no unit can go).
		var want []byte
		for range 1 + rng.IntN(4) {
			want = append(want, byte('a'+rng.IntN(6)))
		}
		long, whole := iter%3 == 0, iter%3 == 1
		src := `["` + string(bytes.Join(texts, []byte(`", "`))) + `"]`
		oracle := func(b []byte) bool {
			if long {
				return 2*len(b) >= len(src)
			}
			if whole {
				for _, text := range texts {
					if !bytes.Contains(b, text) {
						return false
					}
				}
				return true
			}
			rest := b
			for _, c := range want {
				k := bytes.IndexByte(rest, c)
				if k < 0 {
					return false
				}
				rest = rest[k+1:]
			}
			return true
		}
		if !oracle([]byte(src)) {
			continue
		}
		reduce := func(jobs int, delay func() time.Duration) (string, int) {
			tr := stringsTree(t, src, tree.Chars)
			r := hdd.Reducer{Jobs: jobs, NoHoist: true, Oracle: hdd.OracleFunc(func(b []byte) bool {
				time.Sleep(delay())
				return oracle(b)
			})}
			res, err := r.Reduce(context.Background(), tr, &tree.Policy{Units: grammars.TextUnits})
			if err != nil {
				t.Fatal(err)
			}
			return string(res.Output), res.Stats.Tests
		}
		serial, _ := reduce(1, func() time.Duration { return 0 })
		if whole && serial != src {
			t.Fatalf("%s at -j 1: %s, but no unit can go", src, serial)
		}
		for _, jobs := range []int{2, 4, 8} {
			var runs0 int
			for run := range 3 {
				var calls atomic.Int64
				got, runs := reduce(jobs, func() time.Duration {
					return time.Duration(calls.Add(1)*7919%3) * time.Millisecond
				})
				if got != serial {
					t.Fatalf("%s at -j %d: %s, -j 1 gives %s", src, jobs, got, serial)
				}
				if run == 0 {
					runs0 = runs
				} else if runs != runs0 {
					t.Errorf("%s at -j %d, run %d: %d test runs; run 0: %d", src, jobs, run, runs, runs0)
				}
			}
		}
	}
}

// stringsTree returns the tree of src, a list of quoted strings with no
// quote inside: a root over the whole and a leaf with flags for each
// string, quotes included.
func stringsTree(t testing.TB, src string, flags tree.Flags) *tree.Tree {
	t.Helper()
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	for i := 0; i < len(src); i++ {
		if src[i] != '"' {
			continue
		}
		end := i + 1 + strings.IndexByte(src[i+1:], '"')
		tr.Add(root, "string", i, end+1, flags, "")
		i = end
	}
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	return tr
}

// BenchmarkShortenLongText cuts a text of 4 MB down to the 6 bytes an
// in-process test needs, so that the figures are hdd's own: a minimizer
// makes lists of the text's length for its candidates (B/op tells what
// they cost).
func BenchmarkShortenLongText(b *testing.B) {
	text := make([]byte, 4<<20)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range text {
		text[i] = 'a' + byte(rng.IntN(16))
	}
	copy(text[len(text)/2:], "NEEDLE")
	src := `["` + string(text) + `"]`
	b.ReportAllocs()
	for b.Loop() {
		tr := stringsTree(b, src, tree.Chars)
		r := hdd.Reducer{Oracle: contains("NEEDLE"), NoHoist: true}
		res, err := r.Reduce(context.Background(), tr, &tree.Policy{Units: grammars.TextUnits})
		if err != nil {
			b.Fatal(err)
		}
		if got := string(res.Output); got != `["NEEDLE"]` {
			b.Fatalf("got %.40q", got)
		}
	}
}
