package java

import (
	"context"
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/hdd/tree"
)

// TestCheck checks that Check refuses what javac refuses and tree-sitter
// reads without an error: type arguments or parameters emptied where a
// type is declared (a diamond, new ArrayList<>(), may be empty).
func TestCheck(t *testing.T) {
	const input = "class T<A, B> {\n    java.util.Map<String, Integer> m = new java.util.HashMap<>();\n    void f(java.util.List<String> l) {\n        java.util.function.BiFunction<Integer, Integer, Integer> add = Integer::sum;\n    }\n}\n"
	tstest.Checks(t, Language, input, []tstest.CheckRow{
		{Name: "one argument of a local's type", Cand: "class T<A> {\n    void f() {\n        java.util.function.BiFunction<Integer> add = Integer::sum;\n    }\n}\n", OK: true},
		{Name: "a local's type", Cand: "class T<A> {\n    void f() {\n        java.util.function.BiFunction< > add = Integer::sum;\n    }\n}\n", OK: false},
		{Name: "a field's type", Cand: "class T<A> {\n    java.util.Map< > m = new java.util.HashMap<>();\n}\n", OK: false},
		{Name: "a parameter's type", Cand: "class T<A> {\n    void f(java.util.List<> l) {}\n}\n", OK: false},
		{Name: "the class's parameters", Cand: "class T< > {\n}\n", OK: false},
		{Name: "a diamond", Cand: "class T<A> {\n    Object m = new java.util.HashMap<>();\n}\n", OK: true},
	})
}

// TestKeepSealed checks that the modifiers of a sealed class stay while its
// permits clause does, and those of a class without one may go.
func TestKeepSealed(t *testing.T) {
	src := "public sealed class S permits A {}\nfinal class A extends S {}\npublic sealed interface I {}\n"
	doc, err := Format.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	want := map[string]bool{"public sealed": false, "final": true} // the second "public sealed", of I, may go
	seen := map[string]int{}
	for i := range tr.Nodes {
		n := &tr.Nodes[i]
		if n.Kind != "modifiers" {
			continue
		}
		text := string(tr.Text(tree.NodeID(i)))
		seen[text]++
		removable := want[text]
		if text == "public sealed" && seen[text] == 2 {
			removable = true
		}
		if n.Is(tree.Removable) != removable {
			t.Errorf("modifiers %q (%d): removable %v, want %v", text, seen[text], n.Is(tree.Removable), removable)
		}
	}
	if seen["public sealed"] != 2 || seen["final"] != 1 {
		t.Errorf("found modifiers %v", seen)
	}
}
