package treesitter_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/c"
	"github.com/hddreduce/hdd/grammars/cpp"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestUndeclaredAgrees checks that Check, which looks again only at the
// span where a candidate differs from the text adopted last, refuses a
// candidate of a C++ or C input for an undeclared name exactly when
// queries over fresh parses of the whole input and candidate find one (in
// an input with parse errors: only when they do), the names declared by
// the input and by the texts adopted since. Now and then it adopts a
// candidate Check accepts, as the search does, so that the later ones are
// compared with a base that lost some of the input's declarations (and
// may declare names the input's query did not find: a random removal may
// make a C++ reference declarator "&e" a plain "e").
func TestUndeclaredAgrees(t *testing.T) {
	eachTestdata(t, func(l *treesitter.Language, file string, src []byte, doc *grammars.Doc, limit int) {
		rng := rand.New(rand.NewPCG(4, 4))
		refused, disagree, adopted := 0, 0, 0
		declared, err := treesitter.Declared(l, map[string]bool{}, src)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 1000 {
			cand := unparse.Text(doc.Tree, doc.Policy, grammartest.RandomCandidate(doc.Tree, rng))
			if n, err := l.Errors(cand); err != nil || n > limit {
				continue // refused for its syntax
			}
			if bytes.Equal(cand, src) {
				// Check accepts the input as it is, even where an
				// adopted text declares a name the input names with no
				// declaration the query finds ("&e" in a catch clause).
				continue
			}
			err := doc.Policy.Check(cand)
			if err != nil && strings.Contains(err.Error(), "an enum without enumerators") {
				continue // refused by C's Refuses first (TestIncrementalAgrees in c)
			}
			got := err != nil && strings.Contains(err.Error(), "no longer declared")
			want, werr := treesitter.Undeclared(l, cand, declared)
			if werr != nil {
				t.Fatal(werr)
			}
			if got {
				refused++
			}
			if err == nil && i%20 == 0 {
				doc.Policy.Adopted(cand)
				adopted++
				if declared, err = treesitter.Declared(l, declared, cand); err != nil {
					t.Fatal(err)
				}
			}
			// Where the input has regions tree-sitter cannot parse, a
			// fresh parse of a candidate may swallow a declaration the
			// edit did not touch into one, which Check, looking at the
			// edit's span only, still sees: it may then accept what the
			// full queries refuse (the test decides), never the reverse.
			if got != want && (limit == 0 || got) {
				disagree++
				if disagree <= 3 {
					t.Errorf("%s: Check says undeclared=%v (%v), full queries say %v, on\n%s", file, got, err, want, cand)
				}
			}
		}
		t.Logf("%s: %d candidates refused for an undeclared name, %d adopted", filepath.Base(file), refused, adopted)
	})
}

// TestNamesAfterAgrees checks that the names of a text the search adopts,
// found again only in the span where its tree differs from the last
// one's, are those of the whole text, along walks that adopt removals
// of one to three nodes after another in C++ and C inputs, as the search
// does.
func TestNamesAfterAgrees(t *testing.T) {
	eachTestdata(t, func(l *treesitter.Language, file string, src []byte, doc *grammars.Doc, limit int) {
		rng := rand.New(rand.NewPCG(7, 7))
		cur, text := tree.Candidate{}, src
		compared, declined := 0, 0
		for range 300 {
			// One node's removal, or up to three far apart (a chunk of a
			// level): one edit from the first to the last.
			c := cur
			for range 1 + rng.IntN(3) {
				if id := tree.NodeID(rng.IntN(doc.Tree.Len())); doc.Tree.CanShrink(id) && !c.Edited(id) && doc.Tree.Present(c, id) {
					c = c.Remove(id)
				}
			}
			cand := unparse.Text(doc.Tree, doc.Policy, c)
			if n, err := l.Errors(cand); err != nil || n > limit || string(cand) == string(text) {
				continue
			}
			ok, diff, err := treesitter.NamesAfterAgrees(l, text, cand)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				declined++
			} else if compared++; diff != "" {
				t.Fatalf("%s: on\n%s\nafter\n%s\n%s", file, cand, text, diff)
			}
			cur, text = c, cand
		}
		t.Logf("%s: %d adoptions compared, %d declined", filepath.Base(file), compared, declined)
		if compared == 0 {
			t.Errorf("%s: no adoption compared", file)
		}
	})
}

// eachTestdata calls f with each C++ and C file of the grammars' testdata,
// its language, its text, its parse and its number of syntax errors.
func eachTestdata(t *testing.T, f func(l *treesitter.Language, file string, src []byte, doc *grammars.Doc, limit int)) {
	t.Helper()
	for _, tt := range []struct {
		lang    *treesitter.Language
		pattern string
	}{
		{cpp.Language, "../cpp/testdata/*.cc"},
		{c.Language, "../c/testdata/*.c"},
	} {
		files, _ := filepath.Glob(tt.pattern)
		if len(files) == 0 {
			t.Fatalf("no testdata %s", tt.pattern)
		}
		for _, file := range files {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := tt.lang.Parse(context.Background(), src)
			if err != nil {
				t.Fatal(err)
			}
			limit, err := tt.lang.Errors(src)
			if err != nil {
				t.Fatal(err)
			}
			f(tt.lang, file, src, doc, limit)
		}
	}
}
