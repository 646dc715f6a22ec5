package python

import (
	"bytes"

	sitter "github.com/smacker/go-tree-sitter"
)

// unboundNonlocals counts the names of the nonlocal statements of text,
// parsed as root, that no function around their own binds ("no binding
// for nonlocal 'x' found", which tree-sitter does not see), and returns
// the offset of the first. A removal may leave one: the assignment that
// bound the name in the enclosing function. Class bodies do not count, as
// in Python; a name that a function around declares nonlocal itself
// counts as bound there. It errs on the side of testing: a binding of a
// kind it does not know (del, a match pattern's capture) is none, so a
// text with one counts an error, and so does the input.
func unboundNonlocals(root *sitter.Node, text []byte) (n, first int) {
	if !bytes.Contains(text, []byte("nonlocal")) {
		return 0, 0
	}
	// funcs are the functions around node, the innermost last; inClass
	// says a class body is closer than the last of them.
	var walk func(node *sitter.Node, funcs []*sitter.Node, inClass bool)
	walk = func(node *sitter.Node, funcs []*sitter.Node, inClass bool) {
		switch node.Type() {
		case "function_definition":
			funcs, inClass = append(funcs, node), false
		case "class_definition":
			inClass = true
		case "nonlocal_statement":
			if len(funcs) == 0 {
				return // outside a function: Table.Enclosed refuses it
			}
			around := funcs[:len(funcs)-1] // those around its own scope
			if inClass {
				around = funcs
			}
			for i := 0; i < int(node.NamedChildCount()); i++ {
				name := node.NamedChild(i)
				if name.Type() != "identifier" || boundAround(around, name.Content(text), text) {
					continue
				}
				if n == 0 {
					first = int(name.StartByte())
				}
				n++
			}
			return
		}
		for i := 0; i < int(node.NamedChildCount()); i++ {
			walk(node.NamedChild(i), funcs, inClass)
		}
	}
	walk(root, nil, false)
	return n, first
}

// boundAround reports whether one of the functions funcs, the innermost
// last, binds name in its own scope.
func boundAround(funcs []*sitter.Node, name string, text []byte) bool {
	for i := len(funcs) - 1; i >= 0; i-- {
		if binds(funcs[i], name, text) {
			return true
		}
	}
	return false
}

// binds reports whether the function definition f binds name in its own
// scope: as a parameter, or in its body outside the functions, classes,
// lambdas and comprehensions inside it (whose own names are bindings of
// f's scope).
func binds(f *sitter.Node, name string, text []byte) bool {
	b := binder{name: name, text: text}
	if params := f.ChildByFieldName("parameters"); params != nil {
		for i := 0; i < int(params.NamedChildCount()); i++ {
			if b.parameter(params.NamedChild(i)) {
				return true
			}
		}
	}
	body := f.ChildByFieldName("body")
	return body != nil && b.in(body)
}

// A binder looks for a binding of name in the nodes of a text.
type binder struct {
	name string
	text []byte
}

// is reports whether n is the identifier name.
func (b binder) is(n *sitter.Node) bool {
	return n != nil && n.Type() == "identifier" && n.Content(b.text) == b.name
}

// parameter reports whether the parameter p declares name.
func (b binder) parameter(p *sitter.Node) bool {
	switch p.Type() {
	case "identifier":
		return b.is(p)
	case "default_parameter", "typed_default_parameter":
		return b.is(p.ChildByFieldName("name"))
	case "typed_parameter", "list_splat_pattern", "dictionary_splat_pattern":
		for i := 0; i < int(p.NamedChildCount()); i++ {
			if c := p.NamedChild(i); c.Type() != "type" && b.parameter(c) {
				return true
			}
		}
	}
	return false
}

// target reports whether n, the target of an assignment, a for or an
// "as", binds name: it is name, or a pattern that holds it.
func (b binder) target(n *sitter.Node) bool {
	if n == nil {
		return false
	}
	switch n.Type() {
	case "identifier":
		return b.is(n)
	case "pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "list_splat_pattern",
		"parenthesized_expression", "as_pattern_target", "expression_list":
		for i := 0; i < int(n.NamedChildCount()); i++ {
			if b.target(n.NamedChild(i)) {
				return true
			}
		}
	}
	return false
}

// in reports whether n binds name in the scope it belongs to.
func (b binder) in(n *sitter.Node) bool {
	switch n.Type() {
	case "function_definition", "class_definition":
		return b.is(n.ChildByFieldName("name"))
	case "lambda", "list_comprehension", "set_comprehension", "dictionary_comprehension", "generator_expression":
		return false
	case "assignment", "augmented_assignment", "for_statement":
		if b.target(n.ChildByFieldName("left")) {
			return true
		}
	case "as_pattern":
		if b.target(n.ChildByFieldName("alias")) {
			return true
		}
	case "named_expression":
		if b.is(n.ChildByFieldName("name")) {
			return true
		}
	case "import_statement", "import_from_statement":
		// Each name imported binds its first word, or its alias; the
		// module imported from binds nothing.
		module := n.ChildByFieldName("module_name")
		for i := 0; i < int(n.NamedChildCount()); i++ {
			c := n.NamedChild(i)
			switch {
			case module != nil && c.StartByte() == module.StartByte():
			case c.Type() == "aliased_import" && b.is(c.ChildByFieldName("alias")),
				c.Type() == "dotted_name" && b.is(c.NamedChild(0)):
				return true
			}
		}
		return false
	case "nonlocal_statement":
		for i := 0; i < int(n.NamedChildCount()); i++ {
			if b.is(n.NamedChild(i)) {
				return true
			}
		}
		return false
	}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if b.in(n.NamedChild(i)) {
			return true
		}
	}
	return false
}
