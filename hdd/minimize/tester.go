package minimize

import "context"

// A Tester runs the interestingness test for a minimizer. A candidate
// keeps a subsequence of the minimizer's input; when a candidate is found
// interesting it is adopted, and later candidates are subsequences of it. A
// non-nil error stops the minimizer, which then returns the last adopted
// items together with the error.
type Tester[T any] interface {
	// Test reports whether keep is interesting, and adopts it if it is.
	Test(ctx context.Context, keep []T) (bool, error)

	// First tests the candidates gen(0), gen(1), ..., gen(n-1), which
	// are alternatives for the next step, and adopts interesting ones. It
	// returns the indices, in increasing order, of the candidates whose
	// changes it adopted, or none.
	//
	// A serial Tester tests them in order and adopts the first
	// interesting one: it returns one index. A Tester that tests several
	// at once may, when several are interesting, adopt their fold
	// instead, fold(indices): the candidate that makes the changes of all
	// of them at once, when they combine (fold's second result) and it is
	// interesting too. fold is nil where no alternatives combine; then,
	// and when the fold is not interesting, the Tester adopts the first
	// interesting candidate in the serial order, as a serial Tester does.
	// Which candidates it tests may depend on how many it tests at once,
	// but not on how long each test takes.
	//
	// A minimizer may pass the whole serial sequence of its next tests if
	// each fails, however long (gen is called only for the candidates
	// tested): a Tester that tests several at once then looks ahead as far
	// as it tests.
	First(ctx context.Context, n int, gen func(i int) []T, fold func(indices []int) ([]T, bool)) ([]int, error)
}

// A Step is a call of Tester.First that a minimizer plans: N candidates,
// made by Gen, and Then, the step that follows if the call adopts the
// candidates at indices (N = 0: the minimizer would test nothing more).
type Step[T any] struct {
	N    int
	Gen  func(i int) []T
	Then func(indices []int) Step[T]
}

// A Planner is a Tester that a minimizer tells, before a call of First,
// the step that call makes and what it would do next: next.Then(indices)
// is the minimizer's next step if the call adopts the candidates at
// indices, and that step's Then the one after it, and so on. A Tester that tests several candidates at once may
// test ahead along the steps the minimizer is likeliest to make.
// ddmin-blocks and ddmin plan.
type Planner[T any] interface {
	Tester[T]
	Plan(next Step[T])
}

// adopted returns the items a Tester's First adopted: the candidate it
// names, or the fold of those it names.
func adopted[T any](indices []int, gen func(i int) []T, fold func([]int) ([]T, bool)) []T {
	if len(indices) == 1 {
		return gen(indices[0])
	}
	keep, _ := fold(indices)
	return keep
}

// A TestFunc is a serial Tester: it reports whether the candidate keep is
// interesting.
type TestFunc[T any] func(ctx context.Context, keep []T) (bool, error)

// Test calls f.
func (f TestFunc[T]) Test(ctx context.Context, keep []T) (bool, error) { return f(ctx, keep) }

// First tests the candidates one by one, and adopts the first interesting
// one.
func (f TestFunc[T]) First(ctx context.Context, n int, gen func(i int) []T, _ func([]int) ([]T, bool)) ([]int, error) {
	for i := range n {
		ok, err := f(ctx, gen(i))
		if err != nil {
			return nil, err
		}
		if ok {
			return []int{i}, nil
		}
	}
	return nil, nil
}

// firstOf calls test.First with alternatives that do not fold, and returns
// the index of the one adopted, or -1.
func firstOf[T any](ctx context.Context, test Tester[T], n int, gen func(i int) []T) (int, error) {
	idx, err := test.First(ctx, n, gen, nil)
	if err != nil || len(idx) == 0 {
		return -1, err
	}
	return idx[0], nil
}
