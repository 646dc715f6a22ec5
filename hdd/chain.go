package hdd

import (
	"context"
	"fmt"

	"github.com/hddreduce/hdd/hdd/tree"
)

// minChain is the length from which a run of one-node levels, each node
// nested in the one above, is bisected rather than tried level by level.
const minChain = 8

// chainAt returns the nodes of the one-node levels from depth d down, and
// the depth of the last, if there are at least minChain of them and each
// is nested in the one above (levels without nodes between them, hoisted
// through, are passed over): a deep nest (a JSON document nested
// thousands deep, a tower of blocks) whose levels the search would
// otherwise try one test each, in every sweep. It stops above a level
// whose nodes are folded or runs, which unfold must parse first.
func (s *search) chainAt(d int) (chain []tree.NodeID, last int) {
	last = d
	for lv := d; lv <= s.t.MaxLevel(); lv++ {
		if f := s.t.FoldLevel(); f >= 0 && lv >= f || s.t.RunLevel() >= 0 && lv >= s.t.RunLevel() {
			break
		}
		items := s.candidates(lv)
		if len(items) == 0 && len(chain) > 0 {
			continue // a level hoisted through, or the end
		}
		if len(items) != 1 || len(chain) > 0 && !s.t.IsAncestor(chain[len(chain)-1], items[0]) {
			break
		}
		chain = append(chain, items[0])
		last = lv
	}
	if len(chain) < minChain {
		return nil, d
	}
	return chain, last
}

// bisectChain prunes the chain of one-node levels from depth d (see
// chainAt) by bisection: it finds the highest node of the chain whose
// removal stays interesting, supposing that where a node cannot go, no
// node above it can either (removing one removes the nodes below it), in
// about log2 of the chain's length tests, and adopts that removal. It
// reports whether it removed a node. With several jobs, the bisection's
// next steps are tested ahead along its plan (see firstPlanned), and what
// is adopted is what one job adopts.
func (s *search) bisectChain(ctx context.Context, d, last int, chain []tree.NodeID) (bool, error) {
	s.setPhase("levels %d-%d (a chain of %s)", d, last, count(len(chain), "node"))
	testsBefore := s.tests()
	changed := false
	lo, hi := 0, len(chain)
	for lo < hi {
		mid := (lo + hi) / 2
		won, err := s.firstStep(ctx, bisectStep(chain, lo, hi, s.cur))
		if err != nil {
			return changed, err
		}
		if len(won) > 0 {
			hi, changed = mid, true
		} else {
			lo = mid + 1
		}
	}
	s.logf("levels %d-%d: a chain of %s, %s, %s, %s", d, last, count(len(chain), "node"),
		cutAt(changed, s.t.Level(chain[min(hi, len(chain)-1)])), count(s.tests()-testsBefore, "test"), count(s.size(), "byte"))
	return changed, nil
}

// cutAt says where bisectChain cut its chain.
func cutAt(cut bool, level int) string {
	if !cut {
		return "no node removed"
	}
	return fmt.Sprintf("removed from level %d", level)
}

// bisectStep returns the step of the bisection of chain[lo:hi] from c:
// the removal of its middle node, then the bisection of the nodes above
// it if that is adopted, of those below it if not.
func bisectStep(chain []tree.NodeID, lo, hi int, c tree.Candidate) planStep {
	if lo >= hi {
		return planStep{}
	}
	mid := (lo + hi) / 2
	cand := c.Remove(chain[mid])
	return planStep{
		n:        1,
		gen:      func(int) tree.Candidate { return cand },
		then:     func(int) planStep { return bisectStep(chain, lo, mid, cand) },
		rest:     func() planStep { return bisectStep(chain, mid+1, hi, c) },
		keepRest: true,
	}
}
