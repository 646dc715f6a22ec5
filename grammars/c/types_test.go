package c

import (
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
)

func TestSimplifyTypes(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // the candidates' renderings, in order
	}{
		{"declarations", "unsigned long a;\nsize_t b;\nint c;\n",
			[]string{"int a;\nsize_t b;\nint c;\n", "unsigned long a;\nint b;\nint c;\n"}},
		{"typedef name, parameter and cast", "typedef char T;\nT f(T x) { return (T)x; }\n",
			[]string{"typedef int T;\nT f(T x) { return (T)x; }\n", "typedef char T;\nint f(T x) { return (T)x; }\n",
				"typedef char T;\nT f(int x) { return (T)x; }\n", "typedef char T;\nT f(T x) { return (int)x; }\n"}},
		{"void and struct names stay", "struct S { long v; };\nvoid g(void);\ntypedef struct S T;\n",
			[]string{"struct S { int v; };\nvoid g(void);\ntypedef struct S T;\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tstest.Transform(t, Language, simplifyTypes, tt.src, tt.want) })
	}
}
