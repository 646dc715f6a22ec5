package hdd

import (
	"bytes"
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

// A shape is what a node is and where it stands in the input: its kind
// and label (see label), its parent's kind, and its place among its
// parent's children. Nodes of one shape at different depths are alike in
// a document that repeats itself as it nests (records nested in records,
// a tag soup's unclosed elements).
type shape struct {
	kind, parent string
	at, of       int
	label        string
}

// shapeOf returns node id's shape.
func (s *search) shapeOf(id tree.NodeID) shape {
	sh := shape{kind: s.t.Nodes[id].Kind, label: s.label(id)}
	if p := s.t.Nodes[id].Parent; p != tree.NoNode {
		sh.parent = s.t.Nodes[p].Kind
		sh.at, sh.of = s.place(id)
	}
	return sh
}

// place returns the index of node id, not the root, among its parent's
// children, and their number.
func (s *search) place(id tree.NodeID) (at, of int) {
	kids := s.t.Children(s.t.Nodes[id].Parent) // in preorder, so sorted
	at, _ = slices.BinarySearch(kids, id)
	return at, len(kids)
}

// echoTried reports whether the sweep under way tried the echo of key
// (see markEchoed).
func (s *search) echoTried(key string) bool { return s.echoed[key] == s.sweptAt+1 }

// echoDeepest returns the deepest level an echo reaches: the tree's last,
// or its fold.
func (s *search) echoDeepest() int {
	if f := s.t.FoldLevel(); f >= 0 {
		return f
	}
	return s.t.MaxLevel()
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
	if s.echoTried(key) {
		return false, nil
	}
	s.markEchoed(key) // one walk a set of shapes a sweep
	var below []tree.NodeID
	s.walkLevels(s.cur, d+1, s.echoDeepest(), func(id tree.NodeID) {
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
		keys = append(keys, fmt.Sprintf("%s/%s/%d/%d/%q", sh.kind, sh.parent, sh.at, sh.of, sh.label))
	}
	slices.Sort(keys)
	return strings.Join(keys, ";")
}

// hoistEchoStep returns the step that repeats hoist a, adopted in c,
// below it: one candidate that hoists, besides, every node deeper than
// a.x that has a.x's shape and whose descendant along the same path has
// a.by's, to that descendant. It also returns the echo's key and
// how many nodes it hoists: 0, and no step, unless there are minEcho or
// more such nodes, the tree goes minEchoDepth levels or more below a.x,
// and the sweep has not tried that echo (see markEchoed). After the step,
// with or without its candidate, hoisting goes on from a.x (see
// hoistStep). A document nested as {"a0":[{"a1":[...]}]} whose parser
// needs only the arrays' depth loses every object wrapper in one test,
// where hoisting them one by one takes two tests a level.
func (s *search) hoistEchoStep(c tree.Candidate, d int, xs []tree.NodeID, a hoistAlt) (step planStep, key string, n int) {
	level := s.t.Level(a.x)
	if s.t.MaxLevel()-level < minEchoDepth {
		return planStep{}, "", 0
	}
	path := s.pathTo(a.x, a.by)
	sx, sby := s.shapeOf(a.x), s.shapeOf(a.by)
	key = fmt.Sprintf("hoist %+v %+v %v", sx, sby, path)
	if s.echoTried(key) {
		return planStep{}, "", 0
	}
	deepest := s.echoDeepest()
	// The nodes of a.x's shape are looked up, not walked to: the plans
	// of parallel tests ask for the echo of every hoist they plan. A
	// node under a removed or replaced ancestor is hoisted too, to no
	// effect on the text.
	hoists := map[tree.NodeID]tree.NodeID{}
	for _, y := range s.byShape(sx) {
		if lv := s.t.Level(y); lv <= level || lv > deepest || c.Edited(y) {
			continue
		}
		z := s.follow(c, y, path)
		if z == tree.NoNode || s.shapeOf(z) != sby || !s.p.CanHoist(s.t.Nodes[y].Class, s.t.Nodes[z].Class) {
			continue
		}
		hoists[y] = z
	}
	if len(hoists) < minEcho {
		return planStep{}, "", 0
	}
	e := c.HoistAll(hoists)
	cont := func(c tree.Candidate) planStep {
		st, _, _ := s.hoistStep(c, d, xs, a.k)
		return st
	}
	return planStep{
		n:    1,
		gen:  func(int) tree.Candidate { return e },
		then: func(int) planStep { return cont(e) },
		rest: func() planStep { return cont(c) },
	}, key, len(hoists)
}

// markEchoed records that the sweep under way tried the echo of key.
func (s *search) markEchoed(key string) {
	if s.echoed == nil {
		s.echoed = map[string]int{}
	}
	s.echoed[key] = s.sweptAt + 1
}

// pathTo returns the places among their parents' children of the nodes
// from x's child down to its descendant by.
func (s *search) pathTo(x, by tree.NodeID) []int {
	var path []int
	for n := by; n != x; n = s.t.Nodes[n].Parent {
		at, _ := s.place(n)
		path = append(path, at)
	}
	slices.Reverse(path)
	return path
}

// follow returns the descendant of y reached along path (see pathTo),
// unedited in c, or tree.NoNode.
func (s *search) follow(c tree.Candidate, y tree.NodeID, path []int) tree.NodeID {
	for _, at := range path {
		kids := s.t.Children(y)
		if at >= len(kids) || c.Edited(kids[at]) {
			return tree.NoNode
		}
		y = kids[at]
	}
	return y
}

// byShape returns the nodes of shape sh, in preorder. The index is built
// once a tree.
func (s *search) byShape(sh shape) []tree.NodeID {
	if s.shapesOf != s.t {
		s.shapes, s.shapesOf = map[shape][]tree.NodeID{}, s.t
		for id := range s.t.Nodes {
			sh := s.shapeOf(tree.NodeID(id))
			s.shapes[sh] = append(s.shapes[sh], tree.NodeID(id))
		}
	}
	return s.shapes[sh]
}

// label returns the text node id opens with, if it has children: its own
// bytes before its first child, or, going down through first children
// that start where their parent does, those of the first that starts
// later, or the text of the leaf that ends the way; white space trimmed,
// at most maxLabel bytes. Nodes of one shape differ by it where a
// format's kinds are generic: an XML element's label is "<name" (and its
// start tag's first bytes), a JSON object's "{". A leaf's label is empty:
// its text is content (an XML text, a JSON string), which would set
// apart the nodes echo removes at every depth.
func (s *search) label(id tree.NodeID) string {
	if len(s.t.Children(id)) == 0 {
		return ""
	}
	for {
		n := &s.t.Nodes[id]
		text := s.t.Src[n.Start:n.End]
		if kids := s.t.Children(id); len(kids) > 0 {
			first := s.t.Nodes[kids[0]].Start
			if first == n.Start {
				id = kids[0]
				continue
			}
			text = s.t.Src[n.Start:first]
		}
		text = bytes.TrimSpace(text)
		return string(text[:min(len(text), maxLabel)])
	}
}

// maxLabel bounds a node's label (see label).
const maxLabel = 32
