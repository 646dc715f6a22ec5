package minimize

import (
	"context"
	"fmt"

	"github.com/hddreduce/hdd/hdd/internal/enum"
)

// An Algorithm names a list minimizer. The zero Algorithm is DDMinBlocks,
// the command's default. Algorithm implements flag.Value.
type Algorithm int

const (
	// DDMinBlocks is ddmin as MacIver's "Adaptive delta debugging" writes
	// it: delete blocks of a global size, halved when a round removes
	// nothing (from 4, to 1), with no subset or complement tests.
	DDMinBlocks Algorithm = iota
	// DDMin is Zeller and Hildebrandt's ddmin with complements.
	DDMin
	// CDD is Zhang et al.'s counter-based delta debugging, a
	// simplification of ProbDD, finished to 1-minimality.
	CDD
	// Greedy tries to remove one item at a time, last first, and never
	// restarts from the end after a success; passes repeat until one
	// removes nothing. About n + k tests for k essential items of n.
	Greedy
	// GreedyForward is Greedy making its choices first item first.
	GreedyForward
	// GreedyRandom is Greedy making its choices in a seeded random order,
	// a new one each pass.
	GreedyRandom
	// Adaptive is adaptive ddmin: at each index, last first, it finds the
	// longest removable block ending there with a short linear probe, then
	// an exponential probe and a binary search.
	Adaptive
	// AdaptiveForward is Adaptive run first item first, removing blocks
	// that start at each item: "Adaptive delta debugging"'s own
	// formulation.
	AdaptiveForward
	// Lithium removes power-of-two chunks, from the end, halving the chunk
	// size after each round and repeating size 1 until a round removes
	// nothing (Jesse Ruderman's Lithium).
	Lithium
	// Trial runs backward passes in windows of 16 choices, each window a
	// short trial run: the next window deletes blocks like Adaptive if at
	// least 7/8 of the items looked at could go, single items like Greedy
	// otherwise.
	Trial
	// WDD is Zhou et al.'s Wddmin: ddmin whose partitions are split by the
	// items' weights (see Weigher), not their count.
	WDD
	// WDDBlocks is DDMinBlocks with blocks of a weight instead of a
	// length.
	WDDBlocks
	// WProbDD is Zhou et al.'s W-ProbDD: ProbDD choosing what to delete
	// by the items' weights and probabilities, finished to 1-minimality.
	WProbDD
	// EndsFirst tries removing each item alone, the first and the last
	// item first, and runs DDMin over what is left once one goes: n tests
	// for n items of which none can go, where DDMin makes about 3n. The
	// engine shortens texts with it.
	EndsFirst
)

var algorithmNames = []string{"ddmin-blocks", "ddmin", "cdd", "greedy", "greedy-fwd", "greedy-rand",
	"adaptive", "adaptive-fwd", "lithium", "trial", "wdd", "wdd-blocks", "wprobdd", "ends-first"}

// randomSeed seeds GreedyRandom's orders.
const randomSeed = 1

func (a Algorithm) String() string { return enum.String(a, "Algorithm", algorithmNames) }

// Set parses a minimizer name.
func (a *Algorithm) Set(s string) error {
	v, err := enum.Parse[Algorithm](s, "minimizer", algorithmNames)
	if err == nil {
		*a = v
	}
	return err
}

// All lists every minimizer, for tools that compare them.
func All() []Algorithm { return enum.Values[Algorithm](algorithmNames) }

// Run runs minimizer a over items and returns an interesting subsequence
// of them, 1-minimal for every minimizer: removing any single item of the
// result makes it uninteresting. It assumes that test(items) holds; test
// adopts each success, and the next candidates are subsequences of it. If
// test returns an error, Run returns it with the last adopted items.
func Run[T any](ctx context.Context, a Algorithm, items []T, test Tester[T]) ([]T, error) {
	switch a {
	case DDMinBlocks:
		return ddminBlocks(ctx, items, test)
	case DDMin:
		return ddmin(ctx, items, test)
	case CDD:
		return cdd(ctx, items, test)
	case Greedy:
		return greedy(ctx, items, test, backward)
	case GreedyForward:
		return greedy(ctx, items, test, forward)
	case GreedyRandom:
		return greedy(ctx, items, test, shuffled(randomSeed))
	case Adaptive:
		return adaptive(ctx, items, test, backward)
	case AdaptiveForward:
		return adaptive(ctx, items, test, forward)
	case Lithium:
		return lithium(ctx, items, test)
	case Trial:
		return trial(ctx, items, test)
	case WDD:
		return wdd(ctx, items, test)
	case WDDBlocks:
		return wddBlocks(ctx, items, test)
	case WProbDD:
		return wprobdd(ctx, items, test)
	case EndsFirst:
		return endsFirst(ctx, items, test)
	}
	return items, fmt.Errorf("unknown minimizer %v", a)
}

// RunAgain is Run for a caller that runs the minimizer again over what is
// left until a run removes nothing, as HDD* sweeps the levels:
// DDMinBlocks then makes at most two rounds of size 1 that remove
// something, not a third, which the next run makes instead, on what is
// left after the other levels have shrunk. A run that removes nothing has
// tried removing each item alone: at the end of the caller's runs the
// result is 1-minimal. The other minimizers run as Run runs them.
func RunAgain[T any](ctx context.Context, a Algorithm, items []T, test Tester[T]) ([]T, error) {
	if a == DDMinBlocks {
		return blocks(ctx, items, test, 2)
	}
	return Run(ctx, a, items, test)
}

// Minus returns the items not in del, a subsequence of items: what a
// Tester removes when a minimizer keeps del, or what is left after a
// deletion.
func Minus[T comparable](items, del []T) []T {
	out := make([]T, 0, len(items)-len(del))
	j := 0
	for _, x := range items {
		if j < len(del) && del[j] == x {
			j++
			continue
		}
		out = append(out, x)
	}
	return out
}
