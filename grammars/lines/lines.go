// Package lines parses any text into a flat tree whose root's children are
// the lines of the input, each removable. It serves the classic line-based
// ddmin baseline and inputs of no known format.
package lines

import (
	"bytes"
	"context"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Format is the line format. Its candidates need no well-formedness check.
var Format = &grammars.Format{Name: "lines", Exts: []string{".txt"},
	Parse: func(_ context.Context, src []byte) (*grammars.Doc, error) { return Parse(src) }} // fast: not cancelled

// Parse returns a tree with one removable "line" node per line of src, its
// newline included.
func Parse(src []byte) (*grammars.Doc, error) {
	if err := grammars.CheckText(src); err != nil {
		return nil, err
	}
	t := tree.NewTree(src)
	root := t.Add(tree.NoNode, "lines", 0, len(src), 0, "")
	for start := 0; start < len(src); {
		end := len(src)
		if i := bytes.IndexByte(src[start:], '\n'); i >= 0 {
			end = start + i + 1
		}
		t.Add(root, "line", start, end, tree.Removable, "")
		start = end
	}
	if err := t.Finish(); err != nil {
		return nil, err
	}
	return &grammars.Doc{Tree: t, Policy: &tree.Policy{LineSensitive: true, Tidies: grammars.Tidies}}, nil
}
