package hdd

import (
	"context"

	"github.com/hddreduce/hdd/hdd/tree"
)

// hoist replaces nodes by descendants of the same class, top down: for each
// present node with a class, it tries its nearest descendants of that class
// in source order and, on success, goes on from the hoisted node.
func (s *search) hoist(ctx context.Context) (bool, error) {
	changed := false
	testsBefore := s.stats.Tests
	for d := 0; d <= s.t.MaxLevel(); d++ {
		s.setPhase("hoisting, level %d/%d", d, s.t.MaxLevel())
		var xs []tree.NodeID
		s.atDepth(d, func(id tree.NodeID) {
			if s.t.Nodes[id].Class != "" {
				xs = append(xs, id)
			}
		})
		for _, x := range xs {
			top := x
			if sub, ok := s.cur.Subst(x); ok {
				top = sub.Hoist // hoisted before: go on from there
			}
			for {
				cands := s.hoistCandidates(top, s.t.Nodes[x].Class)
				if len(cands) == 0 {
					break
				}
				base := s.cur
				i, err := s.first(ctx, len(cands), func(i int) tree.Candidate { return base.Hoist(x, cands[i]) })
				if err != nil {
					return changed, err
				}
				if i < 0 {
					break
				}
				changed, top = true, cands[i]
			}
		}
	}
	s.logf("hoisting: %s, %s", count(s.stats.Tests-testsBefore, "test"), count(len(s.best), "byte"))
	return changed, nil
}

// hoistCandidates returns the nodes top may be replaced by: its nearest
// descendants of class, in source order, each preceded by the nodes that
// continue it as a chain of single nearest descendants, deepest first, so
// "table > tr > td > p" is tried as p, td, tr in one step each.
func (s *search) hoistCandidates(top tree.NodeID, class string) []tree.NodeID {
	var out []tree.NodeID
	for _, d := range s.nearest(top, class) {
		chain := []tree.NodeID{d}
		for {
			next := s.nearest(chain[len(chain)-1], class)
			if len(next) != 1 {
				break
			}
			chain = append(chain, next[0])
		}
		for i := len(chain) - 1; i >= 0; i-- {
			out = append(out, chain[i])
		}
	}
	return out
}

// nearest returns the present, unedited descendants of id that may stand
// where a node of class stands (see tree.Policy.CanHoist) and that have no such
// node between them and id, in source order.
func (s *search) nearest(id tree.NodeID, class string) []tree.NodeID {
	var out []tree.NodeID
	var visit func(tree.NodeID)
	visit = func(n tree.NodeID) {
		for _, c := range s.t.Children(n) {
			if s.cur.Edited(c) {
				continue
			}
			if s.p.CanHoist(class, s.t.Nodes[c].Class) {
				out = append(out, c)
				continue
			}
			visit(c)
		}
	}
	visit(id)
	return out
}
