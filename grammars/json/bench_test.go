package json

import (
	"math/rand/v2"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// largestBenchInput returns the largest input of the benchmark corpus (the
// 875 KB iso639 table), skipping the benchmark when the corpus is absent.
func largestBenchInput(b *testing.B) []byte { return grammartest.LargestBenchInput(b, "json") }

// BenchmarkParse parses the largest benchmark input.
func BenchmarkParse(b *testing.B) {
	src := largestBenchInput(b)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse(src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRender renders a candidate of the largest benchmark input that
// removes about half of its members and array elements below the top level
// (removing the top-level ones would leave almost nothing to render).
func BenchmarkRender(b *testing.B) {
	src := largestBenchInput(b)
	doc, err := Parse(src)
	if err != nil {
		b.Fatal(err)
	}
	tr := doc.Tree
	rng := rand.New(rand.NewPCG(1, 1))
	var ids []tree.NodeID
	for id := range tr.Nodes {
		if tr.Nodes[id].Is(tree.Removable) && tr.Depth(tree.NodeID(id)) > 2 && rng.IntN(2) == 0 {
			ids = append(ids, tree.NodeID(id))
		}
	}
	c := tree.Candidate{}.Remove(ids...)
	buf := unparse.Text(tr, doc.Policy, c)
	b.ReportMetric(float64(len(buf)), "out-bytes")
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		buf = unparse.Append(buf[:0], tr, doc.Policy, c)
	}
}

// BenchmarkRenderHDDStep renders the kind of candidate HDD tests most: a
// level's chunk removed (here every 40th element of the largest array),
// the rest of the document as it was, so unedited subtrees are copied whole.
func BenchmarkRenderHDDStep(b *testing.B) {
	benchRenderArray(b, func(j int) bool { return j%40 == 0 })
}

// BenchmarkRenderNearlyEmpty renders the largest bench input with all but
// one element of its largest array removed: a small candidate whose
// renderer still steps over every removed element.
func BenchmarkRenderNearlyEmpty(b *testing.B) {
	benchRenderArray(b, func(j int) bool { return j > 0 })
}

// benchRenderArray renders the largest bench input with the elements j of
// its largest array for which remove(j) holds removed.
func benchRenderArray(b *testing.B, remove func(j int) bool) {
	src := largestBenchInput(b)
	doc, err := Parse(src)
	if err != nil {
		b.Fatal(err)
	}
	tr := doc.Tree
	big := tree.NodeID(0)
	for id := range tr.Nodes {
		if tr.Nodes[id].Kind == "array" && len(tr.Children(tree.NodeID(id))) > len(tr.Children(big)) {
			big = tree.NodeID(id)
		}
	}
	var ids []tree.NodeID
	for j, e := range tr.Children(big) {
		if remove(j) && tr.Nodes[e].Is(tree.Removable) {
			ids = append(ids, e)
		}
	}
	c := tree.Candidate{}.Remove(ids...)
	b.SetBytes(int64(len(src)))
	var buf []byte
	for b.Loop() {
		buf = unparse.Append(buf[:0], tr, doc.Policy, c)
	}
	b.ReportMetric(float64(len(ids)), "removed")
	b.ReportMetric(float64(len(buf)), "out-bytes")
}

// BenchmarkParseTolerant parses the largest benchmark input cut short at
// two thirds of its length, so that it is read tolerantly (whole: a
// tolerant tree is never folded).
func BenchmarkParseTolerant(b *testing.B) {
	src := largestBenchInput(b)
	src = src[:len(src)*2/3]
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		doc, err := Parse(src)
		if err != nil {
			b.Fatal(err)
		}
		if !readTolerantly(doc) {
			b.Fatalf("not read tolerantly: %q", doc.Warnings)
		}
	}
}
