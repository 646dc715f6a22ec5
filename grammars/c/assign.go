package c

import (
	"github.com/hddreduce/hdd/hdd/tree"
)

// dropAssignments is a transform: for each assignment whose value is not
// used (a statement of its own, an operand of a comma, a for's update) and
// whose right side does something (a call, another assignment, an
// increment), it proposes keeping the right side only: "x = f();" becomes
// "f();", so that x, if nothing else needs it, can go. Where the right side
// does nothing, removing the statement, which pruning tries, is the same.
func dropAssignments(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	t.Walk(c, func(id tree.NodeID) bool {
		if !shown(c, id) {
			return false
		}
		n := &t.Nodes[id]
		if n.Kind != "assignment_expression" || c.Edited(id) {
			return true
		}
		switch t.Nodes[n.Parent].Kind {
		case "expression_statement", "comma_expression", "for_statement":
		default:
			return true
		}
		kids := t.Children(id)
		right := kids[len(kids)-1]
		if hasSideEffect(t, c, right) {
			cands = append(cands, c.Hoist(id, right))
		}
		return true
	})
	return cands
}

// sideEffectKinds are the expressions that do something as statements of
// their own.
var sideEffectKinds = map[string]bool{
	"call_expression": true, "assignment_expression": true, "update_expression": true,
}

// hasSideEffect reports whether the expression id, as candidate c has it,
// calls, assigns or increments something.
func hasSideEffect(t *tree.Tree, c tree.Candidate, id tree.NodeID) bool {
	found := false
	walkFrom(t, c, id, func(n tree.NodeID) bool {
		found = found || shown(c, n) && sideEffectKinds[t.Nodes[n].Kind]
		return !found && shown(c, n)
	})
	return found
}
