package python

import (
	"context"
	"strings"
	"testing"

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
			src:   "class C:\n\tdef m(self):\n\t\tif self:\n\t\t\treturn 1\n",
			outer: "function_definition def m", inner: "if_statement if self",
			want: "class C:\n\tif self:\n\t\treturn 1\n",
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
