package c

import (
	"context"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

func TestUnwrapBlocks(t *testing.T) {
	src := "int f() {\n    int a;\n    {\n        int b;\n        a = b;\n    }\n    if (a) { a = 1; }\n    return a;\n}\n"
	doc, err := Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	cands := unwrapBlocks(doc.Tree, tree.Candidate{})
	if len(cands) != 1 {
		t.Fatalf("got %d candidates, want 1 (the if's body is not a block item)", len(cands))
	}
	got := unparse.Text(doc.Tree, doc.Policy, cands[0])
	// The block's own line is left blank; the tidy pass drops it.
	want := "int f() {\n    int a;\n    \n        int b;\n        a = b;\n    if (a) { a = 1; }\n    return a;\n}\n"
	if string(got) != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if err := doc.Policy.Check(got); err != nil {
		t.Errorf("Check: %v", err)
	}
}
