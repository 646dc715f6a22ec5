package c

import (
	"github.com/hddreduce/hdd/hdd/tree"
)

// unwrapBlocks is a transform: for each block that stands as an item of
// another block ("{ a; { b; c; } }"), it proposes dropping its braces so its
// items join the outer block ("{ a; b; c; }"). Blocks left behind by
// hoisting a do or if statement to its body are the usual case.
func unwrapBlocks(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	var visit func(id tree.NodeID, parentKind string)
	visit = func(id tree.NodeID, parentKind string) {
		if c.Removed(id) {
			return
		}
		if sub, ok := c.Subst(id); ok {
			if sub.Hoist != tree.NoNode {
				visit(sub.Hoist, parentKind) // the hoisted node stands here
			}
			return
		}
		n := &t.Nodes[id]
		kids := t.Children(id)
		if n.Kind == "compound_statement" && parentKind == "compound_statement" && len(kids) >= 2 {
			lb, rb := kids[0], kids[len(kids)-1]
			if t.Nodes[lb].Kind == "{" && t.Nodes[rb].Kind == "}" && !c.Edited(lb) && !c.Edited(rb) {
				cands = append(cands, c.Replace(lb, "").Replace(rb, ""))
			}
		}
		for _, ch := range kids {
			visit(ch, n.Kind)
		}
	}
	visit(0, "")
	return cands
}
