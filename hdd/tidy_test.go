package hdd

import (
	"bytes"
	"context"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
)

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

func TestReduceTidies(t *testing.T) {
	src := "keep\n\n\nkeep too  \n"
	tr := tree.NewTree([]byte(src))
	tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	render := func(dst []byte, t *tree.Tree, c tree.Candidate) []byte { return append(dst, t.Src...) }
	var improved []byte
	r := Reducer{
		Oracle:   OracleFunc(func(b []byte) bool { return bytes.Contains(b, []byte("keep too")) }),
		Render:   render,
		Tidy:     Tidies,
		Improved: func(b []byte) { improved = b },
	}
	res, err := r.Reduce(context.Background(), tr)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(res.Output), "keep\nkeep too\n"; got != want || string(improved) != want {
		t.Errorf("got %q (improved %q), want %q", got, improved, want)
	}
}
