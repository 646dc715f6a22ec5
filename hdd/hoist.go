package hdd

import (
	"context"

	"github.com/hddreduce/hdd/hdd/tree"
)

// hoist replaces nodes by descendants of the same class, top down: for each
// present node with a class, it tries its nearest descendants of that class
// in source order and, on success, goes on from the hoisted node.
//
// The alternatives of several nodes go to one call of first, in that
// order, as many as make twice the jobs: the hoists of different nodes fold
// into one candidate, while the alternatives of one node do not.
func (s *search) hoist(ctx context.Context) (bool, error) {
	changed := false
	testsBefore := s.tests()
	for d := 0; d <= s.t.MaxLevel(); d++ {
		s.setPhase("hoisting, level %d/%d", d, s.t.MaxLevel())
		var xs []tree.NodeID
		s.atDepth(d, func(id tree.NodeID) {
			if s.t.Nodes[id].Class != "" {
				xs = append(xs, id)
			}
		})
		type alt struct {
			x, by tree.NodeID
			k     int // x is xs[k]
		}
		for k := 0; k < len(xs); {
			// The next alternatives, in the serial loop's order.
			var alts []alt
			next := k
			for ; next < len(xs) && (next == k || len(alts) < 2*s.r.Jobs); next++ {
				x := xs[next]
				top := x
				if sub, ok := s.cur.Subst(x); ok && sub.Hoist != tree.NoNode {
					top = sub.Hoist // hoisted before: go on from there
				}
				for _, by := range s.hoistCandidates(top, s.t.Nodes[x].Class) {
					alts = append(alts, alt{x, by, next})
				}
			}
			if len(alts) == 0 {
				k = next
				continue
			}
			base := s.cur
			won, err := s.first(ctx, len(alts), func(i int) tree.Candidate { return base.Hoist(alts[i].x, alts[i].by) },
				func(idx []int) (tree.Candidate, []int) {
					// The first success of each node.
					c, used := base, []int(nil)
					for _, i := range idx {
						if len(used) > 0 && alts[used[len(used)-1]].x == alts[i].x {
							continue
						}
						c, used = c.Hoist(alts[i].x, alts[i].by), append(used, i)
					}
					return c, used
				})
			if err != nil {
				return changed, err
			}
			if len(won) == 0 {
				k = next
				continue
			}
			changed, k = true, alts[won[0]].k // go on from the first node hoisted
		}
	}
	s.logf("hoisting: %s, %s", count(s.tests()-testsBefore, "test"), count(len(s.best), "byte"))
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
