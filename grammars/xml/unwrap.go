package xml

import (
	"github.com/hddreduce/hdd/hdd/tree"
)

// unwrapElements is a transform: for each element below the root whose
// content must stay, it proposes dropping its tags so the content joins the
// parent ("<p>a <b>c</b> d</p>" becomes "a <b>c</b> d" in place). Elements
// with no content left are skipped (removing them is HDD's job), and so are
// elements whose only content is one element (hoisting it is the same
// edit). Candidates come top down, outer elements first.
func unwrapElements(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	t.Walk(c, func(id tree.NodeID) bool {
		if c.Edited(id) {
			return true
		}
		n := &t.Nodes[id]
		kids := t.Children(id)
		if n.Kind != "element" || n.Parent == 0 || len(kids) == 0 {
			return true
		}
		stag := kids[0]
		etag := kids[len(kids)-1]
		if t.Nodes[etag].Kind != "end-tag" {
			etag = tree.NoNode // an HTML element closed implicitly
		}
		if c.Edited(stag) || etag != tree.NoNode && c.Edited(etag) {
			return true
		}
		present, elems := 0, 0
		for _, ch := range kids[1:] {
			if ch == etag || c.Removed(ch) {
				continue
			}
			present++
			if t.Nodes[ch].Kind == "element" {
				elems++
			}
		}
		if present == 0 || present == 1 && elems == 1 {
			return true
		}
		u := c.Replace(stag, "")
		if etag != tree.NoNode {
			u = u.Replace(etag, "")
		}
		cands = append(cands, u)
		return true
	})
	return cands
}
