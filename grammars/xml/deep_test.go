package xml

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd"
)

// TestHoistEchoByLabel reduces 300 <w> elements each wrapping a <b>
// element that wraps the next <w>, with a test that needs every <b>: the
// two elements have the same shape (an element, its parent's second child
// of three), and only their labels, "<w" and "<b", tell them apart, so
// that the echo of the first <w> hoisted to its <b> hoists every <w>
// below and no <b> (see the hdd package's hoistEchoStep): 23 test runs
// of hoisting. Without the labels the echo took every element and
// failed, and hoisting took 647.
func TestHoistEchoByLabel(t *testing.T) {
	const depth = 300
	doc := wbNest(t, depth)
	var logs []string
	r := hdd.Reducer{Algorithm: hdd.HDDStar, Log: func(m string) { logs = append(logs, m) }}
	reduceNest(t, doc, r, "<b", depth, "<w")
	hoisting := grammartest.PhaseTests(logs, "hoisting")
	t.Logf("hoisting: %d test runs", hoisting)
	if hoisting > 50 {
		t.Errorf("hoisting took %d test runs, want at most 50", hoisting)
	}
}

// TestLevelEchoByLabel reduces the nest of TestHoistEchoByLabel, 200
// deep, by its levels alone (one sweep, no hoisting), with a test that
// needs every <b>'s attribute n and none of the <w>'s id: the two
// attributes have the same shape, and only their labels, "n=" and "id=",
// tell them apart, so that the level whose id goes echoes its removal on
// every id below in one test (see the hdd package's echo). 1098 test runs;
// 1297 without the labels, each id then removed at its own level.
func TestLevelEchoByLabel(t *testing.T) {
	const depth = 200
	doc := wbNest(t, depth)
	r := hdd.Reducer{Algorithm: hdd.HDD, NoHoist: true}
	if runs := reduceNest(t, doc, r, "<b n=", depth, "id="); runs > 1200 {
		t.Errorf("%d test runs, want at most 1200", runs)
	}
}

// wbNest parses wbSrc(depth).
func wbNest(t *testing.T, depth int) *grammars.Doc {
	t.Helper()
	doc, err := Parse(wbSrc(depth))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestEchoAfterUnfold reduces a nest of 1500 <w id> <b n> pairs parsed
// 2000 nodes at a time, with a test that needs every <b>: each tree,
// parsed again for a level below the last one's fold, holds new levels of
// attributes, which the levels' echo removes in one test again (the
// echoes tried in a sweep are forgotten when the tree is parsed again).
// 257 test runs; 5265 when a sweep's echoes were remembered across
// trees, each level below the first fold then removing its id alone.
func TestEchoAfterUnfold(t *testing.T) {
	const depth = 1500
	doc, err := parse(wbSrc(depth), langXML, 2000, 1)
	if err != nil {
		t.Fatal(err)
	}
	if doc.Tree.FoldLevel() < 0 {
		t.Fatal("the tree is whole: no unfolding to test")
	}
	if runs := reduceNest(t, doc, hdd.Reducer{Algorithm: hdd.HDDStar}, "<b", depth, "="); runs > 600 {
		t.Errorf("%d test runs, want at most 600", runs)
	}
}

// wbSrc returns depth <w id="wN"> elements each wrapping a <b n="N">
// element that wraps the next <w>, around an x.
func wbSrc(depth int) []byte {
	var b strings.Builder
	for i := range depth {
		fmt.Fprintf(&b, `<w id="w%d"><b n="%d">`, i, i)
	}
	b.WriteString("x" + strings.Repeat("</b></w>", depth))
	return []byte(b.String())
}

// reduceNest reduces doc with r and a test that needs n times need and
// the x, checks that no gone is left, and returns the test runs.
func reduceNest(t *testing.T, doc *grammars.Doc, r hdd.Reducer, need string, n int, gone string) int {
	t.Helper()
	seen, out, err := grammartest.Reduce(doc, r, func(c []byte) bool {
		return bytes.Count(c, []byte(need)) >= n && bytes.Contains(c, []byte("x"))
	})
	if err != nil {
		t.Fatal(err)
	}
	if k := bytes.Count(out, []byte(gone)); k != 0 {
		t.Errorf("%d %q left", k, gone)
	}
	t.Logf("%d test runs", len(seen))
	return len(seen)
}
