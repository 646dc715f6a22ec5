package python

import (
	"context"
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/hdd/tree"
)

// TestCheckPlaces checks that Check refuses a return, yield or nonlocal
// outside a function and a break or continue outside a loop of the same
// function, which tree-sitter reads without an error, and accepts them in
// their places: a function hoisted to its body, or a loop to its, leaves
// them so.
func TestCheckPlaces(t *testing.T) {
	const input = "def f(x):\n    for i in x:\n        if i:\n            break\n    return x\n"
	tstest.Checks(t, Language, input, []tstest.CheckRow{
		{Name: "return in a function", Cand: "def f(x):\n    return x\n", OK: true},
		{Name: "return at the top", Cand: "return x\n", OK: false},
		{Name: "return in a class", Cand: "def f(x):\n    class A:\n        return x\n", OK: false},
		{Name: "return in a method", Cand: "class A:\n    def f(x):\n        return x\n", OK: true},
		{Name: "yield in a function", Cand: "def f(x):\n    yield x\n", OK: true},
		{Name: "yield at the top", Cand: "x = yield 1\n", OK: false},
		{Name: "yield in a lambda", Cand: "f = lambda: (yield)\n", OK: true},
		{Name: "nonlocal in a function", Cand: "def f(x):\n    def g():\n        nonlocal x\n", OK: true},
		{Name: "nonlocal at the top", Cand: "nonlocal x\n", OK: false},
		{Name: "break in a loop", Cand: "for i in x:\n    if i:\n        break\n", OK: true},
		{Name: "break in a while loop's function", Cand: "while x:\n    def g():\n        break\n", OK: false},
		{Name: "continue at the top", Cand: "if x:\n    continue\n", OK: false},
		{Name: "break in the function's body", Cand: "def f(x):\n    if x:\n        break\n    return x\n", OK: false},
		{Name: "an assignment expression in a call", Cand: "print(x := 1)\n", OK: true},
		{Name: "an assignment expression alone", Cand: "x := 1\n", OK: false},
		{Name: "an assignment expression in brackets", Cand: "(x := 1)\n", OK: true},
		{Name: "an assignment expression assigned", Cand: "y = x := 1\n", OK: false},
		{Name: "break in a loop's else", Cand: "while x:\n    pass\nelse:\n    break\n", OK: false},
		{Name: "break in an if's else in a loop", Cand: "while x:\n    if x:\n        pass\n    else:\n        break\n", OK: true},
		{Name: "break in a loop's else in a loop", Cand: "for y in x:\n    while x:\n        pass\n    else:\n        break\n", OK: true},
		{Name: "return in a loop's else", Cand: "def f(x):\n    while x:\n        pass\n    else:\n        return x\n", OK: true},
	})
}

// TestImplicitJoins checks that an expression whose lines only the
// brackets around it join has no class, so that it is never hoisted out
// of them, and that one whose own brackets join its lines keeps its class.
func TestImplicitJoins(t *testing.T) {
	src := "x = ('aaa'\n     'bbb')\ny = (1 +\n     2)\nz = (f(1,\n       2))\nw = (1 + \\\n     2)\n"
	doc, err := Format.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"'aaa'\n     'bbb'":   "",
		"1 +\n     2":         "",
		"f(1,\n       2)":     "expr",
		"1 + \\\n     2":      "expr", // a backslash joins its lines
		"('aaa'\n     'bbb')": "expr",
	}
	seen := 0
	for i := range doc.Tree.Nodes {
		n := &doc.Tree.Nodes[i]
		text := string(doc.Tree.Text(tree.NodeID(i)))
		if class, ok := want[text]; ok {
			seen++
			if n.Class != class {
				t.Errorf("%s %q: class %q, want %q", n.Kind, text, n.Class, class)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("found %d of the %d nodes", seen, len(want))
	}
}
