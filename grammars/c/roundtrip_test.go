package c

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
)

// testFiles returns the testdata inputs.
func testFiles(t testing.TB) []string {
	return grammartest.Inputs(t, "testdata", ".c", ".h")
}

// benchFiles returns the C inputs of the benchmark corpus, skipping t if
// the corpus is not beside the repository.
func benchFiles(t testing.TB) []string {
	files := grammartest.BenchInputs("c")
	if len(files) == 0 {
		t.Skip("benchmark corpus not found")
	}
	return files
}

// benchFilesNoSkip returns the C inputs of the benchmark corpus, or nil.
func benchFilesNoSkip() []string { return grammartest.BenchInputs("c") }

func TestRoundTrip(t *testing.T) {
	for _, group := range []struct {
		name  string
		files func(testing.TB) []string
	}{
		{"testdata", testFiles},
		{"bench", benchFiles},
	} {
		t.Run(group.name, func(t *testing.T) {
			for _, file := range group.files(t) {
				t.Run(filepath.Base(filepath.Dir(file))+"/"+filepath.Base(file), func(t *testing.T) {
					src, err := os.ReadFile(file)
					if err != nil {
						t.Fatal(err)
					}
					doc := grammartest.RoundTrip(t, Format, src)
					if err := doc.Policy.Check(src); err != nil {
						t.Errorf("Check(input) = %v, want nil", err)
					}
					for _, w := range doc.Warnings {
						t.Logf("warning: %s", w)
					}
				})
			}
		})
	}
}
