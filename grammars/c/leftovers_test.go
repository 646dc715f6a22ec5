package c

import (
	"context"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestLeftoversRemovable checks that what the transforms leave to pruning
// is a node pruning may remove on its own: storage classes, qualifiers,
// attributes and #include lines, the latter at the first level, pruned
// before anything else.
func TestLeftoversRemovable(t *testing.T) {
	src := "#include <stdio.h>\n" +
		"static inline int f(register int a) { return a; }\n" +
		"extern const volatile int x;\n" +
		"__attribute__((unused)) static int y;\n" +
		"int g(void) { register int r = 0; return r; }\n"
	doc, err := Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	want := map[string]bool{"static": true, "inline": true, "register": true, "extern": true,
		"const": true, "volatile": true, "__attribute__((unused))": true, "#include <stdio.h>\n": true}
	seen := map[string]bool{}
	for id := range tr.Nodes {
		n := &tr.Nodes[id]
		text := string(tr.Text(tree.NodeID(id)))
		switch n.Kind {
		case "storage_class_specifier", "type_qualifier", "attribute_specifier", "preproc_include":
		default:
			continue
		}
		seen[text] = true
		if !n.Is(tree.Removable) {
			t.Errorf("%s %q is not removable", n.Kind, text)
		}
		if n.Kind == "preproc_include" && tr.Level(tree.NodeID(id)) != 1 {
			t.Errorf("#include is at level %d, want 1", tr.Level(tree.NodeID(id)))
		}
		cand := unparse.Text(tr, doc.Policy, tree.Candidate{}.Remove(tree.NodeID(id)))
		if err := doc.Policy.Check(cand); err != nil {
			t.Errorf("without %q: %v", text, err)
		}
	}
	for w := range want {
		if !seen[w] {
			t.Errorf("no node %q", w)
		}
	}
}
