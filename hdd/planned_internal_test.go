package hdd

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
)

// TestPlannedRestIsNotAdopted checks that the candidates of a step's rest
// (the step the caller makes if every alternative fails) are tested ahead
// but never adopted by the step: removing b or c fails, the rest's
// removal of d would succeed. The step adopts nothing; the caller's next
// step, the rest, then finds the verdict it needs in the cache.
func TestPlannedRestIsNotAdopted(t *testing.T) {
	var tested []string
	s := letters(t, 8, 8, func(c string) bool {
		return strings.Contains(c, "b") && strings.Contains(c, "c")
	})
	s.r.Oracle = func(inner OracleFunc) OracleFunc {
		return func(c []byte) bool {
			s.mu.Lock()
			tested = append(tested, string(bytes.TrimSpace(c)))
			s.mu.Unlock()
			return inner(c)
		}
	}(s.r.Oracle.(OracleFunc))
	remove := func(base tree.Candidate, ids ...tree.NodeID) planStep {
		return planStep{
			n:    len(ids),
			gen:  func(i int) tree.Candidate { return base.Remove(ids[i]) },
			then: func(int) planStep { return planStep{} },
		}
	}
	const b, c, d, e = 2, 3, 4, 5 // the letters' nodes
	rest := remove(s.cur, d, e)
	step := remove(s.cur, b, c)
	step.rest = func() planStep { return rest }

	won, err := s.firstPlanned(context.Background(), step, planAhead{})
	if err != nil {
		t.Fatal(err)
	}
	if len(won) != 0 || !bytes.Equal(s.best, s.t.Src) {
		t.Fatalf("the step adopted %v (best %q); its alternatives all fail", won, s.best)
	}
	if !slices.Contains(tested, "a b c e f g h") {
		t.Fatalf("the rest's first alternative was not tested ahead: %q", tested)
	}
	runs := len(tested)
	won, err = s.firstPlanned(context.Background(), rest, planAhead{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(won, []int{0}) || string(bytes.TrimSpace(s.best)) != "a b c e f g h" {
		t.Errorf("the rest adopted %v (best %q), want its first alternative", won, s.best)
	}
	if len(tested) != runs {
		t.Errorf("the rest ran %q again", tested[runs:])
	}
}
