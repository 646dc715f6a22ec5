package hdd

import (
	"bytes"
	"context"

	"github.com/hddreduce/hdd/hdd/tree"
)

// minGroupParents is the least number of parents a level's nodes stand
// under for groups to try them by kind and label, and the least number a
// group spans: below it, the list minimizer finds a field that no record
// needs in about as many tests as the records, and a group's test would
// be one more.
const minGroupParents = 16

// A groupKey is what the nodes of a group share: their kind and label
// (see label): the "ts" members of JSON records, the <li> elements of
// lists.
type groupKey struct{ kind, label string }

// A groupAt is a group at a depth.
type groupAt struct {
	d int
	groupKey
}

// groupsOf returns the groups to try before the level of items at depth
// d: where those nodes stand under minGroupParents parents or more
// (records of which a test needs many), the removable nodes of each kind
// and label that minGroupParents of those parents hold, in the order of
// their first node, but for those that are the whole level or whose
// removal failed before at this depth.
func (s *search) groupsOf(d int, items []tree.NodeID) ([]groupKey, [][]tree.NodeID) {
	if len(items) < 2*minGroupParents {
		return nil, nil
	}
	// A group's nodes, and the parents they stand under, counted as the
	// items go: in preorder, the items under one parent come together.
	type group struct {
		ids     []tree.NodeID
		parents int
		last    tree.NodeID // the parent of the last of ids
	}
	groups := map[groupKey]*group{}
	var order []groupKey
	parents, last := 0, tree.NoNode
	for _, id := range items {
		p := s.t.Nodes[id].Parent
		if p != last {
			parents, last = parents+1, p
		}
		if !s.t.Nodes[id].Is(tree.Removable) {
			continue
		}
		k := groupKey{s.t.Nodes[id].Kind, s.groupLabel(id)}
		g := groups[k]
		if g == nil {
			g = &group{last: tree.NoNode}
			groups[k] = g
			order = append(order, k)
		}
		if p != g.last {
			g.parents, g.last = g.parents+1, p
		}
		g.ids = append(g.ids, id)
	}
	if parents < minGroupParents {
		return nil, nil
	}
	var keys []groupKey
	var ids [][]tree.NodeID
	for _, k := range order {
		if g := groups[k]; g.parents >= minGroupParents && len(g.ids) < len(items) && !s.groupFailed[groupAt{d, k}] {
			keys, ids = append(keys, k), append(ids, g.ids)
		}
	}
	return keys, ids
}

// groups runs before a level with groups (see groupsOf): for each group,
// one test removes all its nodes, as if the level were a level of
// records' fields, one a kind. Where a test needed 1,500 JSON Lines
// records, each with a member it needs and three it does not, the level
// of their members took ddmin 2.1 tests a member; each of the three
// fields now goes in one test. It reports whether it removed anything.
func (s *search) groups(ctx context.Context, d int, keys []groupKey, groups [][]tree.NodeID) (bool, error) {
	testsBefore := s.tests()
	removed := 0
	if s.groupFailed == nil {
		s.groupFailed = map[groupAt]bool{}
	}
	for from := 0; from < len(groups); {
		won, err := s.firstStep(ctx, groupStep(s.cur, groups[from:]))
		if err != nil {
			return removed > 0, err
		}
		last := len(groups)
		if len(won) > 0 {
			last = from + won[0]
			removed += len(groups[last])
		}
		for _, k := range keys[from:last] {
			s.groupFailed[groupAt{d, k}] = true
		}
		from = last + 1
	}
	s.logf("level %d: groups: %s of %s removed, %s, %s", d, count(removed, "node"), count(len(groups), "group"),
		count(s.tests()-testsBefore, "test"), count(s.size(), "byte"))
	return removed > 0, nil
}

// groupLabel returns node id's label (see label), or for a folded node,
// whose children are not parsed yet, its text up to its first blank, ':',
// '=' or '>': "\"ts\"" of a JSON member "\"ts\": 17", "<li" of an XML
// element "<li>a</li>".
func (s *search) groupLabel(id tree.NodeID) string {
	if !s.t.Nodes[id].Is(tree.Folded) {
		return s.label(id)
	}
	text := s.t.Text(id)
	text = text[:min(len(text), maxLabel)]
	if i := bytes.IndexAny(text, " \t\r\n:=>"); i >= 0 {
		text = text[:i]
	}
	return string(text)
}

// groupStep returns the step that removes, from c, the nodes of one of
// groups; after a success, the plan goes on with the groups after it.
func groupStep(c tree.Candidate, groups [][]tree.NodeID) planStep {
	if len(groups) == 0 {
		return planStep{}
	}
	return planStep{
		n:    len(groups),
		gen:  func(i int) tree.Candidate { return c.Remove(groups[i]...) },
		then: func(i int) planStep { return groupStep(c.Remove(groups[i]...), groups[i+1:]) },
	}
}
