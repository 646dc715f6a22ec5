package hdd

import (
	"context"
)

// tidy tries each of the policy's tidies on the best text, in order.
func (s *search) tidy(ctx context.Context) error {
	tidies := s.p.Tidies
	if s.r.NoTidy {
		tidies = nil
	}
	s.setPhase("tidying")
	for _, t := range tidies {
		cand := t.Apply(s.best)
		if len(cand) >= len(s.best) {
			continue
		}
		ok, err := s.evalText(ctx, cand)
		if err != nil {
			return err
		}
		if ok {
			s.mu.Lock()
			s.best = cand
			s.report()
			s.mu.Unlock()
			if s.r.Improved != nil {
				s.r.Improved(cand)
			}
			s.logf("tidy %q: %s", t.Name, count(len(cand), "byte"))
		}
	}
	return nil
}
