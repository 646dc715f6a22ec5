// Package javascript is the JavaScript adapter, a default table over
// tree-sitter's JavaScript grammar (JSX included): the statements of a
// program or a block, class members and the statements of a switch case
// are items that may vanish; arguments, parameters, array and object
// elements, destructuring patterns, imported and exported names and the
// declarators of a declaration are list items; a block or a class body
// becomes "{}", an argument or parameter list "()", an array "[]", an
// object "{}", a string ""; else, catch and finally clauses, decorators
// and default values may vanish. A block, a statement or an expression may
// be hoisted to one of its kind below it.
package javascript

import (
	"bytes"
	"maps"
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	tsjs "github.com/smacker/go-tree-sitter/javascript"

	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Language is JavaScript as the tree-sitter adapter reduces it.
var Language = &ts.Language{
	Name:    "javascript",
	Exts:    []string{".js", ".mjs", ".cjs", ".jsx"},
	Grammar: tsjs.GetLanguage(),
	Table:   Table(tsjs.GetLanguage()),
	Refuses: EmptyDeclaration,
	// Not LineSensitive: a line break where something vanished could end
	// a statement ("return\nx").
}

// Format is the JavaScript format.
var Format = Language.Format()

// Table returns the table of grammar g, JavaScript's or a grammar that
// extends it (TypeScript's): the kinds named alike are treated alike.
func Table(g *sitter.Language) *ts.Table {
	statements := ts.NamedKinds(g, func(k string) bool {
		return strings.HasSuffix(k, "_statement") && k != "empty_statement" && k != "import_statement" && k != "export_statement"
	}).Add("lexical_declaration", "variable_declaration", "function_declaration", "class_declaration")
	expressions := ts.NamedKinds(g, func(k string) bool {
		// A JSX expression, {x}, is a container: in its place an
		// expression reads as text or as an attribute that is none.
		return strings.HasSuffix(k, "_expression") && k != "sequence_expression" && k != "jsx_expression"
	}).Add("identifier", "number", "string", "template_string", "regex", "true", "false", "null", "undefined",
		"this", "array", "object", "arrow_function", "function_expression", "function", "class")
	return &ts.Table{
		Root:     "program",
		Leaves:   ts.NewSet("string", "template_string", "number", "regex", "comment", "html_comment", "jsx_text"),
		Anywhere: ts.NewSet("comment", "html_comment", "else_clause", "finally_clause", "decorator", "hash_bang_line"),
		Layouts: ts.LayoutsOf(
			[]string{"program", "statement_block", "class_body", "switch_body", "switch_case", "switch_default",
				"jsx_element"},
			[]string{"arguments", "formal_parameters", "array", "object", "object_pattern", "array_pattern",
				"named_imports", "export_clause", "lexical_declaration", "variable_declaration", "sequence_expression"}),
		ItemTokens:    ts.NewSet(";"),
		NotItemFields: ts.NewSet("value", "kind", "open_tag", "close_tag"),
		Labels:        map[string]string{"switch_case": ":", "switch_default": ":"},
		NotListItems:  ts.NewSet("comment", "html_comment"),
		NonEmpty:      ts.NewSet("lexical_declaration", "variable_declaration", "sequence_expression"),
		// A const needs its value (keepConstValues); Check refuses a
		// candidate without one all the same. A function or class
		// expression without a name, hoisted out of an assignment to
		// stand as a statement, reads as a declaration without its name
		// ("Function statements require a function name"). Decorators
		// before an export decorate a class only, which a hoist of the
		// class to a declaration or an expression inside it leaves them
		// before ("Decorators are not valid here"). A setter keeps its
		// parameter (keepSetterParameter), and Check refuses one without.
		Malformed: `(lexical_declaration kind: "const" (variable_declarator !value) @const)
(expression_statement (function_expression !name) @anonymous)
(expression_statement (class !name) @anonymous)
(method_definition "set" parameters: (formal_parameters) @hdd-never-empty)
(export_statement decorator: (decorator) declaration: [(lexical_declaration) (variable_declaration) (function_declaration)] @undecoratable)
` + undecoratableValues(g, expressions),
		Plan: func(pl *ts.Planner, p *ts.Node, parts []ts.Part) []ts.Part {
			return keepSetterParameter(pl, p, keepConstValues(pl, p, parts))
		},
		Unreplaceable: namedLabel,
		Children: map[ts.Child]ts.Edit{
			// A catch clause may vanish where a finally clause stays.
			{Parent: "try_statement", Field: "handler", Kind: ts.Any}: {Flags: tree.Removable},
		},
		Optional: map[ts.Slot]string{
			{Parent: "assignment_pattern", Field: "right"}:      "=",
			{Parent: "variable_declarator", Field: "value"}:     "=",
			{Parent: "field_definition", Field: "value"}:        "=",
			{Parent: "public_field_definition", Field: "value"}: "=",
		},
		Replace: map[string]string{
			"statement_block":   "{}",
			"class_body":        "{}",
			"arguments":         "()",
			"formal_parameters": "()",
			"array":             "[]",
			"object":            "{}",
			"string":            `""`,
			"template_string":   "``",
		},
		Strings: ts.NewSet("string"),
		Classes: ts.Classes(map[string]ts.Set{
			"block": ts.NewSet("statement_block"),
			"stmt":  statements,
			"expr":  expressions,
		}),
		Accepts: map[string][]string{"stmt": {"block"}},
	}
}

// undecoratableValues returns the query of the expressions of grammar g
// but a class, among kinds, that a decorated export default may not hold:
// the grammar reads "@dec export default f;" without an error.
func undecoratableValues(g *sitter.Language, kinds ts.Set) string {
	values := ts.NamedKinds(g, func(k string) bool { return kinds[k] && k != "class" })
	var b strings.Builder
	b.WriteString("(export_statement decorator: (decorator) value: [")
	for _, k := range slices.Sorted(maps.Keys(values)) {
		b.WriteString(" (" + k + ")")
	}
	b.WriteString("] @undecoratable)")
	return b.String()
}

// keepSetterParameter keeps the parameter of a setter, which takes exactly
// one ("A 'set' accessor must have exactly one parameter", which
// tree-sitter reads without an error): its parameter list is not replaced
// by "()", nor does the parameter vanish.
func keepSetterParameter(pl *ts.Planner, p *ts.Node, parts []ts.Part) []ts.Part {
	var kind string
	switch {
	case p.Kind == "method_definition" && isSetter(pl, p):
		kind = "formal_parameters"
	case p.Kind == "formal_parameters" && pl.Parent() != nil && pl.Parent().Kind == "method_definition" && isSetter(pl, pl.Parent()):
		kind = "" // every parameter
	default:
		return parts
	}
	for i := range parts {
		if kind == "" && parts[i].Is(tree.ListItem) || kind != "" && pl.Kind(parts[i]) == kind {
			parts[i].Flags &^= tree.Removable
			parts[i].Replace = ""
		}
	}
	return parts
}

// isSetter reports whether the method definition m is a setter: "set"
// before its name.
func isSetter(pl *ts.Planner, m *ts.Node) bool {
	for c := pl.FirstChild(m); c != nil; c = pl.NextSibling(c) {
		if c.Kind == "set" && !c.Named {
			return true
		}
	}
	return false
}

// namedLabel reports whether n is a labeled statement, or the loop it
// labels, whose body names the label in a break or continue: hoisted to
// its body, it would leave them naming no label, or a label of no loop
// ("Undefined label").
func namedLabel(src []byte, n *ts.Node) bool {
	text := src[n.Start:n.End]
	var label []byte
	switch n.Kind {
	case "labeled_statement":
		if colon := bytes.IndexByte(text, ':'); colon > 0 {
			label = bytes.TrimSpace(text[:colon])
		}
	case "for_statement", "for_in_statement", "while_statement", "do_statement":
		// The label before it, if any: "outer: for ...".
		i := n.Start
		for i > 0 && strings.ContainsRune(" \t\r\n", rune(src[i-1])) {
			i--
		}
		if i > 0 && src[i-1] == ':' {
			j := i - 1
			for j > 0 && isWordByte(src[j-1]) {
				j--
			}
			label = src[j : i-1]
		}
	}
	return len(label) > 0 && namesLabel(text, label)
}

// namesLabel reports whether text holds "break label" or "continue
// label".
func namesLabel(text, label []byte) bool {
	for _, kw := range [][]byte{[]byte("break"), []byte("continue")} {
		for rest := text; ; {
			i := bytes.Index(rest, kw)
			if i < 0 {
				break
			}
			rest = rest[i+len(kw):]
			after := bytes.TrimLeft(rest, " \t")
			if len(after) < len(rest) && bytes.HasPrefix(after, label) && (len(after) == len(label) || !isWordByte(after[len(label)])) {
				return true
			}
		}
	}
	return false
}

// isWordByte reports whether c may stand in an identifier.
func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// keepConstValues keeps the value of a const's declarator, which the
// Optional slot of a declarator's value lets vanish: "const x;" is a
// syntax error, "let x;" is not.
func keepConstValues(pl *ts.Planner, p *ts.Node, parts []ts.Part) []ts.Part {
	if p.Kind != "variable_declarator" {
		return parts
	}
	decl := pl.Parent()
	if decl == nil || decl.Kind != "lexical_declaration" {
		return parts
	}
	if kw := pl.FirstChild(decl); kw == nil || kw.Kind != "const" {
		return parts
	}
	for i := range parts {
		if parts[i].Kind == "value" {
			parts[i].Flags &^= tree.Removable
		}
	}
	return parts
}
