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
		// A surrogate pair is one character; a lone half or a pair in
		// the wrong order stays as it is, unit by unit.
		{`x\ud83d\ude00y\uD83D\uDE01`, []string{"x", `\ud83d\ude00`, "y", `\uD83D\uDE01`}},
		{`\ud83dz\ude00\ud83d`, []string{`\ud83d`, "z", `\ude00`, `\ud83d`}},
		{`\ud83d\u0041`, []string{`\ud83d`, `\u0041`}},
	}
	for _, tc := range tests {
		open, close, ends := TextUnits([]byte(tc.in))
		got := units(tc.in, open, close, ends)
		if !slices.Equal(got, tc.want) || string(open)+strings.Join(got, "")+string(close) != tc.in {
			t.Errorf("TextUnits(%q) = %q, %q, %q; want units %q", tc.in, open, got, close, tc.want)
		}
	}
}

func TestCodeUnits(t *testing.T) {
	tests := []struct {
		in          string
		open, close string
		want        []string // nil: the literal is not cut
	}{
		{`"ab"`, `"`, `"`, []string{"a", "b"}},
		{`'a'`, `'`, `'`, []string{"a"}},
		{`b"\x00\xff T"`, `b"`, `"`, []string{`\x00`, `\xff`, " ", "T"}},
		{`rb'a\d'`, `rb'`, `'`, []string{"a", `\d`}},
		{`u8"é"`, `u8"`, `"`, []string{"é"}},
		{`L"\101\0x"`, `L"`, `"`, []string{`\101`, `\0`, "x"}},
		{`r#"a"b"#`, `r#"`, `"#`, []string{"a", `"`, "b"}},
		{"`a\\b`", "`", "`", []string{"a", `\b`}},
		{`"""doc"""`, `"""`, `"""`, []string{"d", "o", "c"}},
		{"'''\nT2\n'''", "'''\n", "'''", []string{"T", "2", "\n"}}, // a line break after the opening quotes stays
		{"\"\"\"  \n  text\n  \"\"\"", "\"\"\"  \n", `"""`, []string{" ", " ", "t", "e", "x", "t", "\n", " ", " "}},
		{`""`, `"`, `"`, nil},
		{`"\U0001F600\u{1F600}\N{EM DASH}"`, `"`, `"`, []string{`\U0001F600`, `\u{1F600}`, `\N{EM DASH}`}},
		{"\"a\\\r\nb\"", `"`, `"`, []string{"a", "\\\r\n", "b"}},
		// Interpolations are never cut.
		{`f"{x}y"`, `f"{x}y"`, "", nil},
		{"`a${x}`", "`a${x}`", "", nil},
		{`f"plain"`, `f"`, `"`, []string{"p", "l", "a", "i", "n"}},
		// Not a literal: all body.
		{"abc", "", "", []string{"a", "b", "c"}},
		{`x"`, "", "", []string{"x", `"`}},
	}
	for _, tc := range tests {
		open, close, ends := CodeUnits([]byte(tc.in))
		got := units(tc.in, open, close, ends)
		if string(open) != tc.open || string(close) != tc.close || !slices.Equal(got, tc.want) || string(open)+strings.Join(got, "")+string(close) != tc.in {
			t.Errorf("CodeUnits(%q) = %q, %q, %q; want %q, %q, %q", tc.in, open, got, close, tc.open, tc.want, tc.close)
		}
	}
}

// units returns the units of text that a Units func gave as open, close
// and ends.
func units(text string, open, close []byte, ends []int32) []string {
	body := text[len(open) : len(text)-len(close)]
	var got []string
	start := int32(0)
	for _, end := range ends {
		got = append(got, body[start:end])
		start = end
	}
	return got
}
