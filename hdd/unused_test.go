package hdd_test

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/tree"
)

// TestDropUnused checks the removal of what the policy says is unused:
// "main [b0 b1 ... b7]", where main is a removable word of the first level
// that the test needs and nothing names, and the b's, under a bracket that
// stays, are unused words of the second level. After the first level keeps
// main, the b's go in one test, before their level; main, which the level
// found the test needs, is not offered again.
func TestDropUnused(t *testing.T) {
	src := "main [b0 b1 b2 b3 b4 b5 b6 b7]"
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	main := tr.Add(root, "word", 0, 4, tree.Removable, "")
	open := strings.IndexByte(src, '[')
	bracket := tr.Add(root, "bracket", open, len(src), 0, "")
	var bs []tree.NodeID
	for i := open + 1; i < len(src)-1; i += 3 {
		bs = append(bs, tr.Add(bracket, "word", i, i+2, tree.Removable, ""))
	}
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	var calls, offeredMain atomic.Int32
	unused := func(t *tree.Tree, c tree.Candidate, keep func(tree.NodeID) bool) [][]tree.NodeID {
		calls.Add(1)
		var groups [][]tree.NodeID
		if !c.Removed(main) && !keep(main) {
			offeredMain.Add(1)
			groups = append(groups, []tree.NodeID{main})
		}
		var g []tree.NodeID
		for _, b := range bs {
			if !c.Removed(b) {
				g = append(g, b)
			}
		}
		if len(g) > 0 {
			groups = append(groups, g)
		}
		return groups
	}
	runs := map[bool]int{}
	for _, policy := range []*tree.Policy{nil, {Unused: unused}} {
		var log []string
		r := hdd.Reducer{Oracle: contains("main"), Algorithm: hdd.HDD, Log: func(s string) { log = append(log, s) }}
		res, err := r.Reduce(context.Background(), tr, policy)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(res.Output); got != "main []" {
			t.Errorf("got %q, want %q", got, "main []")
		}
		runs[policy != nil] = res.Stats.Tests
		if policy != nil && !slices.Contains(log, "unused declarations: 1 group, 1 test, 30 -> 7 bytes") {
			t.Errorf("the b's did not go in one test; log:\n%s", strings.Join(log, "\n"))
		}
	}
	if runs[true] >= runs[false] {
		t.Errorf("%d test runs with Unused, want fewer than the %d without", runs[true], runs[false])
	}
	// Once when the first level kept main (which then is needed), once
	// before the second level, with main kept.
	if calls.Load() != 2 || offeredMain.Load() != 1 {
		t.Errorf("Unused called %d times, main offered %d times; want 2 calls, main offered at the first only", calls.Load(), offeredMain.Load())
	}
}
