package minimize

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// supersetOracle is interesting iff keep contains every item of want.
func supersetOracle(want []int, calls *int) TestFunc[int] {
	return func(_ context.Context, keep []int) (bool, error) {
		*calls++
		for _, w := range want {
			if !slices.Contains(keep, w) {
				return false, nil
			}
		}
		return true, nil
	}
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

func TestDDMin(t *testing.T) {
	tests := []struct {
		name   string
		n      int
		want   []int
		reason string
	}{
		{"one of eight", 8, []int{5}, "a single essential item is found by halving"},
		{"two apart", 8, []int{1, 6}, "items in different halves need complements"},
		{"all", 4, []int{0, 1, 2, 3}, "an already minimal input stays whole"},
		{"ends", 16, []int{0, 15}, "first and last"},
		{"cluster", 20, []int{7, 8, 9}, "a contiguous cluster"},
		{"single item input", 1, []int{0}, "nothing to split"},
		{"odd size", 13, []int{2, 3, 11}, "uneven chunks"},
	}
	for _, m := range All() {
		for _, tc := range tests {
			t.Run(m.String()+"/"+tc.name, func(t *testing.T) {
				calls := 0
				got, err := Run(context.Background(), m, seq(tc.n), supersetOracle(tc.want, &calls))
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got, tc.want) {
					t.Errorf("%v = %v, want %v (%s)", m, got, tc.want, tc.reason)
				}
			})
		}
	}
}

// TestOneMinimal checks 1-minimality by brute force on small random
// non-monotonic oracles, for every minimizer.
func TestOneMinimal(t *testing.T) {
	for _, m := range All() {
		t.Run(m.String(), func(t *testing.T) { testOneMinimal(t, m) })
	}
}

func testOneMinimal(t *testing.T, m Algorithm) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := range 300 {
		n := 1 + rng.IntN(12)
		// A random set of interesting subsets, closed so that the full set is in.
		interesting := map[uint32]bool{1<<n - 1: true}
		for range 20 {
			interesting[rng.Uint32()&(1<<n-1)] = true
		}
		mask := func(keep []int) uint32 {
			var m uint32
			for _, k := range keep {
				m |= 1 << k
			}
			return m
		}
		test := func(_ context.Context, keep []int) (bool, error) { return interesting[mask(keep)], nil }
		got, err := Run(context.Background(), m, seq(n), TestFunc[int](test))
		if err != nil {
			t.Fatal(err)
		}
		if !interesting[mask(got)] {
			t.Fatalf("iter %d: result %v is not interesting", iter, got)
		}
		if len(got) < 2 {
			continue
		}
		for i := range got {
			smaller := slices.Delete(slices.Clone(got), i, i+1)
			if interesting[mask(smaller)] {
				t.Fatalf("iter %d: result %v is not 1-minimal: %v is interesting", iter, got, smaller)
			}
		}
	}
}

func TestStopsOnError(t *testing.T) {
	boom := errors.New("boom")
	for _, m := range All() {
		calls := 0
		test := func(_ context.Context, keep []int) (bool, error) {
			calls++
			if calls == 3 {
				return false, boom
			}
			return slices.Contains(keep, 3), nil
		}
		got, err := Run(context.Background(), m, seq(16), TestFunc[int](test))
		if !errors.Is(err, boom) {
			t.Fatalf("%v: err = %v, want boom", m, err)
		}
		if !slices.Contains(got, 3) {
			t.Errorf("%v returned %v after an error, want the last interesting sequence", m, got)
		}
	}
}

func FuzzDDMin(f *testing.F) {
	f.Add(uint8(10), uint64(1))
	f.Add(uint8(1), uint64(7))
	f.Add(uint8(64), uint64(99))
	f.Fuzz(func(t *testing.T, n uint8, seed uint64) {
		if n == 0 {
			return
		}
		rng := rand.New(rand.NewPCG(seed, 0))
		var want []int
		for i := range int(n) {
			if rng.IntN(5) == 0 {
				want = append(want, i)
			}
		}
		for _, m := range All() {
			calls := 0
			got, err := Run(context.Background(), m, seq(int(n)), supersetOracle(want, &calls))
			if err != nil {
				t.Fatal(err)
			}
			if len(want) > 0 && !slices.Equal(got, want) {
				t.Fatalf("%v = %v, want %v", m, got, want)
			}
			if len(want) == 0 && len(got) > 1 {
				t.Fatalf("%v = %v, want at most one item when nothing is essential", m, got)
			}
			if calls > 2*int(n)*int(n)+10 {
				t.Fatalf("%v: %d calls for n=%d", m, calls, n)
			}
		}
	})
}

func ExampleRun() {
	// Interesting iff items 3 and 7 are both kept.
	test := func(_ context.Context, keep []int) (bool, error) {
		return slices.Contains(keep, 3) && slices.Contains(keep, 7), nil
	}
	got, _ := Run(context.Background(), DDMin, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, TestFunc[int](test))
	fmt.Println(got)
	// Output: [3 7]
}

// TestRunAgain checks RunAgain's ddmin-blocks over items 0..2m where the
// even items must stay and the odd item 2j+1 may go only once 2j+3 has
// gone: blocks of two or more fail, and each round of size 1 removes one
// item, the last odd one left. A run of RunAgain stops after two such
// rounds where Run goes on to the end; runs of RunAgain repeated until one
// removes nothing reach Run's 1-minimal result.
func TestRunAgain(t *testing.T) {
	const n = 13 // 0..12: seven even items, six odd ones
	chain := TestFunc[int](func(_ context.Context, keep []int) (bool, error) {
		kept := map[int]bool{}
		for _, x := range keep {
			kept[x] = true
		}
		for x := 0; x < n; x++ {
			switch {
			case x%2 == 0 && !kept[x]:
				return false, nil
			case x%2 == 1 && !kept[x] && x+2 < n && kept[x+2]:
				return false, nil
			}
		}
		return true, nil
	})
	evens := []int{0, 2, 4, 6, 8, 10, 12}
	full, err := Run(context.Background(), DDMinBlocks, seq(n), chain)
	if err != nil || !slices.Equal(full, evens) {
		t.Fatalf("Run = %v, %v; want %v", full, err, evens)
	}
	got, err := RunAgain(context.Background(), DDMinBlocks, seq(n), chain)
	if want := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12}; err != nil || !slices.Equal(got, want) {
		t.Fatalf("RunAgain = %v, %v; want %v (two odd items gone)", got, err, want)
	}
	runs := 1
	for {
		next, err := RunAgain(context.Background(), DDMinBlocks, got, chain)
		if err != nil {
			t.Fatal(err)
		}
		runs++
		if len(next) == len(got) {
			break
		}
		got = next
	}
	if !slices.Equal(got, full) || runs != 4 {
		t.Errorf("repeated RunAgain = %v in %d runs, want Run's %v in 4 (2 + 2 + 2 odd items, then one that removes nothing)", got, runs, full)
	}
}
