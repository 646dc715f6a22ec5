package c

import (
	"context"
	"slices"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

func TestUnwrapBlocks(t *testing.T) {
	src := "int f() {\n    int a;\n    {\n        int b;\n        a = b;\n    }\n    if (a) { a = 1; }\n    return a;\n}\n"
	doc, err := Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	cands := unwrapBlocks(doc.Tree, tree.Candidate{})
	if len(cands) != 1 {
		t.Fatalf("got %d candidates, want 1 (the if's body is not a block item)", len(cands))
	}
	got := unparse.Text(doc.Tree, doc.Policy, cands[0])
	// The block's own line is left blank; the tidy pass drops it.
	want := "int f() {\n    int a;\n    \n        int b;\n        a = b;\n    if (a) { a = 1; }\n    return a;\n}\n"
	if string(got) != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if err := doc.Policy.Check(got); err != nil {
		t.Errorf("Check: %v", err)
	}
}

// TestUnwrapConditionals checks the candidates that unwrap an #if, #ifdef
// or #ifndef: its first branch alone, and its #else branch alone where it
// has one; each passes Check.
func TestUnwrapConditionals(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"ifdef", "#ifdef A\nint a;\n#endif\nint b;\n",
			[]string{"int a;\nint b;\n"}},
		{"if with else", "#if X > 1\nint a;\n#else\nint b;\n#endif\n",
			[]string{"int a;\n", "int b;\n"}},
		{"a guard around nested ones", "#ifndef G\n#define G\n#if 1\nint a;\n#elif 2\nint b;\n#endif\n#endif\n",
			[]string{"#define G\n#if 1\nint a;\n#elif 2\nint b;\n#endif\n", "#ifndef G\n#define G\n\nint a;\n#endif\n"}},
		{"in a function", "int f(void) {\n#ifdef A\n  return 1;\n#endif\n  return 0;\n}\n",
			[]string{"int f(void) {\n\n  return 1;\n  return 0;\n}\n"}},
		{"empty", "#ifdef A\n#endif\nint a;\n", []string{"int a;\n"}},
		{"none", "int a;\n#define A 1\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkTransform(t, unwrapConditionals, tt.src, tt.want) })
	}
}

// checkTransform checks that transform proposes, for src, the candidates
// whose texts are want, in order, each passing Check.
func checkTransform(t *testing.T, transform func(*tree.Tree, tree.Candidate) []tree.Candidate, src string, want []string) {
	t.Helper()
	doc, err := Parse(t.Context(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range transform(doc.Tree, tree.Candidate{}) {
		text := unparse.Text(doc.Tree, doc.Policy, c)
		if err := doc.Policy.Check(text); err != nil {
			t.Errorf("Check(%q): %v", text, err)
		}
		got = append(got, string(text))
	}
	if !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
