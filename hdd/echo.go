package hdd

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hddreduce/hdd/hdd/tree"
)

// minEcho is the least number of nodes below a level that echo removes in
// its one test, and minEchoDepth the least number of levels below it. On
// documents of a few dozen levels, where each level costs a few tests
// anyway, echo saved a few tests at one job and cost rounds with
// several: its test runs alone, between two levels, and its successes
// waste the tests started ahead of the next level (replayed at 100 ms a
// test, -j 8: libxslt 26 -> 35 rounds, for 108 -> 104 runs at -j 1).
const (
	minEcho      = 4
	minEchoDepth = 32
)

// A shape is where a node stands in the input: its kind, its parent's, and
// its place among its parent's children. Nodes of one shape at different
// depths are alike in a document that repeats itself as it nests (records
// nested in records, a tag soup's unclosed elements).
type shape struct {
	kind, parent string
	at, of       int
}

// shapeOf returns node id's shape.
func (s *search) shapeOf(id tree.NodeID) shape {
	sh := shape{kind: s.t.Nodes[id].Kind}
	if p := s.t.Nodes[id].Parent; p != tree.NoNode {
		kids := s.t.Children(p) // in preorder, so sorted
		at, _ := slices.BinarySearch(kids, id)
		sh.parent, sh.at, sh.of = s.t.Nodes[p].Kind, at, len(kids)
	}
	return sh
}

// echo follows a level that removed some of its nodes: in one test, it
// removes every node below depth d that has the shape of a node the level
// removed and of none it kept, if there are minEcho or more and the tree
// goes minEchoDepth levels or more below d. A document
// nested thousands deep whose every level holds the same few siblings
// beside the one that goes on down costs a test or two a level in every
// sweep; where the siblings can go at every depth, one test removes them
// all, and what is left is a chain of one-node levels, which is bisected
// (see chainAt). A set of shapes whose removal failed is not tried again
// in the sweep. It reports whether it removed anything.
func (s *search) echo(ctx context.Context, d int, items []tree.NodeID) (bool, error) {
	removed, kept := map[shape]bool{}, map[shape]bool{}
	for _, id := range items {
		if s.cur.Edited(id) {
			removed[s.shapeOf(id)] = true
		} else {
			kept[s.shapeOf(id)] = true
		}
	}
	for sh := range kept {
		delete(removed, sh)
	}
	if len(removed) == 0 || s.t.MaxLevel()-d < minEchoDepth {
		return false, nil
	}
	key := shapesKey(removed)
	if s.echoed[key] == s.sweptAt+1 {
		return false, nil
	}
	if s.echoed == nil {
		s.echoed = map[string]int{}
	}
	s.echoed[key] = s.sweptAt + 1 // one walk a set of shapes a sweep
	var below []tree.NodeID
	deepest := s.t.MaxLevel()
	if f := s.t.FoldLevel(); f >= 0 {
		deepest = f
	}
	s.walkLevels(s.cur, d+1, deepest, func(id tree.NodeID) {
		if s.offered(id) && removed[s.shapeOf(id)] {
			below = append(below, id)
		}
	})
	if len(below) < minEcho {
		return false, nil
	}
	testsBefore := s.tests()
	cand := s.cur.Remove(below...)
	won, err := s.firstStep(ctx, planStep{
		n:    1,
		gen:  func(int) tree.Candidate { return cand },
		then: func(int) planStep { return planStep{} },
	})
	if err != nil {
		return false, err
	}
	verdict := "kept"
	if len(won) > 0 {
		verdict = "removed"
	}
	s.logf("level %d: echo: %s %s below of the shapes it removed, %s, %s", d, verdict, count(len(below), "node"),
		count(s.tests()-testsBefore, "test"), count(s.size(), "byte"))
	return len(won) > 0, nil
}

// shapesKey returns a key for a set of shapes, the same for the same set.
func shapesKey(set map[shape]bool) string {
	var keys []string
	for sh := range set {
		keys = append(keys, fmt.Sprintf("%s/%s/%d/%d", sh.kind, sh.parent, sh.at, sh.of))
	}
	slices.Sort(keys)
	return strings.Join(keys, ";")
}
