package c

import (
	"context"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

func TestExpandMacros(t *testing.T) {
	src := "#define local\n#define N 3\n#define UNUSED 1\nlocal int f() { return N + N; }\n"
	doc, err := Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range expandMacros(doc.Tree, tree.Candidate{}) {
		text := unparse.Text(doc.Tree, doc.Policy, c)
		if err := doc.Policy.Check(text); err != nil {
			t.Errorf("candidate %q: %v", text, err)
		}
		got = append(got, string(text))
	}
	want := []string{
		"#define N 3\n#define UNUSED 1\nint f() { return N + N; }\n",
		"#define local\n#define UNUSED 1\nlocal int f() { return 3 + 3; }\n",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d candidates %q, want %q", len(got), got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("candidate %d:\n got %q\nwant %q", i, got[i], want[i])
		}
	}
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
