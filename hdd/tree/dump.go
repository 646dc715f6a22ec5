package tree

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Dump writes one line per node of t, indented by depth (at most
// maxIndent levels): the depth, the kind, the byte span, what may happen
// to the node, and the start of its text.
func (t *Tree) Dump(w io.Writer) error {
	bw := bufio.NewWriter(w)
	depth := make([]int, len(t.Nodes))
	for id := range t.Nodes {
		n := &t.Nodes[id]
		if id > 0 {
			depth[id] = depth[n.Parent] + 1
		}
		text := string(t.Src[n.Start:n.End])
		if len(text) > 40 {
			text = text[:37] + "..."
		}
		fmt.Fprintf(bw, "%s%d %s [%d,%d) %s %q\n", strings.Repeat("  ", min(depth[id], maxIndent)), depth[id], n.Kind, n.Start, n.End, t.Describe(NodeID(id)), text)
	}
	return bw.Flush()
}

// maxIndent is the deepest indentation of Dump's lines, whose depth
// number goes on: a document nested 40,000 deep printed 60 MB of
// blanks.
const maxIndent = 64
