package cpp

import (
	"slices"
	"testing"

	ts "github.com/hddreduce/hdd/grammars/treesitter"
)

// TestHide checks which GNU extensions hide finds: not in comments,
// literals or preprocessor lines, nor inside another word.
func TestHide(t *testing.T) {
	tests := []struct {
		src  string
		want []ts.Span
	}{
		{"int f() __attribute__((noreturn));", []ts.Span{{Start: 8, End: 33, Kind: "attribute_specifier"}}},
		{"__extension__ typedef int T;", []ts.Span{{Start: 0, End: 13, Kind: "extension"}}},
		{"#define N __attribute__((x))\nint a;", nil},
		{"// __extension__\n/* __attribute__((x)) */ \"__extension__\" x__extension__;", nil},
		{"int a __attribute ((a)) = 1'000;", []ts.Span{{Start: 6, End: 23, Kind: "attribute_specifier"}}},
		{"int a __attribute__ = 0;", []ts.Span{{Start: 6, End: 22}}}, // no "((": not an attribute, as far as "= "
		{"__attribute__((x; y)) __extension__", []ts.Span{{Start: 0, End: 17}, {Start: 22, End: 35, Kind: "extension"}}},
	}
	for _, tt := range tests {
		if got := slices.Collect(hide([]byte(tt.src), 0)); !slices.Equal(got, tt.want) {
			t.Errorf("hide(%q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}
