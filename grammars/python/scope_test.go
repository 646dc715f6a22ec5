package python

import (
	"context"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
)

// TestCheckPlaces checks that Check refuses a return, yield or nonlocal
// outside a function and a break or continue outside a loop of the same
// function, which tree-sitter reads without an error, and accepts them in
// their places: a function hoisted to its body, or a loop to its, leaves
// them so.
func TestCheckPlaces(t *testing.T) {
	const input = "def f(x):\n    for i in x:\n        if i:\n            break\n    return x\n"
	doc, err := Format.Parse(context.Background(), []byte(input))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, cand string
		ok         bool
	}{
		{"return in a function", "def f(x):\n    return x\n", true},
		{"return at the top", "return x\n", false},
		{"return in a class", "def f(x):\n    class A:\n        return x\n", false},
		{"return in a method", "class A:\n    def f(x):\n        return x\n", true},
		{"yield in a function", "def f(x):\n    yield x\n", true},
		{"yield at the top", "x = yield 1\n", false},
		{"yield in a lambda", "f = lambda: (yield)\n", true},
		{"nonlocal in a function", "def f(x):\n    def g():\n        nonlocal x\n", true},
		{"nonlocal at the top", "nonlocal x\n", false},
		{"break in a loop", "for i in x:\n    if i:\n        break\n", true},
		{"break in a while loop's function", "while x:\n    def g():\n        break\n", false},
		{"continue at the top", "if x:\n    continue\n", false},
		{"break in the function's body", "def f(x):\n    if x:\n        break\n    return x\n", false},
		{"break in a loop's else", "while x:\n    pass\nelse:\n    break\n", false},
		{"break in an if's else in a loop", "while x:\n    if x:\n        pass\n    else:\n        break\n", true},
		{"break in a loop's else in a loop", "for y in x:\n    while x:\n        pass\n    else:\n        break\n", true},
		{"return in a loop's else", "def f(x):\n    while x:\n        pass\n    else:\n        return x\n", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := doc.Policy.Check([]byte(tc.cand))
			if (err == nil) != tc.ok {
				t.Errorf("Check(%q) = %v, want ok %v", tc.cand, err, tc.ok)
			}
		})
	}
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
