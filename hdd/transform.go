package hdd

import (
	"context"

	"github.com/hddreduce/hdd/hdd/tree"
)

// transform runs each of the policy's transforms to a fixed point. Each
// step tries the transform's candidates from where the last success was,
// in order, and plans the step that follows each success: with several
// jobs, it is tested ahead along its plan (see firstPlanned), and what is
// adopted is what one job adopts.
func (s *search) transform(ctx context.Context) (bool, error) {
	changed := false
	for _, tf := range s.p.Transforms {
		s.setPhase("%s", tf.Name)
		testsBefore := s.tests()
		for from := 0; ; {
			won, err := s.firstStep(ctx, transformStep(s.t, tf, s.cur, from))
			if err != nil {
				return changed, err
			}
			if len(won) == 0 {
				break
			}
			from += won[0]
			changed = true
		}
		s.logf("%s: %s, %s", tf.Name, count(s.tests()-testsBefore, "test"), count(len(s.best), "byte"))
	}
	return changed, nil
}

// transformStep returns the step of tf's candidates on c from the one at
// from on; after a success at from+i, the plan goes on from there on the
// candidate adopted.
func transformStep(t *tree.Tree, tf tree.Transform, c tree.Candidate, from int) planStep {
	cands := tf.Candidates(t, c)
	if from >= len(cands) {
		return planStep{}
	}
	cands = cands[from:]
	return planStep{
		n:    len(cands),
		gen:  func(i int) tree.Candidate { return cands[i] },
		then: func(i int) planStep { return transformStep(t, tf, cands[i], from+i) },
	}
}
