package javascript

import (
	"context"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestConstKeepsValue keeps the value of a const's declarator, which a
// let's may lose, and refuses a candidate of a const without one.
func TestConstKeepsValue(t *testing.T) {
	src := "const a = 1, b = 2;\nlet c = 3;\n"
	doc, err := Language.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	values := grammartest.OfKind(tr, "value")
	if len(values) != 3 {
		t.Fatalf("got %d values, want 3", len(values))
	}
	for i, want := range []bool{false, false, true} {
		if got := tr.Nodes[values[i]].Is(tree.Removable); got != want {
			t.Errorf("value %q may vanish: %v, want %v", tr.Text(values[i]), got, want)
		}
	}
	// The value group's members, by hand: "=" and the number.
	eq, one := grammartest.OfKind(tr, "=")[0], grammartest.OfKind(tr, "number")[0]
	text := unparse.Text(tr, doc.Policy, tree.Candidate{}.Replace(eq, "").Replace(one, ""))
	if string(text) != "const a , b = 2;\nlet c = 3;\n" {
		t.Fatalf("got %q", text)
	}
	if err := doc.Policy.Check(text); err == nil {
		t.Errorf("Check accepts %q", text)
	}
}

// TestAnonymousStatement refuses a function or class expression without a
// name that a hoist leaves standing as a statement, which reads as a
// declaration without its name; with a name, it is a declaration.
func TestAnonymousStatement(t *testing.T) {
	tstest.Checks(t, Language, "module.exports = function (s) { return s; };\nx = class { };\n", []tstest.CheckRow{
		{Name: "anonymous function", Cand: "function (s) { return s; }\nx = class { };\n", OK: false},
		{Name: "anonymous class", Cand: "module.exports = function (s) { return s; };\nclass { };\n", OK: false},
		{Name: "named function", Cand: "function f(s) { return s; }\n", OK: true},
		{Name: "in parentheses", Cand: "(function (s) { return s; });\n", OK: true},
		{Name: "assigned", Cand: "module.exports = function (s) { return s; };\n", OK: true},
	})
}

// TestSetterParameter refuses a setter without its parameter, which
// tree-sitter reads without an error; a getter has none.
func TestSetterParameter(t *testing.T) {
	tstest.Checks(t, Language, "class A {\n  set name(v) { this.n = v; }\n  get name() { return 1; }\n}\nconst o = { set x(v) {} };\n", []tstest.CheckRow{
		{Name: "class setter", Cand: "class A {\n  set name() { this.n = v; }\n  get name() { return 1; }\n}\nconst o = { set x(v) {} };\n", OK: false},
		{Name: "object setter", Cand: "class A {\n  set name(v) { this.n = v; }\n  get name() { return 1; }\n}\nconst o = { set x() {} };\n", OK: false},
		{Name: "getter", Cand: "class A {\n  get name() { return 1; }\n}\n", OK: true},
		{Name: "a method named set", Cand: "class A {\n  set() {}\n}\n", OK: true},
		{Name: "setter kept", Cand: "class A {\n  set name(v) {}\n}\n", OK: true},
	})
}

// TestSetterKeepsParameter keeps a setter's parameter and its list, and
// lets a method's go.
func TestSetterKeepsParameter(t *testing.T) {
	src := "class A {\n  set name(v) { this.n = v; }\n  m(v) {}\n}\nconst o = { set x(w) {} };\n"
	doc, err := Language.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	want := []bool{false, true, false} // may the parameter list change: set name, m, set x
	for i, id := range grammartest.OfKind(tr, "formal_parameters") {
		changes := tr.Nodes[id].Replace != "" || tr.Nodes[id].Is(tree.Removable)
		for _, c := range tr.Children(id) {
			changes = changes || tr.Nodes[c].Is(tree.Removable)
		}
		if i >= len(want) || changes != want[i] {
			t.Errorf("%q: may change %v, want %v", tr.Text(id), changes, i < len(want) && want[i])
		}
	}
}

// TestNamedLabel gives no class to a labeled statement whose body names
// its label, nor to the loop it labels, so that no hoist takes the label
// away from its break or continue, or the loop from its label; a label
// the body does not name may go.
func TestNamedLabel(t *testing.T) {
	src := "outer: for (const x of xs) {\n  for (const y of ys) {\n    if (y) continue outer;\n  }\n}\nfree: for (;;) { break; }\nlast: while (x) { break last }\n"
	doc, err := Language.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	// The labeled statements and the loops they label.
	want := []string{"", "", "stmt", "stmt", "", ""}
	var labeled []tree.NodeID
	for _, id := range grammartest.OfKind(tr, "labeled_statement") {
		labeled = append(labeled, id, tr.Children(id)[2])
	}
	if len(labeled) != len(want) {
		t.Fatalf("got %d labeled statements and loops, want %d", len(labeled), len(want))
	}
	for i, id := range labeled {
		if got := tr.Nodes[id].Class; got != want[i] {
			t.Errorf("%q: class %q, want %q", tr.Text(id), got, want[i])
		}
	}
}

// TestEmptyDeclaration refuses a declaration whose declarators all went,
// which tree-sitter reads as the expression let in a for loop and at the
// top ("Unexpected strict mode reserved word").
func TestEmptyDeclaration(t *testing.T) {
	const input = "'use strict';\nfor (let q = 0, k = 1; ; k++) {}\nlet a, b;\nvar c = 1;\nconst letter = 'x';\n"
	tstest.Checks(t, Language, input, []tstest.CheckRow{
		{Name: "the input", Cand: input, OK: true},
		{Name: "a for's let emptied", Cand: "'use strict';\nfor (let; ; k++) {}\nlet a, b;\nvar c = 1;\nconst letter = 'x';\n", OK: false},
		{Name: "a let emptied", Cand: "'use strict';\nfor (let q = 0, k = 1; ; k++) {}\nlet ;\nvar c = 1;\nconst letter = 'x';\n", OK: false},
		{Name: "one declarator each", Cand: "'use strict';\nfor (let k = 1; ; k++) {}\nlet b;\nvar c = 1;\nconst letter = 'x';\n", OK: true},
		{Name: "words that hold let", Cand: "'use strict';\nconst letter = 'x'; outlet;\n", OK: true},
	})
}
