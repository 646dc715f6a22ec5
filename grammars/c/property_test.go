package c

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/unparse"
)

// freshErrors counts the syntax errors of src with a fresh, non-incremental
// parse: the independent check of the property test.
func freshErrors(src []byte) int {
	n, _, err := (&checker{}).errorCount(src)
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
		t.Run(tt.name, func(t *testing.T) { testProperty(t, tt.files(t), tt.n, tt.max) })
	}
}

// testProperty is TestProperty over files, n candidates each (fewer for
// large files), with a rejected share of at most maxShare.
func testProperty(t *testing.T, files []string, n int, maxShare float64) {
	for _, file := range files {
		name := filepath.Base(filepath.Dir(file)) + "/" + filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			n := n
			if len(src) > 50000 {
				n /= 3
			}
			if testing.Short() {
				n /= 10
			}
			limit := freshErrors(src)
			st := grammartest.Property(t, Format, src, n, 1, func(cand []byte) error {
				if got := freshErrors(cand); got > limit {
					return fmt.Errorf("%d syntax errors, want at most %d", got, limit)
				}
				return nil
			})
			// The share bound is for removals; a macro expansion is
			// refused more often, and costs a check, not a test.
			removals := st.Candidates - st.Transformed
			share := float64(st.Rejected-st.TransformRejected) / float64(removals)
			t.Logf("candidates %d, rejected %d, bad %d; of the %d removals only, rejected %.1f%%",
				st.Candidates, st.Rejected, st.Bad, removals, 100*share)
			if share > maxShare {
				t.Errorf("Check rejected %.1f%% of the removal candidates, want at most %.0f%%", 100*share, 100*maxShare)
			}
		})
	}
}

// TestIncrementalAgrees checks that Check, which parses incrementally,
// gives the same verdict as a fresh parse on random candidates, also after
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
			ok := doc.Policy.Check(cand) == nil
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
