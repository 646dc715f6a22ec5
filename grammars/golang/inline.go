package golang

import (
	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/hdd/tree"
)

// inlineValues is a transform: for each local declared by "x := value"
// that nothing changes after (no assignment, increment or &x), it proposes
// the declaration gone and each use spelled as the value, in parentheses
// unless it binds tightly on its own: "x := f(1); g(x)" becomes
// "g(f(1))". Go refuses a local that nothing uses, so pruning could not
// remove a local and its only use, which were one edit apart. A value
// other than a name or a literal is inlined only into a local's one use,
// so that it is not evaluated twice.
func inlineValues(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	t.Walk(c, func(id tree.NodeID) bool {
		if !c.Edited(id) && t.Nodes[id].Kind == "short_var_declaration" && t.Nodes[t.Nodes[id].Parent].Kind == "block" {
			if cand, ok := inlineValue(t, c, id); ok {
				cands = append(cands, cand)
			}
		}
		return true
	})
	return cands
}

// inlineValue returns c with the local that decl declares inlined into
// its uses, if it may be.
func inlineValue(t *tree.Tree, c tree.Candidate, decl tree.NodeID) (tree.Candidate, bool) {
	kids := t.Children(decl)
	if c.EditedWithin(decl, t.SubtreeEnd(decl)) || len(kids) != 3 || t.Nodes[kids[1]].Kind != ":=" {
		return c, false
	}
	left, right := t.Children(kids[0]), t.Children(kids[2])
	if len(left) != 1 || len(right) != 1 || t.Nodes[left[0]].Kind != "identifier" {
		return c, false
	}
	name, value := string(t.Text(left[0])), right[0]
	if name == "_" {
		return c, false
	}
	return ts.InlineValue(t, c, ts.Local{
		Decl: decl, Name: name, Value: value, Scope: t.Nodes[decl].Parent,
		Bound: func(n tree.NodeID) bool { return bound(t, n) },
		Ident: "identifier", Many: simple[t.Nodes[value].Kind], Tight: tight[t.Nodes[value].Kind],
	})
}

// simple are the values that may be spelled at several uses.
var simple = map[string]bool{
	"identifier": true, "int_literal": true, "float_literal": true, "imaginary_literal": true,
	"rune_literal": true, "interpreted_string_literal": true, "raw_string_literal": true,
	"true": true, "false": true, "nil": true,
}

// tight are the values that need no parentheses to stand for a name. A
// composite literal is not among them: in an if's or a for's header,
// "T{}" reads as the start of the block.
var tight = map[string]bool{
	"identifier": true, "int_literal": true, "float_literal": true, "imaginary_literal": true,
	"rune_literal": true, "interpreted_string_literal": true, "raw_string_literal": true,
	"true": true, "false": true, "nil": true,
	"call_expression": true, "parenthesized_expression": true, "selector_expression": true,
	"index_expression": true, "slice_expression": true,
}

// bound reports whether the identifier n is declared or changed where it
// stands, in parentheses or not: the left side of := or =, an operand of ++ or --, of & or of a
// range clause's left side, a parameter, a var or const spec's name.
func bound(t *tree.Tree, n tree.NodeID) bool {
	p := t.Nodes[n].Parent
	for t.Nodes[p].Kind == "parenthesized_expression" { // (x)++
		n, p = p, t.Nodes[p].Parent
	}
	switch t.Nodes[p].Kind {
	case "expression_list":
		gp := t.Nodes[p].Parent
		switch t.Nodes[gp].Kind {
		case "short_var_declaration", "assignment_statement", "range_clause":
			return t.Children(gp)[0] == p
		}
	case "inc_statement", "dec_statement", "parameter_declaration", "variadic_parameter_declaration",
		"var_spec", "const_spec", "range_clause", "labeled_statement", "assignment_statement":
		return true
	case "unary_expression":
		return t.Nodes[t.Children(p)[0]].Kind == "&"
	}
	return false
}
