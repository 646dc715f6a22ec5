package golang

import (
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
)

// TestInlineValues checks the candidates that inline a local's value into
// its uses, each passing Check.
func TestInlineValues(t *testing.T) {
	const head = "package p\n\nfunc f(int) int\n\nfunc g(a int) {\n"
	tests := []struct {
		name, body string
		want       []string
	}{
		{"one use", "\tx := f(a)\n\tf(x)\n", []string{"\tf(f(a))\n"}},
		{"parentheses", "\tx := a + 1\n\tf(x * 2)\n", []string{"\tf((a + 1) * 2)\n"}},
		{"two uses of a name", "\tx := a\n\tf(x)\n\tf(x)\n", []string{"\tf(a)\n\tf(a)\n"}},
		{"two uses of a call", "\tx := f(a)\n\tf(x)\n\tf(x)\n", nil},
		{"assigned", "\tx := a\n\tx = 2\n\tf(x)\n", nil},
		{"incremented", "\tx := a\n\tx++\n\tf(x)\n", nil},
		{"incremented in parentheses", "\tx := a + 1\n\t(x)++\n\tf(x)\n", nil},
		{"longer", "\tx := a + 1\n\tf(x + x + x + x + x)\n", nil},
		{"address taken", "\tx := a\n\tp := &x\n\tf(*p)\n", []string{"\tx := a\n\tf(*(&x))\n"}}, // p is the package's name too
		{"declared again", "\tx := a\n\tif true {\n\t\tx := 2\n\t\tf(x)\n\t}\n\tf(x)\n",
			[]string{"\tx := a\n\tif true {\n\t\tf(2)\n\t}\n\tf(x)\n"}}, // the inner x only
		{"a composite literal", "\tx := []int{a}\n\tf(len(x))\n", []string{"\tf(len(([]int{a})))\n"}},
		{"two names", "\tx, y := a, a\n\tf(x + y)\n", nil},
		{"blank", "\t_ := a\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var want []string
			for _, w := range tt.want {
				want = append(want, head+w+"}\n")
			}
			tstest.Transform(t, Language, inlineValues, head+tt.body+"}\n", want)
		})
	}
}
