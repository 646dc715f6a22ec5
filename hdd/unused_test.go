package hdd_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/tree"
)

// TestDropUnusedTied checks that a group of unused nodes that a level
// could not remove whole goes all the same: "main use [imp]", where use
// and imp go together or not at all (Go's declaration and the import it
// alone uses) and imp is a node of the second level. The first level
// keeps use, whose removal alone is not interesting; the group of use and
// imp then goes in one test, before the second level.
func TestDropUnusedTied(t *testing.T) {
	src := "main use [imp]"
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	tr.Add(root, "word", 0, 4, tree.Removable, "")
	use := tr.Add(root, "word", 5, 8, tree.Removable, "")
	bracket := tr.Add(root, "bracket", 9, len(src), 0, "")
	imp := tr.Add(bracket, "word", 10, 13, tree.Removable, "")
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	unused := func(t *tree.Tree, c tree.Candidate, keep func(tree.NodeID) bool) [][]tree.NodeID {
		if c.Removed(use) || c.Removed(imp) || keep(use) || keep(imp) {
			return nil
		}
		return [][]tree.NodeID{{use, imp}}
	}
	oracle := hdd.OracleFunc(func(c []byte) bool {
		return bytes.Contains(c, []byte("main")) && bytes.Contains(c, []byte("use")) == bytes.Contains(c, []byte("imp"))
	})
	var log []string
	r := hdd.Reducer{Oracle: oracle, Algorithm: hdd.HDD, Log: func(s string) { log = append(log, s) }}
	res, err := r.Reduce(context.Background(), tr, &tree.Policy{Unused: unused})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(res.Output); got != "main []" {
		t.Errorf("got %q, want %q; log:\n%s", got, "main []", strings.Join(log, "\n"))
	}
}

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
		if policy != nil && !slices.Contains(log, "unused declarations: 0 of 1 group kept, 1 test, 30 -> 7 bytes") {
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

// TestDropBodies checks the removal of function bodies: "main f{ a0 ...
// a7 }", where the body of f, under f, may become ";". When the test needs
// main alone, the body goes in one test after the first level; when it
// needs a2 too, the body is tested once, not again in the next sweeps of
// HDD*, and the a's are left to their level.
func TestDropBodies(t *testing.T) {
	src := "main f{ a0 a1 a2 a3 a4 a5 a6 a7 }"
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	tr.Add(root, "word", 0, 4, tree.Removable, "")
	f := tr.Add(root, "function", 5, len(src), 0, "")
	open := strings.IndexByte(src, '{')
	body := tr.Add(f, "body", open, len(src), 0, ";")
	for i := open + 2; i < len(src)-2; i += 3 {
		tr.Add(body, "word", i, i+2, tree.Removable, "")
	}
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	bodies := func(t *tree.Tree, c tree.Candidate) [][]tree.NodeID {
		if c.Edited(body) {
			return nil
		}
		return [][]tree.NodeID{{body}}
	}
	tests := []struct {
		name  string
		needs []string
		want  string
		log   string
	}{
		{"the body goes", []string{"main"}, "main f;", "function bodies: 0 of 1 group kept, 1 test, 33 -> 7 bytes"},
		{"the body stays", []string{"main", "a2"}, "main f{ a2 }", "function bodies: 1 of 1 group kept, 1 test, 33 -> 33 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var withoutBody atomic.Int32
			oracle := hdd.OracleFunc(func(c []byte) bool {
				if strings.Contains(string(c), "f;") {
					withoutBody.Add(1)
				}
				return contains(tt.needs...)(c)
			})
			var log []string
			r := hdd.Reducer{Oracle: oracle, Algorithm: hdd.HDDStar, Log: func(s string) { log = append(log, s) }}
			res, err := r.Reduce(context.Background(), tr, &tree.Policy{Bodies: bodies})
			if err != nil {
				t.Fatal(err)
			}
			if got := string(res.Output); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if !slices.Contains(log, tt.log) {
				t.Errorf("no %q in the log:\n%s", tt.log, strings.Join(log, "\n"))
			}
			if got := withoutBody.Load(); len(tt.needs) > 1 && got != 1 {
				t.Errorf("%d tests without the body, want 1: a needed body is tried once", got)
			}
		})
	}
}

// TestReparse checks that HDD* parses its result again when a sweep
// changes nothing, and sweeps the fresh tree: "x y" parsed as one fixed
// pair can lose nothing, parsed again as two words it loses y; and that
// it parses a text once only, when the fresh tree changes nothing.
func TestReparse(t *testing.T) {
	src := []byte("x y")
	fixed := tree.NewTree(src)
	root := fixed.Add(tree.NoNode, "doc", 0, 3, 0, "")
	fixed.Add(root, "pair", 0, 3, 0, "")
	if err := fixed.Finish(); err != nil {
		t.Fatal(err)
	}
	var parses atomic.Int32
	words := func(src []byte) (*tree.Tree, error) {
		parses.Add(1)
		tr := tree.NewTree(src)
		root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
		for _, w := range strings.Fields(string(src)) { // distinct words
			start := strings.Index(string(src), w)
			tr.Add(root, "word", start, start+len(w), tree.Removable, "")
		}
		return tr, tr.Finish()
	}
	for _, p := range []*tree.Policy{nil, {Reparse: words}} {
		parses.Store(0)
		r := hdd.Reducer{Oracle: contains("x"), Algorithm: hdd.HDDStar}
		res, err := r.Reduce(context.Background(), fixed, p)
		if err != nil {
			t.Fatal(err)
		}
		want := "x y"
		if p != nil {
			want = "x"
		}
		if got := string(res.Output); got != want {
			t.Errorf("Reparse %v: got %q, want %q", p != nil, got, want)
		}
		if p != nil && parses.Load() != 2 {
			t.Errorf("parsed again %d times, want 2 (\"x y\", then \"x\")", parses.Load())
		}
	}
}

// TestReparseEditThatRendersTheSame checks that HDD* ends when its sweeps
// only adopt an edit that leaves the text as it is: a removable node of no
// bytes (as a JSX text of white space the unparser keeps), which every
// fresh tree of the text holds again. Before, each fresh tree's sweep
// adopted its removal again, and HDD* parsed and swept forever.
func TestReparseEditThatRendersTheSame(t *testing.T) {
	var parses atomic.Int32
	parse := func(src []byte) (*tree.Tree, error) {
		parses.Add(1)
		tr := tree.NewTree(src)
		root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
		tr.Add(root, "word", 0, 1, 0, "")
		tr.Add(root, "nothing", 1, 1, tree.Removable, "")
		return tr, tr.Finish()
	}
	tr, err := parse([]byte("x"))
	if err != nil {
		t.Fatal(err)
	}
	parses.Store(0)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r := hdd.Reducer{Oracle: contains("x"), Algorithm: hdd.HDDStar}
	res, err := r.Reduce(ctx, tr, &tree.Policy{Reparse: parse})
	if err != nil {
		t.Fatalf("got %v, want the search to end by itself", err)
	}
	if got := string(res.Output); got != "x" {
		t.Errorf("got %q, want %q", got, "x")
	}
	if n := parses.Load(); n > 1 {
		t.Errorf("parsed again %d times, want at most once", n)
	}
}

// TestReparseFails checks that HDD* keeps its result when the result does
// not parse again (an empty result is no document): before, the reduction
// ended with the error, and hdd exited 1 after writing its result.
func TestReparseFails(t *testing.T) {
	src := []byte("x y")
	tr := tree.NewTree(src)
	root := tr.Add(tree.NoNode, "doc", 0, 3, 0, "")
	tr.Add(root, "word", 0, 1, tree.Removable, "")
	tr.Add(root, "word", 2, 3, tree.Removable, "")
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	failing := func([]byte) (*tree.Tree, error) { return nil, errors.New("the input is empty") }
	r := hdd.Reducer{Oracle: hdd.OracleFunc(func([]byte) bool { return true }), Algorithm: hdd.HDDStar}
	res, err := r.Reduce(context.Background(), tr, &tree.Policy{Reparse: failing})
	if err != nil {
		t.Fatalf("got %v, want the result", err)
	}
	if len(res.Output) != 0 {
		t.Errorf("got %q, want the empty text", res.Output)
	}
}

// TestDropUnusedMidLevel checks the removal of unused declarations during
// a level: "main [x0 x1 ... y0 y1 ...]", where the test needs main and the
// pairs whose number is a multiple of 5, and y_i is unused once x_i has
// gone. The level's removals of x's leave y's unused, which go in tests
// of their own every few adoptions: fewer test runs than with no Unused,
// and the same result.
func TestDropUnusedMidLevel(t *testing.T) {
	const n = 40
	var b strings.Builder
	b.WriteString("main [")
	type pair struct{ x, y [2]int }
	pairs := make([]pair, n)
	for i := range n {
		pairs[i].x[0] = b.Len() + 1
		fmt.Fprintf(&b, " x%d", i)
		pairs[i].x[1] = b.Len()
	}
	for i := range n {
		pairs[i].y[0] = b.Len() + 1
		fmt.Fprintf(&b, " y%d", i)
		pairs[i].y[1] = b.Len()
	}
	b.WriteString(" ]")
	src := b.String()
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	tr.Add(root, "word", 0, 4, tree.Removable, "")
	box := tr.Add(root, "box", 5, len(src), 0, "")
	xs, ys := make([]tree.NodeID, n), make([]tree.NodeID, n)
	for i, p := range pairs {
		xs[i] = tr.Add(box, "word", p.x[0], p.x[1], tree.Removable, "")
	}
	for i, p := range pairs {
		ys[i] = tr.Add(box, "word", p.y[0], p.y[1], tree.Removable, "")
	}
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	unused := func(t *tree.Tree, c tree.Candidate, keep func(tree.NodeID) bool) [][]tree.NodeID {
		var groups [][]tree.NodeID
		for i := range n {
			if c.Removed(xs[i]) && !c.Removed(ys[i]) && !keep(ys[i]) {
				groups = append(groups, []tree.NodeID{ys[i]})
			}
		}
		return groups
	}
	var needs []string
	want := "main ["
	for i := 0; i < n; i += 5 {
		needs = append(needs, fmt.Sprintf("x%d ", i), fmt.Sprintf("y%d ", i))
		want += fmt.Sprintf(" x%d", i)
	}
	for i := 0; i < n; i += 5 {
		want += fmt.Sprintf(" y%d", i)
	}
	want += " ]"
	oracle := hdd.OracleFunc(func(c []byte) bool {
		return contains("main")(c) && contains(needs...)(append(c, ' '))
	})
	runs := map[bool]int{}
	for _, p := range []*tree.Policy{nil, {Unused: unused}} {
		r := hdd.Reducer{Oracle: oracle, Algorithm: hdd.HDD}
		res, err := r.Reduce(context.Background(), tr, p)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(strings.Fields(string(res.Output)), " "); got != strings.Join(strings.Fields(want), " ") {
			t.Errorf("Unused %v: got %q, want %q", p != nil, got, want)
		}
		runs[p != nil] = res.Stats.Tests
	}
	t.Logf("test runs: %d with Unused, %d without", runs[true], runs[false])
	if runs[true] >= runs[false] {
		t.Errorf("%d test runs with Unused, want fewer than the %d without", runs[true], runs[false])
	}
}
