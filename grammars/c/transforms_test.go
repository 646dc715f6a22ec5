package c

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/hdd/tree"
)

var update = flag.Bool("update", false, "update the golden files")

// TestTransformsGolden runs every transform of the policy but short names
// on each input in testdata with no edits and compares the candidates
// with testdata/transforms/NAME.golden (see grammartest.TransformsGolden).
func TestTransformsGolden(t *testing.T) {
	for _, file := range testFiles(t) {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			src, doc := readDoc(t, file)
			p := *doc.Policy // short names have goldens of their own (TestShortNamesGolden)
			p.Transforms = slices.DeleteFunc(slices.Clone(p.Transforms), func(tf tree.Transform) bool { return tf.Name == "short names" })
			doc.Policy = &p
			golden := filepath.Join("testdata", "transforms", strings.TrimSuffix(name, filepath.Ext(name))+".golden")
			grammartest.TransformsGolden(t, doc, src, golden, *update)
		})
	}
}

// TestTransformProperty applies chains of random edits to each input in
// testdata (see grammartest.TransformChains). Every chain that Check
// accepts must have no more syntax errors than the input by a fresh parse;
// every new transform must propose candidates on some of them; and their
// candidates, valid by construction, are refused by Check at most rarely.
func TestTransformProperty(t *testing.T) {
	proposed := map[string]int{}
	refused := map[string]int{}
	for _, file := range testFiles(t) {
		src, doc := readDoc(t, file)
		tstest.SyntaxOnly(t, Language, doc, src) // the transforms' part: chains lose declarations at random
		limit := freshErrors(src)
		n := 400
		if testing.Short() {
			n = 40
		}
		st := grammartest.TransformChains(t, doc, n, rand.New(rand.NewPCG(3, uint64(len(src)))), func(cand []byte) error {
			if got := freshErrors(cand); got > limit {
				return fmt.Errorf("%d syntax errors, the input has %d", got, limit)
			}
			return nil
		})
		for k, v := range st.Proposed {
			proposed[k] += v
		}
		for k, v := range st.Refused {
			refused[k] += v
		}
	}
	for _, tf := range []string{"parameter removal", "void returns", "assignment dropping", "argument zeroing"} {
		t.Logf("%s: %d candidates, %d refused", tf, proposed[tf], refused[tf])
		if proposed[tf] == 0 {
			t.Errorf("%s proposed no candidate", tf)
		}
		if refused[tf]*50 > proposed[tf] {
			t.Errorf("Check refused %d of the %d chains ending with %s, want at most 2%%", refused[tf], proposed[tf], tf)
		}
	}
}

// readDoc reads and parses file.
func readDoc(t *testing.T, file string) ([]byte, *grammars.Doc) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := Parse(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	return src, doc
}

// TestRemoveKnRParams checks that parameter removal takes a K&R
// parameter's declaration with it: its declarator where the declaration
// declares others, the declaration where it declares it alone or where
// every name it declares goes.
func TestRemoveKnRParams(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"a declaration of its own", "int f(a, b)\n    int a;\n    char *b;\n{\n    return a;\n}\nint g(void) { return f(1, 0); }\n",
			[]string{"int f(a)\n    int a;\n{\n    return a;\n}\nint g(void) { return f(1); }\n"}},
		{"a shared declaration", "int f(x, y)\n    int x, y;\n{\n    return x;\n}\n",
			[]string{"int f(x)\n    int x;\n{\n    return x;\n}\n"}},
		{"every name of a shared declaration", "int f(x, y)\n    int x, y;\n{\n    return 0;\n}\n",
			[]string{"int f()\n{\n    return 0;\n}\n", "int f(y)\n    int y;\n{\n    return 0;\n}\n", "int f(x)\n    int x;\n{\n    return 0;\n}\n"}},
		{"used", "int f(a)\n    int a;\n{\n    return a;\n}\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tstest.Transform(t, Language, removeParams, tt.src, tt.want) })
	}
}
