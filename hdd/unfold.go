package hdd

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/hddreduce/hdd/hdd/tree"
)

// stale reports whether the tree, one that can be parsed again, is of a
// large text longer than the best: parsing the best text again lets the
// old one go, which halves the memory the texts take.
func (s *search) stale() bool {
	return s.t.Partial && len(s.t.Src) > largeText && len(s.best) < len(s.t.Src)
}

// unfold replaces the tree by a parse of the best text whose levels above
// d are complete: its folded nodes and runs, if any, are at level d or
// deeper.
func (s *search) unfold(d int) error {
	before := s.t.Len()
	t, err := s.p.Unfold(s.best, d)
	switch {
	case err != nil:
		return fmt.Errorf("parsing the reduced text again to reach level %d: %w", d, err)
	case !bytes.Equal(t.Src, s.best):
		return errors.New("the policy's Unfold returned a tree of another text")
	case t.FoldLevel() >= 0 && t.FoldLevel() < d:
		return fmt.Errorf("the policy's Unfold folded level %d, above level %d", t.FoldLevel(), d)
	case t.RunLevel() >= 0 && t.RunLevel() < d:
		return fmt.Errorf("the policy's Unfold left runs at level %d, above level %d", t.RunLevel(), d)
	}
	s.t, s.cur = t, tree.Candidate{}
	// The echoes tried in the sweep saw only the levels down to the
	// old tree's fold: below it there are new nodes to echo on.
	s.echoed = nil
	s.logf("parsed the %s left again for level %d: %s, was %d", count(s.size(), "byte"), d, count(t.Len(), "node"), before)
	return nil
}

// reparse replaces the tree by a fresh parse of the best text (see
// tree.Policy.Reparse).
func (s *search) reparse() error {
	before := s.t.Len()
	t, err := s.p.Reparse(s.best)
	switch {
	case err != nil:
		return fmt.Errorf("parsing the reduced text again: %w", err)
	case !bytes.Equal(t.Src, s.best):
		return errors.New("the policy's Reparse returned a tree of another text")
	}
	s.t, s.cur = t, tree.Candidate{}
	s.logf("parsed the %s left again: %s, was %d", count(s.size(), "byte"), count(t.Len(), "node"), before)
	return nil
}
