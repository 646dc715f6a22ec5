package hdd

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
)

// TestAtDepthHoist checks that a hoisted node is offered for removal in its
// own right while the node standing in its place is not, so removing never
// applies the stand-in's own policy in the hoisted node's position.
func TestAtDepthHoist(t *testing.T) {
	// doc > outer(fixed) > [x, inner > [y, z]]
	src := "(x (y z))"
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	outer := tr.Add(root, "list", 0, 9, 0, "()")
	x := tr.Add(outer, "atom", 1, 2, tree.Removable, "")
	inner := tr.Add(outer, "list", 3, 8, tree.Removable, "")
	y := tr.Add(inner, "atom", 4, 5, tree.Removable, "")
	z := tr.Add(inner, "atom", 6, 7, tree.Removable, "")
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	s := &search{t: tr, cur: tree.Candidate{}.Hoist(outer, inner)}
	tests := []struct {
		depth int
		want  []tree.NodeID
	}{
		{1, []tree.NodeID{outer}},
		{2, nil}, // x is gone, inner stands in outer's place
		{3, []tree.NodeID{y, z}},
	}
	for _, tc := range tests {
		var got []tree.NodeID
		s.atDepth(tc.depth, func(id tree.NodeID) { got = append(got, id) })
		if !slices.Equal(got, tc.want) {
			t.Errorf("depth %d: got %v, want %v", tc.depth, got, tc.want)
		}
	}
	_ = x
}

func TestTextUnits(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"ab", []string{"a", "b"}},
		{"é&amp;x", []string{"é", "&amp;", "x"}},
		{"&#233;&", []string{"&#233;", "&"}},
		{`a\n\u00e9\x41b\"`, []string{"a", `\n`, `\u00e9`, `\x41`, "b", `\"`}},
		{"\xe9t\xe9", []string{"\xe9", "t", "\xe9"}}, // Latin-1 bytes stay whole
		{"& b;", []string{"&", " ", "b", ";"}},
	}
	for _, tc := range tests {
		var got []string
		for _, u := range textUnits([]byte(tc.in)) {
			got = append(got, tc.in[u[0]:u[1]])
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("textUnits(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestShorten(t *testing.T) {
	src := `["hello &amp; crash world", "x"]`
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	tr.Add(root, "string", 1, 26, tree.Chars, "")
	tr.Add(root, "string", 28, 31, tree.Chars, "")
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	render := func(dst []byte, t *tree.Tree, c tree.Candidate) []byte {
		// A tiny unparser: the tree is flat.
		out := dst
		pos := int32(0)
		for _, ch := range t.Children(0) {
			n := &t.Nodes[ch]
			out = append(out, t.Src[pos:n.Start]...)
			if sub, ok := c.Subst(ch); ok {
				out = append(out, sub.Text...)
			} else {
				out = append(out, t.Src[n.Start:n.End]...)
			}
			pos = n.End
		}
		return append(out, t.Src[pos:]...)
	}
	r := Reducer{Oracle: OracleFunc(func(b []byte) bool { return strings.Contains(string(b), "&amp;") && strings.Contains(string(b), "sh") }), Render: render, NoHoist: true}
	res, err := r.Reduce(context.Background(), tr)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(res.Output), `["&amp;sh", ""]`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
