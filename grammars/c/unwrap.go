package c

import (
	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/hdd/tree"
)

// unwrapBlocks is a transform: for each block that stands as an item of
// another block ("{ a; { b; c; } }"), it proposes dropping its braces so its
// items join the outer block ("{ a; b; c; }"). Blocks left behind by
// hoisting a do or if statement to its body are the usual case. It also
// proposes a body that holds one statement replaced by it ("if (x) {
// f(); }" becomes "if (x) f();"), but not where an else would then bind to
// an if inside.
func unwrapBlocks(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	// visit visits node id, standing in a node of kind parentKind: its
	// parent, or the node that a hoist replaced by it (hoisted).
	var visit func(id tree.NodeID, parentKind string, hoisted bool)
	visit = func(id tree.NodeID, parentKind string, hoisted bool) {
		if c.Removed(id) {
			return
		}
		if sub, ok := c.Subst(id); ok {
			if sub.Hoist != tree.NoNode {
				visit(sub.Hoist, parentKind, true) // the hoisted node stands here
			}
			return
		}
		n := &t.Nodes[id]
		kids := t.Children(id)
		if n.Kind == "compound_statement" && len(kids) >= 2 {
			lb, rb := kids[0], kids[len(kids)-1]
			braces := t.Nodes[lb].Kind == "{" && t.Nodes[rb].Kind == "}" && !c.Edited(lb) && !c.Edited(rb)
			switch {
			case !braces:
			case parentKind == "compound_statement":
				cands = append(cands, c.Replace(lb, "").Replace(rb, ""))
			case !hoisted:
				if only := onlyStatement(t, c, id); only != tree.NoNode {
					cands = append(cands, c.Hoist(id, only))
				}
			}
		}
		for _, ch := range kids {
			visit(ch, n.Kind, false)
		}
	}
	visit(0, "", false)
	return cands
}

// bodyKinds are the statements whose body, or else branch, is a statement.
var bodyKinds = ts.NewSet("if_statement", "else_clause", "while_statement", "for_statement", "do_statement")

// bodyStatements are the statements a body's block may become: "do do
// {...} while (a); while (b);" saves four bytes but reads worse than the
// braces around the inner loop.
var bodyStatements = ts.NewSet("expression_statement", "return_statement", "break_statement",
	"continue_statement", "goto_statement", "if_statement")

// onlyStatement returns the statement that the block id holds alone, as c
// has it, if id is a body and the statement may stand in its place: a
// simple one or an if (see bodyStatements), and one that holds no if
// where an else follows the block (see beforeElse).
// Else it returns tree.NoNode.
func onlyStatement(t *tree.Tree, c tree.Candidate, id tree.NodeID) tree.NodeID {
	if !bodyKinds[t.Nodes[t.Nodes[id].Parent].Kind] {
		return tree.NoNode
	}
	only := tree.NoNode
	for _, k := range t.Children(id) {
		switch kind := t.Nodes[k].Kind; {
		case c.Removed(k) || kind == "{" || kind == "}" || kind == "comment":
		case only != tree.NoNode:
			return tree.NoNode
		default:
			only = k
		}
	}
	if only == tree.NoNode {
		return tree.NoNode
	}
	stands := only // the node rendered there
	if s, ok := c.Subst(only); ok {
		if s.Hoist == tree.NoNode {
			return tree.NoNode
		}
		stands = s.Hoist
	}
	if !bodyStatements[t.Nodes[stands].Kind] {
		return tree.NoNode // a declaration, or a loop or block, which reads better in braces
	}
	if !beforeElse(t, c, id) {
		return only
	}
	hasIf := false
	walkFrom(t, c, only, func(n tree.NodeID) bool {
		hasIf = hasIf || shown(c, n) && t.Nodes[n].Kind == "if_statement"
		return !hasIf && shown(c, n)
	})
	if hasIf {
		return tree.NoNode
	}
	return only
}

// beforeElse reports whether an else follows the body id at once: the
// else of an if whose consequence ends with it.
func beforeElse(t *tree.Tree, c tree.Candidate, id tree.NodeID) bool {
	for cur, p := id, t.Nodes[id].Parent; p != tree.NoNode; cur, p = p, t.Nodes[p].Parent {
		switch t.Nodes[p].Kind {
		case "if_statement":
			if t.Nodes[cur].Kind != "else_clause" && hasElse(t, c, p) {
				return true
			}
		case "else_clause", "while_statement", "for_statement":
		default:
			return false // a do's body ends before its while
		}
	}
	return false
}

// hasElse reports whether c shows an else branch of the if statement id.
func hasElse(t *tree.Tree, c tree.Candidate, id tree.NodeID) bool {
	for _, k := range t.Children(id) {
		if t.Nodes[k].Kind == "else_clause" && !c.Removed(k) {
			return true
		}
	}
	return false
}

// unwrapConditionals is a transform: for each #if, #ifdef or #ifndef, it
// proposes keeping the lines of its first branch without the directives
// around them ("#ifdef X\na;\n#else\nb;\n#endif" becomes "a;"), and, where
// it has an #else, the lines of the #else branch alone ("b;"), as C-Vise's
// "ifs" pass does. The levels may remove a branch's lines, but not the
// directives of a branch they keep, nor an include guard around a whole
// header.
func unwrapConditionals(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	walkFrom(t, c, 0, func(id tree.NodeID) bool {
		if !shown(c, id) {
			return false
		}
		switch t.Nodes[id].Kind {
		case "preproc_if", "preproc_ifdef":
		default:
			return true
		}
		kids := shownChildren(t, c, id)
		if len(kids) < 3 || c.Edited(kids[0]) || c.Edited(kids[1]) || t.Nodes[kids[len(kids)-1]].Kind != "#endif" {
			return true // the directive's head or #endif is missing: an opaque region, say
		}
		head, end := kids[:2], kids[len(kids)-1]
		body := kids[2 : len(kids)-1]
		var alt tree.NodeID = tree.NoNode
		if len(body) > 0 && isAlternative(t.Nodes[body[len(body)-1]].Kind) {
			alt, body = body[len(body)-1], body[:len(body)-1]
		}
		unwrapped := c.Replace(head[0], "").Replace(head[1], "").Replace(end, "")
		// The first branch alone.
		keep := unwrapped
		if alt != tree.NoNode {
			keep = keep.Remove(alt)
		}
		cands = append(cands, keep)
		// The #else branch alone.
		if alt != tree.NoNode && t.Nodes[alt].Kind == "preproc_else" {
			if ak := shownChildren(t, c, alt); len(ak) > 0 && t.Nodes[ak[0]].Kind == "#else" && !c.Edited(ak[0]) {
				other := unwrapped.Replace(ak[0], "")
				for _, b := range body {
					other = other.Replace(b, "")
				}
				cands = append(cands, other)
			}
		}
		return true
	})
	return cands
}

// isAlternative reports whether kind is a conditional's later branch.
func isAlternative(kind string) bool {
	return kind == "preproc_else" || kind == "preproc_elif" || kind == "preproc_elifdef"
}
