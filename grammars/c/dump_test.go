package c

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
)

var dumpFile = flag.String("dump", "", "print the hdd tree of `file` and skip the other tests' output")

// dump returns an indented listing of t: kind, text and policy per node.
func dump(t *tree.Tree) string {
	var b strings.Builder
	for id := range t.Nodes {
		n := &t.Nodes[id]
		txt := string(t.Text(tree.NodeID(id)))
		if len(txt) > 40 {
			txt = txt[:40] + "…"
		}
		fmt.Fprintf(&b, "%s%s %q: %s\n", strings.Repeat("  ", t.Depth(tree.NodeID(id))), n.Kind, txt, t.Describe(tree.NodeID(id)))
	}
	return b.String()
}

// TestDump prints the tree of the file named by -dump, for debugging the
// policy table: go test -run Dump -dump x.c.
func TestDump(t *testing.T) {
	if *dumpFile == "" {
		t.Skip("no -dump file")
	}
	src, err := os.ReadFile(*dumpFile)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := Parse(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range doc.Warnings {
		fmt.Println("warning:", w)
	}
	fmt.Print(dump(doc.Tree))
}
