package treesitter_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/cpp"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/unparse"
)

// TestUndeclaredAgrees checks that Check, which looks again only at the
// span where a candidate differs from the text adopted last, refuses a
// candidate for an undeclared name exactly when queries over fresh parses
// of the whole input and candidate find one. Now and then it adopts a
// candidate Check accepts, as the search does, so that the later ones are
// compared with a base that lost some of the input's declarations.
func TestUndeclaredAgrees(t *testing.T) {
	files, _ := filepath.Glob("../cpp/testdata/*.cc")
	if len(files) == 0 {
		t.Fatal("no C++ testdata")
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := cpp.Language.Parse(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		limit, err := cpp.Language.Errors(src)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(4, 4))
		refused, disagree, adopted := 0, 0, 0
		for i := range 1000 {
			cand := unparse.Text(doc.Tree, doc.Policy, grammartest.RandomCandidate(doc.Tree, rng))
			if n, err := cpp.Language.Errors(cand); err != nil || n > limit {
				continue // refused for its syntax
			}
			err := doc.Policy.Check(cand)
			got := err != nil && strings.Contains(err.Error(), "no longer declared")
			want, werr := treesitter.Undeclared(cpp.Language, src, cand)
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
			if got != want {
				disagree++
				if disagree <= 3 {
					t.Errorf("%s: Check says undeclared=%v (%v), full queries say %v, on\n%s", file, got, err, want, cand)
				}
			}
		}
		t.Logf("%s: %d candidates refused for an undeclared name, %d adopted", filepath.Base(file), refused, adopted)
	}
}
