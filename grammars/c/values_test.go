package c

import "testing"

// TestInlineValues checks the candidates that inline a local's value into
// its uses, each passing Check.
func TestInlineValues(t *testing.T) {
	const head = "int f(int);\nvoid g(int a) {\n"
	tests := []struct {
		name, body string
		want       []string
	}{
		{"one use", "  int y = f(a);\n  f(y);\n", []string{"  f(f(a));\n"}},
		{"parentheses", "  int y = a + 1;\n  f(y * 2);\n", []string{"  f((a + 1) * 2);\n"}},
		{"two uses", "  int y = a;\n  f(y);\n  f(y);\n", []string{"  f(a);\n  f(a);\n"}},
		{"two uses of a call", "  int y = f(a);\n  f(y);\n  f(y);\n", nil},
		{"assigned", "  int y = a;\n  y = 2;\n  f(y);\n", nil},
		{"incremented", "  int y = a;\n  y++;\n", nil},
		{"incremented in parentheses", "  int y = a + 1;\n  (y)++;\n  f(y);\n", nil},
		{"a value", "  int y = a;\n  int z = y;\n  f(z);\n",
			[]string{"  int z = a;\n  f(z);\n", "  int y = a;\n  f(y);\n"}},
		{"longer", "  int y = a + 1;\n  f(y + y + y + y + y);\n", nil},
		{"address taken", "  int y = a;\n  int *p = &y;\n  f(*p);\n",
			[]string{"  int y = a;\n  f(*(&y));\n"}}, // p, not y
		{"declared again inside", "  int y = a;\n  { int y = 2; f(y); }\n",
			[]string{"  int y = a;\n  { f(2); }\n"}}, // the inner y only
		{"unused", "  int y = a;\n", nil},
		{"two declarators", "  int y = a, z = 1;\n  f(y + z);\n", nil},
		{"no value", "  int y;\n  f(y);\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkInFunction(t, inlineValues, head, tt.body, tt.want) })
	}
}
