package hdd

import (
	"slices"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
)

// TestAtDepthHoist checks that a hoisted node is offered for removal in its
// own right while the node standing in its place is not, so removing never
// applies the stand-in's own policy in the hoisted node's position.
func TestAtDepthHoist(t *testing.T) {
	// doc > outer(fixed) > [x, inner > [y, z]]
	src := "(x (y z))"
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	outer := tr.Add(root, "list", 0, 9, 0, "()")
	x := tr.Add(outer, "atom", 1, 2, tree.Removable, "")
	inner := tr.Add(outer, "list", 3, 8, tree.Removable, "")
	y := tr.Add(inner, "atom", 4, 5, tree.Removable, "")
	z := tr.Add(inner, "atom", 6, 7, tree.Removable, "")
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	s := &search{t: tr, cur: tree.Candidate{}.Hoist(outer, inner)}
	tests := []struct {
		depth int
		want  []tree.NodeID
	}{
		{1, []tree.NodeID{outer}},
		{2, nil}, // x is gone, inner stands in outer's place
		{3, []tree.NodeID{y, z}},
	}
	for _, tc := range tests {
		var got []tree.NodeID
		s.atDepth(tc.depth, func(id tree.NodeID) { got = append(got, id) })
		if !slices.Equal(got, tc.want) {
			t.Errorf("depth %d: got %v, want %v", tc.depth, got, tc.want)
		}
	}
	_ = x
}
