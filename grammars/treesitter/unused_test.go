package treesitter_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/cpp"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestUnused checks the groups of unused declarations C++'s policy finds:
// each group's texts, joined by " + ", with the nodes whose text starts
// with keep kept.
func TestUnused(t *testing.T) {
	tests := []struct {
		name, src, keep string
		want            []string
	}{{
		name: "a chain of uses goes at once",
		src:  "int a();\nint b() { return a(); }\nint c() { return b(); }\nint main() { return 0; }\n",
		keep: "int main",
		want: []string{"int a();", "int b() { return a(); }", "int c() { return b(); }"},
	}, {
		name: "what a kept node names stays",
		src:  "int a();\nint b() { return a(); }\nint main() { return b(); }\n",
		keep: "int main",
		want: nil,
	}, {
		name: "nothing kept: everything goes",
		src:  "int a();\nint main() { return a(); }\n",
		want: []string{"int a();", "int main() { return a(); }"},
	}, {
		name: "a member's declaration and its definition go together",
		src:  "struct S { int f(); int g(); };\nint S::f() { return 1; }\nint main() { S s; return s.g(); }\n",
		keep: "int main",
		want: []string{"int f(); + int S::f() { return 1; }"},
	}, {
		name: "overloads go together, and the declaration's own name is no use",
		src:  "void f(int);\nvoid f(double);\nint main() { return 0; }\n",
		keep: "int main",
		want: []string{"void f(int); + void f(double);"},
	}, {
		name: "a parameter or a local declares nothing that goes",
		src:  "int main(int argc) { int unused = 0; for (int i = 0; i < 1; i++) {} return 0; }\n",
		keep: "int main",
		want: nil,
	}, {
		name: "a reopened namespace is no unused declaration",
		src:  "namespace n { int a; }\nnamespace n { }\nint main() { return n::a; }\n",
		keep: "int main",
		want: nil,
	}, {
		name: "a name used outside keeps its last declaration",
		src:  "struct T { enum { A } e; };\nint main() { return A; }\n",
		keep: "int main",
		want: nil,
	}, {
		name: "a hidden attribute goes with its declaration",
		src:  "__attribute__((pure)) int a();\nint main() { return 0; }\n",
		keep: "int main",
		want: []string{"__attribute__((pure)) + int a();"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := cpp.Language.Parse(context.Background(), []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			tr := doc.Tree
			keep := func(id tree.NodeID) bool {
				return tt.keep != "" && strings.HasPrefix(string(tr.Text(id)), tt.keep)
			}
			var got []string
			for _, g := range doc.Policy.Unused(tr, tree.Candidate{}, keep) {
				var texts []string
				for _, id := range g {
					texts = append(texts, string(tr.Text(id)))
				}
				got = append(got, strings.Join(texts, " + "))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Unused:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
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
