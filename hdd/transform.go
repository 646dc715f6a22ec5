package hdd

import (
	"context"

	"github.com/hddreduce/hdd/hdd/tree"
)

// transform runs each of the policy's transforms to a fixed point. Each
// step tries the transform's candidates from where the last success was,
// in order, and plans the step that follows each success, and the next
// transform's if none succeeds, from the candidate the transform would
// end with (after its last success too): with several jobs, it is tested
// ahead along its plan (see firstPlanned), and what is adopted is what
// one job adopts.
func (s *search) transform(ctx context.Context) (bool, error) {
	changed := false
	for ti, tf := range s.p.Transforms {
		s.setPhase("%s", tf.Name)
		testsBefore := s.tests()
		for from := 0; ; {
			won, err := s.firstStep(ctx, transformStep(s.t, s.p.Transforms, ti, s.cur, from))
			if err != nil {
				return changed, err
			}
			if len(won) == 0 {
				break
			}
			from += won[0]
			changed = true
		}
		s.logf("%s: %s, %s", tf.Name, count(s.tests()-testsBefore, "test"), count(s.size(), "byte"))
	}
	return changed, nil
}

// transformStep returns the step of transform tfs[ti]'s candidates on c
// from the one at from on; after a success at from+i, the plan goes on
// from there on the candidate adopted, and if none succeeds, with the next
// transform (see transformRest).
func transformStep(t *tree.Tree, tfs []tree.Transform, ti int, c tree.Candidate, from int) planStep {
	cands := tfs[ti].Candidates(t, c)
	rest := func() planStep { return transformRest(t, tfs, ti, c) }
	if from >= len(cands) {
		return planStep{rest: rest, keepRest: true}
	}
	cands = cands[from:]
	return planStep{
		n:        len(cands),
		gen:      func(i int) tree.Candidate { return cands[i] },
		then:     func(i int) planStep { return transformStep(t, tfs, ti, cands[i], from+i) },
		rest:     rest,
		keepRest: true,
	}
}

// transformRest returns the step the transforms make after a step of
// tfs[ti] from c whose candidates all fail: the first step of a later
// transform that has candidates; n = 0 if there is none (what the sweep
// does next, shortening texts, does not plan ahead). With ti = -1, it is
// the first transform's first step.
func transformRest(t *tree.Tree, tfs []tree.Transform, ti int, c tree.Candidate) planStep {
	for j := ti + 1; j < len(tfs); j++ {
		if st := transformStep(t, tfs, j, c, 0); st.n > 0 {
			return st
		}
	}
	return planStep{}
}
