package python

import (
	"context"
	"os/exec"
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

// TestStringPieces checks that the pieces of a string written in pieces
// are items, of which one stays: a table of pieces, each with a comment,
// goes down to the comment a test needs.
func TestStringPieces(t *testing.T) {
	src := "t = (\n    'a'  # A\n    'b'  # B\n    'c'\n)\n"
	doc, err := Format.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	pieces := 0
	for i, n := range doc.Tree.Nodes {
		if n.Kind == "string" && !n.Is(tree.Removable) {
			t.Errorf("piece %q may not vanish", doc.Tree.Text(tree.NodeID(i)))
		}
		if n.Kind == "string" {
			pieces++
		}
	}
	if pieces != 3 {
		t.Errorf("%d pieces, want 3", pieces)
	}
	tstest.Checks(t, Language, src, []tstest.CheckRow{
		{Name: "one piece and a comment", Cand: "t = (\n    'b'  # B\n)\n", OK: true},
		{Name: "no piece", Cand: "t = \n", OK: false},
	})
}

// TestNonlocalBinding refuses a candidate whose nonlocal names nothing
// that a function around binds ("no binding for nonlocal"), and accepts
// each way of binding it. Python's own compiler agrees with every row.
func TestNonlocalBinding(t *testing.T) {
	const input = "def f(x):\n    y = 1\n    def g():\n        nonlocal x, y\n"
	nested := func(binding string) string {
		return "def f():\n    " + binding + "\n    def g():\n        nonlocal v\n"
	}
	rows := []tstest.CheckRow{
		{Name: "bound by a parameter and an assignment", Cand: input, OK: true},
		{Name: "the assignment gone", Cand: "def f(x):\n    def g():\n        nonlocal x, y\n", OK: false},
		{Name: "the parameter gone", Cand: "def f():\n    y = 1\n    def g():\n        nonlocal x, y\n", OK: false},
		{Name: "bound two functions out", Cand: "def f(x):\n    y = 1\n    def g():\n        def h():\n            nonlocal x, y\n", OK: true},
		{Name: "bound only in a class around", Cand: "def f(x):\n    class C:\n        y = 1\n        def g(self):\n            nonlocal x, y\n", OK: false},
		{Name: "in a method, bound by the function around the class", Cand: "def f(x):\n    y = 1\n    class C:\n        def g(self):\n            nonlocal x, y\n", OK: true},
		{Name: "bound only in g itself", Cand: "def f(x):\n    def g():\n        y = 1\n        nonlocal x, y\n", OK: false},
		{Name: "bound in a lambda", Cand: "def f(x):\n    h = lambda y: y\n    def g():\n        nonlocal x, y\n", OK: false},
		{Name: "a for target", Cand: nested("for a, (v, b) in []: pass"), OK: true},
		{Name: "a with target", Cand: nested("with open() as v: pass"), OK: true},
		{Name: "an except name", Cand: nested("try: pass\n    except E as v: pass"), OK: true},
		{Name: "an import", Cand: nested("import v.path"), OK: true},
		{Name: "an import's alias", Cand: nested("from m import n as v"), OK: true},
		{Name: "a module imported from", Cand: nested("from v import n"), OK: false},
		{Name: "an augmented assignment", Cand: nested("v += 1"), OK: true},
		{Name: "an annotation", Cand: nested("v: int"), OK: true},
		{Name: "a walrus", Cand: nested("print(v := 1)"), OK: true},
		{Name: "a nested def's name", Cand: nested("def v(): pass"), OK: true},
		{Name: "a nested def's parameter", Cand: nested("def h(v): pass"), OK: false},
		{Name: "a starred parameter", Cand: "def f(*v):\n    def g():\n        nonlocal v\n", OK: true},
		{Name: "a typed default parameter", Cand: "def f(v: int = 1):\n    def g():\n        nonlocal v\n", OK: true},
		{Name: "a use only", Cand: nested("print(v)"), OK: false},
		{Name: "a nonlocal around", Cand: "def e():\n    v = 1\n    def f():\n        nonlocal v\n        def g():\n            nonlocal v\n", OK: true},
	}
	if py, err := exec.LookPath("python3"); err == nil {
		for _, r := range rows {
			err := exec.Command(py, "-c", "compile(__import__('sys').argv[1], 'c', 'exec')", r.Cand).Run()
			if (err == nil) != r.OK {
				t.Errorf("%s: Python compiles it: %v, the row says %v", r.Name, err == nil, r.OK)
			}
		}
	}
	tstest.Checks(t, Language, input, rows)
}

// TestEmptyImport refuses an import whose names all went, which
// tree-sitter reads without an error; a wildcard is a name.
func TestEmptyImport(t *testing.T) {
	const input = "import os, sys\nfrom typing import List as L, Dict\nfrom m import (\n    a,\n    b,\n)\nfrom . import x\nfrom n import *\n"
	tstest.Checks(t, Language, input, []tstest.CheckRow{
		{Name: "the input", Cand: input, OK: true},
		{Name: "import emptied", Cand: "import\nfrom typing import List as L, Dict\n", OK: false},
		{Name: "from import emptied", Cand: "import os\nfrom typing import\n", OK: false},
		{Name: "parenthesized emptied", Cand: "from m import (\n)\n", OK: false},
		{Name: "relative emptied", Cand: "from . import\n", OK: false},
		{Name: "one name each", Cand: "import sys\nfrom typing import Dict\nfrom m import (\n    b,\n)\nfrom . import x\n", OK: true},
		{Name: "a wildcard", Cand: "from n import *\n", OK: true},
	})
}
