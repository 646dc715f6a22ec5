package c

import (
	"github.com/hddreduce/hdd/hdd/tree"
)

// keepConditions is a transform: for each if statement whose condition
// does something (a call, an assignment, an increment), it proposes the
// condition as a statement of its own before the branches, as C-Vise's
// simplify-if does: "if (f()) ;" becomes "f();", "if (x = g()) a; else b;"
// becomes "x = g(); a; b;". Hoisting a branch in the if's place drops the
// condition, and pruning the if drops both, so a test that needs the call
// but not the test of its value kept the whole if until now.
//
// The edits are to the if's own tokens: "if" and "else" go, the
// condition's parentheses become nothing and ";", and an empty branch
// (";") goes too. The tree still has an if there until the text is parsed
// again (HDD* does that before its last sweep), so the statements left
// vanish one by one only then; Check parses every candidate afresh anyway.
func keepConditions(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	walkFrom(t, c, 0, func(id tree.NodeID) bool {
		if !shown(c, id) {
			return false
		}
		if t.Nodes[id].Kind != "if_statement" {
			return true
		}
		if cand, ok := conditionFirst(t, c, id); ok {
			cands = append(cands, cand)
		}
		return true
	})
	return cands
}

// conditionFirst returns c with the if statement id turned into its
// condition and its branches as statements one after another, if the
// condition does something and the if's tokens are as in the input.
func conditionFirst(t *tree.Tree, c tree.Candidate, id tree.NodeID) (tree.Candidate, bool) {
	kids := t.Children(id)
	if len(kids) < 3 || t.Nodes[kids[0]].Kind != "if" || c.Edited(kids[0]) || c.Edited(kids[1]) {
		return c, false
	}
	cond := t.Children(kids[1])
	// C++'s condition_clause may hold a declaration or an init
	// statement, which stay.
	if k := t.Nodes[kids[1]].Kind; k != "parenthesized_expression" && k != "condition_clause" || len(cond) != 3 ||
		t.Nodes[cond[1]].Kind == "declaration" ||
		t.Nodes[cond[0]].Kind != "(" || t.Nodes[cond[2]].Kind != ")" ||
		c.Edited(cond[0]) || c.Edited(cond[2]) || !shown(c, cond[1]) ||
		!hasSideEffect(t, c, cond[1]) {
		return c, false
	}
	out := c.Replace(kids[0], "").Replace(cond[0], "").Replace(cond[2], ";")
	for _, k := range kids[2:] {
		switch {
		case c.Removed(k):
		case isEmptyStatement(t, c, k):
			out = out.Replace(k, "")
		case t.Nodes[k].Kind == "else_clause":
			ek := t.Children(k)
			if len(ek) != 2 || t.Nodes[ek[0]].Kind != "else" || c.Edited(ek[0]) {
				return c, false
			}
			out = out.Replace(ek[0], "")
			if isEmptyStatement(t, c, ek[1]) {
				out = out.Replace(ek[1], "")
			}
		}
	}
	return out, true
}

// isEmptyStatement reports whether node id is, as c has it, a statement
// that does nothing: ";" (an expression statement with no expression).
func isEmptyStatement(t *tree.Tree, c tree.Candidate, id tree.NodeID) bool {
	if s, ok := c.Subst(id); ok {
		return s.Hoist == tree.NoNode && s.Text == ";"
	}
	if c.Removed(id) || t.Nodes[id].Kind != "expression_statement" {
		return false
	}
	for _, k := range t.Children(id) {
		if !c.Removed(k) && t.Nodes[k].Kind != ";" {
			return false
		}
	}
	return true
}
