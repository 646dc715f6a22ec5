package grammars

import (
	"slices"
	"strings"
	"testing"
)

func TestTextUnits(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"ab", []string{"a", "b"}},
		{"é&amp;x", []string{"é", "&amp;", "x"}},
		{"&#233;&", []string{"&#233;", "&"}},
		{`a\n\u00e9\x41b\"`, []string{"a", `\n`, `\u00e9`, `\x41`, "b", `\"`}},
		{"\xe9t\xe9", []string{"\xe9", "t", "\xe9"}}, // Latin-1 bytes stay whole
		{"& b;", []string{"&", " ", "b", ";"}},
	}
	for _, tc := range tests {
		open, close, units := TextUnits([]byte(tc.in))
		var got []string
		for _, u := range units {
			got = append(got, string(u))
		}
		if !slices.Equal(got, tc.want) || string(open)+strings.Join(got, "")+string(close) != tc.in {
			t.Errorf("TextUnits(%q) = %q, %q, %q; want units %q", tc.in, open, got, close, tc.want)
		}
	}
}
