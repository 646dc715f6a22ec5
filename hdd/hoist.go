package hdd

import (
	"context"
	"math/bits"
	"slices"

	"github.com/hddreduce/hdd/hdd/tree"
)

// hoist replaces nodes by descendants of the same class, top down: for each
// present node with a class, it tries its nearest descendants of that class
// in source order and, on success, goes on from the hoisted node.
//
// The alternatives of several nodes go to one step, in that order (see
// hoistStep), which plans the step that follows each success, and the
// next step if none succeeds (see hoistRest): with several jobs, the step
// is tested ahead along its plan (see firstPlanned), and what is adopted
// is what one job adopts.
func (s *search) hoist(ctx context.Context) (bool, error) {
	changed := false
	testsBefore := s.tests()
	for d := 0; d <= s.t.MaxLevel(); d++ {
		s.setPhase("hoisting, level %d/%d", d, s.t.MaxLevel())
		xs := s.hoistable(s.cur, d)
		for k := 0; k < len(xs); {
			step, alts, next := s.hoistStep(s.cur, d, xs, k)
			won, err := s.firstStep(ctx, step)
			if err != nil {
				return changed, err
			}
			if len(won) == 0 {
				k = next
				continue
			}
			a := alts[won[0]]
			changed, k = true, a.k // go on from the first node hoisted
			if err := s.hoistEcho(ctx, d, xs, a); err != nil {
				return changed, err
			}
		}
	}
	s.logf("hoisting: %s, %s", count(s.tests()-testsBefore, "test"), count(s.size(), "byte"))
	return changed, nil
}

// hoistEcho tests the echo of hoist a, just adopted at the k-th of the
// nodes xs of level d, if it has one (see hoistEchoStep).
func (s *search) hoistEcho(ctx context.Context, d int, xs []tree.NodeID, a hoistAlt) error {
	step, key, n := s.hoistEchoStep(s.cur, d, xs, a)
	if n == 0 {
		return nil
	}
	s.markEchoed(key)
	testsBefore := s.tests()
	won, err := s.firstStep(ctx, step)
	if err != nil {
		return err
	}
	verdict := "kept"
	if len(won) > 0 {
		verdict = "hoisted"
	}
	s.logf("hoisting, level %d: echo: %s %s below of the shape hoisted, %s, %s", d, verdict, count(n, "node"),
		count(s.tests()-testsBefore, "test"), count(s.size(), "byte"))
	return nil
}

// A hoistAlt is an alternative of hoisting: x replaced by its descendant
// by; x is the k-th node of its level.
type hoistAlt struct {
	x, by tree.NodeID
	k     int
}

// hoistStep returns the step of hoisting from c at the nodes xs[k:] of
// level d, in the serial loop's order: the alternatives of xs[k], then of
// the nodes after it, as many nodes as make hoistWindow alternatives per
// job, and the nodes that step covers end at xs[next]. After a success at
// node xs[j] the plan goes on with the step from xs[j] in the hoisted
// candidate; if none succeeds, with the nodes after (see hoistRest).
func (s *search) hoistStep(c tree.Candidate, d int, xs []tree.NodeID, k int) (step planStep, alts []hoistAlt, next int) {
	next = k
	for ; next < len(xs) && len(alts) < hoistWindow*max(s.r.Jobs, 1); next++ {
		x := xs[next]
		top := x
		if sub, ok := c.Subst(x); ok && sub.Hoist != tree.NoNode {
			top = sub.Hoist // hoisted before: go on from there
		}
		for _, by := range s.hoistCandidates(c, top, s.t.Nodes[x].Class) {
			alts = append(alts, hoistAlt{x, by, next})
		}
	}
	step = planStep{
		n:   len(alts),
		gen: func(i int) tree.Candidate { return c.Hoist(alts[i].x, alts[i].by) },
		then: func(i int) planStep {
			c := c.Hoist(alts[i].x, alts[i].by)
			if st, _, n := s.hoistEchoStep(c, d, xs, alts[i]); n > 0 {
				return st
			}
			st, _, _ := s.hoistStep(c, d, xs, alts[i].k)
			return st
		},
		rest: func() planStep { return s.hoistRest(c, d, xs, next) },
	}
	return step, alts, next
}

// hoistable returns the nodes at depth d in c that may be hoisted: those
// of a class.
func (s *search) hoistable(c tree.Candidate, d int) []tree.NodeID {
	var xs []tree.NodeID
	s.atDepthOf(c, d, func(id tree.NodeID) {
		if s.t.Nodes[id].Class != "" {
			xs = append(xs, id)
		}
	})
	return xs
}

// hoistRest returns the step hoisting makes from c after a step whose
// alternatives all fail, the nodes it covered ending at xs[k], xs being
// the hoistable nodes of level d: the first step with alternatives at the
// nodes after, at that level or the levels below, or past the last, the
// first step of the passes after hoisting (see stepAfter). With d = -1 and
// no xs, it is hoisting's first step.
func (s *search) hoistRest(c tree.Candidate, d int, xs []tree.NodeID, k int) planStep {
	for {
		if k >= len(xs) {
			if d++; d > s.t.MaxLevel() {
				return s.stepAfter("hoist", c)
			}
			xs, k = s.hoistable(c, d), 0
			continue
		}
		step, _, next := s.hoistStep(c, d, xs, k)
		if step.n > 0 {
			return step
		}
		k = next
	}
}

// hoistWindow is how many alternatives per job a step of hoisting covers
// (at least those of one node): the farthest a round looks along failures.
const hoistWindow = 4

// hoistCandidates returns the nodes top may be replaced by: its nearest
// descendants of class, in source order, each preceded by the nodes that
// continue it as a chain of single nearest descendants, deepest first, so
// "table > tr > td > p" is tried as p, td, tr in one step each. Of a
// chain longer than hoistChainAll (input nested hundreds deep), only some
// nodes are tried (see chainPicks); and a top inside such a chain, below
// ancestors that tried it, tries at most its own wrapper (see sparseDrop).
func (s *search) hoistCandidates(c tree.Candidate, top tree.NodeID, class string) []tree.NodeID {
	var out []tree.NodeID
	// above is how many nodes above top, up to hoistChainAll+1,
	// continue the chain top lies within, that its ancestors tried (see
	// chainAbove): asked once, when a chain is long or top lies deep
	// enough to end one.
	above := -1
	ask := func() int {
		if above < 0 {
			above = s.chainAbove(c, top, class, hoistChainAll+1)
		}
		return above
	}
	// deep says top lies below level hoistChainAll. Where the chain
	// below top is short, the chain above is counted (a walk of up to
	// hoistChainAll+1 nodes) only for such a top: a short chain near the
	// root is tried whole, as before.
	deep := s.t.Level(top) > hoistChainAll
	for _, d := range s.nearest(c, top, class) {
		chain := []tree.NodeID{d}
		for len(chain) <= hoistChainAll || ask() == 0 {
			next := s.nearest(c, chain[len(chain)-1], class)
			if len(next) != 1 {
				break
			}
			chain = append(chain, next[0])
		}
		if (len(chain) > hoistChainAll || deep) && ask() > 0 && ask()+len(chain) > hoistChainAll {
			// top's own ancestor tried its chain of single nearest
			// descendants, top's chain but for top itself, and that
			// chain is long: top tries only to drop its own wrapper,
			// and only if it is one of the first hoistChainAll nodes
			// below the chain's top or the first at a level of 2^k or
			// below (see sparseDrop).
			if ask() <= hoistChainAll || s.sparseDrop(top, class) {
				out = append(out, chain[0])
			}
			continue
		}
		out = append(out, chainPicks(chain)...)
	}
	return out
}

// hoistChainAll is the longest chain of single nearest descendants whose
// every node hoisting tries. Trying every node of longer chains would
// make hoisting quadratic in the depth: a document nested 3000 deep, every
// level needed (a parser's stack overflow), took more than 40 minutes of
// failing hoists where pruning its levels took 3 (3315 test runs).
const hoistChainAll = 16

// chainPicks returns the nodes of chain (a chain of single nearest
// descendants, nearest first) that hoisting tries, deepest first: all of
// them if there are at most hoistChainAll, else those ever farther from
// either end (1, 2, 3, 5, 9, 17, ... nodes from the deepest; 1, 2, 4, 8,
// 16, ... from the nearest). When the test allows hoisting to the chain's
// first j nodes and no deeper (it needs some depth), the first success is
// at least halfway to the j-th node, and a hoist that succeeds is tried
// again from the hoisted node: the j-th is reached in O(log² n) tests
// where each node in turn would take O(n).
func chainPicks(chain []tree.NodeID) []tree.NodeID {
	n := len(chain)
	out := slices.Clone(chain)
	slices.Reverse(out)
	if n <= hoistChainAll {
		return out
	}
	var picks []tree.NodeID
	for i, id := range out {
		// up nodes lie between id and the deepest; id is the near-th
		// node from the nearest.
		up, near := i, n-i
		if up&(up-1) == 0 || near&(near-1) == 0 {
			picks = append(picks, id)
		}
	}
	return picks
}

// chainAbove returns how many nodes above top, hoistable as class,
// continue the chain of single nearest descendants that top lies within,
// counting up to limit: 0 if top is not the single nearest descendant of
// its nearest ancestor of the same class, that ancestor present and
// unedited in c (or hoisted to top: see hoistedTo), else one more than
// the same count for that ancestor. Hoisting tried each of those
// ancestors' chains, which hold top's, before it reached top.
func (s *search) chainAbove(c tree.Candidate, top tree.NodeID, class string, limit int) int {
	n := 0
	for x := top; n < limit; n++ {
		a := s.classAncestor(x, class)
		if a == tree.NoNode || c.Edited(a) && !hoistedTo(c, a, x) || n == 0 && !s.t.Present(c, a) {
			return n
		}
		if near := s.nearest(c, a, class); len(near) != 1 || near[0] != x {
			return n
		}
		x = a
	}
	return n
}

// hoistedTo reports whether c replaces node a by its descendant x: a
// hoist that tried x's chain before it adopted x, so that the chain goes
// on through a as if a were unedited.
func hoistedTo(c tree.Candidate, a, x tree.NodeID) bool {
	sub, ok := c.Subst(a)
	return ok && sub.Hoist == x && !c.Removed(a)
}

// classAncestor returns the nearest ancestor of x of class, or
// tree.NoNode.
func (s *search) classAncestor(x tree.NodeID, class string) tree.NodeID {
	a := s.t.Nodes[x].Parent
	for a != tree.NoNode && s.t.Nodes[a].Class != class {
		a = s.t.Nodes[a].Parent
	}
	return a
}

// sparseDrop reports whether top, a node deep inside a long chain (more
// than hoistChainAll nodes of it above top), tries to drop its own
// wrapper: it does if it is the chain's first node at a level of 2^k or
// below (its nearest ancestor of its class lies above that level). When
// every wrapper is needed (the test needs the chain's depth, as a
// parser's stack overflow does, and pruning has cut the chain to it),
// each node's try fails: a chain n deep then costs about hoistChainAll +
// log2 n tests, where a try at every node took n (a JSON document
// needing 995 nested values: 1070 tests of hoisting). A wrapper the test
// does not need, far down such a chain, may stay.
func (s *search) sparseDrop(top tree.NodeID, class string) bool {
	a := s.classAncestor(top, class)
	return a != tree.NoNode && bits.Len(uint(s.t.Level(a))) != bits.Len(uint(s.t.Level(top)))
}

// nearest returns the descendants of id unedited in c that may stand where
// a node of class stands (see tree.Policy.CanHoist) and that have no such
// node between them and id, in source order.
func (s *search) nearest(c tree.Candidate, id tree.NodeID, class string) []tree.NodeID {
	var out []tree.NodeID
	var visit func(tree.NodeID)
	visit = func(n tree.NodeID) {
		for _, ch := range s.t.Children(n) {
			if c.Edited(ch) {
				continue
			}
			if s.p.CanHoist(class, s.t.Nodes[ch].Class) {
				out = append(out, ch)
				continue
			}
			visit(ch)
		}
	}
	visit(id)
	return out
}
