package minimize

import "context"

// endsFirst is ddmin for items that mostly cannot lose any item, such as
// the characters of a text the test needs whole (a number, a name, an id
// that must match another). It first tries removing each item alone: the
// first item, then the last, then the others in order. If none goes, the
// items are 1-minimal as they are, after n tests where ddmin makes about
// 3n (its chunks, their complements, then the same at each smaller
// split). Once one goes, it runs ddmin over what is left: a text that can
// lose an end mostly loses much more, which ddmin finds in few tests, so
// trying the ends first costs one or two tests there. Like ddmin it never
// tests the empty sequence, and it plans (see Planner).
//
// hdd's own design: a text the test needs whole is the common case of
// shortening (a key, an identifier), and the ends are where a text that
// can be cut usually can be.
func endsFirst[T any](ctx context.Context, items []T, test Tester[T]) ([]T, error) {
	if len(items) < 2 {
		return items, nil
	}
	k := singlesCall[T]{base: items}
	if planner, ok := test.(Planner[T]); ok {
		planner.Plan(k.step())
	}
	idx, err := test.First(ctx, len(items), k.gen, k.fold)
	if err != nil || len(idx) == 0 {
		return items, err
	}
	return ddminFrom(ctx, k.after(idx), test)
}

// A singlesCall is endsFirst's first call of First: the removal of each
// item of base alone, the ends first.
type singlesCall[T any] struct {
	base []T
}

// at returns the index in base of the item the test at index i removes:
// the first item, the last, then those between in order.
func (k singlesCall[T]) at(i int) int {
	switch {
	case i == 0:
		return 0
	case i == 1:
		return len(k.base) - 1
	default:
		return i - 1
	}
}

// span returns the span of base the test at index i removes: one item.
func (k singlesCall[T]) span(i int) (lo, hi int) {
	j := k.at(i)
	return j, j + 1
}

// gen returns base without the item the test at index i removes.
func (k singlesCall[T]) gen(i int) []T {
	lo, hi := k.span(i)
	return without(k.base, lo, hi)
}

// fold returns base without every item the tests at indices idx remove;
// ok is false if that is every item.
func (k singlesCall[T]) fold(idx []int) ([]T, bool) {
	if len(idx) >= len(k.base) {
		return nil, false
	}
	return removeAll(k.base, idx, k.span), true
}

// after returns ddmin's state once the call adopted the tests at indices
// idx.
func (k singlesCall[T]) after(idx []int) ddminState[T] {
	return ddminState[T]{c: adopted(idx, k.gen, k.fold), n: 2}
}

// step returns the call as a Step, with the plan of ddmin's calls after it.
func (k singlesCall[T]) step() Step[T] {
	return Step[T]{N: len(k.base), Gen: k.gen, Then: func(idx []int) Step[T] {
		next := k.after(idx)
		return next.step(next.call())
	}}
}
