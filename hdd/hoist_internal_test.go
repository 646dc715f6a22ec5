package hdd

import (
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
)

// TestChainPicks checks which nodes of a chain of single nearest
// descendants hoisting tries, and in which order: every node, deepest
// first, up to hoistChainAll; past it, the nodes 1, 2, 3, 5, 9, ... from
// the deepest and 1, 2, 4, 8, ... from the nearest.
func TestChainPicks(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want []tree.NodeID // indices into the chain, nearest = 0
	}{
		{1, []tree.NodeID{0}},
		{3, []tree.NodeID{2, 1, 0}},
		{hoistChainAll, []tree.NodeID{15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}},
		{17, []tree.NodeID{16, 15, 14, 12, 8, 7, 3, 1, 0}},
		{40, []tree.NodeID{39, 38, 37, 35, 31, 23, 15, 7, 3, 1, 0}},
		{1000, []tree.NodeID{999, 998, 997, 995, 991, 983, 967, 935, 871, 743, 511, 487, 255, 127, 63, 31, 15, 7, 3, 1, 0}},
	} {
		chain := make([]tree.NodeID, tt.n)
		for i := range chain {
			chain[i] = tree.NodeID(i)
		}
		if got := chainPicks(chain); !slices.Equal(got, tt.want) {
			t.Errorf("chainPicks of %d nodes = %v, want %v", tt.n, got, tt.want)
		}
	}
}

// TestSparseDrop checks, on a chain of 300 nested lists, how many nodes
// above a list chainAbove counts (up to its limit), and which lists deep
// in the chain try to drop their own wrapper: the first at each level of
// 2^k.
func TestSparseDrop(t *testing.T) {
	const depth = 300
	src := strings.Repeat("(", depth) + strings.Repeat(")", depth)
	tr := tree.NewTree([]byte(src))
	lists := []tree.NodeID{tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")}
	for i := range depth {
		id := tr.Add(lists[i], "list", i, 2*depth-i, tree.Removable, "")
		tr.SetClass(id, "list")
		lists = append(lists, id)
	}
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	s := &search{t: tr, p: &tree.Policy{}}
	for _, tc := range []struct{ level, limit, want int }{
		{1, 20, 0}, // its ancestor has no class
		{2, 20, 1},
		{5, 20, 4},
		{300, 17, 17},
		{300, 400, 299},
	} {
		if got := s.chainAbove(tree.Candidate{}, lists[tc.level], "list", tc.limit); got != tc.want {
			t.Errorf("chainAbove of the list at level %d, limit %d = %d, want %d", tc.level, tc.limit, got, tc.want)
		}
	}
	var got []int
	for _, id := range lists[1:] {
		if s.sparseDrop(id, "list") {
			got = append(got, tr.Level(id))
		}
	}
	if want := []int{2, 4, 8, 16, 32, 64, 128, 256}; !slices.Equal(got, want) {
		t.Errorf("levels whose list tries = %v, want %v", got, want)
	}
	if got := s.chainAbove(tree.Candidate{}.Remove(lists[100]), lists[200], "list", 400); got != 0 {
		t.Errorf("chainAbove below a removed list = %d, want 0", got)
	}
}
