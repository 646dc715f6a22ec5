package treesitter_test

import (
	"context"
	"testing"

	"github.com/hddreduce/hdd/grammars/c"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// BenchmarkCheck measures Check on C candidates, parsed incrementally
// (default) and afresh.
func BenchmarkCheck(b *testing.B) {
	src := grammartest.BenchInput(b, "c", "csmith-tcc-pragma-pack")
	doc, err := c.Parse(context.Background(), src)
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
		{"half", grammartest.HalfRemoved(tr)},
	}
	for _, cand := range cands {
		text := unparse.Text(tr, doc.Policy, cand.c)
		for _, lim := range []float64{*treesitter.MaxIncremental, -1} {
			name := cand.name + "/default"
			if lim < 0 {
				name = cand.name + "/fresh"
			}
			b.Run(name, func(b *testing.B) {
				defer func(s float64) { *treesitter.MaxIncremental = s }(*treesitter.MaxIncremental)
				*treesitter.MaxIncremental = lim
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
