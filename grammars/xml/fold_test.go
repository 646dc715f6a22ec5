package xml

import (
	"bytes"
	"context"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/unparse"
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

// depths returns the depth of each node of tr.
func depths(tr *hdd.Tree) []int {
	d := make([]int, tr.Len())
	for id := 1; id < tr.Len(); id++ {
		d[id] = d[tr.Nodes[id].Parent] + 1
	}
	return d
}

// full parses in.src with no folding.
func (in foldInput) full(t *testing.T) *hdd.Tree {
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
		var want []int
		for _, d := range depths(in.full(t)) {
			for len(want) <= d {
				want = append(want, 0)
			}
			want[d]++
		}
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
		wd := depths(whole)
		for id := range whole.Nodes {
			if whole.Level(hdd.NodeID(id)) != wd[id] && whole.Len() > 20 {
				t.Fatalf("%s: node %d is at level %d, depth %d", in.name, id, whole.Level(hdd.NodeID(id)), wd[id])
			}
		}
		for fold := 1; fold < whole.Height(); fold++ {
			doc, err := parse(in.src, in.l, 1, fold)
			if err != nil {
				t.Fatal(err)
			}
			tr := doc.Tree
			var want []hdd.NodeID
			for id := range whole.Nodes {
				if wd[id] <= fold {
					want = append(want, hdd.NodeID(id))
				}
			}
			if tr.Len() != len(want) {
				t.Fatalf("%s folded at %d: %d nodes, want %d", in.name, fold, tr.Len(), len(want))
			}
			if tr.FoldLevel() != fold {
				t.Errorf("%s folded at %d: FoldLevel %d", in.name, fold, tr.FoldLevel())
			}
			for i, w := range want {
				got, exp := tr.Nodes[i], whole.Nodes[w]
				wantFolded := wd[w] == fold && len(whole.Children(w)) > 0
				if got.Kind != exp.Kind || got.Lead != exp.Lead || got.Start != exp.Start || got.End != exp.End ||
					got.Flags&^hdd.Folded != exp.Flags || got.Is(hdd.Folded) != wantFolded || got.Class != exp.Class {
					t.Fatalf("%s folded at %d: node %d is %s [%d,%d) %s, want %s [%d,%d) %s, folded %v", in.name, fold, i,
						got.Kind, got.Start, got.End, tr.Describe(hdd.NodeID(i)), exp.Kind, exp.Start, exp.End, whole.Describe(w), wantFolded)
				}
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
				want = whole.Text(hdd.NodeID(id))
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
			r := hdd.Reducer{Render: unparse.Append, Algorithm: hdd.HDDStar, Check: doc.Check,
				Transforms: doc.Transforms, Tidy: doc.Tidy,
				Oracle: hdd.OracleFunc(func(c []byte) bool {
					seen[i] = append(seen[i], string(c))
					return bytes.Contains(c, want)
				})}
			res, err := r.Reduce(context.Background(), doc.Tree)
			if err != nil {
				t.Fatalf("%s: %v", in.name, err)
			}
			outs[i] = res.Output
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
