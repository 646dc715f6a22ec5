package hdd

import (
	"context"
	"slices"

	"github.com/hddreduce/hdd/hdd/minimize"
	"github.com/hddreduce/hdd/hdd/tree"
)

// keptUnused notes the nodes a level kept that the format says nothing
// else needs, in groups that the level kept whole: the level tried
// removing each and the test needed it, so dropUnused does not offer
// them. The prune pass calls dropUnused only once a level has told it so
// (the first level tells it which function nothing calls holds the bug).
func (s *search) keptUnused(keep []tree.NodeID) {
	if s.p == nil || s.p.Unused == nil && s.p.Bodies == nil {
		return
	}
	if s.neededOf != s.t {
		s.needed, s.neededOf = map[tree.NodeID]bool{}, s.t
	}
	if len(keep) == 0 || s.p.Unused == nil {
		return
	}
	kept := make(map[tree.NodeID]bool, len(keep))
	for _, id := range keep {
		kept[id] = true
	}
	for _, g := range s.unused() {
		// A group the level could not remove whole, as some of its
		// nodes are not the level's (an import that goes with its only
		// user), may yet go.
		if !slices.ContainsFunc(g, func(id tree.NodeID) bool { return !kept[id] }) {
			for _, id := range g {
				s.needed[id] = true
			}
		}
	}
}

// unused returns the groups of nodes of the best candidate that the
// format says nothing else needs, the needed ones aside.
func (s *search) unused() [][]tree.NodeID {
	return s.p.Unused(s.t, s.cur, func(id tree.NodeID) bool { return s.needed[id] })
}

// unusedKnown reports whether the format says what is unused and a level
// has told keptUnused what the test needs.
func (s *search) unusedKnown() bool {
	return s.p != nil && s.p.Unused != nil && s.neededOf == s.t
}

// unusedDue reports whether dropUnused has something to look at: what is
// unused is known, and the best candidate changed since dropUnused last
// looked.
func (s *search) unusedDue() bool {
	return s.unusedKnown() && s.unusedAt != s.adoptions+1
}

// dropDue runs dropBodies, then dropUnused, each if it is due (see
// bodiesDue, unusedDue), and reports whether either removed anything.
func (s *search) dropDue(ctx context.Context) (bool, error) {
	changed := false
	if s.bodiesDue() {
		ch, err := s.dropBodies(ctx)
		if changed = ch; err != nil {
			return changed, err
		}
	}
	if s.unusedDue() {
		ch, err := s.dropUnused(ctx)
		return changed || ch, err
	}
	return changed, nil
}

// dropUnused removes the nodes of the best candidate that the format says
// nothing else needs (tree.Policy.Unused), with dropGroups. The prune pass
// calls it before each level, so that declarations only the removed part
// of a level named go at once, instead of being kept by their own level
// and then reduced, level by level, before a later sweep removes them.
func (s *search) dropUnused(ctx context.Context) (bool, error) {
	s.unusedAt = s.adoptions + 1
	changed, err := s.dropGroups(ctx, "unused declarations", s.unused())
	s.unusedAt = s.adoptions + 1
	return changed, err
}

// bodiesDue reports whether dropBodies has something to look at: the
// format says where function bodies are, a level has run, and the best
// candidate changed since dropBodies last looked.
func (s *search) bodiesDue() bool {
	return s.p != nil && s.p.Bodies != nil && s.neededOf == s.t && s.bodiesAt != s.adoptions+1
}

// dropBodies replaces the function bodies of the best candidate by the
// format's replacement (tree.Policy.Bodies), with dropGroups: what only bodies named becomes unused, and goes at
// the next dropUnused, before the levels of members and statements spend
// tests on it.
func (s *search) dropBodies(ctx context.Context) (bool, error) {
	s.bodiesAt = s.adoptions + 1
	var groups [][]tree.NodeID
	for _, g := range s.p.Bodies(s.t, s.cur) {
		if !slices.ContainsFunc(g, func(id tree.NodeID) bool { return s.needed[id] }) {
			groups = append(groups, g)
		}
	}
	changed, err := s.dropGroups(ctx, "function bodies", groups)
	s.bodiesAt = s.adoptions + 1
	return changed, err
}

// dropGroups removes groups of nodes from the best candidate: all at once
// if the test agrees, else with the list minimizer over the groups. The
// groups the minimizer keeps are needed by the test itself: they are not
// offered again (see needed).
func (s *search) dropGroups(ctx context.Context, what string, groups [][]tree.NodeID) (bool, error) {
	if len(groups) == 0 {
		return false, nil
	}
	s.setPhase("%s (%s)", what, count(len(groups), "group"))
	testsBefore, bytesBefore := s.tests(), s.size()
	// Each group is an item of a level's tester, by its first node.
	items := make([]tree.NodeID, len(groups))
	members := make(map[tree.NodeID][]tree.NodeID, len(groups))
	for i, g := range groups {
		items[i], members[g[0]] = g[0], g
	}
	test := levelTester{s: s, base: s.cur, items: items, members: members}
	changed, err := test.Test(ctx, nil)
	kept := 0
	if err == nil && !changed {
		var keep []tree.NodeID
		keep, err = minimize.Run(ctx, s.r.Minimizer, items, test)
		for _, id := range keep {
			for _, m := range members[id] {
				s.needed[m] = true
			}
		}
		changed, kept = len(keep) < len(items), len(keep)
	}
	s.logf("%s: %d of %s kept, %s, %d -> %s", what, kept, count(len(groups), "group"), count(s.tests()-testsBefore, "test"), bytesBefore, count(s.size(), "byte"))
	return changed, err
}

// midLevelEvery is how many candidates a level adopts between two tries
// to remove, during the level, the declarations its removals left unused.
const midLevelEvery = 8

// A midLevel is the removal of unused declarations during a level: the
// candidate the level started from less the declarations removed so far,
// from which the level's candidates are made, and the adoptions when it
// last looked.
type midLevel struct {
	base tree.Candidate
	at   int
}

// dropUnused tries, once the level has adopted midLevelEvery candidates
// since it last looked, to remove in one test the declarations that the
// level's removals left unused (tree.Policy.Unused): a level of members
// whose removals leave other members unused spends no test on those. It
// is called at the level's steps, where the minimizer waits for no test.
func (l levelTester) dropUnused(ctx context.Context) error {
	m, s := l.unused, l.s
	if m == nil || s.adoptions-m.at < midLevelEvery {
		return nil
	}
	m.at = s.adoptions
	var ids []tree.NodeID
	for _, g := range s.unused() {
		ids = append(ids, g...)
	}
	if len(ids) == 0 {
		return nil
	}
	ok, err := s.try(ctx, s.cur.Remove(ids...))
	if ok {
		m.base = m.base.Remove(ids...)
		m.at = s.adoptions
	}
	return err
}
