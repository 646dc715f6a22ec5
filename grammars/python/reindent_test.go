package python

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestReindent renders statements hoisted into the place of a statement
// that encloses them: their lines take its indentation, the lines nested
// deeper keep theirs relative to it, and lines less indented than the
// hoisted statement (inside a string) stay as they were. Each result
// passes the policy's Check.
func TestReindent(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		outer string // the kind and first bytes of the statement replaced
		inner string // the kind and first bytes of the statement hoisted
		want  string
	}{
		{
			name:  "if at module level by its body",
			src:   "if __name__:\n    main()\n    print(1)\n",
			outer: "if_statement if __name__", inner: "block main()",
			want: "main()\nprint(1)\n",
		},
		{
			name:  "nested loop into a function's body",
			src:   "def f(xs):\n    for x in xs:\n        if x:\n            g(x)\n        h()\n    return 0\n",
			outer: "for_statement for x", inner: "if_statement if x",
			want: "def f(xs):\n    if x:\n        g(x)\n    return 0\n",
		},
		{
			name:  "tabs",
			src:   "class C:\n\tdef m(self):\n\t\tif self:\n\t\t\tprint(1)\n",
			outer: "function_definition def m", inner: "if_statement if self",
			want: "class C:\n\tif self:\n\t\tprint(1)\n",
		},
		{
			name:  "a string's lines stay",
			src:   "def f():\n    s = \"\"\"a\nb\"\"\"\n    while s:\n        s = s[1:]\n",
			outer: "function_definition def f", inner: "block s = ",
			want: "s = \"\"\"a\nb\"\"\"\nwhile s:\n    s = s[1:]\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Language.Parse(context.Background(), []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			tr := doc.Tree
			outer, inner := find(t, tr, tt.outer), find(t, tr, tt.inner)
			c := tree.Candidate{}.Hoist(outer, inner)
			got := unparse.Text(tr, doc.Policy, c)
			if string(got) != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if err := doc.Policy.Check(got); err != nil {
				t.Errorf("Check refuses\n%s\n%v", got, err)
			}
		})
	}
}

// find returns the first node whose kind and first bytes are those of
// spec, "kind text".
func find(t *testing.T, tr *tree.Tree, spec string) tree.NodeID {
	t.Helper()
	kind, text, _ := strings.Cut(spec, " ")
	for id := range tree.NodeID(len(tr.Nodes)) {
		n := &tr.Nodes[id]
		if n.Kind == kind && strings.HasPrefix(string(tr.Src[n.Start:n.End]), text) {
			return id
		}
	}
	t.Fatalf("no %s", spec)
	return 0
}

// TestHoistsParse hoists each statement of the testdata and of textwrap.py
// to each statement or block it holds, one at a time: Python's own
// compiler must accept every candidate the policy's Check accepts, and
// Check must accept all but those that leave a return, break or continue
// out of its place (a function hoisted to its body), which Python
// refuses too. tree-sitter alone would not do: it reads a line indented
// too deep, or a return outside a function, without an error. (A
// decorated definition's own definition is left out: its decorators would
// stand before statements.)
func TestHoistsParse(t *testing.T) {
	py := tstest.NeedTool(t, "python3")
	out, err := exec.Command(py, "-c", "import textwrap; print(textwrap.__file__)").Output()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tried, refused := 0, 0
	for _, file := range []string{"testdata/sample.py", strings.TrimSpace(string(out))} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := Language.Parse(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		tr := doc.Tree
		for s := range tree.NodeID(len(tr.Nodes)) {
			if n := &tr.Nodes[s]; !statements[n.Kind] || n.Parent != tree.NoNode && tr.Nodes[n.Parent].Kind == "decorated_definition" {
				continue
			}
			for d := s + 1; d < tr.SubtreeEnd(s); d++ {
				if k := tr.Nodes[d].Kind; !statements[k] && k != "block" {
					continue
				}
				text := unparse.Text(tr, doc.Policy, tree.Candidate{}.Hoist(s, d))
				if err := doc.Policy.Check(text); err != nil {
					if !crossesScope(tr, s, d) {
						t.Fatalf("%s: %s hoisted to %s: %v\n%s", file, tr.Nodes[s].Kind, tr.Nodes[d].Kind, err, text)
					}
					refused++
					continue
				}
				name := filepath.Join(dir, fmt.Sprintf("%s-%d-%d.py", filepath.Base(file), s, d))
				if err := os.WriteFile(name, text, 0o600); err != nil {
					t.Fatal(err)
				}
				tried++
			}
		}
	}
	const compileAll = `
import glob, sys
for name in sorted(glob.glob(sys.argv[1] + "/*.py")):
    try:
        compile(open(name).read(), name, "exec")
    except SyntaxError as e:
        print(name, e)
`
	msg, err := exec.Command(py, "-c", compileAll, dir).CombinedOutput()
	if err != nil || len(msg) > 0 {
		t.Errorf("of %d hoists that Check accepts, Python refuses some: %v\n%s", tried, err, msg)
	}
	if refused == 0 {
		t.Error("Check refused no hoist of a function or a loop: the test checks nothing of Table.Enclosed")
	}
	t.Logf("%d hoists accepted, %d refused", tried, refused)
}

// crossesScope reports whether hoisting node s of tr to its descendant d
// takes d out of a function or a loop: s or a node between them is one.
func crossesScope(tr *tree.Tree, s, d tree.NodeID) bool {
	for n := tr.Nodes[d].Parent; n != tree.NoNode; n = tr.Nodes[n].Parent {
		switch tr.Nodes[n].Kind {
		case "function_definition", "for_statement", "while_statement":
			return true
		}
		if n == s {
			break
		}
	}
	return false
}

// TestEmptyBlock refuses a candidate that leaves a block without a
// statement, comments aside (Python's IndentationError, which tree-sitter
// reads without an error), and keeps the only statement of a block: the
// block goes as a whole, to "pass".
func TestEmptyBlock(t *testing.T) {
	src := "if x:\n    a()\n    # note\n    b()\nwhile y:\n    c()\nd()\n"
	doc, err := Language.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	a, b, c := find(t, tr, "expression_statement a()"), find(t, tr, "expression_statement b()"), find(t, tr, "expression_statement c()")
	note := find(t, tr, "comment # note")
	for _, tt := range []struct {
		name string
		c    tree.Candidate
		ok   bool
	}{
		{"one of two statements", tree.Candidate{}.Remove(a), true},
		{"both statements", tree.Candidate{}.Remove(a, b), false},
		{"both statements and the comment", tree.Candidate{}.Remove(a, b, note), false},
	} {
		text := unparse.Text(tr, doc.Policy, tt.c)
		if err := doc.Policy.Check(text); (err == nil) != tt.ok {
			t.Errorf("%s: Check(%q) = %v, want ok=%v", tt.name, text, err, tt.ok)
		}
	}
	if tr.Nodes[c].Is(tree.Removable) {
		t.Errorf("the only statement of a block may vanish alone")
	}
	block := tr.Nodes[c].Parent
	if text := unparse.Text(tr, doc.Policy, tree.Candidate{}.Remove(block)); string(text) != "if x:\n    a()\n    # note\n    b()\nwhile y:\n    pass\nd()\n" {
		t.Errorf("the block removed: %q", text)
	}
}

// TestRunAcrossLines renders a run of removed nodes that begins inside a
// line and goes on past its end: the statement kept next begins its line
// as it did, not with the blank that stood before a node of the first
// line (which Python would refuse as an unexpected indent).
func TestRunAcrossLines(t *testing.T) {
	src := "from t import A, B\nx = 1; y = 2\n"
	doc, err := Language.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	semi := find(t, tr, "; ;")
	b := tr.Nodes[find(t, tr, "identifier B")].Parent // the dotted_name
	c := tree.Candidate{}.Remove(b, find(t, tr, "expression_statement x = 1"), semi)
	if got, want := string(unparse.Text(tr, doc.Policy, c)), "from t import A\ny = 2\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestCRLFComment removes a comment that runs to a CRLF line break, and the
// block that ends with it: the line break stays whole. tree-sitter's
// comment takes the carriage return; a candidate whose line ended in a
// bare line feed after it read as mixed line breaks.
func TestCRLFComment(t *testing.T) {
	src := "def f():\r\n    x = 1  # c\r\n\r\nprint(1)\r\n"
	doc, err := Language.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	comment := find(t, tr, "comment # c")
	block := tr.Nodes[comment].Parent
	for _, tt := range []struct {
		name string
		c    tree.Candidate
		want string
	}{
		{"the comment", tree.Candidate{}.Remove(comment), "def f():\r\n    x = 1\r\n\r\nprint(1)\r\n"},
		{"the block", tree.Candidate{}.Remove(block), "def f():\r\n    pass\r\n\r\nprint(1)\r\n"},
	} {
		if got := string(unparse.Text(tr, doc.Policy, tt.c)); got != tt.want {
			t.Errorf("%s removed: %q, want %q", tt.name, got, tt.want)
		}
	}
}
