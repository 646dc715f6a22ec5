package hdd

import (
	"context"
	"slices"

	"github.com/hddreduce/hdd/hdd/minimize"
	"github.com/hddreduce/hdd/hdd/tree"
)

// prune is HDD's pruning pass: the list minimizer over each level's nodes,
// top down (see level). It reports whether it removed anything. A Partial
// tree is parsed again, from the best text, once the levels down to its
// folded nodes are done (see unfold); a level of runs is pruned, parsed
// again and pruned once more, item by item.
//
// With several jobs, the jobs the last tests of a level would leave idle
// test the first tests of the next level (see lookahead). A long chain of
// one-node levels is bisected (see chainAt).
func (s *search) prune(ctx context.Context) (bool, error) {
	changed := false
	ahead := s.ahead // the tests started ahead of level d
	s.ahead = nil
	defer func() { ahead.wait() }()
	for d := 0; ; d++ {
		if f := s.t.FoldLevel(); f >= 0 && d > f || s.stale() {
			if err := s.unfold(d); err != nil {
				return changed, err
			}
		}
		if d > s.t.MaxLevel() {
			break
		}
		if s.dropsDue() {
			ahead.wait()
			ahead = nil
			ch, err := s.dropDue(ctx)
			changed = changed || ch
			if err != nil {
				return changed, err
			}
		}
		if chain, last := s.chainAt(d); chain != nil {
			ahead.wait()
			ahead = nil
			ch, err := s.bisectChain(ctx, d, last, chain)
			changed = changed || ch
			if err != nil {
				return changed, err
			}
			d = last
			continue
		}
		items := s.candidates(d)
		if keys, groups := s.groupsOf(d, items); len(groups) > 0 {
			ahead.wait() // no more than Jobs tests at once
			grouped, err := s.groups(ctx, d, keys, groups)
			changed = changed || grouped
			if err != nil {
				return changed, err
			}
			if grouped {
				ahead.release() // tests of a tree that changed since
				ahead = nil
				items = s.candidates(d)
			}
		}
		la := &levelAhead{d: d, before: ahead, tail: s.r.Jobs > 1}
		if len(items) == 1 {
			// The level's one test, the empty set, is not a step of a
			// list minimizer: its jobs left idle are filled here, once
			// the tests of later levels started ahead have ended (the
			// cache then holds what it will hold at any timing).
			if ahead.chain() {
				ahead.wait()
			}
			la.next, la.tail = s.lookahead(ctx, d, s.r.Jobs-1, false), false
		}
		ch, err := s.levelOf(ctx, d, items, la)
		ahead.wait()
		ahead = la.next
		if ch && err == nil {
			ahead.wait() // no more than Jobs tests at once
			var echoed bool
			echoed, err = s.echo(ctx, d, items)
			changed = changed || echoed
		}
		if ahead != nil && ahead.at != s.adoptions {
			ahead.release() // tests of a tree that changed since
			ahead = nil
		}
		changed = changed || ch
		if err == nil && s.t.RunLevel() == d {
			if err = s.unfold(d + 1); err == nil {
				ch, err = s.level(ctx, d)
				changed = changed || ch
			}
		}
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}

// candidates returns the present, unedited nodes at depth d that can shrink.
func (s *search) candidates(d int) []tree.NodeID { return s.candidatesOf(s.cur, d) }

// candidatesOf is candidates in candidate c.
func (s *search) candidatesOf(c tree.Candidate, d int) []tree.NodeID {
	var ids []tree.NodeID
	s.atDepthOf(c, d, func(id tree.NodeID) {
		if s.offered(id) {
			ids = append(ids, id)
		}
	})
	return ids
}

// offered reports whether a level offers node id to its minimizer: it may
// vanish, or shrink to its smallest valid form.
func (s *search) offered(id tree.NodeID) bool {
	return s.t.Nodes[id].Is(tree.Removable) || !s.r.NoReplace && s.t.CanShrink(id)
}

// atDepth calls f for each node at depth d that is present in the current
// candidate, neither removed nor replaced by a text. A hoisted node is
// offered in its own right (removing it removes what it stands in for); the
// node it is replaced by is not, since it stands in the hoisted node's place.
func (s *search) atDepth(d int, f func(id tree.NodeID)) { s.atDepthOf(s.cur, d, f) }

// atDepthOf is atDepth in the candidate c. The nodes of each depth of the
// current candidate are walked to once and kept (see curAtDepth); those
// of a candidate that adds edits to it are found from them (see
// beyondCur).
func (s *search) atDepthOf(c tree.Candidate, d int, f func(id tree.NodeID)) {
	if !c.Same(s.cur) {
		if !s.beyondCur(c, d, f) {
			s.walkDepth(c, d, f)
		}
		return
	}
	for _, id := range s.curAtDepth(d) {
		f(id)
	}
}

// beyondCur is atDepthOf for c, a candidate that makes every edit of the
// current one and more, from the nodes at depth d of the current one (see
// curAtDepth): those that c's own edits leave, and it reports true. The
// plans of parallel tests ask for the depths of such candidates hundreds
// of times a test, and a walk from the root passes every node above the
// depth: in tag soup nested a thousand deep (12.8 KB), a billion nodes
// for 2048 tests. It reports false, and does nothing, where c is no such
// candidate, or one of its hoists passes over an edit (see walkLevels:
// what the walk no longer comes to no longer counts).
func (s *search) beyondCur(c tree.Candidate, d int, f func(id tree.NodeID)) bool {
	extends := true
	s.cur.DiffNodes(c, func(tree.NodeID, bool) { extends = false })
	if !extends {
		return false // c lacks an edit of cur, or makes it otherwise
	}
	type cut struct{ from, to tree.NodeID } // [from, to)
	var cuts []cut
	ok := true
	// Without a hoist in cur, an edit below a node cur removes or replaces
	// cuts nothing more: no need to ask whether the walk comes to it.
	hoists := s.cur.Hoists()
	c.DiffNodes(s.cur, func(id tree.NodeID, removed bool) {
		if !ok || hoists && !s.t.Present(s.cur, id) {
			return // gone already, or passed over by a hoist: the walk never comes to it
		}
		end := s.t.SubtreeEnd(id)
		sub, _ := c.Subst(id)
		if removed || sub.Hoist == tree.NoNode {
			cuts = append(cuts, cut{id, end})
			return
		}
		if c.EditedWithin(id+1, sub.Hoist) {
			ok = false // the hoist passes over an edit, or over nodes edited beside its path
		}
		cuts = append(cuts, cut{id + 1, sub.Hoist + 1}, cut{s.t.SubtreeEnd(sub.Hoist), end})
	})
	if !ok {
		return false
	}
	slices.SortFunc(cuts, func(a, b cut) int { return int(a.from) - int(b.from) })
	k, reach := 0, tree.NodeID(0) // the cuts from k on; reach: the end of those before
	for _, id := range s.curAtDepth(d) {
		for k < len(cuts) && cuts[k].from <= id {
			reach = max(reach, cuts[k].to)
			k++
		}
		if id >= reach {
			f(id)
		}
	}
	return true
}

// curAtDepth returns the nodes atDepth gives at depth d, in order. The
// plans of parallel tests ask for the same depths of the current candidate
// again at every round, and a walk costs every node above the depth: in a
// document nested thousands deep, such walks took more CPU than the
// tests. What curAtDepth keeps holds until the current candidate or the
// tree changes.
func (s *search) curAtDepth(d int) []tree.NodeID {
	m := &s.depths
	if m.t != s.t {
		*m = depthMemo{t: s.t}
	}
	if m.ids == nil || !m.of.Same(s.cur) {
		m.of, m.ids = s.cur, map[int][]tree.NodeID{}
	}
	ids, ok := m.ids[d]
	if !ok {
		// The walk to depth d passes every node above it. From the
		// second walk of one candidate on, it takes the depths below as
		// well, as far as they hold no more nodes of the tree than
		// those above (see reach), so that asking each depth of a chain
		// thousands deep in turn walks it a few times, not once a
		// depth; the first walk takes only d, as most candidates are
		// asked a depth or two before the next is adopted.
		hi := d
		if len(m.ids) > 0 {
			hi = m.reach(d)
		}
		for l := d; l <= hi; l++ {
			m.ids[l] = nil
		}
		s.walkLevels(s.cur, d, hi, func(id tree.NodeID) {
			l := s.t.Level(id)
			m.ids[l] = append(m.ids[l], id)
		})
		ids = m.ids[d]
	}
	return ids
}

// A depthMemo holds the nodes at each depth of candidate of in tree t.
type depthMemo struct {
	t   *tree.Tree
	of  tree.Candidate
	ids map[int][]tree.NodeID // by depth
	// upTo[l] is how many nodes of t lie at depths 0 to l, made once a
	// tree (see reach).
	upTo []int
}

// reach returns the deepest depth hi at or below d such that the nodes of
// m.t at depths d+1 to hi are no more than those at depths 0 to d.
func (m *depthMemo) reach(d int) int {
	t := m.t
	if m.upTo == nil {
		m.upTo = make([]int, t.MaxLevel()+1)
		for id := range t.Nodes {
			m.upTo[t.Level(tree.NodeID(id))]++
		}
		for l := 1; l < len(m.upTo); l++ {
			m.upTo[l] += m.upTo[l-1]
		}
	}
	if d >= len(m.upTo) {
		return d
	}
	hi := d
	for hi+1 < len(m.upTo) && m.upTo[hi+1]-m.upTo[d] <= m.upTo[d] {
		hi++
	}
	return hi
}

// walkDepth calls f for the nodes at depth d in c, as atDepth does, by a
// walk from the root.
func (s *search) walkDepth(c tree.Candidate, d int, f func(id tree.NodeID)) {
	s.walkLevels(c, d, d, f)
}

// walkLevels calls f for the nodes at depths lo to hi in c, as atDepth
// does at each, in one walk from the root, in preorder.
func (s *search) walkLevels(c tree.Candidate, lo, hi int, f func(id tree.NodeID)) {
	var visit func(id tree.NodeID, viaHoist bool)
	visit = func(id tree.NodeID, viaHoist bool) {
		if lv := s.t.Level(id); lv >= lo {
			if lv > hi {
				return
			}
			if !viaHoist && !c.Removed(id) {
				if sub, ok := c.Subst(id); !ok || sub.Hoist != tree.NoNode {
					f(id)
				}
			}
			if lv == hi && !s.t.Transparent(id) {
				return
			}
		}
		if c.Removed(id) {
			return
		}
		if sub, ok := c.Subst(id); ok {
			if sub.Hoist != tree.NoNode {
				visit(sub.Hoist, true)
			}
			return
		}
		for _, ch := range s.t.Children(id) {
			visit(ch, false)
		}
	}
	visit(0, false)
}

// level runs ddmin over the shrinkable nodes at depth d and reports whether
// it removed any.
func (s *search) level(ctx context.Context, d int) (bool, error) {
	return s.levelOf(ctx, d, s.candidates(d), nil)
}

// levelOf is level over items, the level's candidates; ahead, if not nil,
// holds the tests started ahead of the level and gets those the level
// starts ahead of the next (see lookahead).
func (s *search) levelOf(ctx context.Context, d int, items []tree.NodeID, ahead *levelAhead) (bool, error) {
	if len(items) == 0 {
		return false, nil
	}
	s.setPhase("level %d/%d (%s)", d, s.t.MaxLevel(), count(len(items), "node"))
	testsBefore := s.tests()
	test := levelTester{s: s, base: s.cur, items: items, ahead: ahead, plan: &listPlan[tree.NodeID]{}}
	if s.unusedKnown() {
		test.unused = &midLevel{base: s.cur, at: s.adoptions}
	}
	if ahead != nil {
		test.end = s.levelEnd(ctx, d)
	}
	keep, err := s.levelRun()(ctx, s.r.Minimizer, items, test)
	if err == nil && len(keep) == 1 {
		// ddmin never tests the empty set; try it (free for the others,
		// whose last test was the empty set: the cache answers).
		if ok, terr := test.Test(ctx, nil); terr != nil {
			err = terr
		} else if ok {
			keep = nil
		}
	}
	if err == nil {
		s.keptUnused(keep)
	}
	s.logf("level %d: %d of %s kept, %s, %s", d, len(keep), count(len(items), "node"), count(s.tests()-testsBefore, "test"), count(s.size(), "byte"))
	return len(keep) < len(items), err
}

// levelRun returns how a level runs its list minimizer.
func (s *search) levelRun() func(context.Context, minimize.Algorithm, []tree.NodeID, minimize.Tester[tree.NodeID]) ([]tree.NodeID, error) {
	if s.r.Algorithm == HDDStar {
		return minimize.RunAgain[tree.NodeID] // the next sweep goes on
	}
	return minimize.Run[tree.NodeID]
}

// levelTester is the minimize.Tester of one level: a candidate keeps some of the
// level's items and removes the others from the candidate the level
// started from.
type levelTester struct {
	s      *search
	base   tree.Candidate
	items  []tree.NodeID
	ahead  *levelAhead // the tests looking ahead around the level, or nil
	unused *midLevel   // the removal of unused declarations during the level, or nil

	// members, if set, are the nodes each item stands for, removed with
	// it (a group of dropGroups, by its first node).
	members map[tree.NodeID][]tree.NodeID

	// plan, if not nil, holds what the minimizer would do after the step
	// under way (see minimize.Planner).
	plan *listPlan[tree.NodeID]
	// end, if not nil, returns the next level's first step from the
	// candidate the level ends with (see levelEnd).
	end func(tree.Candidate) planStep
}

// Plan records the minimizer's plan (see minimize.Planner).
func (l levelTester) Plan(next minimize.Step[tree.NodeID]) { l.plan.record(next) }

// planned returns the step of n alternatives made by gen, with the steps
// the minimizer plans after it, in candidates; ok is false if it did not
// plan.
func (l levelTester) planned(n int, gen func(i int) []tree.NodeID) (planStep, bool) {
	return l.plan.step(n, gen, l.config, l.end)
}

// A levelAhead is a level's share in looking ahead (see lookahead): the
// tests started ahead of it, and those it starts ahead of level d+1.
type levelAhead struct {
	d      int
	before *aheadTests // started ahead of the level, or nil
	steps  int         // the level's steps so far
	next   *aheadTests // started by the level ahead of level d+1, or nil
	tail   bool        // whether the level's steps fill idle jobs ahead
}

// step is called at each step of the level. So that no more than Jobs
// tests run at once, it waits for the tests the level's steps started
// ahead at an earlier step, and from the second step on for those started
// ahead of the level (from the first, if they hold tests of later levels,
// which the first step does not count on).
func (a *levelAhead) step() {
	if a == nil {
		return
	}
	if a.tail {
		a.next.wait()
	}
	if a.steps > 0 || a.before.chain() {
		a.before.wait()
	}
	a.steps++
}

// at returns what first is to know of the tests looking ahead around the
// step under way: the tests started ahead of the level are its first
// alternatives if it is the level's first step, nothing was adopted
// since they started and none are of later levels.
func (a *levelAhead) at(ctx context.Context, s *search) stepAhead {
	var st stepAhead
	if a == nil {
		return st
	}
	if a.steps == 1 && a.before != nil && a.before.at == s.adoptions && !a.before.chain() {
		st.under = a.before.n
	}
	if a.tail {
		st.tail = func(idle int) int {
			a.next = s.lookahead(ctx, a.d, idle, true)
			return a.next.started()
		}
	}
	return st
}

func (l levelTester) config(keep []tree.NodeID) tree.Candidate {
	b := l.base
	if l.unused != nil {
		b = l.unused.base
	}
	removed := minimize.Minus(l.items, keep)
	if l.members != nil {
		var ids []tree.NodeID
		for _, id := range removed {
			ids = append(ids, l.members[id]...)
		}
		removed = ids
	}
	return b.Remove(removed...)
}

func (l levelTester) Test(ctx context.Context, keep []tree.NodeID) (bool, error) {
	l.ahead.step()
	if err := l.dropUnused(ctx); err != nil {
		return false, err
	}
	return l.s.try(ctx, l.config(keep))
}

func (l levelTester) First(ctx context.Context, n int, gen func(i int) []tree.NodeID, fold func([]int) ([]tree.NodeID, bool)) ([]int, error) {
	l.ahead.step()
	if err := l.dropUnused(ctx); err != nil {
		return nil, err
	}
	ahead := l.ahead.at(ctx, l.s)
	if step, ok := l.planned(n, gen); ok && l.s.r.Jobs > 1 {
		pa := planAhead{tail: ahead.tail}
		if l.ahead != nil {
			l.ahead.before.wait() // what the cache holds does not depend on timing
			pa.tests = func() *aheadTests { return l.ahead.next }
		}
		return l.s.firstPlanned(ctx, step, pa)
	}
	return l.s.firstWith(ctx, n, func(i int) tree.Candidate { return l.config(gen(i)) }, listFolder(fold, l.config), ahead)
}

// listFolder returns the folder of a minimizer's fold of lists, whose
// candidates config makes, or nil if fold is nil.
func listFolder[T any](fold func([]int) ([]T, bool), config func([]T) tree.Candidate) folder {
	if fold == nil {
		return nil
	}
	return func(idx []int) (tree.Candidate, []int) {
		keep, ok := fold(idx)
		if !ok {
			return tree.Candidate{}, nil
		}
		return config(keep), idx
	}
}

// Weight weighs a level's node by its bytes in the input, for the weighted
// minimizers (minimize.Weigher).
func (l levelTester) Weight(id tree.NodeID) int {
	n := &l.s.t.Nodes[id]
	return max(int(n.End-n.Start), 1)
}
