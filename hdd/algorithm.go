package hdd

import (
	"bytes"
	"context"
	"fmt"

	"github.com/hddreduce/hdd/hdd/internal/enum"
	"github.com/hddreduce/hdd/hdd/tree"
)

// An Algorithm chooses how the tree is searched. The zero Algorithm is
// HDDStar, the command's default. Algorithm implements flag.Value.
type Algorithm int

const (
	// HDDStar repeats HDD's sweep until one changes nothing.
	HDDStar Algorithm = iota
	// HDD runs one sweep: its passes once each, in order.
	HDD
	// HDDPlus runs HDD, then removes single nodes breadth first over the
	// whole tree while a round removes something: the result is
	// 1-tree-minimal.
	HDDPlus
	// PlainDDMin runs the list minimizer over the children of the root
	// only, ignoring the rest of the tree. Over a tree of lines it is the
	// classic line-based baseline.
	PlainDDMin
)

var algorithmNames = []string{"hdd*", "hdd", "hdd+", "ddmin"}

func (a Algorithm) String() string { return enum.String(a, "Algorithm", algorithmNames) }

// Set parses an algorithm name: hdd*, hdd, hdd+ or ddmin.
func (a *Algorithm) Set(s string) error {
	v, err := enum.Parse[Algorithm](s, "algorithm", algorithmNames)
	if err == nil {
		*a = v
	}
	return err
}

// A pass is one step of a sweep: it tries edits of the best candidate and
// reports whether it adopted any. Adding a pass is a file with its run
// method and an entry in sweep.
type pass struct {
	name string
	// on reports whether the pass runs in this reduction; nil means it
	// always does.
	on  func(s *search) bool
	run func(s *search, ctx context.Context) (changed bool, err error)
}

// sweep lists the passes of one sweep of HDD, in order: pruning the levels
// top down, hoisting, the format's transforms, the shortening of texts.
// stepAfter follows the same order.
var sweep = []pass{
	{name: "prune", run: (*search).prune},
	{name: "hoist", on: func(s *search) bool { return !s.r.NoHoist }, run: (*search).hoist},
	{name: "transform", on: func(s *search) bool { return !s.r.NoTransform && len(s.p.Transforms) > 0 }, run: (*search).transform},
	{name: "shorten", on: func(s *search) bool { return !s.r.NoShorten }, run: (*search).shorten},
}

// algorithm runs the Reducer's Algorithm.
func (s *search) algorithm(ctx context.Context) error {
	switch s.r.Algorithm {
	case PlainDDMin:
		_, err := s.level(ctx, 1)
		return err
	case HDD:
		_, err := s.sweep(ctx)
		return err
	case HDDPlus:
		if _, err := s.sweep(ctx); err != nil {
			return err
		}
		return s.singles(ctx)
	case HDDStar:
		// The best text when it was last parsed again. A sweep changes
		// something only if it changes the text: an adopted edit that
		// renders as before (a node of white space between two JSX
		// elements, which the unparser must keep) comes back when the
		// text is parsed again, and would make the sweeps go on forever.
		var reparsed []byte
		for n := 1; ; n++ {
			s.logf("hdd*: sweep %d", n)
			s.mu.Lock()
			s.sweepNo = n
			before := s.best
			s.mu.Unlock()
			changed, err := s.sweep(ctx)
			s.mu.Lock()
			changed = changed && !bytes.Equal(s.best, before)
			best := s.best
			s.mu.Unlock()
			switch {
			case err != nil:
				return err
			case changed:
			case s.p == nil || s.p.Reparse == nil || reparsed != nil && bytes.Equal(best, reparsed):
				return nil
			default:
				if err := s.reparse(); err != nil {
					// The result stands: only a further sweep is lost
					// (an empty result, say, is no document to parse).
					s.logf("hdd*: %v; the result stands", err)
					return nil
				}
				reparsed = best
			}
		}
	}
	return fmt.Errorf("unknown algorithm %v", s.r.Algorithm)
}

// sweep runs the passes of a sweep in order, stopping at an error, and
// reports whether any changed anything.
func (s *search) sweep(ctx context.Context) (bool, error) {
	changed := false
	s.sweptAt = s.adoptions
	for _, p := range sweep {
		if p.on != nil && !p.on(s) {
			continue
		}
		ch, err := p.run(s, ctx)
		changed = changed || ch
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}

// stepAfter returns the first step of the passes of the sweep after the
// named one, from c, if each adopts nothing before it, for the rounds to
// test ahead (see planStep.rest): hoisting's first step after pruning,
// the first transform's after hoisting, if they are on; n = 0 where the
// next pass does not plan ahead or there is none.
func (s *search) stepAfter(pass string, c tree.Candidate) planStep {
	switch pass {
	case "prune":
		if !s.r.NoHoist {
			return s.hoistRest(c, -1, nil, 0)
		}
		fallthrough
	case "hoist":
		if !s.r.NoTransform && len(s.p.Transforms) > 0 {
			return transformRest(s.t, s.p.Transforms, -1, c)
		}
	}
	return planStep{}
}
