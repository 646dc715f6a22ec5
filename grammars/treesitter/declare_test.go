package treesitter_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/c"
	"github.com/hddreduce/hdd/grammars/cpp"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/unparse"
)

// TestUndeclaredAgrees checks that Check, which looks again only at the
// span where a candidate differs from the text adopted last, refuses a
// candidate of a C++ or C input for an undeclared name exactly when
// queries over fresh parses of the whole input and candidate find one (in
// an input with parse errors: only when they do). Now and then it adopts a
// candidate Check accepts, as the search does, so that the later ones are
// compared with a base that lost some of the input's declarations.
func TestUndeclaredAgrees(t *testing.T) {
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
		undeclaredAgrees(t, tt.lang, files)
	}
}

func undeclaredAgrees(t *testing.T, l *treesitter.Language, files []string) {
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := l.Parse(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		limit, err := l.Errors(src)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(4, 4))
		refused, disagree, adopted := 0, 0, 0
		for i := range 1000 {
			cand := unparse.Text(doc.Tree, doc.Policy, grammartest.RandomCandidate(doc.Tree, rng))
			if n, err := l.Errors(cand); err != nil || n > limit {
				continue // refused for its syntax
			}
			err := doc.Policy.Check(cand)
			got := err != nil && strings.Contains(err.Error(), "no longer declared")
			want, werr := treesitter.Undeclared(l, src, cand)
			if werr != nil {
				t.Fatal(werr)
			}
			if got {
				refused++
			}
			if err == nil && i%20 == 0 {
				doc.Policy.Adopted(cand)
				adopted++
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
	}
}
