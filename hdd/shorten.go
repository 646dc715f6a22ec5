package hdd

import (
	"context"
	"errors"
	"strings"

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
//
// The texts are shortened one after another, each from what the one
// before it ends with. With several jobs, a text's plan goes on into the
// texts after it, and past the last into HDD*'s next sweep (see
// textsFrom): a round that holds a text's last tests also tests the next
// text's first ones, so that texts the test needs whole pass several in
// a round.
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
	for k, id := range ids {
		if s.p.Units == nil {
			break // the policy does not cut texts
		}
		u := s.unitsOf(id)
		units := u.all()
		if len(units) == 0 {
			continue
		}
		test := s.textTester(ctx, s.cur, ids[k:], s.adoptions > s.sweptAt, u)
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
	s.logf("shortening texts: %s, %s, %s", count(len(ids), "text"), count(s.tests()-testsBefore, "test"), count(s.size(), "byte"))
	return changed, nil
}

// textUnits are the units of a text as tree.Policy.Units cuts it: unit
// i is body[ends[i-1]:ends[i]] (from 0 for the first). The minimizers
// cut lists of the units' indexes, which take 4 bytes where a []byte
// takes 24: they make lists of the text's length for their candidates.
type textUnits struct {
	open, body, close []byte
	ends              []int32
}

// unitsOf returns the units of the text of leaf id.
func (s *search) unitsOf(id tree.NodeID) textUnits {
	text := s.t.Text(id)
	open, close, ends := s.p.Units(text)
	return textUnits{open: open, close: close, body: text[len(open) : len(text)-len(close)], ends: ends}
}

// all returns the indexes of all of u's units.
func (u textUnits) all() []int32 {
	idx := make([]int32, len(u.ends))
	for i := range idx {
		idx[i] = int32(i)
	}
	return idx
}

// text returns the text that keeps the units keep, in order, between the
// quotes.
func (u textUnits) text(keep []int32) string {
	n := len(u.open) + len(u.close)
	for _, i := range keep {
		n += int(u.ends[i] - u.start(i))
	}
	var b strings.Builder
	b.Grow(n)
	b.Write(u.open)
	for k := 0; k < len(keep); {
		// A run of adjacent units is one span of the body.
		j := k + 1
		for j < len(keep) && keep[j] == keep[j-1]+1 {
			j++
		}
		b.Write(u.body[u.start(keep[k]):u.ends[keep[j-1]]])
		k = j
	}
	b.Write(u.close)
	return b.String()
}

// start returns the offset of unit i in the body.
func (u textUnits) start(i int32) int32 {
	if i == 0 {
		return 0
	}
	return u.ends[i-1]
}

// textTester is the minimize.Tester of the units of one Chars leaf: a candidate
// replaces the leaf by the units it keeps, between the original quotes.
type textTester struct {
	s     *search
	base  tree.Candidate
	id    tree.NodeID
	units textUnits
	plan  *listPlan[int32] // what ddmin plans after its step under way
	// end and rest, if not nil, return the step after this text, from
	// the candidate it ends with: end after a success, rest if it adopts
	// nothing (see textsFrom).
	end, rest func(c tree.Candidate) planStep
}

// textTester returns the Tester of the first text of ids in c, which
// goes on into the texts after it; changed says whether the sweep has
// adopted anything before it.
func (s *search) textTester(ctx context.Context, c tree.Candidate, ids []tree.NodeID, changed bool, u textUnits) textTester {
	return textTester{
		s: s, base: c, id: ids[0], units: u, plan: &listPlan[int32]{},
		end:  s.textsFrom(ctx, ids[1:], true),
		rest: s.textsFrom(ctx, ids[1:], changed),
	}
}

// Plan records ddmin's plan (see minimize.Planner).
func (tt textTester) Plan(next minimize.Step[int32]) { tt.plan.record(next) }

func (tt textTester) config(keep []int32) tree.Candidate {
	return tt.base.Replace(tt.id, tt.units.text(keep))
}

func (tt textTester) Test(ctx context.Context, keep []int32) (bool, error) {
	return tt.s.try(ctx, tt.config(keep))
}

func (tt textTester) First(ctx context.Context, n int, gen func(i int) []int32, fold func([]int) ([]int32, bool)) ([]int, error) {
	if step, ok := tt.planned(n, gen, tt.s.cur); ok && tt.s.r.Jobs > 1 {
		return tt.s.firstPlanned(ctx, step, planAhead{})
	}
	return tt.s.first(ctx, n, func(i int) tree.Candidate { return tt.config(gen(i)) }, listFolder(fold, tt.config))
}

// planned returns the step of n alternatives made by gen from c, with
// the steps ends-first plans after it, and what follows the text where
// the plan ends (see listPlan.step): after a success, from the candidate
// the text ends with, and if every alternative fails, from c.
func (tt textTester) planned(n int, gen func(i int) []int32, c tree.Candidate) (planStep, bool) {
	step, ok := tt.plan.step(n, gen, tt.config, tt.end)
	return tt.restFrom(step, c), ok
}

// restFrom returns step with tt.rest as its rest, from c: what follows
// the text if every alternative of the step fails.
func (tt textTester) restFrom(step planStep, c tree.Candidate) planStep {
	if tt.rest != nil {
		step.rest = func() planStep { return tt.rest(c) }
	}
	return step
}

// textsFrom returns the first step of shortening the texts ids from a
// given candidate, as shorten will if it gets there with that candidate,
// with the steps after it (see textStep); past the last text, that of
// HDD*'s next sweep if changed says the sweep adopted something before
// (see sweepStep). It returns nil with one job, or where nothing follows.
func (s *search) textsFrom(ctx context.Context, ids []tree.NodeID, changed bool) func(tree.Candidate) planStep {
	switch {
	case s.r.Jobs <= 1:
		return nil
	case len(ids) == 0:
		if !changed {
			return nil
		}
		return s.sweepStep(ctx)
	}
	return func(c tree.Candidate) planStep { return s.textStep(ctx, c, ids, changed) }
}

// sweepStep returns the first step of HDD*'s next sweep, from the
// candidate the sweep under way ends with: its first level's, going on
// into the levels after it where they adopt nothing (see levelsFrom), as
// most do in a sweep after the first; nil if the algorithm is not HDD*,
// or where that step is not known now (see levelEnd).
func (s *search) sweepStep(ctx context.Context) func(tree.Candidate) planStep {
	if s.r.Algorithm != HDDStar || !s.canLookAt(0, false) || s.dropsAfterAdoption() || s.t.Partial && len(s.t.Src) > largeText {
		return nil
	}
	return func(c tree.Candidate) planStep { return s.levelsFrom(ctx, c, 0) }
}

// textStep returns the first step of shortening the first text of ids
// with units in c: the first call of ends-first on its units, or, for a
// text of one unit, the test of the empty text, which shorten makes
// alone. n = 0 if nothing follows. changed says whether the sweep adopted
// anything before the texts ids.
func (s *search) textStep(ctx context.Context, c tree.Candidate, ids []tree.NodeID, changed bool) planStep {
	for k := range ids {
		u := s.unitsOf(ids[k])
		units := u.all()
		if len(units) == 0 {
			continue
		}
		tt := s.textTester(ctx, c, ids[k:], changed, u)
		if len(units) == 1 {
			return tt.restFrom(planStep{
				n:    1,
				gen:  func(int) tree.Candidate { return tt.config(nil) },
				then: func(int) planStep { return planStep{} },
				end:  tt.end,
			}, c)
		}
		dry := &textStepTester{textTester: tt, c: c}
		if _, err := minimize.Run(ctx, minimize.EndsFirst, units, dry); !errors.Is(err, errLookedAhead) {
			return planStep{}
		}
		return dry.step
	}
	if next := s.textsFrom(ctx, nil, changed); next != nil {
		return next(c) // no text left has units
	}
	return planStep{}
}

// A textStepTester is the Tester of textStep's dry run of ends-first: it
// records the first step ends-first plans, from c, and stops it.
type textStepTester struct {
	textTester
	c    tree.Candidate
	step planStep
}

func (t *textStepTester) Test(context.Context, []int32) (bool, error) {
	return false, errLookedAhead
}

func (t *textStepTester) First(_ context.Context, n int, gen func(i int) []int32, _ func([]int) ([]int32, bool)) ([]int, error) {
	t.step, _ = t.planned(n, gen, t.c)
	return nil, errLookedAhead
}
