package c

import (
	"context"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/unparse"
)

// freshErrors counts the syntax errors of src with a fresh, non-incremental
// parse: the independent check of the property test.
func freshErrors(src []byte) int {
	n, err := Language.Errors(src)
	if err != nil {
		panic(err)
	}
	return n
}

// TestProperty renders random candidates of each input. Every candidate
// that Check accepts must have no more syntax errors than the input by a
// fresh parse; and since the policy table should make candidates valid by
// construction, the share Check rejects is bounded (measured, with room).
func TestProperty(t *testing.T) {
	tests := []struct {
		name  string
		files func(testing.TB) []string // skips its group when the corpus is absent
		n     int                       // candidates per file
		max   float64                   // the largest rejected share allowed
	}{
		{"testdata", testFiles, 3000, 0.03},
		{"bench", benchFiles, 600, 0.03},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tstest.Property(t, Language, tt.files(t), tt.n, tt.max) })
	}
}

// emptyEnumRE matches an enum without enumerators, such as emptyEnum
// refuses.
var emptyEnumRE = regexp.MustCompile(`\benum\s*(\w+\s*)?\{\s*\}`)

// TestIncrementalAgrees checks that Check, which parses incrementally,
// gives the same verdict as a fresh parse on random candidates (those it
// does not refuse for an undeclared name), also after
// the policy was told of adopted texts (which become the base of the
// incremental parses).
func TestIncrementalAgrees(t *testing.T) {
	files := append(testFiles(t), benchFilesNoSkip()...)
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := Parse(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		limit := freshErrors(src)
		rng := rand.New(rand.NewPCG(2, 2))
		n := 300
		if len(src) > 10000 {
			n = 60
		}
		disagree := 0
		for i := range n {
			c := grammartest.RandomCandidate(doc.Tree, rng)
			cand := unparse.Text(doc.Tree, doc.Policy, c)
			err := doc.Policy.Check(cand)
			if err != nil && strings.Contains(err.Error(), "no longer declared") {
				continue // the declarations, which TestUndeclaredAgrees checks
			}
			if err != nil && strings.Contains(err.Error(), "an enum without enumerators") {
				if !emptyEnumRE.Match(cand) {
					t.Errorf("%s: Check refuses an empty enum (%v) in\n%s", file, err, cand)
				}
				continue // refused by its bytes, not its parse
			}
			ok := err == nil
			if ok && i%7 == 3 {
				doc.Policy.Adopted(cand) // as the search does
			}
			if ok != (freshErrors(cand) <= limit) {
				disagree++
				if disagree <= 3 {
					t.Errorf("%s: Check and a fresh parse disagree on\n%s", file, cand)
				}
			}
		}
	}
}
