package cpp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// libstdcxx returns the preprocessed C++ case of testdata/cpp (about
// 560 KB of libstdc++ headers), made with its gen.sh, or skips b without
// g++.
func libstdcxx(b *testing.B) []byte {
	if _, err := exec.LookPath("g++"); err != nil {
		b.Skip("g++ is not installed")
	}
	out := filepath.Join(b.TempDir(), "input.ii")
	if msg, err := exec.Command("../../testdata/cpp/sign-compare/gen.sh", out).CombinedOutput(); err != nil {
		b.Fatalf("gen.sh: %v\n%s", err, msg)
	}
	src, err := os.ReadFile(out)
	if err != nil {
		b.Fatal(err)
	}
	return src
}

func BenchmarkParse(b *testing.B) {
	src := libstdcxx(b)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Language.Parse(context.Background(), src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheck measures Check on candidates of the libstdc++ case: one
// removed function body (a small edit, whose names stay declared), one
// removed namespace (which leaves names undeclared) and half of all nodes
// removed.
func BenchmarkCheck(b *testing.B) {
	src := libstdcxx(b)
	doc, err := Language.Parse(context.Background(), src)
	if err != nil {
		b.Fatal(err)
	}
	tr := doc.Tree
	var body, ns tree.NodeID
	for id := len(tr.Nodes) / 2; id < len(tr.Nodes); id++ {
		n := &tr.Nodes[id]
		if body == 0 && n.Kind == "compound_statement" && tr.Nodes[n.Parent].Kind == "function_definition" {
			body = tree.NodeID(id)
		}
		if ns == 0 && n.Kind == "namespace_definition" {
			ns = tree.NodeID(id)
		}
	}
	for _, c := range []struct {
		name string
		c    tree.Candidate
	}{
		{"body", tree.Candidate{}.Remove(body)},
		{"namespace", tree.Candidate{}.Remove(ns)},
		{"half", grammartest.HalfRemoved(tr)},
	} {
		text := unparse.Text(tr, doc.Policy, c.c)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				doc.Policy.Check(text)
			}
		})
	}
}
