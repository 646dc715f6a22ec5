package c

import (
	"github.com/hddreduce/hdd/hdd/tree"
)

// literalKinds are the expressions that are constants already: replacing
// one by 0 gains nothing.
var literalKinds = map[string]bool{
	"number_literal": true, "char_literal": true, "string_literal": true, "concatenated_string": true,
	"true": true, "false": true, "null": true,
}

// zeroArguments is a transform: it proposes 0 in place of the arguments of
// a call ("f(x, g(y))" becomes "f(0, 0)", then "f(0, g(y))", "f(x, 0)"),
// all of a call's arguments at once first, then one by one, so that what
// only fed an argument (a variable, its declaration, a call) can go.
// Constants and arguments that are 0 already are left alone, and so are
// the arguments of the function-like macros the input defines.
func zeroArguments(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	macros := functionMacros(t.Src)
	t.Walk(c, func(id tree.NodeID) bool {
		if !shown(c, id) {
			return false
		}
		if t.Nodes[id].Kind != "argument_list" || c.Edited(id) {
			return true
		}
		if call := t.Nodes[id].Parent; call != tree.NoNode && t.Nodes[call].Kind == "call_expression" {
			if callee := t.Children(call)[0]; t.Nodes[callee].Kind == "identifier" && macros[string(t.Text(callee))] {
				return true // a macro's arguments may be types or names, not values
			}
		}
		var args []tree.NodeID
		for _, a := range listItems(t, c, id) {
			a = itemNode(t, a)
			if !c.Edited(a) && !literalKinds[t.Nodes[a].Kind] {
				args = append(args, a)
			}
		}
		if len(args) > 1 {
			all := c
			for _, a := range args {
				all = all.Replace(a, "0")
			}
			cands = append(cands, all)
		}
		for _, a := range args {
			cands = append(cands, c.Replace(a, "0"))
		}
		return true
	})
	return cands
}
