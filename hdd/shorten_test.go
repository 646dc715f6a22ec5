package hdd

import (
	"context"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
)

func TestShorten(t *testing.T) {
	src := `["hello &amp; crash world", "x"]`
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	tr.Add(root, "string", 1, 26, tree.Chars, "")
	tr.Add(root, "string", 28, 31, tree.Chars, "")
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	r := Reducer{Oracle: OracleFunc(func(b []byte) bool { return strings.Contains(string(b), "&amp;") && strings.Contains(string(b), "sh") }), NoHoist: true}
	res, err := r.Reduce(context.Background(), tr, &tree.Policy{Units: grammars.TextUnits})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(res.Output), `["&amp;sh", ""]`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
