package grammars

import "testing"

func TestTidies(t *testing.T) {
	tests := []struct {
		name string
		f    func([]byte) []byte
		in   string
		want string
	}{
		{"blank lines", DropBlankLines, "a\n\n  \nb\n\n", "a\nb\n"},
		{"blank lines, no final newline", DropBlankLines, "\n\na\n\nb", "a\nb"},
		{"blank lines, CRLF", DropBlankLines, "a\r\n\r\nb\r\n", "a\r\nb\r\n"},
		{"trailing blanks", TrimTrailingBlanks, "a  \nb\t\r\nc ", "a\nb\r\nc"},
	}
	for _, tc := range tests {
		if got := string(tc.f([]byte(tc.in))); got != tc.want {
			t.Errorf("%s(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}
