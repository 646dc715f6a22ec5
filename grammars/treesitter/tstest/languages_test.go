package tstest_test

import (
	"path/filepath"
	"testing"

	"github.com/hddreduce/hdd/grammars/cpp"
	"github.com/hddreduce/hdd/grammars/css"
	"github.com/hddreduce/hdd/grammars/golang"
	"github.com/hddreduce/hdd/grammars/java"
	"github.com/hddreduce/hdd/grammars/javascript"
	"github.com/hddreduce/hdd/grammars/python"
	"github.com/hddreduce/hdd/grammars/rust"
	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/grammars/typescript"
)

// TestLanguages runs the checks of every tree-sitter language but C (whose
// package runs them over its inputs and the benchmark corpus) over the
// testdata of its package: the round trip, random removal sets (at most
// maxShare of them refused by Check, and none with more errors than the
// input by a fresh parse) and single edits (every replacement re-parses,
// and at least minRemovals of the removals).
func TestLanguages(t *testing.T) {
	tests := []struct {
		lang        *ts.Language
		dir         string // the package whose testdata holds the inputs
		maxShare    float64
		minRemovals float64
	}{
		{cpp.Language, "cpp", 0.5, 0.95}, // Check refuses undeclared names too
		{golang.Language, "golang", 0.25, 0.95},
		{python.Language, "python", 0.3, 0.95},
		{javascript.Language, "javascript", 0.1, 0.95},
		{typescript.Language, "typescript", 0.1, 0.95},
		{typescript.TSX, "typescript", 0.1, 0.95},
		{rust.Language, "rust", 0.15, 0.95},
		{java.Language, "java", 0.15, 0.95},
		{css.Language, "css", 0.15, 0.95},
	}
	for _, tt := range tests {
		t.Run(tt.lang.Name, func(t *testing.T) {
			files := tstest.Files(t, tt.lang, filepath.Join("..", "..", tt.dir, "testdata"))
			t.Run("roundtrip", func(t *testing.T) { tstest.RoundTrip(t, tt.lang, files) })
			t.Run("property", func(t *testing.T) { tstest.Property(t, tt.lang, files, 2000, tt.maxShare) })
			t.Run("edits", func(t *testing.T) { tstest.SingleEdits(t, tt.lang, files, tt.minRemovals) })
		})
	}
}
