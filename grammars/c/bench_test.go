package c

import (
	"context"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/unparse"
)

func BenchmarkParse(b *testing.B) {
	src := grammartest.BenchInput(b, "c", "csmith-tcc-pragma-pack")
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse(context.Background(), src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRender(b *testing.B) {
	src := grammartest.BenchInput(b, "c", "csmith-tcc-pragma-pack")
	doc, err := Parse(context.Background(), src)
	if err != nil {
		b.Fatal(err)
	}
	c := grammartest.HalfRemoved(doc.Tree)
	b.SetBytes(int64(len(src)))
	var buf []byte
	for b.Loop() {
		buf = unparse.Append(buf[:0], doc.Tree, doc.Policy, c)
	}
}

// BenchmarkIdents scans csmith's case of the corpus for identifiers, as the
// declarations check and C++'s hide do for every candidate.
func BenchmarkIdents(b *testing.B) {
	src := grammartest.BenchInput(b, "c", "csmith-tcc-pragma-pack")
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Idents(src, false, func(i, j int) int { return j })
	}
}
