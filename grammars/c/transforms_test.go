package c

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

var update = flag.Bool("update", false, "update the golden files")

// TestTransformsGolden runs every transform of the policy on each input in
// testdata with no edits and compares the candidates with
// testdata/transforms/NAME.golden: for each candidate, the transform, its
// index, the lines it changes and, when Check refuses it, why (a transform
// may propose what does not parse: the check then costs no test run).
func TestTransformsGolden(t *testing.T) {
	for _, file := range testFiles(t) {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			src, doc := readDoc(t, file)
			var out strings.Builder
			for _, tf := range doc.Policy.Transforms {
				for i, cand := range tf.Candidates(doc.Tree, tree.Candidate{}) {
					text := unparse.Text(doc.Tree, doc.Policy, cand)
					verdict := ""
					if err := doc.Policy.Check(text); err != nil {
						verdict = fmt.Sprintf(" (refused: %v)", err)
					}
					fmt.Fprintf(&out, "-- %s %d%s --\n%s", tf.Name, i, verdict, lineDiff(src, text))
				}
			}
			golden := filepath.Join("testdata", "transforms", strings.TrimSuffix(name, filepath.Ext(name))+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to write it)", err)
			}
			if got := out.String(); got != string(want) {
				t.Errorf("candidates differ from %s (go test -update rewrites it):\n%s", golden, firstDiff(got, string(want)))
			}
		})
	}
}

// lineDiff returns the lines of a that b lacks, prefixed "-", and the
// lines b has instead, prefixed "+", by a longest common subsequence of
// their lines, with one line of context ("  ") before each change.
func lineDiff(a, b []byte) string {
	al := strings.SplitAfter(string(a), "\n")
	bl := strings.SplitAfter(string(b), "\n")
	// lcs[i][j] is the length of a longest common subsequence of al[i:]
	// and bl[j:].
	lcs := make([][]int, len(al)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(bl)+1)
	}
	for i := len(al) - 1; i >= 0; i-- {
		for j := len(bl) - 1; j >= 0; j-- {
			if al[i] == bl[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out strings.Builder
	line := func(prefix, l string) { out.WriteString(prefix + strings.TrimSuffix(l, "\n") + "\n") }
	same := true // the line before was common
	for i, j := 0, 0; i < len(al) || j < len(bl); {
		switch {
		case i < len(al) && j < len(bl) && al[i] == bl[j]:
			i, j, same = i+1, j+1, true
		case j == len(bl) || i < len(al) && lcs[i+1][j] >= lcs[i][j+1]:
			if same && i > 0 {
				line("  ", al[i-1])
			}
			line("-", al[i])
			i, same = i+1, false
		default:
			if same && i > 0 {
				line("  ", al[i-1])
			}
			line("+", bl[j])
			j, same = j+1, false
		}
	}
	return out.String()
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(gl) || i < len(wl); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			return fmt.Sprintf("line %d:\n got %q\nwant %q", i+1, g, w)
		}
	}
	return ""
}

// TestTransformProperty applies chains of random edits to each input in
// testdata: a few rounds of random removals, each followed by a candidate
// of a transform picked at random. Every chain that Check accepts must
// have no more syntax errors than the input by a fresh parse, every
// transform must propose candidates on some of them, and the candidates of
// the transforms that rewrite calls, returns and assignments (valid by
// construction) are refused by Check at most rarely.
func TestTransformProperty(t *testing.T) {
	proposed := map[string]int{}
	refused := map[string]int{}
	for _, file := range testFiles(t) {
		src, doc := readDoc(t, file)
		limit := freshErrors(src)
		rng := rand.New(rand.NewPCG(3, uint64(len(src))))
		tfs := doc.Policy.Transforms
		n := 400
		if testing.Short() {
			n = 40
		}
		for range n {
			var c tree.Candidate
			var last string
			for range 1 + rng.IntN(3) {
				c = c.Remove(randomRemovals(doc.Tree, c, rng)...)
				tf := tfs[rng.IntN(len(tfs))]
				if cands := tf.Candidates(doc.Tree, c); len(cands) > 0 {
					c = cands[rng.IntN(len(cands))]
					last = tf.Name
					proposed[tf.Name]++
				}
			}
			text := unparse.Text(doc.Tree, doc.Policy, c)
			if err := doc.Policy.Check(text); err != nil {
				refused[last]++
				continue
			}
			if got := freshErrors(text); got > limit {
				t.Errorf("%s: Check accepted a candidate with %d syntax errors (the input has %d):\n%s", file, got, limit, text)
			}
		}
	}
	for _, tf := range []string{"parameter removal", "void returns", "call hoisting", "assignment dropping", "argument zeroing"} {
		t.Logf("%s: %d candidates, %d refused", tf, proposed[tf], refused[tf])
		if proposed[tf] == 0 {
			t.Errorf("%s proposed no candidate", tf)
		}
		if refused[tf]*50 > proposed[tf] {
			t.Errorf("Check refused %d of the %d chains ending with %s, want at most 2%%", refused[tf], proposed[tf], tf)
		}
	}
}

// randomRemovals returns a few shrinkable nodes of t that c leaves as they
// are, picked at random.
func randomRemovals(t *tree.Tree, c tree.Candidate, rng *rand.Rand) []tree.NodeID {
	p := []float64{0, 0.01, 0.05, 0.2}[rng.IntN(4)]
	var ids []tree.NodeID
	for id := range t.Nodes {
		if rng.Float64() < p && t.CanShrink(tree.NodeID(id)) && !c.Edited(tree.NodeID(id)) {
			ids = append(ids, tree.NodeID(id))
		}
	}
	return ids
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
