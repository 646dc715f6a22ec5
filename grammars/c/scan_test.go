package c

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestWords checks the identifiers Words finds: outside comments and
// literals, preprocessor lines included, digit separators skipped.
func TestWords(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"int x = y1;", []string{"int", "x", "y1"}},
		{"#define N M // c\n/* d */ \"s\" 'c' 1'000 e", []string{"define", "N", "M", "e"}},
	}
	for _, tt := range tests {
		var got []string
		Words([]byte(tt.src), func(i, j int) { got = append(got, tt.src[i:j]) })
		if !slices.Equal(got, tt.want) {
			t.Errorf("Words(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

// identsByteWise is Idents as it was before its byte table: the reference
// that TestIdentsAgree holds it to.
func identsByteWise(text []byte, directives bool, f func(i, j int) int) {
	isStart := func(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80 }
	isId := func(c byte) bool { return isStart(c) || '0' <= c && c <= '9' }
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '/' && i+1 < len(text) && text[i+1] == '/':
			i = skipLine(text, i)
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			i = skipComment(text, i)
		case c == '\'' && i > 0 && isId(text[i-1]):
			i++
		case c == '"' || c == '\'':
			i = SkipQuoted(text, i)
		case c == '#' && !directives:
			i = skipLine(text, i)
		case isStart(c):
			j := i + 1
			for j < len(text) && isId(text[j]) {
				j++
			}
			if i == 0 || !isId(text[i-1]) {
				j = f(i, j)
			}
			i = j
		default:
			i++
		}
	}
}

// TestIdentsAgree compares Idents with the byte-wise reference on the C and
// C++ testdata and on random bytes from C's alphabet, with and without
// directives, and with a callback that skips ahead.
func TestIdentsAgree(t *testing.T) {
	var texts [][]byte
	for _, glob := range []string{"testdata/*.c", "testdata/*/*.c", "../cpp/testdata/*.cc", "../../testdata/*/*/*.c*"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, b)
		}
	}
	if len(texts) == 0 {
		t.Fatal("no C testdata found")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "ab_Z09 \n\t/*'\"#\\\x80;(){}"
	for range 2000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		texts = append(texts, b)
	}
	collect := func(scan func([]byte, bool, func(int, int) int), text []byte, directives bool) []int {
		var got []int
		scan(text, directives, func(i, j int) int {
			got = append(got, i, j)
			if text[i] == 'Z' { // skip ahead, as hide does past an attribute
				return min(j+3, len(text))
			}
			return j
		})
		return got
	}
	for _, text := range texts {
		for _, directives := range []bool{false, true} {
			if got, want := collect(Idents, text, directives), collect(identsByteWise, text, directives); !slices.Equal(got, want) {
				t.Fatalf("Idents(%.80q, %v) = %v, want %v", text, directives, got, want)
			}
		}
	}
}
