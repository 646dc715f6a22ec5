package hdd

import (
	"context"

	"github.com/hddreduce/hdd/hdd/tree"
)

// transform runs each of the policy's transforms to a fixed point.
func (s *search) transform(ctx context.Context) (bool, error) {
	changed := false
	for _, tf := range s.p.Transforms {
		s.setPhase("%s", tf.Name)
		testsBefore := s.tests()
		for from := 0; ; {
			cands := tf.Candidates(s.t, s.cur)
			if from >= len(cands) {
				break
			}
			cands = cands[from:]
			won, err := s.first(ctx, len(cands), func(i int) tree.Candidate { return cands[i] },
				func(idx []int) (tree.Candidate, []int) {
					// The successes that merge with those before them.
					c, used := cands[idx[0]], idx[:1:1]
					for _, i := range idx[1:] {
						if m, ok := c.Merge(cands[i]); ok {
							c, used = m, append(used, i)
						}
					}
					return c, used
				})
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
