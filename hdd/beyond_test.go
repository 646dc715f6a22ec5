package hdd

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
)

// TestBeyondCurAgrees checks that the nodes at a depth of a candidate
// that adds edits to the current one, found from the current one's
// (beyondCur), are those of a walk from the root, in the same order: on
// random trees (chains thousands deep, wide ones, both), random current
// candidates and random edits added to them (removals, texts, hoists).
func TestBeyondCurAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	found := 0
	for trial := range 300 {
		tr := randomTree(rng, 50+rng.IntN(3000), rng.Float64())
		s := &search{t: tr}
		for range 10 {
			s.cur = randomEdits(rng, tr, tree.Candidate{})
			for range 10 {
				c := randomEdits(rng, tr, s.cur)
				d := 1 + rng.IntN(tr.MaxLevel())
				s.curAtDepth(d)
				var want, got []tree.NodeID
				s.walkDepth(c, d, func(id tree.NodeID) { want = append(want, id) })
				if !s.beyondCur(c, d, func(id tree.NodeID) { got = append(got, id) }) {
					continue
				}
				found++
				if !slices.Equal(got, want) {
					t.Fatalf("trial %d, depth %d: from the current candidate's %v, by the walk %v", trial, d, got, want)
				}
			}
		}
	}
	if found < 10000 {
		t.Errorf("beyondCur answered %d times of 30000, want most", found)
	}
}

// randomTree returns a tree of about n nodes; with chain near 1, most
// nodes have one child (a document nested deep), near 0, many.
func randomTree(rng *rand.Rand, n int, chain float64) *tree.Tree {
	tr := tree.NewTree(make([]byte, n))
	root := tr.Add(tree.NoNode, "root", 0, n, 0, "")
	var add func(p tree.NodeID, from, to int)
	add = func(p tree.NodeID, from, to int) {
		for from < to {
			size := to - from
			if rng.Float64() >= chain {
				size = 1 + rng.IntN(max(1, size/3))
			}
			id := tr.Add(p, "node", from, from+size, tree.Removable, "")
			if size > 1 {
				add(id, from+1, from+size)
			}
			from += size
		}
	}
	add(root, 0, n)
	if err := tr.Finish(); err != nil {
		panic(err)
	}
	return tr
}

// randomEdits returns c with a few removals, replacements and hoists of
// nodes of tr added.
func randomEdits(rng *rand.Rand, tr *tree.Tree, c tree.Candidate) tree.Candidate {
	n := len(tr.Nodes)
	for range rng.IntN(6) {
		id := tree.NodeID(1 + rng.IntN(n-1))
		if c.Edited(id) {
			continue
		}
		switch rng.IntN(3) {
		case 0:
			c = c.Remove(id)
		case 1:
			c = c.Replace(id, "x")
		default:
			if end := tr.SubtreeEnd(id); end > id+1 {
				c = c.Hoist(id, id+1+tree.NodeID(rng.IntN(int(end-id-1))))
			}
		}
	}
	return c
}
