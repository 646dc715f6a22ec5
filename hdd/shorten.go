package hdd

import (
	"context"

	"github.com/hddreduce/hdd/hdd/minimize"
	"github.com/hddreduce/hdd/hdd/tree"
)

// shorten cuts the text of each present Chars leaf down over its units
// (characters, character references, escapes), whatever the Reducer's
// Minimizer, with minimize.EndsFirst: a text the test needs whole (an id, a
// key) is the common case, and ends-first proves it 1-minimal in one test a
// unit where ddmin makes about three. A text that loses an end goes on to
// classic ddmin: what such a text must keep is usually a few adjacent units,
// and ddmin's tests of single chunks reach such a cluster in O(log n) tests
// where deleting blocks needs O(n/size) (see the simulator's "1 clusters of
// 1" rows).
func (s *search) shorten(ctx context.Context) (bool, error) {
	s.setPhase("shortening texts")
	testsBefore := s.tests()
	changed := false
	var ids []tree.NodeID
	s.t.Walk(s.cur, func(id tree.NodeID) bool {
		if s.t.Nodes[id].Is(tree.Chars) && !s.cur.Edited(id) {
			ids = append(ids, id)
		}
		return true
	})
	for _, id := range ids {
		if s.p.Units == nil {
			break // the policy does not cut texts
		}
		open, close, units := s.p.Units(s.t.Text(id))
		if len(units) == 0 {
			continue
		}
		test := textTester{s: s, base: s.cur, id: id, open: open, close: close, plan: &listPlan[[]byte]{}}
		keep, err := minimize.Run(ctx, minimize.EndsFirst, units, test)
		if err != nil {
			return changed, err
		}
		if len(keep) == 1 {
			if ok, err := test.Test(ctx, nil); err != nil {
				return changed, err
			} else if ok {
				keep = nil
			}
		}
		changed = changed || len(keep) < len(units)
	}
	s.logf("shortening texts: %s, %s, %s", count(len(ids), "text"), count(s.tests()-testsBefore, "test"), count(len(s.best), "byte"))
	return changed, nil
}

// textTester is the minimize.Tester of the units of one Chars leaf: a candidate
// replaces the leaf by the units it keeps, between the original quotes.
type textTester struct {
	s           *search
	base        tree.Candidate
	id          tree.NodeID
	open, close []byte
	plan        *listPlan[[]byte] // what ddmin plans after its step under way
}

// Plan records ddmin's plan (see minimize.Planner).
func (tt textTester) Plan(next minimize.Step[[]byte]) { tt.plan.record(next) }

func (tt textTester) config(keep [][]byte) tree.Candidate {
	text := append([]byte{}, tt.open...)
	for _, u := range keep {
		text = append(text, u...)
	}
	text = append(text, tt.close...)
	return tt.base.Replace(tt.id, string(text))
}

func (tt textTester) Test(ctx context.Context, keep [][]byte) (bool, error) {
	return tt.s.try(ctx, tt.config(keep))
}

func (tt textTester) First(ctx context.Context, n int, gen func(i int) [][]byte, fold func([]int) ([][]byte, bool)) ([]int, error) {
	if step, ok := tt.plan.step(n, gen, tt.config, nil); ok && tt.s.r.Jobs > 1 {
		return tt.s.firstPlanned(ctx, step, planAhead{})
	}
	return tt.s.first(ctx, n, func(i int) tree.Candidate { return tt.config(gen(i)) }, listFolder(fold, tt.config))
}
