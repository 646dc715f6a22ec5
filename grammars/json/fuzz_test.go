package json

import (
	"bytes"
	"errors"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// FuzzRoundTrip checks that for any input Parse either returns a clear
// error, and then the input is indeed not JSON nor an object or array, or
// a tree of the documented shape that renders the input back byte for
// byte and whose random candidates, with removals and hoists, are
// well-formed, or, for a document read tolerantly, broken only as the
// input is; that the tolerant reading of a valid document builds the same
// tree; and that with a budget of a few nodes, folded and in runs, it does
// the same.
func FuzzRoundTrip(f *testing.F) {
	for _, name := range append(testInputs(f), brokenInputs(f)...) {
		f.Add(readFile(f, name))
	}
	for _, s := range []string{
		`[1, 2, 3]`, `{"a":{"b":[]}}`, "1 2", "1[]2", "truenull", `"\\\""`, `{"\\":"\\\\"}`,
		"{\"a\":1}\n{\"b\":2}\n", "{\"a\":1}\n{\"b\":\n[2]\n", "[\n1\n2\n", `[1,]`, "", " ", "{\"a\":\x00}", "\xEF\xBB\xBF{}", "\xEF\xBB\xBF", "\xEF\xBB\xBF1 2", `[[[[[[[[]]]]]]]]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, err := Parse(src)
		if err != nil {
			var se *grammars.SyntaxError
			if !errors.As(err, &se) && !errors.Is(err, grammars.ErrEmpty) && !errors.Is(err, grammars.ErrBinary) {
				t.Fatalf("got error %T %q, want a SyntaxError, ErrEmpty or ErrBinary", err, err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("got a multi-line error %q", err)
			}
			if !errors.Is(err, grammars.ErrEmpty) && keepsMark(src, validStream)(src) == nil {
				t.Fatalf("got error %q for input encoding/json accepts", err)
			}
			body := bytes.TrimLeft(bytes.TrimPrefix(src, bom), jsonSpace)
			if len(body) > 0 && (body[0] == '{' || body[0] == '[') && !errors.Is(err, grammars.ErrBinary) && !strings.Contains(err.Error(), "levels deep") {
				t.Fatalf("got error %q for an object or array, want it read tolerantly", err)
			}
			return
		}
		grammartest.RoundTrip(t, Format, src)
		if readTolerantly(doc) {
			if keepsMark(src, validStream)(src) == nil {
				t.Fatalf("read tolerantly input encoding/json accepts")
			}
			checkTolerant(t, doc, 6, uint64(len(src)))
			// A budget of a few nodes folds the tree.
			small, err := parseTolerant(src, errors.New("fuzz"), 8)
			if err != nil {
				t.Fatalf("with a budget of 8 nodes: %v", err)
			}
			if got := unparse.Text(small.Tree, small.Policy, tree.Candidate{}); !bytes.Equal(got, src) {
				t.Fatalf("with a budget of 8 nodes, the tree renders as %q", got)
			}
			checkTolerant(t, small, 4, uint64(len(src)))
			// Read from level 2, as Unfold does, a small budget builds the
			// long lists of level 2 in runs.
			r, err := readTolerant(src, 8, 2, false)
			if err != nil {
				t.Fatalf("with a budget of 8 nodes from level 2: %v", err)
			}
			if got := unparse.Text(r.t, small.Policy, tree.Candidate{}); !bytes.Equal(got, src) {
				t.Fatalf("with a budget of 8 nodes from level 2, the tree renders as %q", got)
			}
			checkTolerant(t, &grammars.Doc{Tree: r.t, Policy: small.Policy}, 4, uint64(len(src)))
			return
		}
		agree(t, src)
		checkTree(t, doc)
		valid := validStream
		body := bytes.TrimPrefix(src, bom)
		bad := malformedLines(doc.Tree)
		switch {
		case validStream(body) != nil:
			if want := badLines(body); !maps.Equal(bad, want) {
				t.Fatalf("got malformed lines %q, want %q", slices.Sorted(maps.Keys(bad)), slices.Sorted(maps.Keys(want)))
			}
			valid = validLines(bad)
		case bad != nil:
			t.Fatalf("got malformed lines %q in input encoding/json accepts", slices.Sorted(maps.Keys(bad)))
		case len(doc.Tree.Children(0)) == 1:
			valid = validDocument
		}
		valid = keepsMark(src, valid)
		if err := valid(src); err != nil {
			t.Fatalf("Parse accepts input encoding/json rejects: %v", err)
		}
		rng := rand.New(rand.NewPCG(uint64(len(src)), 7))
		for i := range 6 {
			c := grammartest.RandomCandidate(doc.Tree, rng)
			if i%2 == 1 {
				c = randomHoists(doc.Tree, c, 3, rng)
			}
			if got := unparse.Text(doc.Tree, doc.Policy, c); valid(got) != nil {
				t.Fatalf("got an invalid candidate %q: %v", got, valid(got))
			}
		}
		// A budget of a few nodes folds the tree and builds lists in runs.
		small, err := parse(src, 8, 1, anyJSON)
		if err != nil {
			t.Fatalf("with a budget of 8 nodes: %v", err)
		}
		checkTree(t, small)
		if got := unparse.Text(small.Tree, small.Policy, tree.Candidate{}); !bytes.Equal(got, src) {
			t.Fatalf("with a budget of 8 nodes, the tree renders as %q", got)
		}
		for range 4 {
			if got := unparse.Text(small.Tree, small.Policy, grammartest.RandomCandidate(small.Tree, rng)); valid(got) != nil {
				t.Fatalf("with a budget of 8 nodes, got an invalid candidate %q: %v", got, valid(got))
			}
		}
	})
}
