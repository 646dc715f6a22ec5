package c

import (
	"github.com/hddreduce/hdd/hdd/tree"
)

// literalKinds are the expressions that are constants already: replacing
// one by 0 or hoisting a call to one gains nothing that pruning does not.
var literalKinds = map[string]bool{
	"number_literal": true, "char_literal": true, "string_literal": true, "concatenated_string": true,
	"true": true, "false": true, "null": true,
}

// sideEffectKinds are the expressions that do something as statements of
// their own.
var sideEffectKinds = map[string]bool{
	"call_expression": true, "assignment_expression": true, "update_expression": true,
}

// looseParents are the nodes where any expression may stand in place of a
// call without parentheses.
var looseParents = map[string]bool{
	"argument_list": true, "list_item": true, "expression_statement": true, "init_declarator": true,
	"return_statement": true, "parenthesized_expression": true, "initializer_list": true, "initializer_pair": true,
}

// primaryKinds are the expressions that bind as tightly as a call: one may
// stand in place of a call anywhere without changing how the expression
// around it parses.
var primaryKinds = map[string]bool{
	"identifier": true, "call_expression": true, "field_expression": true, "subscript_expression": true,
	"parenthesized_expression": true,
}

// zeroArguments is a transform: it proposes 0 in place of the arguments of
// a call ("f(x, g(y))" becomes "f(0, 0)", then "f(0, g(y))", "f(x, 0)"),
// all of a call's arguments at once first, then one by one, so that what
// only fed an argument (a variable, its declaration, a call) can go.
// Constants and arguments that are 0 already are left alone.
func zeroArguments(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	t.Walk(c, func(id tree.NodeID) bool {
		if !shown(c, id) {
			return false
		}
		if t.Nodes[id].Kind != "argument_list" || c.Edited(id) {
			return true
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

// hoistCalls is a transform: it proposes replacing a call by one of its
// arguments ("x = f(g(y), z)" becomes "x = g(y)", then "x = z"), where the
// call stands as a value (an operand, an argument, an initializer) or as a
// statement, and then only by an argument that does something (a call, an
// assignment). As an operand, a call is replaced only by an argument that
// binds as tightly, so the expression around it parses as before. Pruning replaces a call by 0 where a value may be 0;
// hoisting cannot reach the arguments, which are not operands.
func hoistCalls(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	t.Walk(c, func(id tree.NodeID) bool {
		if !shown(c, id) {
			return false
		}
		n := &t.Nodes[id]
		if n.Kind != "call_expression" || c.Edited(id) {
			return true
		}
		kids := t.Children(id)
		if len(kids) != 2 || !shown(c, kids[1]) || c.Edited(kids[1]) {
			return true
		}
		parent := t.Nodes[n.Parent].Kind
		statement := parent == "expression_statement"
		if !statement && n.Replace != "0" && parent != "argument_list" && parent != "list_item" {
			return true // a callee, an operand of & or ->, ...
		}
		loose := looseParents[parent] || parent == "assignment_expression" && t.Children(n.Parent)[0] != id
		for _, a := range listItems(t, c, kids[1]) {
			a = itemNode(t, a)
			k := t.Nodes[a].Kind
			if literalKinds[k] || statement && !sideEffectKinds[k] || !loose && !primaryKinds[k] {
				continue
			}
			cands = append(cands, c.Hoist(id, a))
		}
		return true
	})
	return cands
}
