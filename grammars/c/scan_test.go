package c

import (
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
