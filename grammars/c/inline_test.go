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
		{"a value used", "int f(int a) { int b = a; b++; }\nint main(void) { return f(1); }\n", nil},
		{"a name the caller declares", "int x;\nvoid f(void) { x++; }\nint main(void) { int x = 0; f(); return x; }\n", nil},
		{"a local of a parameter's name", "void f(int a) { { int a = 2; a++; } }\nint main(void) { f(1); }\n", nil},
		{"an array parameter", "void f(int a[]) { a[0]++; }\nint main(void) { int b[1]; f(b); }\n", nil},
		{"indentation", "void f(int a) {\n    if (a)\n        a++;\n}\nint main(void) {\n  f(2);\n}\n",
			[]string{"void f(int a) {\n    if (a)\n        a++;\n}\nint main(void) {\n  {\n      int a_f = 2;\n      if (a_f)\n          a_f++;\n  }\n}\n"}},
		{"recursion", "void f(int a) { if (a) f(a - 1); }\nint main(void) { f(2); }\n",
			[]string{"void f(int a) { if (a) f(a - 1); }\nint main(void) { {\n    int a_f = 2;\n    if (a_f) f(a_f - 1);\n} }\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tstest.Transform(t, Language, inlineCalls, tt.src, tt.want) })
	}
}
