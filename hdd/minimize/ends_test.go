package minimize

import (
	"context"
	"slices"
	"testing"
)

// TestEndsFirstCalls checks the tests ends-first makes (no cache): n for n
// items of which none can go, where ddmin makes more, and elsewhere at
// most the tests of the singles before the first that goes more than
// ddmin.
func TestEndsFirstCalls(t *testing.T) {
	tests := []struct {
		name      string
		n         int
		want      []int
		calls     int  // the tests ends-first makes, if not 0
		ddminMore bool // ddmin makes more tests than ends-first
		extra     int  // else at most this many more than ddmin
	}{
		{"none can go", 18, seq(18), 18, true, 0},
		{"two items, both needed", 2, seq(2), 2, false, 0},
		{"the ends are needed, the rest goes", 10, []int{0, 9}, 0, false, 3},
		{"a cluster in the middle", 32, []int{14, 15, 16}, 0, false, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			calls, ddminCalls := 0, 0
			got, err := endsFirst(context.Background(), seq(tc.n), supersetOracle(tc.want, &calls))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("ends-first = %v, want %v", got, tc.want)
			}
			if _, err := ddmin(context.Background(), seq(tc.n), supersetOracle(tc.want, &ddminCalls)); err != nil {
				t.Fatal(err)
			}
			if tc.calls > 0 && calls != tc.calls {
				t.Errorf("ends-first made %d tests, want %d", calls, tc.calls)
			}
			if tc.ddminMore && ddminCalls <= calls {
				t.Errorf("ddmin made %d tests, ends-first %d: want ends-first fewer", ddminCalls, calls)
			}
			if !tc.ddminMore && calls > ddminCalls+tc.extra {
				t.Errorf("ends-first made %d tests, ddmin %d", calls, ddminCalls)
			}
			t.Logf("ends-first %d tests, ddmin %d", calls, ddminCalls)
		})
	}
}

// TestEndsFirstOrder checks the order of the first tests: the first item,
// the last, then the others in order, each removed alone.
func TestEndsFirstOrder(t *testing.T) {
	var seen [][]int
	test := TestFunc[int](func(_ context.Context, keep []int) (bool, error) {
		seen = append(seen, slices.Clone(keep))
		return false, nil
	})
	if _, err := endsFirst(context.Background(), seq(4), test); err != nil {
		t.Fatal(err)
	}
	want := [][]int{{1, 2, 3}, {0, 1, 2}, {0, 2, 3}, {0, 1, 3}}
	if !slices.EqualFunc(seen, want, slices.Equal[[]int]) {
		t.Errorf("tests %v, want %v", seen, want)
	}
}
