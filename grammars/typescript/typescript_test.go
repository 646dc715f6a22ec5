package typescript

import (
	"context"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/hdd/tree"
)

// TestTSXTypeParameterComma keeps the comma of <T,> in TSX, where <T>
// would read as a JSX element, and lets it go in TypeScript.
func TestTSXTypeParameterComma(t *testing.T) {
	src := []byte("const f = <T,>(x: T) => x;\n")
	for _, tc := range []struct {
		format    string
		removable bool
	}{{"tsx", false}, {"typescript", true}} {
		f := Format
		if tc.format == "tsx" {
			f = TSXFormat
		}
		doc, err := f.Parse(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		tr := doc.Tree
		commas := grammartest.OfKind(tr, ",")
		if len(commas) != 1 {
			t.Fatalf("%s: got %d commas, want 1", tc.format, len(commas))
		}
		if got := tr.Nodes[commas[0]].Is(tree.Removable); got != tc.removable {
			t.Errorf("%s: the comma of <T,> may vanish: %v, want %v", tc.format, got, tc.removable)
		}
	}
}

// TestJSXExpressionClass gives a JSX expression, {x}, no class: no
// expression may stand in its place, where it would read as text or as an
// attribute that is none ({...{a: 1}} cut to { a: 1 }).
func TestJSXExpressionClass(t *testing.T) {
	doc, err := TSXFormat.Parse(context.Background(), []byte("const a = <Foo {...{ a: 1 }} b={x}>{y}</Foo>;\n"))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	ids := grammartest.OfKind(tr, "jsx_expression")
	if len(ids) != 3 {
		t.Fatalf("got %d JSX expressions, want 3", len(ids))
	}
	for _, id := range ids {
		if c := tr.Nodes[id].Class; c != "" {
			t.Errorf("%q: class %q, want none", tr.Text(id), c)
		}
	}
}

// TestSetterParameter refuses a setter without its parameter in TypeScript
// too, whose table extends JavaScript's.
func TestSetterParameter(t *testing.T) {
	tstest.Checks(t, Language, "class A {\n  set name(v: string) {}\n}\n", []tstest.CheckRow{
		{Name: "setter", Cand: "class A {\n  set name() {}\n}\n", OK: false},
		{Name: "setter kept", Cand: "class A {\n  set name(v: string) {}\n}\n", OK: true},
	})
}
