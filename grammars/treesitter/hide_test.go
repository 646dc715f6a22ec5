package treesitter_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/hddreduce/hdd/grammars/c"
	"github.com/hddreduce/hdd/grammars/cpp"
	"github.com/hddreduce/hdd/grammars/treesitter"
)

// TestHiddenAfterAgrees checks that the spans Check hides in a candidate,
// scanned only where it differs from the text adopted last, are those of
// a scan of the whole candidate: on random edits (bytes removed, or
// replaced by a token) of texts made of C++'s GNU extensions, line
// markers, comments, literals and directives, each edit made to the last,
// and of the C++ testdata; and the same for C, which hides line markers
// only.
func TestHiddenAfterAgrees(t *testing.T) {
	for _, lang := range []*treesitter.Language{cpp.Language, c.Language} {
		t.Run(lang.Name, func(t *testing.T) { hiddenAfterAgrees(t, lang) })
	}
}

func hiddenAfterAgrees(t *testing.T, lang *treesitter.Language) {
	tokens := []string{
		"__attribute__((a)) ", "__attribute__ ((b, \"x;)\")) ", "__attribute((c(d))) ",
		"__extension__ ", "__attribute__ x; ", "__attribute__((e; ", "/* __extension__ */ ",
		"// __attribute__((f))\n", "\"__extension__\" ", "'x' ", "1'000 ", "#define A __extension__\n",
		"int a; ", "{ ", "} ", "( ", ") ", ";\n", "x__extension__ ", "/* ", "*/ ", "\" ",
		"\n# 1 \"a.c\" 3 4\n", "# 2 \"a.h\"\n", "#line 3\n", "  # 4\n", "x = # 5\n", "#\n",
	}
	for _, tt := range []struct{ prev, cand string }{
		{"__attribute__((x __extension__", "__attribute__((x __extension__))"},                // read to the end, which moved
		{"__attribute__((a; b)) __extension__", "__attribute__((a b)) __extension__"},         // read past the edit
		{"__extension__ x __extension__", "__extension__ /* __extension__"},                   // a comment from the edit on
		{"__extension__ /* */ __extension__ __extension__", "__extension__ /* __extension__"}, // and to the end
	} {
		if got, want := treesitter.HiddenAfter(lang, []byte(tt.prev), []byte(tt.cand)); got != want {
			t.Errorf("after %q, %q scanned from the edit:\n%s\nscanned whole:\n%s", tt.prev, tt.cand, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	text := func(n int) []byte {
		var b []byte
		for range n {
			b = append(b, tokens[rng.IntN(len(tokens))]...)
		}
		return b
	}
	var texts [][]byte
	for range 40 {
		texts = append(texts, text(60))
	}
	// Short tokens, whose scans meet and part more often.
	short := []string{"__extension__", "__attribute__", " ", "((", "))", "/*", "*/", "\"", "'", "//", "\n", ";", "x", "#", "1", "a__extension__", "line", "\t", "\\"}
	for range 2000 {
		var b []byte
		for range 80 {
			b = append(b, short[rng.IntN(len(short))]...)
		}
		texts = append(texts, b)
	}
	tokens = append(tokens, short...)
	files, _ := filepath.Glob("../cpp/testdata/*.cc")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, b)
	}
	for _, prev := range texts {
		for range 100 {
			if len(prev) == 0 {
				break
			}
			i := rng.IntN(len(prev))
			j := i + rng.IntN(min(len(prev)-i, 40)+1)
			if rng.IntN(4) == 0 { // an edit at the end, which scans may have read to
				i, j = max(len(prev)-rng.IntN(20), 0), len(prev)
			}
			var cand []byte
			cand = append(cand, prev[:i]...)
			switch rng.IntN(3) {
			case 0:
				cand = append(cand, tokens[rng.IntN(len(tokens))]...)
			case 1: // as many bytes, so that the spans past the edit stay where they were
				for len(cand) < j {
					cand = append(cand, short[rng.IntN(len(short))]...)
				}
				cand = cand[:j]
			}
			cand = append(cand, prev[j:]...)
			if got, want := treesitter.HiddenAfter(lang, prev, cand); got != want {
				t.Fatalf("after\n%q\ncandidate\n%q\nscanned from the edit:\n%s\nscanned whole:\n%s", prev, cand, got, want)
			}
			prev = cand
		}
	}
}
