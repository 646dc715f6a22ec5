package cpp

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// find returns the first node of the given kind whose text starts with
// text.
func find(t *testing.T, tr *tree.Tree, kind, text string) tree.NodeID {
	t.Helper()
	for id := range tr.Nodes {
		if tr.Nodes[id].Kind == kind && strings.HasPrefix(string(tr.Text(tree.NodeID(id))), text) {
			return tree.NodeID(id)
		}
	}
	var b strings.Builder
	tr.Dump(&b)
	t.Fatalf("no %s %q in\n%s", kind, text, b.String())
	return tree.NoNode
}

func TestRemove(t *testing.T) {
	tests := []struct {
		name       string
		src        string
		kind, text string // the node removed
		want       string
	}{
		{"access specifier and its colon", "class A {\npublic:\n  int x;\n};\n", "access", "public", "class A {\n  int x;\n};\n"},
		{"member default value", "struct S { int a = 1; };\n", "default", "=", "struct S { int a; };\n"},
		{"parameter default value", "void f(int a = 3);\n", "default", "=", "void f(int a);\n"},
		{"second of two members", "struct S { int a = 1, b = 2; };\n", "init_declarator", "b", "struct S { int a = 1; };\n"},
		{"template parameter", "template <typename T, int N> struct S {};\n", "type_parameter_declaration", "typename T", "template <int N> struct S {};\n"},
		{"template argument", "S<int, 3> s;\n", "number_literal", "3", "S<int> s;\n"},
		{"namespace body", "namespace n {\nint a;\n}\n", "declaration_list", "{", "namespace n {}\n"},
		{"base class clause", "struct A : B { };\n", "base_class_clause", ":", "struct A { };\n"},
		{"member initializers", "struct A { A() : x(1), y(2) {} int x, y; };\n", "field_initializer_list", ":", "struct A { A() {} int x, y; };\n"},
		{"one member initializer", "struct A { A() : x(1), y(2) {} int x, y; };\n", "field_initializer", "x", "struct A { A() : y(2) {} int x, y; };\n"},
		{"lambda capture", "auto f = [a, &b]() { return 1; };\n", "identifier", "a", "auto f = [ &b]() { return 1; };\n"}, // [& could fuse
		{"reference", "void f(const A &a);\n", "&", "&", "void f(const A a);\n"},
		{"function body", "int f(int a) {\n  return a;\n}\n", "compound_statement", "{", "int f(int a) ;\n"},
		{"template parameter name", "template <typename T> struct S;\n", "type_identifier", "T", "template <typename> struct S;\n"},
		{"catch clause", "void f() { try { g(); } catch (int) {} catch (...) {} }\n", "catch_clause", "catch (int)", "void f() { try { g(); } catch (...) {} }\n"},
		{"attribute after a namespace", "namespace std __attribute__ ((__visibility__ (\"default\")))\n{\nint a;\n}\n",
			"attribute_specifier", "__attribute__", "namespace std\n{\nint a;\n}\n"},
		{"__extension__", "__extension__ typedef long long ll;\n", "extension", "__extension__", "typedef long long ll;\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Language.Parse(context.Background(), []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if len(doc.Warnings) > 0 {
				t.Errorf("warnings %q", doc.Warnings)
			}
			id := find(t, doc.Tree, tt.kind, tt.text)
			got := string(unparse.Text(doc.Tree, doc.Policy, tree.Candidate{}.Remove(id)))
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if n, err := Language.Errors([]byte(got)); err != nil || n > 0 {
				t.Errorf("%q has %d syntax errors (%v)", got, n, err)
			}
		})
	}
}

// TestCheckUndeclared checks that Check refuses a candidate that names
// something the input declared but declares it no more, and accepts one
// that drops the name with its declaration, or keeps another declaration.
func TestCheckUndeclared(t *testing.T) {
	src := "int g(int);\nint g(int x) { return x; }\nint f(int y) { return g(y); }\nint h() { return 1; }\n"
	doc, err := Language.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cand string
		ok   bool
	}{
		{"int g(int);\nint f(int y) { return g(y); }\nint h() { return 1; }\n", true}, // a declaration of g stays
		{"int f(int y) { return g(y); }\nint h() { return 1; }\n", false},             // g is named, declared no more
		{"int g(int);\nint g(int x) { return x; }\nint f(int y) { return g(y); }\n", true},
		{"int h() { return 1; }\n", true},                                 // g and f gone with their uses
		{"int g(int x) { return x; }\nint f() { return g(y); }\n", false}, // y no longer declared
	}
	for _, tt := range tests {
		err := doc.Policy.Check([]byte(tt.cand))
		if (err == nil) != tt.ok {
			t.Errorf("Check(%q) = %v, want ok=%v", tt.cand, err, tt.ok)
		}
	}
}

// TestUnwrapNamespaces checks that the transform drops a namespace's head
// and braces, keeping its items.
func TestUnwrapNamespaces(t *testing.T) {
	src := "namespace a {\nint x;\nnamespace b { int y; }\n}\nint z;\n"
	doc, err := Language.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range unwrapNamespaces(doc.Tree, tree.Candidate{}) {
		got = append(got, string(unparse.Text(doc.Tree, doc.Policy, c)))
	}
	want := []string{"int x;\nnamespace b { int y; }\nint z;\n", "namespace a {\nint x;\nint y;\n}\nint z;\n"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestSimplifyTypes checks the types the transform proposes int for.
func TestSimplifyTypes(t *testing.T) {
	src := "std::map<int, int> f(const std::vector<int> &v, unsigned long n);\ntypedef A<B> T;\nstatic long x = 1;\nstruct S { T::U m; } s;\nint g(void);\n"
	doc, err := Language.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range simplifyTypes(doc.Tree, tree.Candidate{}) {
		for line := range strings.SplitSeq(string(unparse.Text(doc.Tree, doc.Policy, c)), "\n") {
			if !strings.Contains(src, line) {
				got = append(got, line)
			}
		}
	}
	want := []string{
		"int f(const std::vector<int> &v, unsigned long n);",
		"std::map<int, int> f(const int &v, unsigned long n);",
		"std::map<int, int> f(const std::vector<int> &v, int n);",
		"typedef int T;",
		"typedef A<int> T;", // a template argument
		"static int x = 1;",
		"struct S { int m; } s;",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestKeepConditions checks C's condition keeping on C++'s condition
// clause: a condition that calls stands before the branch, a condition
// that declares stays.
func TestKeepConditions(t *testing.T) {
	src := "int f();\nvoid g() {\n  if (f()) ;\n  if (int x = f()) x++;\n}\n"
	i := slices.IndexFunc(Language.Transforms, func(tf tree.Transform) bool { return tf.Name == "condition keeping" })
	if i < 0 {
		t.Fatal("C++ has no condition keeping")
	}
	tstest.Transform(t, Language, Language.Transforms[i].Candidates, src,
		[]string{"int f();\nvoid g() {\n  f();\n  if (int x = f()) x++;\n}\n"})
}
