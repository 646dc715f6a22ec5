package cpp

import (
	"github.com/hddreduce/hdd/hdd/tree"
)

// unwrapNamespaces is a transform: for each namespace definition, it
// proposes dropping "namespace NAME {" and "}" so that its items join the
// scope around it, as C-Vise's remove-namespace pass does. What named them
// by the namespace may then fail to compile: the test decides.
func unwrapNamespaces(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	t.Walk(c, func(id tree.NodeID) bool {
		if t.Nodes[id].Kind != "namespace_definition" || c.Edited(id) {
			return true
		}
		kids := t.Children(id)
		body := kids[len(kids)-1]
		inner := t.Children(body)
		if t.Nodes[body].Kind != "declaration_list" || c.Edited(body) || len(inner) < 2 {
			return true
		}
		lb, rb := inner[0], inner[len(inner)-1]
		if t.Nodes[lb].Kind != "{" || t.Nodes[rb].Kind != "}" || c.Edited(lb) || c.Edited(rb) {
			return true
		}
		cand := c.Replace(lb, "").Replace(rb, "")
		for _, k := range kids[:len(kids)-1] {
			if !c.Edited(k) {
				cand = cand.Replace(k, "")
			}
		}
		cands = append(cands, cand)
		return true
	})
	return cands
}
