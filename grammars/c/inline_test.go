package c

import (
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
)

// TestInlineCalls checks the candidates that inline a call standing as a
// statement, each passing Check.
func TestInlineCalls(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"parameters renamed",
			"void n(int *o, int p) {\n  o[0] = p;\n}\nvoid a(int p) {\n  int o[1];\n  n(o, p);\n}\n",
			[]string{"void n(int *o, int p) {\n  o[0] = p;\n}\nvoid a(int p) {\n  int o[1];\n  {\n    int *o_n = o;\n    int p_n = p;\n    o_n[0] = p_n;\n  }\n}\n"}},
		{"void parameters", "int x;\nvoid f(void) { x++; }\nint main(void) { f(); return x; }\n",
			[]string{"int x;\nvoid f(void) { x++; }\nint main(void) { {\n    x++;\n} return x; }\n"}},
		{"a return", "int x;\nvoid f(void) { if (x) return; x++; }\nint main(void) { f(); return x; }\n", nil},
		{"a value used", "int f(int a) {\n  int b = a;\n  return b * 2;\n}\nint main(void) {\n  int h = f(1);\n  return h;\n}\n",
			[]string{"int f(int a) {\n  int b = a;\n  return b * 2;\n}\nint main(void) {\n  int f_ret;\n  {\n    int a_f = 1;\n    int b = a_f;\n    f_ret = b * 2;\n  }\n  int h = f_ret;\n  return h;\n}\n"}},
		{"a pointer's returns", "const char *g(int a) {\n  if (a)\n    return \"x\";\n  return 0;\n}\nint main(void) {\n  return *g(2);\n}\n",
			[]string{"const char *g(int a) {\n  if (a)\n    return \"x\";\n  return 0;\n}\nint main(void) {\n  const char *g_ret;\n  {\n    int a_g = 2;\n    if (a_g)\n      g_ret = \"x\";\n    g_ret = 0;\n  }\n  return *g_ret;\n}\n"}},
		{"a comment in a return", "int f(int a) {\n  a++;\n  return /* v */ a;\n}\nint main(void) {\n  int h = f(1);\n  return h;\n}\n",
			[]string{"int f(int a) {\n  a++;\n  return /* v */ a;\n}\nint main(void) {\n  int f_ret;\n  {\n    int a_f = 1;\n    a_f++;\n    f_ret = /* v */ a_f;\n  }\n  int h = f_ret;\n  return h;\n}\n"}},
		{"a value in a loop's condition", "int f(int a) {\n  a++;\n  return a;\n}\nint main(void) {\n  while (f(1))\n    ;\n}\n", nil},
		{"a void value", "void f(int a) {\n  a++;\n}\nint main(void) {\n  return f(1);\n}\n", nil},
		{"a name the caller declares", "int x;\nvoid f(void) { x++; }\nint main(void) { int x = 0; f(); return x; }\n", nil},
		{"a local of a parameter's name", "void f(int a) { { int a = 2; a++; } }\nint main(void) { f(1); }\n", nil},
		{"an array parameter", "void f(int a[]) { a[0]++; }\nint main(void) { int b[1]; f(b); }\n", nil},
		{"indentation", "void f(int a) {\n    if (a)\n        a++;\n}\nint main(void) {\n  f(2);\n}\n",
			[]string{"void f(int a) {\n    if (a)\n        a++;\n}\nint main(void) {\n  {\n      int a_f = 2;\n      if (a_f)\n          a_f++;\n  }\n}\n"}},
		{"a value returned", "int sq(int x) { return x * x; }\nint main(void) { return sq(2 + 1); }\n",
			[]string{"int sq(int x) { return x * x; }\nint main(void) { return (2 + 1) * (2 + 1); }\n"}},
		{"a value in an expression", "int add(int a, int b) { return a + b; }\nint main(void) { return 2 * add(1, 3) + add(4, 5); }\n",
			[]string{
				"int add(int a, int b) { return a + b; }\nint main(void) { return 2 * (1 + 3) + add(4, 5); }\n",
				"int add(int a, int b) { return a + b; }\nint main(void) { return 2 * add(1, 3) + (4 + 5); }\n",
			}},
		{"a value in a condition", "int neg(int a) { return !a; }\nint main(int n, char **v) { if (neg(n)) return 1; return 0; }\n",
			[]string{"int neg(int a) { return !a; }\nint main(int n, char **v) { if (!n) return 1; return 0; }\n"}},
		{"a call spelled once", "int g(void);\nint id(int x) { return x; }\nint main(void) { return id(g()); }\n",
			[]string{"int g(void);\nint id(int x) { return x; }\nint main(void) { return g(); }\n"}},
		{"a call spelled twice", "int g(void);\nint sq(int x) { return x * x; }\nint main(void) { return sq(g()); }\n", nil},
		{"a returned name the caller declares", "int k;\nint f(void) { return k; }\nint main(void) { int k = 1; return f(); }\n", nil},
		{"a comma", "int f(int a) { return a, 2; }\nint g(int a, int b);\nint main(void) { return g(f(1), 3); }\n",
			[]string{"int f(int a) { return a, 2; }\nint g(int a, int b);\nint main(void) { return g((1, 2), 3); }\n"}},
		{"recursion", "void f(int a) { if (a) f(a - 1); }\nint main(void) { f(2); }\n",
			[]string{"void f(int a) { if (a) f(a - 1); }\nint main(void) { {\n    int a_f = 2;\n    if (a_f) f(a_f - 1);\n} }\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tstest.Transform(t, Language, inlineCalls, tt.src, tt.want) })
	}
}
