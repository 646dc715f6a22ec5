package c

import (
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
)

// TestSplitAggregates checks the candidates that split a struct variable
// used only by its members into one variable a member, each passing Check.
func TestSplitAggregates(t *testing.T) {
	const types = "typedef struct o {\n  int *p;\n  int q[2];\n  unsigned r : 3;\n} v;\nstruct s { long a; struct { int b; } in; };\n"
	tests := []struct {
		name, src string
		want      []string
	}{
		{"two members", "int g(void) {\n  v x;\n  return *x.p + x.q[1];\n}\n",
			[]string{"int g(void) {\n  int *x_p;\n  int x_q[2];\n  return *x_p + x_q[1];\n}\n"}},
		{"one member", "long g(void) {\n  struct s y;\n  y.a = 1;\n  return y.a;\n}\n",
			[]string{"long g(void) {\n  long y;\n  y = 1;\n  return y;\n}\n"}},
		{"storage class and qualifier", "static const v z;\nint g(void) { return z.q[0]; }\n",
			[]string{"static const int z[2];\nint g(void) { return z[0]; }\n"}},
		{"a nested struct member", "int g(void) {\n  struct s y;\n  return y.in.b;\n}\n",
			[]string{"int g(void) {\n  struct { int b; } y;\n  return y.b;\n}\n"}},
		{"used whole", "int h(v *);\nint g(void) {\n  v x;\n  h(&x);\n  return x.q[0];\n}\n", nil},
		{"a bit-field", "int g(void) {\n  v x;\n  return x.r;\n}\n", nil},
		{"a name declared twice", "int g(void) {\n  v x;\n  return x.q[0];\n}\nint k(int x) { return x; }\n", nil},
		{"a name taken", "int x_q;\nint g(void) {\n  v x;\n  return *x.p + x.q[0];\n}\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var want []string
			for _, w := range tt.want {
				want = append(want, types+w)
			}
			tstest.Transform(t, Language, splitAggregates, types+tt.src, want)
		})
	}
}
