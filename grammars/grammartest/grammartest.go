// Package grammartest holds the checks every format adapter must pass: the
// byte-exact round trip and well-formed candidates under random edits.
package grammartest

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// OfKind returns the nodes of t of the given kind, in preorder.
func OfKind(t *tree.Tree, kind string) []tree.NodeID {
	var ids []tree.NodeID
	for id := range t.Nodes {
		if t.Nodes[id].Kind == kind {
			ids = append(ids, tree.NodeID(id))
		}
	}
	return ids
}

// RandomCandidate returns a candidate that removes each shrinkable node of t
// with a probability drawn at random for the whole candidate, so that some
// candidates remove a few leaves and others whole subtrees, at every depth.
func RandomCandidate(t *tree.Tree, rng *rand.Rand) tree.Candidate {
	p := []float64{0.01, 0.05, 0.2, 0.5, 0.9}[rng.IntN(5)]
	var ids []tree.NodeID
	for id := range t.Nodes {
		if rng.Float64() < p && t.CanShrink(tree.NodeID(id)) {
			ids = append(ids, tree.NodeID(id))
		}
	}
	return tree.Candidate{}.Remove(ids...)
}

// HalfRemoved returns a candidate removing about half of the shrinkable
// nodes of t, the same for every call: the typical candidate of a
// benchmark.
func HalfRemoved(t *tree.Tree) tree.Candidate {
	rng := rand.New(rand.NewPCG(1, 2))
	var ids []tree.NodeID
	for id := range t.Nodes {
		if t.CanShrink(tree.NodeID(id)) && rng.IntN(2) == 0 {
			ids = append(ids, tree.NodeID(id))
		}
	}
	return tree.Candidate{}.Remove(ids...)
}

// RoundTrip checks that parsing src with f and rendering the tree with no
// edits gives src back byte for byte.
func RoundTrip(t testing.TB, f *grammars.Format, src []byte) *grammars.Doc {
	t.Helper()
	doc, err := f.Parse(context.Background(), src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	got := unparse.Text(doc.Tree, doc.Policy, tree.Candidate{})
	if !bytes.Equal(got, src) {
		i := 0
		for i < len(got) && i < len(src) && got[i] == src[i] {
			i++
		}
		t.Fatalf("round trip differs at byte %d (got %d bytes, want %d): got %q, want %q",
			i, len(got), len(src), clip(got, i), clip(src, i))
	}
	return doc
}

func clip(b []byte, i int) []byte {
	return b[max(i-20, 0):min(i+40, len(b))]
}

// Stats counts the candidates of a Property run.
type Stats struct {
	Candidates int // rendered
	Rejected   int // refused by the policy's own Check (never shown to a test)
	Bad        int // accepted by Check but refused by the independent checker

	// Transformed counts the candidates that carry a transform's edit, and
	// TransformRejected those of them that Check refused (also counted in
	// Rejected).
	Transformed, TransformRejected int
}

// Property renders n random candidates of src and checks each with valid, an
// independent well-formedness check. Half of the candidates also carry the
// edit of one of the policy's transforms, picked at random among those it
// proposes for the random removals. A candidate that the policy's own Check
// refuses would never reach a test, so it is only counted; every other
// candidate must pass valid. Property reports each failure (up to a few) with
// t.Errorf and returns the counts.
func Property(t testing.TB, f *grammars.Format, src []byte, n int, seed uint64, valid func([]byte) error) Stats {
	t.Helper()
	doc, err := f.Parse(context.Background(), src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	var st Stats
	var buf []byte
	for range n {
		c := RandomCandidate(doc.Tree, rng)
		transformed := false
		if tfs := doc.Policy.Transforms; len(tfs) > 0 && rng.IntN(2) == 0 {
			tf := tfs[rng.IntN(len(tfs))]
			if cands := tf.Candidates(doc.Tree, c); len(cands) > 0 {
				c = cands[rng.IntN(len(cands))]
				transformed = true
				st.Transformed++
			}
		}
		buf = unparse.Append(buf[:0], doc.Tree, doc.Policy, c)
		st.Candidates++
		if doc.Policy.Check != nil {
			if err := doc.Policy.Check(buf); err != nil {
				st.Rejected++
				if transformed {
					st.TransformRejected++
				}
				continue
			}
		}
		if err := valid(buf); err != nil {
			st.Bad++
			if st.Bad <= 3 {
				t.Errorf("candidate not well-formed: %v\n%s", err, clip(buf, 0))
				if len(buf) < 2000 {
					t.Logf("full candidate:\n%s", buf)
				}
			}
		}
	}
	return st
}

// Inputs returns the files in dir whose names end in one of exts.
func Inputs(t testing.TB, dir string, exts ...string) []string {
	t.Helper()
	var files []string
	for _, ext := range exts {
		m, err := filepath.Glob(filepath.Join(dir, "*"+ext))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatalf("no %v files in %s", exts, dir)
	}
	return files
}

// BenchInputs returns the inputs of the public benchmark corpus for a format
// ("c", "xml", "json"), found at ../shared/bench/cases from the repository
// root, or nil when the corpus is not beside the repository.
func BenchInputs(format string) []string {
	for _, up := range []string{"..", "../..", "../../..", "../../../.."} {
		dir := filepath.Join(up, "..", "shared", "bench", "cases", format)
		if _, err := os.Stat(dir); err == nil {
			m, _ := filepath.Glob(filepath.Join(dir, "*", "input.*"))
			return m
		}
	}
	return nil
}

// BenchInput returns the input of the public benchmark corpus's case
// format/name, skipping the test or benchmark when it is absent.
func BenchInput(t testing.TB, format, name string) []byte {
	t.Helper()
	for _, f := range BenchInputs(format) {
		if filepath.Base(filepath.Dir(f)) == name {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			return src
		}
	}
	t.Skipf("%s/%s is not in the public corpus (../shared/bench/cases)", format, name)
	return nil
}

// LargestBenchInput returns the largest input of the public benchmark corpus
// for a format, skipping the test or benchmark when the corpus is absent.
func LargestBenchInput(t testing.TB, format string) []byte {
	t.Helper()
	var best []byte
	for _, name := range BenchInputs(format) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(src) > len(best) {
			best = src
		}
	}
	if best == nil {
		t.Skipf("the public corpus (../shared/bench/cases/%s) is absent", format)
	}
	return best
}

// CheckParsed checks what the fuzz targets of the tree-sitter formats
// check of doc, a parse of src, by the format named name: the round trip
// is byte for byte, Check accepts src itself, and removing every other
// shrinkable node, the transforms' first candidates and the tidies never
// make Check panic.
func CheckParsed(t *testing.T, name string, doc *grammars.Doc, src []byte) {
	t.Helper()
	if got := unparse.Text(doc.Tree, doc.Policy, tree.Candidate{}); !bytes.Equal(got, src) {
		t.Fatalf("%s: round trip: got %q, want %q", name, got, src)
	}
	if err := doc.Policy.Check(src); err != nil {
		t.Fatalf("%s: Check(input) = %v, want nil", name, err)
	}
	var ids []tree.NodeID
	for id := range doc.Tree.Nodes {
		if id%2 == 1 && doc.Tree.CanShrink(tree.NodeID(id)) {
			ids = append(ids, tree.NodeID(id))
		}
	}
	doc.Policy.Check(unparse.Text(doc.Tree, doc.Policy, tree.Candidate{}.Remove(ids...)))
	for _, tf := range doc.Policy.Transforms {
		cands := tf.Candidates(doc.Tree, tree.Candidate{})
		for _, c := range cands[:min(len(cands), 8)] {
			doc.Policy.Check(unparse.Text(doc.Tree, doc.Policy, c))
		}
	}
	for _, td := range doc.Policy.Tidies {
		doc.Policy.Check(td.Apply(src))
	}
}
