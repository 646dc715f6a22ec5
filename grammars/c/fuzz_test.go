package c

import (
	"bytes"
	"context"
	"errors"
	"os"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// FuzzRoundTrip checks that any input either fails to parse with a clear
// error or round-trips byte for byte, that Check accepts the input itself,
// and that removing a node never panics.
func FuzzRoundTrip(f *testing.F) {
	for _, file := range testFiles(f) {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range []string{
		"int a;", "#define X \\\n 1\n", "f(a,,b);", "{", "}", "/*", "\"", "int a = ({ 1; });",
		"enum { A, };", "#if X\n#else\n#endif", "\r\n", "a\\\n", "struct { int a : 1, b : 2; } s;",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, err := Parse(context.Background(), src)
		if err != nil {
			var se *grammars.SyntaxError
			if !errors.Is(err, grammars.ErrEmpty) && !errors.Is(err, grammars.ErrBinary) && !errors.As(err, &se) {
				t.Fatalf("Parse: unexpected error type %T: %v", err, err)
			}
			return
		}
		got := unparse.Text(doc.Tree, doc.Policy, tree.Candidate{})
		if !bytes.Equal(got, src) {
			t.Fatalf("round trip: got %q, want %q", got, src)
		}
		if err := doc.Policy.Check(src); err != nil {
			t.Fatalf("Check(input) = %v, want nil", err)
		}
		// Remove every other shrinkable node: the unparser must cope with
		// whatever the table produced, and Check must not panic.
		var ids []tree.NodeID
		for id := range doc.Tree.Nodes {
			if id%2 == 1 && doc.Tree.CanShrink(tree.NodeID(id)) {
				ids = append(ids, tree.NodeID(id))
			}
		}
		doc.Policy.Check(unparse.Text(doc.Tree, doc.Policy, tree.Candidate{}.Remove(ids...)))
		// The transforms' candidates and the tidies must not panic either.
		for _, tf := range doc.Policy.Transforms {
			cands := tf.Candidates(doc.Tree, tree.Candidate{})
			for _, c := range cands[:min(len(cands), 8)] {
				doc.Policy.Check(unparse.Text(doc.Tree, doc.Policy, c))
			}
		}
		for _, td := range doc.Policy.Tidies {
			doc.Policy.Check(td.Apply(src))
		}
	})
}
