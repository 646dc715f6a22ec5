package treesitter_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/c"
	"github.com/hddreduce/hdd/grammars/cpp"
	"github.com/hddreduce/hdd/grammars/css"
	"github.com/hddreduce/hdd/grammars/golang"
	"github.com/hddreduce/hdd/grammars/java"
	"github.com/hddreduce/hdd/grammars/javascript"
	"github.com/hddreduce/hdd/grammars/python"
	"github.com/hddreduce/hdd/grammars/rust"
	"github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/grammars/typescript"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// languages are the languages FuzzParse picks from, with the package
// whose testdata seeds it.
var languages = []struct {
	lang *treesitter.Language
	dir  string
}{
	{c.Language, "c"}, {cpp.Language, "cpp"}, {golang.Language, "golang"}, {python.Language, "python"},
	{javascript.Language, "javascript"}, {typescript.Language, "typescript"}, {typescript.TSX, "typescript"},
	{rust.Language, "rust"}, {java.Language, "java"}, {css.Language, "css"},
}

// FuzzParse checks the generic adapter with every language: any input
// either fails to parse with a clear error (empty, binary) or round-trips
// byte for byte; Check accepts the input itself; and removing nodes,
// running the transforms and the tidies never panics.
func FuzzParse(f *testing.F) {
	for i, l := range languages {
		for _, ext := range l.lang.Exts {
			files, _ := filepath.Glob(filepath.Join("..", l.dir, "testdata", "*"+ext))
			for _, file := range files {
				src, err := os.ReadFile(file)
				if err != nil {
					f.Fatal(err)
				}
				f.Add(uint8(i), src)
			}
		}
	}
	for _, s := range []string{"{", "}", "(", "\"", "/*", "'", "\\\n", "\r\n", "a\n\tb\n", "#", "<", "__attribute__((", "x = [1,\n"} {
		for i := range languages {
			f.Add(uint8(i), []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, src []byte) {
		l := languages[int(which)%len(languages)].lang
		doc, err := l.Parse(context.Background(), src)
		if err != nil {
			if !errors.Is(err, grammars.ErrEmpty) && !errors.Is(err, grammars.ErrBinary) {
				t.Fatalf("%s: Parse: unexpected error %v", l.Name, err)
			}
			return
		}
		if got := unparse.Text(doc.Tree, doc.Policy, tree.Candidate{}); !bytes.Equal(got, src) {
			t.Fatalf("%s: round trip: got %q, want %q", l.Name, got, src)
		}
		if err := doc.Policy.Check(src); err != nil {
			t.Fatalf("%s: Check(input) = %v, want nil", l.Name, err)
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
	})
}
