package xml

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/grammartest"
)

// formatFor picks the format of a test input by its extension.
func formatFor(name string) *grammars.Format {
	if ext := filepath.Ext(name); ext == ".html" || ext == ".htm" {
		return HTMLFormat
	}
	return Format
}

// testInputs returns the test inputs of testdata and of the public corpus.
func testInputs(t testing.TB) []string {
	files := grammartest.Inputs(t, "testdata", ".xml", ".svg", ".html")
	return append(files, grammartest.BenchInputs("xml")...)
}

func TestRoundTrip(t *testing.T) {
	for _, name := range testInputs(t) {
		t.Run(strings.TrimPrefix(name, "../"), func(t *testing.T) {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			doc := grammartest.RoundTrip(t, formatFor(name), src)
			if doc.Policy.Check != nil {
				if err := doc.Policy.Check(src); err != nil {
					t.Errorf("Check(original) = %v, want nil", err)
				}
			}
			t.Logf("%d nodes, height %d, warnings %q", doc.Tree.Len(), doc.Tree.MaxDepth(), doc.Warnings)
		})
	}
}
