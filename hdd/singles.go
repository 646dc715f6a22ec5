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
				base := s.cur
				i, err := s.first(ctx, len(ids), func(i int) tree.Candidate { return base.Remove(ids[i]) })
				if err != nil {
					return err
				}
				if i < 0 {
					break
				}
				removed++
				ids = ids[i+1:]
			}
		}
		s.logf("hdd+: pass %d removed %s, %s", pass, count(removed, "node"), count(len(s.best), "byte"))
		if removed == 0 {
			return nil
		}
	}
}
