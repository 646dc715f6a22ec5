package c

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// benchInput returns the largest input of the benchmark corpus, the 98 KB
// csmith program.
func benchInput(b *testing.B) []byte {
	for _, f := range benchFiles(b) {
		if filepath.Base(filepath.Dir(f)) == "csmith-tcc-pragma-pack" {
			src, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			return src
		}
	}
	b.Skip("csmith-tcc-pragma-pack not in the corpus")
	return nil
}

func BenchmarkParse(b *testing.B) {
	src := benchInput(b)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse(context.Background(), src); err != nil {
			b.Fatal(err)
		}
	}
}

// halfRemoved returns a config removing about half of the shrinkable nodes.
func halfRemoved(t *tree.Tree) tree.Candidate {
	rng := rand.New(rand.NewPCG(1, 2))
	var ids []tree.NodeID
	for id := range t.Nodes {
		if t.CanShrink(tree.NodeID(id)) && rng.IntN(2) == 0 {
			ids = append(ids, tree.NodeID(id))
		}
	}
	return tree.Candidate{}.Remove(ids...)
}

func BenchmarkRender(b *testing.B) {
	src := benchInput(b)
	doc, err := Parse(context.Background(), src)
	if err != nil {
		b.Fatal(err)
	}
	c := halfRemoved(doc.Tree)
	b.SetBytes(int64(len(src)))
	var buf []byte
	for b.Loop() {
		buf = unparse.Append(buf[:0], doc.Tree, doc.Policy, c)
	}
}

func BenchmarkCheck(b *testing.B) {
	src := benchInput(b)
	doc, err := Parse(context.Background(), src)
	if err != nil {
		b.Fatal(err)
	}
	tr := doc.Tree
	// One function body, one statement, and half of all nodes removed.
	var body, stmt tree.NodeID
	for id := len(tr.Nodes) / 2; id < len(tr.Nodes); id++ {
		n := &tr.Nodes[id]
		if body == 0 && n.Kind == "compound_statement" && tr.Nodes[n.Parent].Kind == "function_definition" {
			body = tree.NodeID(id)
		}
		if stmt == 0 && n.Kind == "expression_statement" {
			stmt = tree.NodeID(id)
		}
	}
	cands := []struct {
		name string
		c    tree.Candidate
	}{
		{"input", tree.Candidate{}},
		{"statement", tree.Candidate{}.Remove(stmt)},
		{"body", tree.Candidate{}.Remove(body)},
		{"half", halfRemoved(tr)},
	}
	for _, cand := range cands {
		text := unparse.Text(tr, doc.Policy, cand.c)
		for _, lim := range []float64{maxIncremental, -1} {
			name := cand.name + "/default"
			if lim < 0 {
				name = cand.name + "/fresh"
			}
			b.Run(name, func(b *testing.B) {
				defer func(s float64) { maxIncremental = s }(maxIncremental)
				maxIncremental = lim
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					doc.Policy.Check(text)
				}
			})
		}
	}
	b.Run("parallel", func(b *testing.B) {
		text := unparse.Text(tr, doc.Policy, cands[1].c)
		b.SetBytes(int64(len(text)))
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if err := doc.Policy.Check(text); err != nil {
					b.Error(err)
				}
			}
		})
	})
}
