package hdd

import (
	"context"

	"github.com/hddreduce/hdd/hdd/tree"
)

// singles is HDD+'s greedy phase: try removing each node alone, breadth
// first, until a whole pass removes nothing.
func (s *search) singles(ctx context.Context) error {
	for pass := 1; ; pass++ {
		s.setPhase("hdd+ pass %d", pass)
		removed := 0
		for d := 0; d <= s.t.MaxLevel(); d++ {
			ids := s.candidates(d)
			for len(ids) > 0 {
				base, batch := s.cur, ids
				won, err := s.first(ctx, len(batch), func(i int) tree.Candidate { return base.Remove(batch[i]) },
					func(idx []int) (tree.Candidate, []int) {
						rm := make([]tree.NodeID, len(idx))
						for k, i := range idx {
							rm[k] = batch[i]
						}
						return base.Remove(rm...), idx
					})
				if err != nil {
					return err
				}
				if len(won) == 0 {
					break
				}
				removed += len(won)
				ids = batch[won[len(won)-1]+1:]
			}
		}
		s.logf("hdd+: pass %d removed %s, %s", pass, count(removed, "node"), count(len(s.best), "byte"))
		if removed == 0 {
			return nil
		}
	}
}
