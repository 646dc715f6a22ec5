package c

import (
	"bytes"
	"context"
	"maps"
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

func TestExpandMacros(t *testing.T) {
	tstest.Transform(t, Language, expandMacros, "#define local\n#define N 3\n#define UNUSED 1\nlocal int f() { return N + N; }\n", []string{
		"#define N 3\n#define UNUSED 1\nint f() { return N + N; }\n",
		"#define local\n#define UNUSED 1\nlocal int f() { return 3 + 3; }\n",
	})
}

func TestReplaceWord(t *testing.T) {
	tests := []struct{ text, name, repl, want string }{
		{"local int f", "local", "", " int f"},
		{"locally local_x xlocal local", "local", "static", "locally local_x xlocal static"},
		{"N+N", "N", "3", "3+3"},
	}
	for _, tc := range tests {
		got, _ := replaceWord(tc.text, tc.name, tc.repl)
		if got != tc.want {
			t.Errorf("replaceWord(%q, %q, %q) = %q, want %q", tc.text, tc.name, tc.repl, got, tc.want)
		}
	}
}

// TestExpandMacrosEdited checks that the body is taken from the candidate,
// not the original: a removed body expands to nothing.
func TestExpandMacrosEdited(t *testing.T) {
	src := "#define local static\nlocal int f() { return 0; }\n"
	doc, err := Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var arg tree.NodeID = -1
	for id := range doc.Tree.Nodes {
		if doc.Tree.Nodes[id].Kind == "preproc_arg" {
			arg = tree.NodeID(id)
		}
	}
	cands := expandMacros(doc.Tree, tree.Candidate{}.Remove(arg))
	if len(cands) != 1 {
		t.Fatalf("got %d candidates, want 1", len(cands))
	}
	if got, want := string(unparse.Text(doc.Tree, doc.Policy, cands[0])), "int f() { return 0; }\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestFunctionMacros checks which names functionMacros finds: those
// defined with a parenthesis right after the name.
func TestFunctionMacros(t *testing.T) {
	src := "#define MAX(a, b) a\n  #  define  MIN(a) a\n#define OBJ (x)\n#define PLAIN 1\n/* #define NOT(x) */\nint max(int a);\n#undef G\n"
	got := functionMacros([]byte(src))
	want := map[string]bool{"MAX": true, "MIN": true}
	if !maps.Equal(got, want) {
		t.Errorf("functionMacros = %v, want %v", got, want)
	}
}

// TestMacroArguments checks that the arguments of a function-like macro's
// calls stay, with their list, as do its parameters (gcc refuses a call
// with another number of arguments), where a function's may go; and that
// argument zeroing leaves the macro's calls alone.
func TestMacroArguments(t *testing.T) {
	src := "#define MAX(a, b) ((a) > (b) ? (a) : (b))\n#define GET(type, name) type get_##name(void);\nGET(int, width)\nint f(int a, int b);\nint g(int x, int y) { return MAX(x, y) + f(x, y); }\n"
	doc, err := Parse(t.Context(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	removable := func(kind, text string) bool {
		t.Helper()
		return tr.Nodes[find(t, tr, kind, text, 0)].Is(tree.Removable)
	}
	for _, tt := range []struct {
		kind, text string
		want       bool
	}{
		{"identifier", "a", false},     // MAX's parameter
		{"identifier", "width", false}, // GET's argument, at the top level
		{"parameter_declaration", "int a", true},
	} {
		if got := removable(tt.kind, tt.text); got != tt.want {
			t.Errorf("%s %q removable: %v, want %v", tt.kind, tt.text, got, tt.want)
		}
	}
	for _, call := range []string{"MAX(x, y)", "f(x, y)"} {
		list := tr.Children(find(t, tr, "call_expression", call, 0))[1]
		macro := call[0] == 'M'
		if got := tr.Nodes[list].Replace != ""; got == macro {
			t.Errorf("%s: its argument list may become \"()\": %v", call, got)
		}
		for _, a := range tr.Children(list) {
			if tr.Nodes[a].Is(tree.ListItem) && tr.Nodes[a].Is(tree.Removable) == macro {
				t.Errorf("%s: argument %q removable: %v, want %v", call, tr.Text(a), macro, !macro)
			}
		}
	}
	for _, c := range zeroArguments(tr, tree.Candidate{}) {
		if text := unparse.Text(tr, doc.Policy, c); !bytes.Contains(text, []byte("MAX(x, y)")) || !bytes.Contains(text, []byte("GET(int, width)")) {
			t.Errorf("argument zeroing changed a macro's call:\n%s", text)
		}
	}
}
