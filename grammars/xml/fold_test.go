package xml

import (
	"bytes"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/tree"
)

// foldInput is an input of the folding tests.
type foldInput struct {
	name string
	src  []byte
	l    lang
}

// foldInputs returns the test inputs of testdata and of the public corpus,
// with their language.
func foldInputs(t *testing.T) []foldInput {
	var ins []foldInput
	for _, name := range testInputs(t) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		l := langXML
		if formatFor(name) == HTMLFormat {
			l = langHTML
		}
		ins = append(ins, foldInput{strings.TrimPrefix(name, "../"), src, l})
	}
	return ins
}

// full parses in.src with no folding.
func (in foldInput) full(t *testing.T) *tree.Tree {
	t.Helper()
	doc, err := parse(in.src, in.l, math.MaxInt, 1)
	if err != nil {
		t.Fatal(err)
	}
	if doc.Tree.FoldLevel() != -1 {
		t.Fatalf("%s: an unlimited parse folded level %d", in.name, doc.Tree.FoldLevel())
	}
	return doc.Tree
}

// TestLevelSizes checks the counting scan that chooses the fold depth
// against the trees themselves.
func TestLevelSizes(t *testing.T) {
	for _, in := range foldInputs(t) {
		want := grammartest.LevelSizes(in.full(t))
		c := newParser(in.src, in.l, nil)
		c.sizes = []int{1}
		c.run()
		if !slices.Equal(c.sizes, want) {
			t.Errorf("%s: level sizes %v, want %v", in.name, c.sizes, want)
		}
	}
}

// TestFold checks each folded tree against the full one: the nodes down to
// the fold depth, the same in the same order, and Folded on those of them
// that have children in the full tree. The levels are the depths.
func TestFold(t *testing.T) {
	for _, in := range foldInputs(t) {
		whole := in.full(t)
		wd := grammartest.Depths(whole)
		for id := range whole.Nodes {
			if whole.Level(tree.NodeID(id)) != wd[id] && whole.Len() > 20 {
				t.Fatalf("%s: node %d is at level %d, depth %d", in.name, id, whole.Level(tree.NodeID(id)), wd[id])
			}
		}
		for fold := 1; fold < whole.MaxDepth(); fold++ {
			doc, err := parse(in.src, in.l, 1, fold)
			if err != nil {
				t.Fatal(err)
			}
			if err := grammartest.CheckFolded(whole, doc.Tree, fold); err != nil {
				t.Fatalf("%s folded at %d: %v", in.name, fold, err)
			}
		}
	}
}

// TestFoldedReduction reduces each input twice, from its full tree and from
// a tree folded at level 1 that the search unfolds a level at a time: the
// test sees the same candidates in the same order, and the results are the
// same.
func TestFoldedReduction(t *testing.T) {
	unfolded := 0
	for _, in := range foldInputs(t) {
		whole := in.full(t)
		// The test wants the text of the last text node three fifths of
		// the way through.
		var want []byte
		for id := range whole.Nodes {
			if n := &whole.Nodes[id]; n.Kind == "text" && int(n.Start) < len(in.src)*3/5 && n.End-n.Start > 2 {
				want = whole.Text(tree.NodeID(id))
			}
		}
		if want == nil {
			continue
		}
		var outs [2][]byte
		var seen [2][]string
		for i, budget := range []int{math.MaxInt, 1} {
			doc, err := parse(in.src, in.l, budget, 1)
			if err != nil {
				t.Fatal(err)
			}
			seen[i], outs[i], err = grammartest.Reduce(doc, hdd.Reducer{Algorithm: hdd.HDDStar},
				func(c []byte) bool { return bytes.Contains(c, want) })
			if err != nil {
				t.Fatalf("%s: %v", in.name, err)
			}
			if i == 1 && doc.Tree.FoldLevel() >= 0 {
				unfolded++
			}
		}
		if !bytes.Equal(outs[0], outs[1]) {
			t.Errorf("%s: folded, the result is\n%s\nwant\n%s", in.name, outs[1], outs[0])
		}
		if !slices.Equal(seen[0], seen[1]) {
			t.Errorf("%s: folded, the test saw %d candidates, want the %d of the full tree in the same order", in.name, len(seen[1]), len(seen[0]))
		}
	}
	if unfolded == 0 {
		t.Fatal("no folded tree: the test checks nothing")
	}
	t.Logf("%d reductions unfolded", unfolded)
}
