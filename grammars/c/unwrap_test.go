package c

import (
	"context"
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
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
	if len(cands) != 2 {
		t.Fatalf("got %d candidates, want 2 (the block item, then the if's body; TestUnwrapBodies checks those)", len(cands))
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
		t.Run(tt.name, func(t *testing.T) { tstest.Transform(t, Language, unwrapConditionals, tt.src, tt.want) })
	}
}

// TestUnwrapBodies checks the candidates that replace a body holding one
// statement by it, and that none lets an else bind to an if inside.
func TestUnwrapBodies(t *testing.T) {
	const head = "int g(void);\nvoid f(int t) {\n"
	tests := []struct {
		name, body string
		want       []string
	}{
		{"if", "  if (t) { g(); }\n", []string{"  if (t) g();\n"}},
		{"else and loops", "  if (t) t++; else { g(); }\n  while (t) { t--; }\n  do { t++; } while (t);\n",
			[]string{"  if (t) t++; else g();\n  while (t) { t--; }\n  do { t++; } while (t);\n",
				"  if (t) t++; else { g(); }\n  while (t) t--;\n  do { t++; } while (t);\n",
				"  if (t) t++; else { g(); }\n  while (t) { t--; }\n  do t++; while (t);\n"}},
		{"two statements", "  if (t) { g(); t++; }\n", nil},
		{"a declaration", "  if (t) { int x = g(); }\n", nil},
		{"an if before an else", "  if (t) { if (g()) t++; } else t--;\n", nil},
		{"an if in a loop before an else", "  if (t) while (t) { if (g()) t++; } else t--;\n", nil},
		{"an if in an else", "  if (t) t++; else { if (g()) t--; }\n", []string{"  if (t) t++; else if (g()) t--;\n"}},
		{"an if in a do before an else", "  if (t) do { if (g()) t++; } while (t); else t--;\n",
			[]string{"  if (t) do if (g()) t++; while (t); else t--;\n"}},
		{"a loop", "  while (t) { do t--; while (t); }\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkInFunction(t, unwrapBlocks, head, tt.body, tt.want) })
	}
}

// checkInFunction is tstest.Transform of a function's body: the source is
// head, body and "}", and so is each text wanted, with each of want as
// the body.
func checkInFunction(t *testing.T, transform func(*tree.Tree, tree.Candidate) []tree.Candidate, head, body string, want []string) {
	t.Helper()
	var texts []string
	for _, w := range want {
		texts = append(texts, head+w+"}\n")
	}
	tstest.Transform(t, Language, transform, head+body+"}\n", texts)
}
