package lines

import (
	"errors"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

func TestLines(t *testing.T) {
	tests := []struct {
		src    string
		remove []tree.NodeID
		want   string
	}{
		{"a\nb\nc\n", nil, "a\nb\nc\n"},
		{"a\nb\nc\n", []tree.NodeID{2}, "a\nc\n"},
		{"a\nb\nc", []tree.NodeID{3}, "a\nb\n"},
		{"a\n\n  b\n", []tree.NodeID{1, 2}, "  b\n"},
	}
	for _, tc := range tests {
		doc, err := Parse([]byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		if got := string(unparse.Text(doc.Tree, doc.Policy, tree.Candidate{}.Remove(tc.remove...))); got != tc.want {
			t.Errorf("%q less %v: got %q, want %q", tc.src, tc.remove, got, tc.want)
		}
	}
	if _, err := Parse(nil); !errors.Is(err, grammars.ErrEmpty) {
		t.Errorf("Parse(empty) = %v, want ErrEmpty", err)
	}
}
