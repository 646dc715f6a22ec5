package hdd

import (
	"slices"
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

// TestSparseDrop checks which nodes within a long chain try to drop their
// own wrapper, by how many nodes above them continue the chain: the first
// hoistChainAll, then those a power of two below the chain's top.
func TestSparseDrop(t *testing.T) {
	var got []int
	for above := 1; above <= 300; above++ {
		if sparseDrop(above) {
			got = append(got, above)
		}
	}
	want := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 32, 64, 128, 256}
	if !slices.Equal(got, want) {
		t.Errorf("nodes that try = %v, want %v", got, want)
	}
}
