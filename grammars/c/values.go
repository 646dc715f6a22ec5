package c

import (
	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/hdd/tree"
)

// inlineValues is a transform: for each local variable declared with a
// value ("int y = f(x);") and never changed after (not assigned,
// incremented or taken the address of), it proposes the declaration gone
// and each use spelled as the value, in parentheses unless it binds
// tightly on its own: "int y = f(x); g(y);" becomes "g(f(x));", as
// C-Vise's copy propagation does. A value that does something (a call, an
// assignment) is inlined only into a variable's one use, so that it is not
// done twice, and no value where the text would get longer (see
// treesitter.InlineValue).
func inlineValues(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	walkFrom(t, c, 0, func(id tree.NodeID) bool {
		if !shown(c, id) {
			return false
		}
		if t.Nodes[id].Kind != "declaration" || t.Nodes[t.Nodes[id].Parent].Kind != "compound_statement" {
			return true
		}
		if cand, ok := inlineValue(t, c, id); ok {
			cands = append(cands, cand)
		}
		return false
	})
	return cands
}

// inlineValue returns c with the variable that declaration decl declares
// inlined into its uses, if it may be.
func inlineValue(t *tree.Tree, c tree.Candidate, decl tree.NodeID) (tree.Candidate, bool) {
	if c.EditedWithin(decl, t.SubtreeEnd(decl)) {
		return c, false
	}
	var init tree.NodeID = tree.NoNode
	for _, k := range t.Children(decl) {
		switch t.Nodes[k].Kind {
		case "init_declarator":
			if init != tree.NoNode {
				return c, false // several declarators
			}
			init = k
		case "declarator", "identifier", "pointer_declarator", "array_declarator", "function_declarator":
			return c, false
		}
	}
	if init == tree.NoNode {
		return c, false
	}
	kids := t.Children(init)
	if len(kids) != 3 || t.Nodes[kids[1]].Kind != "=" || t.Nodes[kids[2]].Kind == "initializer_list" {
		return c, false
	}
	id := kids[0]
	for t.Nodes[id].Kind == "pointer_declarator" { // int *p = &x;
		pk := t.Children(id)
		id = pk[len(pk)-1]
	}
	if t.Nodes[id].Kind != "identifier" {
		return c, false
	}
	value := kids[2]
	return ts.InlineValue(t, c, ts.Local{
		Decl: decl, Name: string(t.Text(id)), Value: value, Scope: t.Nodes[decl].Parent,
		Bound: func(n tree.NodeID) bool { return declarator(t, n) || changed(t, n) },
		Ident: "identifier", Many: !hasSideEffect(t, c, value), Tight: tight[t.Nodes[value].Kind],
	})
}

// tight are the expressions that need no parentheses to stand for a name.
var tight = map[string]bool{
	"identifier": true, "number_literal": true, "char_literal": true, "string_literal": true,
	"concatenated_string": true, "true": true, "false": true, "null": true,
	"call_expression": true, "parenthesized_expression": true, "subscript_expression": true,
	"field_expression": true,
}

// changed reports whether the identifier n is changed where it stands,
// in parentheses or not: the left side of an assignment, the operand of
// ++ or --, or of &.
func changed(t *tree.Tree, n tree.NodeID) bool {
	p := t.Nodes[n].Parent
	for t.Nodes[p].Kind == "parenthesized_expression" {
		n, p = p, t.Nodes[p].Parent
	}
	switch t.Nodes[p].Kind {
	case "assignment_expression":
		return t.Children(p)[0] == n
	case "update_expression":
		return true
	case "pointer_expression":
		return t.Nodes[t.Children(p)[0]].Kind == "&"
	}
	return false
}
