package grammars_test

import (
	"testing"

	"github.com/hddreduce/hdd/grammars"
)

// TestFoldDepth checks the choice of the fold depth from the level sizes.
func TestFoldDepth(t *testing.T) {
	tests := []struct {
		sizes         []int
		budget, least int
		depth, nodes  int
	}{
		{[]int{1, 1, 10, 100}, 1000, 1, -1, 112},
		{[]int{1, 1, 10, 100}, 111, 1, 2, 12},
		{[]int{1, 1, 10, 100}, 12, 1, 2, 12},
		{[]int{1, 1, 10, 100}, 11, 1, 1, 2},
		{[]int{1, 1, 10, 100}, 1, 1, 1, 2},    // level 1 at least
		{[]int{1, 1, 10, 100}, 1, 2, 2, 12},   // and least
		{[]int{1, 1, 10, 100}, 1, 3, -1, 112}, // nothing below least
		{[]int{1, 1, 10, 100}, 1, 9, -1, 112},
		// A chain whose nodes down to least pass the budget: half the
		// budget more below it.
		{[]int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 3, 4, 5, 6},
		{[]int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 6, 6, 9, 10},
		{[]int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 3, 1, 2, 3},
	}
	for _, tt := range tests {
		depth, nodes := grammars.FoldDepth(tt.sizes, tt.budget, tt.least)
		if depth != tt.depth || nodes != tt.nodes {
			t.Errorf("FoldDepth(%v, %d, %d) = %d, %d; want %d, %d", tt.sizes, tt.budget, tt.least, depth, nodes, tt.depth, tt.nodes)
		}
	}
}

// TestPlural checks the counts of messages.
func TestPlural(t *testing.T) {
	tests := []struct {
		n    int
		noun string
		want string
	}{
		{0, "test", "0 tests"},
		{1, "test run", "1 test run"},
		{2, "missing token", "2 missing tokens"},
		{1, "process", "1 process"},
		{3, "process", "3 processes"},
		{4, "run directory", "4 run directories"},
		{2, "key", "2 keys"},
	}
	for _, tt := range tests {
		if got := grammars.Plural(tt.n, tt.noun); got != tt.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", tt.n, tt.noun, got, tt.want)
		}
	}
}

func TestShortName(t *testing.T) {
	for i, want := range map[int]string{0: "a", 1: "b", 25: "z", 26: "aa", 27: "ab", 51: "az", 52: "ba", 701: "zz", 702: "aaa"} {
		if got := grammars.ShortName(i); got != want {
			t.Errorf("ShortName(%d) = %q, want %q", i, got, want)
		}
	}
}
