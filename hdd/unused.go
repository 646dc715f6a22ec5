package hdd

import (
	"context"

	"github.com/hddreduce/hdd/hdd/minimize"
	"github.com/hddreduce/hdd/hdd/tree"
)

// keptUnused notes the nodes a level kept that the format says nothing
// else needs: the level tried removing each and the test needed it, so
// dropUnused does not offer them. The prune pass calls dropUnused only
// once a level has told it so (the first level tells it which function
// nothing calls holds the bug).
func (s *search) keptUnused(keep []tree.NodeID) {
	if s.p == nil || s.p.Unused == nil {
		return
	}
	if s.neededOf != s.t {
		s.needed, s.neededOf = map[tree.NodeID]bool{}, s.t
	}
	if len(keep) == 0 {
		return
	}
	kept := make(map[tree.NodeID]bool, len(keep))
	for _, id := range keep {
		kept[id] = true
	}
	for _, g := range s.unused() {
		for _, id := range g {
			if kept[id] {
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

// unusedDue reports whether dropUnused has something to look at: the
// format says what is unused, a level has told keptUnused what the test
// needs, and the best candidate changed since dropUnused last looked.
func (s *search) unusedDue() bool {
	return s.p != nil && s.p.Unused != nil && s.neededOf == s.t && s.unusedAt != s.adoptions+1
}

// dropUnused removes the nodes of the best candidate that the format says
// nothing else needs (tree.Policy.Unused): all at once if the test agrees,
// else with the list minimizer over their groups. The groups the minimizer
// keeps are needed by the test itself: they are not offered again, and
// what they name stays used. The prune pass calls it before each level, so
// that declarations only the removed part of a level named go at once,
// instead of being kept by their own level and then reduced, level by
// level, before a later sweep removes them.
func (s *search) dropUnused(ctx context.Context) (bool, error) {
	groups := s.unused()
	s.unusedAt = s.adoptions + 1
	if len(groups) == 0 {
		return false, nil
	}
	s.setPhase("unused declarations (%s)", count(len(groups), "group"))
	testsBefore, bytesBefore := s.tests(), len(s.best)
	test := groupTester{s: s, base: s.cur, groups: groups}
	changed, err := test.Test(ctx, nil)
	if err == nil && !changed {
		items := make([]int, len(groups))
		for i := range items {
			items[i] = i
		}
		var keep []int
		keep, err = minimize.Run(ctx, s.r.Minimizer, items, test)
		for _, i := range keep {
			for _, id := range groups[i] {
				s.needed[id] = true
			}
		}
		changed = len(keep) < len(items)
	}
	s.unusedAt = s.adoptions + 1
	s.logf("unused declarations: %s, %s, %d -> %s", count(len(groups), "group"), count(s.tests()-testsBefore, "test"), bytesBefore, count(len(s.best), "byte"))
	return changed, err
}

// groupTester is the minimize.Tester of dropUnused: a candidate keeps some
// of the groups, by index, and removes the others from the candidate
// dropUnused started from.
type groupTester struct {
	s      *search
	base   tree.Candidate
	groups [][]tree.NodeID
}

func (g groupTester) config(keep []int) tree.Candidate {
	var ids []tree.NodeID
	for i, group := range g.groups {
		if len(keep) > 0 && keep[0] == i {
			keep = keep[1:]
			continue
		}
		ids = append(ids, group...)
	}
	return g.base.Remove(ids...)
}

func (g groupTester) Test(ctx context.Context, keep []int) (bool, error) {
	return g.s.try(ctx, g.config(keep))
}

func (g groupTester) First(ctx context.Context, n int, gen func(i int) []int, fold func([]int) ([]int, bool)) ([]int, error) {
	return g.s.first(ctx, n, func(i int) tree.Candidate { return g.config(gen(i)) }, listFolder(fold, g.config))
}
