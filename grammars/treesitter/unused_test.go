package treesitter_test

import (
	"context"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/cpp"
	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestUnused checks the groups of unused declarations C++'s policy finds:
// each group's texts, joined by " + ", with the nodes whose text starts
// with keep kept.
func TestUnused(t *testing.T) {
	tstest.Unused(t, cpp.Language, []tstest.UnusedRow{{
		Name: "a chain of uses goes at once",
		Src:  "int a();\nint b() { return a(); }\nint c() { return b(); }\nint main() { return 0; }\n",
		Keep: "int main",
		Want: []string{"int a();", "int b() { return a(); }", "int c() { return b(); }"},
	}, {
		Name: "what a kept node names stays",
		Src:  "int a();\nint b() { return a(); }\nint main() { return b(); }\n",
		Keep: "int main",
		Want: nil,
	}, {
		Name: "nothing kept: everything goes",
		Src:  "int a();\nint main() { return a(); }\n",
		Want: []string{"int a();", "int main() { return a(); }"},
	}, {
		Name: "a member's declaration and its definition go together",
		Src:  "struct S { int f(); int g(); };\nint S::f() { return 1; }\nint main() { S s; return s.g(); }\n",
		Keep: "int main",
		Want: []string{"int f(); + int S::f() { return 1; }"},
	}, {
		Name: "overloads go together, and the declaration's own name is no use",
		Src:  "void f(int);\nvoid f(double);\nint main() { return 0; }\n",
		Keep: "int main",
		Want: []string{"void f(int); + void f(double);"},
	}, {
		Name: "a parameter or a local declares nothing that goes",
		Src:  "int main(int argc) { int unused = 0; for (int i = 0; i < 1; i++) {} return 0; }\n",
		Keep: "int main",
		Want: nil,
	}, {
		Name: "a reopened namespace is no unused declaration",
		Src:  "namespace n { int a; }\nnamespace n { }\nint main() { return n::a; }\n",
		Keep: "int main",
		Want: nil,
	}, {
		Name: "a name used outside keeps its last declaration",
		Src:  "struct T { enum { A } e; };\nint main() { return A; }\n",
		Keep: "int main",
		Want: nil,
	}, {
		Name: "a hidden attribute goes with its declaration",
		Src:  "__attribute__((pure)) int a();\nint main() { return 0; }\n",
		Keep: "int main",
		Want: []string{"__attribute__((pure)) + int a();"},
	}})
}

// TestUnusedOfCandidate checks that Unused sees a candidate, not the
// input: once the only use of a is removed, a is unused; and that a
// removal of every group it finds is accepted by Check.
func TestUnusedOfCandidate(t *testing.T) {
	src := "int a();\nint b() { return a(); }\nint main() { return 0; }\n"
	doc, err := cpp.Language.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	find := func(prefix string) tree.NodeID {
		for id := range tr.Nodes {
			if tr.Nodes[id].Is(tree.Removable) && strings.HasPrefix(string(tr.Text(tree.NodeID(id))), prefix) {
				return tree.NodeID(id)
			}
		}
		t.Fatalf("no removable node starts with %q", prefix)
		return tree.NoNode
	}
	main, b := find("int main"), find("int b")
	keepMain := func(id tree.NodeID) bool { return id == main }
	keepMainB := func(id tree.NodeID) bool { return id == main || id == b }
	if got := doc.Policy.Unused(tr, tree.Candidate{}, keepMainB); len(got) != 0 {
		t.Fatalf("with b kept, unused = %v, want none", got)
	}
	c := tree.Candidate{}.Remove(b)
	got := doc.Policy.Unused(tr, c, keepMain)
	if len(got) != 1 || len(got[0]) != 1 || !strings.HasPrefix(string(tr.Text(got[0][0])), "int a") {
		t.Fatalf("with b removed, unused = %v, want a alone", got)
	}
	text := unparse.Text(tr, doc.Policy, c.Remove(got[0]...))
	if err := doc.Policy.Check(text); err != nil {
		t.Errorf("Check refuses %q: %v", text, err)
	}
}
