package rust

import (
	"context"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestAttributesGoWithTheirItem groups the attributes before an item with
// it: the item vanishes with them, not alone, and an attribute may still
// vanish alone; attributes before nothing stay as they are.
func TestAttributesGoWithTheirItem(t *testing.T) {
	src := "#[derive(Debug)]\n// note\nstruct A;\n\n#[inline]\nfn f() {}\n\nfn g() {}\n"
	doc, err := Language.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	var groups, attrs []tree.NodeID
	for id := range tr.Nodes {
		switch tr.Nodes[id].Kind {
		case "attributed_item":
			groups = append(groups, tree.NodeID(id))
		case "attribute_item":
			attrs = append(attrs, tree.NodeID(id))
		case "struct_item", "function_item":
			n := &tr.Nodes[id]
			grouped := tr.Nodes[n.Parent].Kind == "attributed_item"
			if n.Is(tree.Removable) == grouped {
				t.Errorf("%q: removable %v, in a group %v", tr.Text(tree.NodeID(id)), n.Is(tree.Removable), grouped)
			}
		}
	}
	if len(groups) != 2 || len(attrs) != 2 {
		t.Fatalf("got %d groups and %d attributes, want 2 and 2", len(groups), len(attrs))
	}
	for _, tt := range []struct {
		c    tree.Candidate
		want string
	}{
		{tree.Candidate{}.Remove(groups[0]), "#[inline]\nfn f() {}\n\nfn g() {}\n"},
		{tree.Candidate{}.Remove(groups[1]), "#[derive(Debug)]\n// note\nstruct A;\n\nfn g() {}\n"},
		{tree.Candidate{}.Remove(attrs[1]), "#[derive(Debug)]\n// note\nstruct A;\n\n\nfn f() {}\n\nfn g() {}\n"}, // the tidy takes the blank line
	} {
		if got := unparse.Text(tr, doc.Policy, tt.c); string(got) != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
	if !tr.Nodes[attrs[0]].Is(tree.Removable) {
		t.Errorf("an attribute may not vanish alone")
	}
}
