package grammartest

import (
	"context"
	"fmt"
	"regexp"
	"strconv"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Depths returns the depth of each node of t: 0 for the root.
func Depths(t *tree.Tree) []int {
	d := make([]int, t.Len())
	for id := 1; id < t.Len(); id++ {
		d[id] = d[t.Nodes[id].Parent] + 1
	}
	return d
}

// LevelSizes returns the number of nodes of t at each depth.
func LevelSizes(t *tree.Tree) []int {
	var sizes []int
	for _, d := range Depths(t) {
		for len(sizes) <= d {
			sizes = append(sizes, 0)
		}
		sizes[d]++
	}
	return sizes
}

// CheckFolded compares a tree folded at depth fold with the full tree of
// the same text: it must hold the full tree's nodes down to that depth, the
// same in the same order (kind, spans, flags, class, replacement, parent),
// with tree.Folded set on exactly those at the fold depth that have
// children in the full tree, and its FoldLevel must be the fold depth and
// the tree Partial when it has any. It returns an error describing the first difference.
func CheckFolded(full, folded *tree.Tree, fold int) error {
	depths := Depths(full)
	var want []tree.NodeID
	anyFolded := false
	for id := range full.Nodes {
		if depths[id] <= fold {
			want = append(want, tree.NodeID(id))
			anyFolded = anyFolded || depths[id] == fold && len(full.Children(tree.NodeID(id))) > 0
		}
	}
	if folded.Len() != len(want) {
		return fmt.Errorf("%d nodes, want %d", folded.Len(), len(want))
	}
	wantLevel := -1
	if anyFolded {
		wantLevel = fold
	}
	if folded.FoldLevel() != wantLevel || folded.Partial != anyFolded {
		return fmt.Errorf("FoldLevel %d, want %d; Partial: %v", folded.FoldLevel(), wantLevel, folded.Partial)
	}
	index := make(map[tree.NodeID]tree.NodeID) // full's ID -> folded's
	for i, w := range want {
		index[w] = tree.NodeID(i)
		got, exp := folded.Nodes[i], full.Nodes[w]
		wantFolded := depths[w] == fold && len(full.Children(w)) > 0
		if got.Kind != exp.Kind || got.Lead != exp.Lead || got.Start != exp.Start || got.End != exp.End ||
			got.Flags&^tree.Folded != exp.Flags || got.Is(tree.Folded) != wantFolded ||
			got.Class != exp.Class || got.Replace != exp.Replace ||
			(w > 0 && got.Parent != index[exp.Parent]) {
			return fmt.Errorf("node %d is %s [%d,%d) %s, want %s [%d,%d) %s, folded %v", i,
				got.Kind, got.Start, got.End, folded.Describe(tree.NodeID(i)), exp.Kind, exp.Start, exp.End, full.Describe(w), wantFolded)
		}
	}
	return nil
}

// Reduce reduces doc, with its policy, with r and a test that is
// interesting iff interesting says so, and returns every candidate the test
// saw, in order, and the result.
func Reduce(doc *grammars.Doc, r hdd.Reducer, interesting func([]byte) bool) ([]string, []byte, error) {
	var seen []string
	r.Oracle = hdd.OracleFunc(func(c []byte) bool {
		seen = append(seen, string(c))
		return interesting(c)
	})
	res, err := r.Reduce(context.Background(), doc.Tree, doc.Policy)
	if err != nil {
		return seen, nil, err
	}
	return seen, res.Output, nil
}

// PhaseTests returns the test runs that the log lines of a reduction's
// phase add up to: the lines that begin with name, a colon and "N tests"
// (see hdd.Reducer.Log).
func PhaseTests(logs []string, name string) int {
	re := regexp.MustCompile(`^` + regexp.QuoteMeta(name) + `: (\d+) tests?\b`)
	n := 0
	for _, m := range logs {
		if sub := re.FindStringSubmatch(m); sub != nil {
			k, _ := strconv.Atoi(sub[1]) // \d+ of a count: in range
			n += k
		}
	}
	return n
}
