package c

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// find returns the nth node (from 0) of the given kind whose text is text.
func find(t *testing.T, tr *tree.Tree, kind, text string, nth int) tree.NodeID {
	t.Helper()
	for id := range tr.Nodes {
		if tr.Nodes[id].Kind == kind && string(tr.Text(tree.NodeID(id))) == text {
			if nth == 0 {
				return tree.NodeID(id)
			}
			nth--
		}
	}
	t.Fatalf("no %s %q in\n%s", kind, text, dump(tr))
	return tree.NoNode
}

// A target names the node to remove: its kind and exact text, and which of
// several such nodes (0 for the first).
type target struct {
	kind, text string
	nth        int
}

func TestRemove(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		remove  []target
		want    string
		refused bool // by Check
	}{
		{
			name:   "middle parameter",
			src:    "int f(int a, int b, int c) { return a; }\n",
			remove: []target{{"parameter_declaration", "int b", 0}},
			want:   "int f(int a, int c) { return a; }\n",
		},
		{
			name:   "first parameter",
			src:    "int f(int a, int b, int c) { return b; }\n",
			remove: []target{{"parameter_declaration", "int a", 0}},
			want:   "int f(int b, int c) { return b; }\n",
		},
		{
			name:   "last parameter",
			src:    "int f(int a, int b, int c);\n",
			remove: []target{{"parameter_declaration", "int c", 0}},
			want:   "int f(int a, int b);\n",
		},
		{
			name:   "all parameters",
			src:    "int f(int a, int b, ...);\n",
			remove: []target{{"parameter_declaration", "int a", 0}, {"parameter_declaration", "int b", 0}, {"variadic_parameter", "...", 0}},
			want:   "int f();\n",
		},
		{
			name:   "parameter list",
			src:    "int f(int a, int b) { return 0; }\n",
			remove: []target{{"parameter_list", "(int a, int b)", 0}},
			want:   "int f() { return 0; }\n",
		},
		{
			name:   "argument",
			src:    "void h(void) { g(1, x + 2, 3); }\n",
			remove: []target{{"binary_expression", "x + 2", 0}},
			want:   "void h(void) { g(1, 3); }\n",
		},
		{
			name:   "enumerator",
			src:    "enum e { A, B = 2, C };\n",
			remove: []target{{"enumerator", "B = 2", 0}},
			want:   "enum e { A, C };\n",
		},
		{
			name:   "last enumerator takes the trailing comma",
			src:    "enum e { A, B, C, };\n",
			remove: []target{{"list_item", "C,", 0}},
			want:   "enum e { A, B };\n",
		},
		{
			name:    "all enumerators",
			src:     "enum e { A, B, };\n",
			remove:  []target{{"enumerator", "A", 0}, {"list_item", "B,", 0}},
			want:    "enum e { };\n",
			refused: true, // C has no empty enum
		},
		{
			name:   "typedef keeps its first declarator",
			src:    "typedef struct s s_t, *s_p;\n",
			remove: []target{{"pointer_declarator", "*s_p", 0}},
			want:   "typedef struct s s_t;\n",
		},
		{
			name:   "trailing comma",
			src:    "int a[] = { 1, 2, };\n",
			remove: []target{{",", ",", 1}, {"number_literal", "1", 0}},
			want:   "int a[] = { 2};\n", // the comma's empty lead replaces the brace's (unparse gap rule)
		},
		{
			name:   "declarator",
			src:    "int a, *b = 0, c;\n",
			remove: []target{{"init_declarator", "*b = 0", 0}},
			want:   "int a, c;\n",
		},
		{
			name:   "initializer item",
			src:    "struct s x = { .a = 1, .b = { 2, 3 } };\n",
			remove: []target{{"initializer_pair", ".a = 1", 0}, {"number_literal", "2", 0}},
			want:   "struct s x = { .b = { 3 } };\n",
		},
		{
			name:   "statement in a nested block",
			src:    "void f(void) {\n\tif (x) {\n\t\ta();\n\t\tb();\n\t}\n}\n",
			remove: []target{{"expression_statement", "a();", 0}},
			want:   "void f(void) {\n\tif (x) {\n\t\tb();\n\t}\n}\n",
		},
		{
			name:   "function",
			src:    "int a;\n\nint f(void)\n{\n\treturn 1;\n}\n\nint b;\n",
			remove: []target{{"function_definition", "int f(void)\n{\n\treturn 1;\n}", 0}},
			want:   "int a;\n\nint b;\n",
		},
		{
			name:   "block comment",
			src:    "int /* c */ a;\n",
			remove: []target{{"comment", "/* c */", 0}},
			want:   "int a;\n",
		},
		{
			name:   "line comment",
			src:    "int a; // c\nint b;\n",
			remove: []target{{"comment", "// c", 0}},
			want:   "int a;\nint b;\n",
		},
		{
			name:   "comment between tokens that would fuse",
			src:    "int x = a-/**/-b;\n",
			remove: []target{{"comment", "/**/", 0}},
			want:   "int x = a- -b;\n",
		},
		{
			name:   "block to {}",
			src:    "int f(int x)\n{\n\tx++;\n\treturn x;\n}\n",
			remove: []target{{"compound_statement", "{\n\tx++;\n\treturn x;\n}", 0}},
			want:   "int f(int x)\n{}\n",
		},
		{
			name:   "expression to 0",
			src:    "int f(int x) { return x + 1; }\n",
			remove: []target{{"binary_expression", "x + 1", 0}},
			want:   "int f(int x) { return 0; }\n",
		},
		{
			name:   "return keyword fuses with 0",
			src:    "int f(int x) { return(x); }\n",
			remove: []target{{"parenthesized_expression", "(x)", 0}},
			want:   "int f(int x) { return 0; }\n",
		},
		{
			name:   "operand to 0",
			src:    "int y = a * (b + c);\n",
			remove: []target{{"identifier", "a", 0}, {"identifier", "c", 0}},
			want:   "int y = 0 * (b + 0);\n",
		},
		{
			name:   "string pieces",
			src:    "char *s = \"a\" PRI \"b\"\n\t\"c\";\n",
			remove: []target{{"string_literal", "\"a\"", 0}, {"identifier", "PRI", 0}, {"string_literal", "\"c\"", 0}},
			want:   "char *s = \"b\"\n\t;\n", // the last piece's line break stays (unparse gap rule)
		},
		{
			name:   "string to empty",
			src:    "char *s = \"hello\" \"world\";\n",
			remove: []target{{"concatenated_string", "\"hello\" \"world\"", 0}},
			want:   "char *s = \"\";\n",
		},
		{
			name:   "if body to ;",
			src:    "void f(void) { if (x) return; else { g(); } }\n",
			remove: []target{{"return_statement", "return;", 0}, {"compound_statement", "{ g(); }", 0}},
			want:   "void f(void) { if (x) ; else {} }\n",
		},
		{
			name:   "else clause",
			src:    "void f(void) { if (x) a(); else b(); }\n",
			remove: []target{{"else_clause", "else b();", 0}},
			want:   "void f(void) { if (x) a(); }\n",
		},
		{
			name:   "for clauses",
			src:    "void f(void) { for (int i = 0; i < n; i++) g(); }\n",
			remove: []target{{"declaration", "int i = 0;", 0}, {"binary_expression", "i < n", 0}, {"update_expression", "i++", 0}},
			want:   "void f(void) { for (; 0;) g(); }\n",
		},
		{
			name:   "array size",
			src:    "int a[N * 2];\n",
			remove: []target{{"binary_expression", "N * 2", 0}},
			want:   "int a[1];\n",
		},
		{
			name:   "struct with its semicolon",
			src:    "int w;\nstruct s { int a; int b; };\nint x;\n",
			remove: []target{{"declaration", "struct s { int a; int b; };", 0}},
			want:   "int w;\nint x;\n",
		},
		{
			name:   "field",
			src:    "struct s { int a; int b; };\n",
			remove: []target{{"field_declaration", "int a;", 0}},
			want:   "struct s { int b; };\n",
		},
		{
			name:   "case body",
			src:    "void f(int x) { switch (x) { case 1: a(); b(); break; } }\n",
			remove: []target{{"expression_statement", "a();", 0}, {"break_statement", "break;", 0}},
			want:   "void f(int x) { switch (x) { case 1: b(); } }\n",
		},
		{
			name:   "qualifiers and storage classes",
			src:    "static const int x = 1;\n",
			remove: []target{{"storage_class_specifier", "static", 0}, {"type_qualifier", "const", 0}},
			want:   "int x = 1;\n",
		},
		{
			name:   "define after removed line stays on its own line",
			src:    "int a;\n#define X 1\nint b;\n",
			remove: []target{{"preproc_def", "#define X 1\n", 0}},
			want:   "int a;\nint b;\n",
		},
		{
			name:   "statement between code and a define",
			src:    "void f(void) {\n\ta();\n\tb();\n#define X 1\n\tc();\n}\n",
			remove: []target{{"expression_statement", "b();", 0}},
			want:   "void f(void) {\n\ta();\n#define X 1\n\tc();\n}\n",
		},
		{
			name:   "#if block item",
			src:    "void f(void) {\n#if A\n\ta();\n\tb();\n#else\n\tc();\n#endif\n}\n",
			remove: []target{{"expression_statement", "a();", 0}, {"preproc_else", "#else\n\tc();", 0}},
			want:   "void f(void) {\n#if A\n\tb();\n#endif\n}\n",
		},
		{
			name:   "#if condition to 0",
			src:    "#if defined(A) && B > 1\nint x;\n#endif\n",
			remove: []target{{"binary_expression", "defined(A) && B > 1", 0}},
			want:   "#if 0\nint x;\n#endif\n",
		},
		{
			name:   "define body",
			src:    "#define X (1 + 2)\nint y = X;\n",
			remove: []target{{"preproc_arg", "(1 + 2)", 0}},
			want:   "#define X\nint y = X;\n",
		},
		{
			name:   "statement before a closing brace after a line comment",
			src:    "void f(void) { a(); // c\n\tb(); }\n",
			remove: []target{{"expression_statement", "b();", 0}},
			want:   "void f(void) { a(); // c\n\t}\n",
		},
		{
			name:   "argument after a line comment takes the comment with its comma",
			src:    "void f(void) { g(a, // c\n\tb); }\n",
			remove: []target{{"identifier", "b", 0}},
			want:   "void f(void) { g(a\n\t); }\n",
		},
		{
			name:   "CRLF",
			src:    "int a;\r\nint b;\r\nint c;\r\n",
			remove: []target{{"declaration", "int b;", 0}},
			want:   "int a;\r\nint c;\r\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse(context.Background(), []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			var ids []tree.NodeID
			for _, r := range tt.remove {
				ids = append(ids, find(t, doc.Tree, r.kind, r.text, r.nth))
			}
			got := string(unparse.Text(doc.Tree, doc.Policy, tree.Candidate{}.Remove(ids...)))
			if got != tt.want {
				t.Errorf("got %q, want %q\ntree:\n%s", got, tt.want, dump(doc.Tree))
			}
			if err := doc.Policy.Check([]byte(got)); (err != nil) != tt.refused {
				t.Errorf("Check(%q) = %v, want refused %v", got, err, tt.refused)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // a substring of the error
		is   error
	}{
		{"empty", "", "", grammars.ErrEmpty},
		{"blank", " \n\t\n", "", grammars.ErrEmpty},
		{"binary", "int a;\x00\x01\x02", "1:7", grammars.ErrBinary},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse(context.Background(), []byte(tt.src))
			if err == nil {
				t.Fatalf("got no error, want one containing %q\n%s", tt.want, dump(doc.Tree))
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("got %v, want %v", err, tt.is)
			}
			if !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("got %q, want one line containing %q", err, tt.want)
			}
			var se *grammars.SyntaxError
			if tt.is == nil && (!errors.As(err, &se) || se.Line == 0) {
				t.Errorf("got %#v, want a *grammars.SyntaxError with a position", err)
			}
			t.Logf("%v", err)
		})
	}
}

func TestWarnings(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"clean", "int a;\n", nil},
		{"statement expression", "int a = ({ 1; });\nint b;\n", []string{"1:9: tree-sitter could not parse 3 regions (kept opaque); the first is here"}},
		{"missing semicolon", "int f(void) { return 1 }\n", []string{"1:23: tree-sitter found 1 missing token; the first is here"}},
		// Named C by the user, so never refused, however little tree-sitter reads.
		{"json", `{"name": "hdd", "list": [1, 2, {"a": null}], "ok": true}` + "\n",
			[]string{"1:1: tree-sitter could not parse 100% of the file, in 1 region (kept as text and reduced line by line); the first is here"}},
		{"prose", "This is not a program. It is a sentence, with words; and more words!\n",
			[]string{"1:15: tree-sitter could not parse 52% of the file, in 3 regions (kept as text and reduced line by line) and found 2 missing tokens; the first is here"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse(context.Background(), []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(doc.Warnings, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got warnings %q, want %q", doc.Warnings, tt.want)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	doc, err := Parse(context.Background(), []byte("int f(int x) { return x + 1; }\n"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cand string
		ok   bool
	}{
		{"int f(int x) { return x + 1; }\n", true},
		{"int f() {}", true},
		{"int f(int x) { return x + ; }\n", false},
		{"int f(int x { return x; }\n", false},
	}
	for _, tt := range tests {
		err := doc.Policy.Check([]byte(tt.cand))
		if (err == nil) != tt.ok {
			t.Errorf("Check(%q) = %v, want ok=%v", tt.cand, err, tt.ok)
		}
	}
}

// TestCheckConcurrent runs Check from several goroutines at once (run it
// with -race) and expects the verdicts of sequential calls.
func TestCheckConcurrent(t *testing.T) {
	src, err := os.ReadFile("testdata/functions.c")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := Parse(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 3))
	var cands [][]byte
	var want []bool
	for range 200 {
		c := unparse.Text(doc.Tree, doc.Policy, grammartest.RandomCandidate(doc.Tree, rng))
		if rng.IntN(4) == 0 { // and some broken ones
			c = append(c, "int ) ;"...)
		}
		cands = append(cands, c)
		want = append(want, doc.Policy.Check(c) == nil)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range cands {
				i := (i + g*25) % len(cands)
				if got := doc.Policy.Check(cands[i]) == nil; got != want[i] {
					t.Errorf("candidate %d: concurrent Check ok=%v, sequential ok=%v", i, got, want[i])
				}
			}
		})
	}
	wg.Wait()
}

func TestFuse(t *testing.T) {
	tests := []struct {
		a, b byte
		want bool
	}{
		{'a', 'b', true}, {'1', '2', true}, {'x', '_', true}, {'L', '"', true}, {'u', '\'', true},
		{'+', '+', true}, {'-', '-', true}, {'-', '>', true}, {'<', '<', true}, {'/', '*', true}, {'/', '/', true},
		{'&', '&', true}, {'=', '=', true}, {'1', '.', true}, {'.', '5', true}, {'e', '+', true}, {'#', '#', true},
		{'a', '(', false}, {')', 'b', false}, {';', 'x', false}, {'+', 'x', false}, {'}', '{', false}, {',', ',', false},
	}
	for _, tt := range tests {
		if got := Fuse(tt.a, tt.b); got != tt.want {
			t.Errorf("Fuse(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestUnparsedRegionsByLines parses C that gcc reads and tree-sitter does
// not (an #if 0 block of prose, trigraphs): the regions it cannot parse are
// kept, and their lines are nodes that may vanish one by one.
func TestUnparsedRegionsByLines(t *testing.T) {
	tests := []struct {
		name, src string
		lines     []string // the error lines, in order
	}{
		{"prose in #if 0", "#if 0\nThis isn't C; (not) {even} close.\nA \"quote.\n#endif\nint main(void) { return 0; }\n",
			[]string{"'t C; (not) {even} close.\n", "A \"quote."}},
		{"trigraphs", "??=define N 3\nint a??(N??);\nint main(void) ??< return a??(0??); ??>\n", nil},
		{"one line", "int a = ({ 1; });\nint b;\n", nil}, // single-line regions stay leaves
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse(t.Context(), []byte(tt.src))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			tr := doc.Tree
			var lines []string
			for id := range tr.Nodes {
				n := &tr.Nodes[id]
				if n.Kind != "error_line" {
					continue
				}
				lines = append(lines, string(tr.Text(tree.NodeID(id))))
				if !n.Is(tree.Removable) || tr.Nodes[n.Parent].Kind != "ERROR" {
					t.Errorf("line %q: not a removable child of an ERROR node", tr.Nodes[id].Kind)
				}
			}
			if tt.lines != nil && strings.Join(lines, "|") != strings.Join(tt.lines, "|") {
				t.Errorf("got error lines %q, want %q\n%s", lines, tt.lines, dump(tr))
			}
			if tt.name == "one line" && len(lines) != 0 {
				t.Errorf("got error lines %q, want none", lines)
			}
			if got := string(unparse.Text(tr, doc.Policy, tree.Candidate{})); got != tt.src {
				t.Errorf("round trip: got %q, want %q", got, tt.src)
			}
		})
	}
}

// TestErrorRoot checks a file whose parse tree-sitter gave up as a whole
// (testdata/broken/errorroot.c, whose root is an ERROR node: function
// bodies of casts to compound literals, cut from a preprocessed
// immintrin.h): the items it read whole are still items that may vanish,
// each checked as a candidate, and only what lies between them is reduced
// line by line.
func TestErrorRoot(t *testing.T) {
	src, err := os.ReadFile("testdata/broken/errorroot.c")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := Parse(t.Context(), src)
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	items := []struct {
		target
		refused string // what Check says of the file without it, or ""
	}{
		{target{"declaration", "int a;", 0}, ""},
		{target{"function_definition", "int g(void) { return 1; }", 0}, ""},
		{target{"type_definition", "typedef int vec;", 0}, "vec is no longer declared"},
		{target{"declaration", "int c;", 0}, ""},
	}
	for _, it := range items {
		id := find(t, tr, it.kind, it.text, it.nth)
		if n := &tr.Nodes[id]; n.Parent != 0 || !n.Is(tree.Removable) {
			t.Errorf("%s %q: not a removable item of the root\n%s", it.kind, it.text, dump(tr))
		}
		err := doc.Policy.Check(unparse.Text(tr, doc.Policy, tree.Candidate{}.Remove(id)))
		if it.refused == "" && err != nil || it.refused != "" && (err == nil || !strings.Contains(err.Error(), it.refused)) {
			t.Errorf("without %q: Check: %v, want %q", it.text, err, it.refused)
		}
	}
	var regions, lines int
	for id := range tr.Nodes {
		switch n := &tr.Nodes[id]; n.Kind {
		case "ERROR":
			regions++
			if n.Parent != 0 {
				t.Errorf("ERROR %q: not a child of the root", tr.Text(tree.NodeID(id)))
			}
		case "error_line":
			lines++
		}
	}
	if regions != 2 || lines != 10 {
		t.Errorf("got %d ERROR regions of %d lines, want 2 of 10\n%s", regions, lines, dump(tr))
	}
	if got := unparse.Text(tr, doc.Policy, tree.Candidate{}); string(got) != string(src) {
		t.Errorf("round trip: got %q, want %q", got, src)
	}
}

// TestParseCanceled checks that a parse stops when its context is done,
// with an error that says so: tree-sitter's parse itself stops, not only
// the work after it.
func TestParseCanceled(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 300<<10; i++ {
		fmt.Fprintf(&b, "int f%d(int x) { return x * %d + 1; }\n", i, i)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Parse(ctx, []byte(b.String()))
	if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "tree-sitter: ") {
		t.Errorf("Parse with a canceled context: err = %v, want tree-sitter's context.Canceled", err)
	}
}

// countdown is a context that is done from its nth call of Err on, its
// Done channel closed then: a cancellation at a chosen point of a parse.
type countdown struct {
	context.Context
	mu   sync.Mutex
	n    int
	done chan struct{}
}

func (c *countdown) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n--; c.n > 0 {
		return nil
	}
	if c.n == 0 {
		close(c.done)
	}
	return context.Canceled
}

func (c *countdown) Done() <-chan struct{} { return c.done }

// TestParseCanceledItems cancels the parse of a file tree-sitter gives up
// on as a whole while its items are parsed one by one: Parse returns the
// cancellation, and a parse after it reads the file as a parse before it
// did (a canceled tree-sitter parser resumes its parse on its next call,
// so the items' parser is never one that Check uses).
func TestParseCanceledItems(t *testing.T) {
	src, err := os.ReadFile("testdata/broken/errorroot.c")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "int f%d(int x) { return x * %d + 1; }\n", i, i)
	}
	src = append([]byte(b.String()), src...)
	want, err := Parse(t.Context(), src)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{2, 50, 200} {
		ctx := &countdown{Context: context.Background(), n: n, done: make(chan struct{})}
		if _, err := Parse(ctx, src); !errors.Is(err, context.Canceled) {
			t.Errorf("canceled at call %d: err = %v, want context.Canceled", n, err)
		}
		got, err := Parse(t.Context(), src)
		if err != nil {
			t.Fatal(err)
		}
		if dump(got.Tree) != dump(want.Tree) {
			t.Fatalf("after a cancellation at call %d, the tree differs", n)
		}
		for i := range 20 {
			cand := []byte(strings.Replace(string(src), fmt.Sprintf("int f%d(", i), fmt.Sprintf("int g%d(", i), 1))
			if err := got.Policy.Check(cand); err != nil {
				t.Errorf("after a cancellation at call %d: Check of a renamed function: %v", n, err)
			}
		}
	}
}

// TestCheckDeclarationsRenamed checks that the names a text adopted
// declares stay declared, as the input's do, when a transform renamed
// them (short names): the check then refuses a candidate that drops their
// declarations and keeps their uses.
func TestCheckDeclarationsRenamed(t *testing.T) {
	src := "typedef int myint;\nmyint x;\nint main(void) { return x; }\n"
	tests := []struct {
		name    string
		adopted []string
		cand    string
		refused bool
	}{
		{"a type renamed", []string{"typedef int a;\na x;\nint main(void) { return x; }\n"},
			"a x;\nint main(void) { return x; }\n", true},
		{"a variable renamed after", []string{"typedef int a;\na x;\nint main(void) { return x; }\n", "typedef int a;\na b;\nint main(void) { return b; }\n"},
			"typedef int a;\nint main(void) { return b; }\n", true},
		{"a renamed type gone with its use", []string{"typedef int a;\na x;\nint main(void) { return x; }\n"},
			"int x;\nint main(void) { return x; }\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse(t.Context(), []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range tt.adopted {
				doc.Policy.Adopted([]byte(a))
			}
			err = doc.Policy.Check([]byte(tt.cand))
			if got := err != nil; got != tt.refused {
				t.Errorf("Check(%q) = %v, want refused %v", tt.cand, err, tt.refused)
			}
		})
	}
}

// TestCheckDeclarations checks which lost declarations Check refuses: a
// variable, a type or a function named as a value still in use, but not a
// function that is only called, which C declares implicitly at its call,
// nor a macro that #ifndef tests.
func TestCheckDeclarations(t *testing.T) {
	src := "typedef int T;\nint g;\nint f(int v) { return v; }\nint h(int v) { return v; }\nint main(void) { T x = g; int (*p)(int) = h; return f(x) + p(x); }\n"
	guarded := "#define M 1\n#ifndef M\n#endif\n" + src
	sized := "typedef unsigned long size_t;\nsize_t n;\n" + src
	macros := "#define MAX(a, b) \\\n  ((a) > (b) ? (a) : (b))\n#define C(x) (c + x)\nint a;\nint c;\n" + src
	tests := []struct {
		name, input, cand string
		refused           bool
	}{
		{"nothing lost", src, src, false},
		{"a variable in use", src, strings.Replace(src, "int g;\n", "", 1), true},
		{"a type in use", src, strings.Replace(src, "typedef int T;\n", "", 1), true},
		{"a standard type in use", sized, strings.Replace(sized, "typedef unsigned long size_t;\n", "", 1), true},
		{"a standard type gone with its use", sized, strings.Replace(sized, "typedef unsigned long size_t;\nsize_t n;\n", "", 1), false},
		{"a function called only", src, strings.Replace(src, "int f(int v) { return v; }\n", "", 1), false},
		{"a function named as a value", src, strings.Replace(src, "int h(int v) { return v; }\n", "", 1), true},
		{"a macro tested only", guarded, strings.Replace(guarded, "#define M 1\n", "", 1), false},
		{"a name a macro's parameter shares", macros, strings.Replace(macros, "int a;\n", "", 1), false},
		{"a name a macro's body uses", macros, strings.Replace(macros, "int c;\n", "", 1), true},
		{"a use gone with its declaration", src, strings.Replace(strings.Replace(src, "int g;\n", "", 1), "T x = g;", "T x = 0;", 1), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse(context.Background(), []byte(tt.input))
			if err != nil {
				t.Fatal(err)
			}
			err = doc.Policy.Check([]byte(tt.cand))
			if got := err != nil; got != tt.refused {
				t.Errorf("Check(%q) = %v, want refused %v", tt.cand, err, tt.refused)
			}
		})
	}
}
