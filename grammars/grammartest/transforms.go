package grammartest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TransformsGolden runs every transform of doc's policy on doc's tree with
// no edits and compares the candidates with the golden file: for each
// candidate, the transform, its index, the lines it changes from src and,
// when the policy's Check refuses it, why (a transform may propose what
// does not parse: the check then costs no test run). With update set, it
// writes the golden file instead.
func TransformsGolden(t testing.TB, doc *grammars.Doc, src []byte, golden string, update bool) {
	t.Helper()
	var out strings.Builder
	for _, tf := range doc.Policy.Transforms {
		for i, cand := range tf.Candidates(doc.Tree, tree.Candidate{}) {
			text := unparse.Text(doc.Tree, doc.Policy, cand)
			verdict := ""
			if doc.Policy.Check != nil {
				if err := doc.Policy.Check(text); err != nil {
					verdict = fmt.Sprintf(" (refused: %v)", err)
				}
			}
			fmt.Fprintf(&out, "-- %s %d%s --\n%s", tf.Name, i, verdict, LineDiff(src, text))
		}
	}
	if update {
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
}

// LineDiff returns the lines of a that b lacks, prefixed "-", and the
// lines b has instead, prefixed "+", by a longest common subsequence of
// their lines, with the common line before each change ("  ") for context.
func LineDiff(a, b []byte) string {
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
			continue
		case same && i > 0:
			line("  ", al[i-1])
		}
		if j == len(bl) || i < len(al) && lcs[i+1][j] >= lcs[i][j+1] {
			line("-", al[i])
			i++
		} else {
			line("+", bl[j])
			j++
		}
		same = false
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

// ChainStats counts, for each transform, the chains of TransformChains
// that it ended (Proposed) and those of them the policy's Check refused
// (Refused).
type ChainStats struct {
	Proposed, Refused map[string]int
}

// TransformChains renders n chains of random edits of doc: each a few
// rounds of random removals, each round followed by a candidate of one of
// the policy's transforms, picked at random. A chain that the policy's
// Check accepts must pass valid, an independent check; Check's refusals
// are only counted. It reports each failure (up to a few) with t.Errorf.
func TransformChains(t testing.TB, doc *grammars.Doc, n int, rng *rand.Rand, valid func([]byte) error) ChainStats {
	t.Helper()
	st := ChainStats{Proposed: map[string]int{}, Refused: map[string]int{}}
	tfs := doc.Policy.Transforms
	bad := 0
	for range n {
		var c tree.Candidate
		last := ""
		for range 1 + rng.IntN(3) {
			c = c.Remove(randomRemovals(doc.Tree, c, rng)...)
			tf := tfs[rng.IntN(len(tfs))]
			if cands := tf.Candidates(doc.Tree, c); len(cands) > 0 {
				c = cands[rng.IntN(len(cands))]
				last = tf.Name
				st.Proposed[tf.Name]++
			}
		}
		text := unparse.Text(doc.Tree, doc.Policy, c)
		if doc.Policy.Check != nil {
			if err := doc.Policy.Check(text); err != nil {
				st.Refused[last]++
				continue
			}
		}
		if err := valid(text); err != nil {
			if bad++; bad <= 3 {
				if len(text) > 2000 {
					text = clip(text, 0)
				}
				t.Errorf("a chain of edits ending with %q is accepted by Check but not valid: %v\n%s", last, err, text)
			}
		}
	}
	return st
}

// randomRemovals returns shrinkable nodes of t that c leaves as they are,
// each with a probability drawn at random for the round.
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
