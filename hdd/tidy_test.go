package hdd

import (
	"bytes"
	"context"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
)

func TestReduceTidies(t *testing.T) {
	src := "keep\n\n\nkeep too  \n"
	tr := tree.NewTree([]byte(src))
	tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	var improved []byte
	r := Reducer{
		Oracle:   OracleFunc(func(b []byte) bool { return bytes.Contains(b, []byte("keep too")) }),
		Improved: func(b []byte) { improved = b },
	}
	res, err := r.Reduce(context.Background(), tr, &tree.Policy{Tidies: grammars.Tidies})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(res.Output), "keep\nkeep too\n"; got != want || string(improved) != want {
		t.Errorf("got %q (improved %q), want %q", got, improved, want)
	}
}
