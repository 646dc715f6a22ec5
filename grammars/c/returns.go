package c

import (
	"github.com/hddreduce/hdd/hdd/tree"
)

// voidReturns is a transform: for each function defined in the file whose
// value no call uses (every call is a statement of its own, or there is
// none), it proposes making the function void: its return type becomes
// "void" in the definition and every prototype, and each "return x;" in
// its body becomes "return;", which pruning may then remove. A function
// that returns a value needs its return statements (gcc's -Wreturn-type);
// a void one does not. main and functions returning a pointer keep their
// type.
func voidReturns(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	for _, f := range indexFuncs(t, c) {
		if f.other || len(f.defs) != 1 || f.name == "main" {
			continue
		}
		def := f.defs[0]
		ok := def.body != tree.NoNode
		for _, s := range append([]funcSite{def}, f.decls...) {
			ok = ok && s.direct && s.typ != tree.NoNode && !c.Edited(s.typ) && string(t.Text(s.typ)) != "void"
		}
		for _, call := range f.calls {
			ok = ok && t.Nodes[t.Nodes[call.call].Parent].Kind == "expression_statement"
		}
		if !ok {
			continue
		}
		cand := c
		for _, s := range append([]funcSite{def}, f.decls...) {
			cand = cand.Replace(s.typ, "void")
		}
		walkFrom(t, c, def.body, func(id tree.NodeID) bool {
			if !shown(c, id) {
				return false
			}
			if t.Nodes[id].Kind != "return_statement" {
				return true
			}
			if kids := t.Children(id); len(kids) == 3 && !c.Removed(kids[1]) {
				cand = cand.Replace(kids[1], "")
			}
			return false
		})
		cands = append(cands, cand)
	}
	return cands
}
