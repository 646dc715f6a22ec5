package hdd

import (
	"context"

	"github.com/hddreduce/hdd/hdd/tree"
)

// singles is HDD+'s greedy phase: try removing each node alone, breadth
// first, until a whole pass removes nothing. Each step plans the one that
// follows each success (see singleStep): with several jobs, it is tested
// ahead along its plan (see firstPlanned), and what is adopted is what one
// job adopts.
func (s *search) singles(ctx context.Context) error {
	for pass := 1; ; pass++ {
		s.setPhase("hdd+ pass %d", pass)
		removed := 0
		for d := 0; d <= s.t.MaxLevel(); d++ {
			ids := s.candidates(d)
			for len(ids) > 0 {
				won, err := s.firstStep(ctx, singleStep(s.cur, ids))
				if err != nil {
					return err
				}
				if len(won) == 0 {
					break
				}
				removed++
				ids = ids[won[0]+1:]
			}
		}
		s.logf("hdd+: pass %d removed %s, %s", pass, count(removed, "node"), count(s.size(), "byte"))
		if removed == 0 {
			return nil
		}
	}
}

// singleStep returns the step that removes one of ids from c, in order;
// after a success, the plan goes on with the nodes after it.
func singleStep(c tree.Candidate, ids []tree.NodeID) planStep {
	return planStep{
		n:    len(ids),
		gen:  func(i int) tree.Candidate { return c.Remove(ids[i]) },
		then: func(i int) planStep { return singleStep(c.Remove(ids[i]), ids[i+1:]) },
	}
}
