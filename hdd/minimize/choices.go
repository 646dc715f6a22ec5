package minimize

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Reduction steps as choices, after D. R. MacIver's "Representing steps in
// test-case reduction" (on Hypothesis' shrinker): a pass over a list is a
// sequence of choices, one per item of the list the pass starts from, and a
// step tries the deletion its choice names. The pass does not fix the order
// of its choices; an order does, so the same pass runs backward (the note's
// default: later items tend to depend on earlier ones, so fewer passes),
// forward, or in a seeded random order (which stalls about 1/p steps on a
// long undeletable stretch when a fraction p of the items can go, where any
// fixed order can stall for the whole stretch).
//
// The note keeps a lazily built tree of choices with dead branches; with one
// choice per step, as here, the tree is a list: the choices not made yet,
// in order. A success is adopted at once and the pass goes on from the same
// point, the remaining choices still naming the same items wherever
// deletions have moved them. A run of choices whose steps are single
// deletions goes to Tester.First, so that -j tests them at once. Making
// only the next k choices of a pass is the note's "short trial run": it
// returns a tally of what they achieved, from which a caller decides how to
// go on (see trial).

// An order is the order in which a pass makes its choices. The zero order is
// backward.
type order struct {
	kind orderKind
	seed uint64
}

type orderKind uint8

const (
	backwardKind orderKind = iota
	forwardKind
	shuffledKind
)

var (
	// backward makes the choices last item first.
	backward = order{kind: backwardKind}
	// forward makes the choices first item first.
	forward = order{kind: forwardKind}
)

// shuffled makes the choices in a random order drawn from a PCG seeded with
// seed and the pass number: the same seed gives the same orders.
func shuffled(seed uint64) order { return order{kind: shuffledKind, seed: seed} }

func (o order) String() string {
	switch o.kind {
	case forwardKind:
		return "forward"
	case shuffledKind:
		return fmt.Sprintf("shuffled(%d)", o.seed)
	}
	return "backward"
}

// choices returns the order of the choices 0..n-1 in pass number round.
func (o order) choices(n, round int) []int {
	cs := make([]int, n)
	for i := range cs {
		cs[i] = i
	}
	switch o.kind {
	case backwardKind:
		slices.Reverse(cs)
	case shuffledKind:
		rng := rand.New(rand.NewPCG(o.seed, uint64(round)))
		rng.Shuffle(n, func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	}
	return cs
}

// grow is the side a block of items grows towards from its choice's item:
// towards the items the order visits next when it is fixed (a backward pass
// deletes blocks ending at the item; a forward one blocks starting there,
// as "Adaptive delta debugging" does), forward when shuffled.
func (o order) grow() int {
	if o.kind == backwardKind {
		return -1
	}
	return +1
}

// A pass is one round of steps over a list.
type pass[T any] struct {
	cur  []T   // the last adopted list
	pos  []int // pos[i] is the position of cur[i] in the list the pass started from (increasing)
	todo []int // the choices not made yet, in order: positions in the starting list
	grow int   // see order.grow
	// dirty is set once a block deletion took items whose choices may
	// still be in todo.
	dirty bool
}

func newPass[T any](c []T, o order, round int) *pass[T] {
	pos := make([]int, len(c))
	for i := range pos {
		pos[i] = i
	}
	return &pass[T]{cur: c, pos: pos, todo: o.choices(len(c), round), grow: o.grow()}
}

// index returns the index in cur of the item of choice ch, or -1 if a
// deletion took it.
func (p *pass[T]) index(ch int) int {
	if i, ok := slices.BinarySearch(p.pos, ch); ok {
		return i
	}
	return -1
}

// remove adopts cur less cur[lo:hi].
func (p *pass[T]) remove(lo, hi int) {
	p.cur = without(p.cur, lo, hi)
	p.pos = without(p.pos, lo, hi)
}

// prune drops the choices whose items a block deletion took.
func (p *pass[T]) prune() {
	p.todo = slices.DeleteFunc(p.todo, func(ch int) bool { return p.index(ch) < 0 })
	p.dirty = false
}

// next sends up to k of the next choices to test.First as single
// deletions. It returns how many choices it made and the indices in cur,
// in increasing order, of the items whose deletions were adopted by the
// tester (one, or with fold and a parallel tester several at once) but are
// not yet removed from cur.
func (p *pass[T]) next(ctx context.Context, test Tester[T], k int, fold bool) (made int, xs []int, err error) {
	if p.dirty {
		p.prune()
	}
	batch := p.todo[:min(k, len(p.todo))]
	if len(batch) == 0 {
		return 0, nil, nil
	}
	base, basePos := p.cur, p.pos
	at := func(i int) int { x, _ := slices.BinarySearch(basePos, batch[i]); return x }
	var folder func([]int) ([]T, bool)
	if fold {
		folder = func(idx []int) ([]T, bool) {
			drop := make([]int, len(idx))
			for i, j := range idx {
				drop[i] = at(j)
			}
			slices.Sort(drop)
			out := make([]T, 0, len(base)-len(drop))
			for i, x := range base {
				if len(drop) > 0 && drop[0] == i {
					drop = drop[1:]
					continue
				}
				out = append(out, x)
			}
			return out, true
		}
	}
	idx, err := test.First(ctx, len(batch), func(i int) []T { x := at(i); return without(base, x, x+1) }, folder)
	if err != nil {
		return 0, nil, err
	}
	if len(idx) == 0 {
		p.todo = p.todo[len(batch):]
		return len(batch), nil, nil
	}
	last := idx[len(idx)-1]
	p.todo = p.todo[last+1:]
	for _, j := range idx {
		xs = append(xs, at(j))
	}
	slices.Sort(xs)
	return last + 1, xs, nil
}

// A tally counts the choices a run of steps made, the steps that deleted
// something, and the items they deleted.
type tally struct{ made, ok, deleted int }

// removable reports whether at least num/den of the items the steps looked
// at could go: the items deleted over those plus the choices that deleted
// nothing. (A block step over a run of b removable items before an
// essential one counts b items and, with the next choice, one failure, as
// b+1 single steps would.)
func (t tally) removable(num, den int) bool {
	return t.deleted*den >= (t.deleted+t.made-t.ok)*num
}

// singles makes up to k choices, each step trying to delete its item alone.
// Runs of choices go to test.First: the first success wins (or, with a
// parallel tester, the fold of several) and the pass goes on with the next
// choice.
func (p *pass[T]) singles(ctx context.Context, test Tester[T], k int) (tally, error) {
	var t tally
	for t.made < k && len(p.todo) > 0 {
		m, xs, err := p.next(ctx, test, k-t.made, true)
		t.made += m
		if err != nil {
			return t, err
		}
		if m == 0 {
			break
		}
		for i := len(xs) - 1; i >= 0; i-- { // from the end: the indices stay valid
			p.remove(xs[i], xs[i]+1)
			t.ok++
			t.deleted++
		}
	}
	return t, nil
}

// blocks makes up to k choices, each step deleting the longest block of
// items at its item that stays interesting: adaptive ddmin's step, with a
// linear probe, then an exponential probe and a binary search (see
// changePointFrom). The first probes, single deletions, go to test.First as in
// singles; the serial sequence of tests is that of probing choice by choice.
func (p *pass[T]) blocks(ctx context.Context, test Tester[T], k int) (tally, error) {
	var t tally
	for t.made < k && len(p.todo) > 0 {
		m, xs, err := p.next(ctx, test, k-t.made, false)
		t.made += m
		if err != nil {
			return t, err
		}
		if m == 0 {
			break
		}
		if len(xs) == 0 {
			continue
		}
		x := xs[0]
		// cur less cur[x] is adopted: grow the block.
		base := p.cur
		hi, start := len(base)-x, func(int) int { return x }
		if p.grow < 0 {
			hi, start = x+1, func(s int) int { return x + 1 - s }
		}
		s, err := changePointFrom(1, hi, func(s int) (bool, error) {
			return test.Test(ctx, without(base, start(s), start(s)+s))
		})
		p.remove(start(s), start(s)+s)
		p.dirty = p.dirty || s > 1
		t.ok++
		t.deleted += s
		if err != nil {
			return t, err
		}
	}
	return t, nil
}

// greedy removes single items, making the choices of each pass in order o
// and going on after a success instead of restarting; passes repeat until
// one removes nothing, so the result is 1-minimal. With k essential items
// of n and the rest removable, any order costs n + k tests (MacIver, "Linear
// time (ish) test case reduction").
func greedy[T any](ctx context.Context, items []T, test Tester[T], o order) ([]T, error) {
	return untilNoDeletion(items, o, func(p *pass[T], n int) (tally, error) { return p.singles(ctx, test, n) })
}

// untilNoDeletion runs passes over c in order o, each made of the steps
// step takes, until a pass deletes nothing.
func untilNoDeletion[T any](c []T, o order, step func(p *pass[T], n int) (tally, error)) ([]T, error) {
	for round := 0; ; round++ {
		p := newPass(c, o, round)
		t, err := step(p, len(c))
		c = p.cur
		if err != nil || t.deleted == 0 || len(c) == 0 {
			return c, err
		}
	}
}

// adaptive is adaptive ddmin (MacIver, "Adaptive delta debugging") making
// the choices of each pass in order o: at each item it removes the longest
// block that stays interesting, ending at the item when o is backward,
// starting there otherwise (forward is the blog post's own formulation).
// Passes repeat until one removes nothing, so the result is 1-minimal.
func adaptive[T any](ctx context.Context, items []T, test Tester[T], o order) ([]T, error) {
	return untilNoDeletion(items, o, func(p *pass[T], n int) (tally, error) { return p.blocks(ctx, test, n) })
}

// trial runs its passes in windows of trialWindow choices, and a window
// uses block steps when the window before it found at least
// trialBlocksNum/trialBlocksDen of the items it looked at removable.
const (
	trialWindow    = 16
	trialBlocksNum = 7
	trialBlocksDen = 8
)

// trial chooses between single and block deletion as it goes, with the
// short trial runs of "Representing steps in test-case reduction": its
// passes (last item first, like Greedy and Adaptive, repeated until one
// removes nothing) are cut into windows of trialWindow choices, and each
// window is the trial run that decides the steps of the next:
//
//   - block steps (adaptive's) when at least 7/8 of the items the window
//     looked at could go: single deletions would waste about a test per
//     item, where a block search takes a logarithmic number;
//   - single steps (greedy's) otherwise: "Adaptive delta debugging" finds
//     block deletion dearer than greedy once the result is more than 10-15%
//     of the input, and the simulator finds Adaptive up to a third dearer
//     than Greedy on short runs of removable items (package sim).
//
// The fraction counts each block step's items as removable and each choice
// that deleted nothing as one essential item. The first window uses block
// steps: they cost the same as single ones where nothing can go. Windows of
// the same pass go on from the same point, so a list with a large removable
// envelope and a dense core gets blocks for the one and single deletions for
// the other. Every step begins with a single deletion, so a pass that
// removes nothing proves the result 1-minimal.
func trial[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	c := items
	useBlocks := true
	for round := 0; ; round++ {
		p := newPass(c, backward, round)
		removed := 0
		for len(p.todo) > 0 {
			var t tally
			var err error
			if useBlocks {
				t, err = p.blocks(ctx, test, trialWindow)
			} else {
				t, err = p.singles(ctx, test, trialWindow)
			}
			removed += t.deleted
			if err != nil {
				return p.cur, err
			}
			if t.made == 0 {
				break
			}
			useBlocks = t.removable(trialBlocksNum, trialBlocksDen)
		}
		c = p.cur
		if removed == 0 || len(c) == 0 {
			return c, nil
		}
	}
}

// changePointFrom returns the largest k in [from, hi] for which f(k) holds,
// given that f(from) holds (from <= 5, from <= hi) and that f holds up to
// some point and not beyond: a linear probe up to k = 5, then an
// exponential probe and a binary search, as "Adaptive delta debugging"'s
// find_change_point.
func changePointFrom(from, hi int, f func(k int) (bool, error)) (int, error) {
	const linear = 5
	for k := from + 1; k <= min(linear, hi); k++ {
		ok, err := f(k)
		if err != nil || !ok {
			return k - 1, err
		}
	}
	if hi <= linear {
		return hi, nil
	}
	lo := linear // f(lo) holds
	var up int   // f(up) fails; set when the exponential probe first fails
	for step := 2 * lo; ; step *= 2 {
		k := min(step, hi)
		ok, err := f(k)
		if err != nil {
			return lo, err
		}
		if !ok {
			up = k
			break
		}
		lo = k
		if k == hi {
			return hi, nil
		}
	}
	for up-lo > 1 {
		mid := lo + (up-lo)/2
		ok, err := f(mid)
		if err != nil {
			return lo, err
		}
		if ok {
			lo = mid
		} else {
			up = mid
		}
	}
	return lo, nil
}
