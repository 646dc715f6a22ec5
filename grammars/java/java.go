// Package java is the Java adapter, a default table over tree-sitter's
// Java grammar: the declarations of a file, the members of a class,
// interface, enum or record, the statements of a block and the groups and
// statements of a switch are items that may vanish; arguments, parameters,
// type arguments and parameters, enum constants, array initializers and
// the declarators of a declaration are list items; a block or a class
// body becomes "{}", an argument or parameter list "()", a string ""; an
// else branch may vanish with its "else"; modifiers, annotations, throws
// clauses, superclasses and interfaces, catch and finally clauses may
// vanish (but sealed modifiers while a permits clause stays). A block, a
// statement or an expression may be hoisted to one of its kind below it.
package java

import (
	"slices"
	"strings"

	tsjava "github.com/smacker/go-tree-sitter/java"

	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Language is Java as the tree-sitter adapter reduces it.
var Language = &ts.Language{
	Name:    "java",
	Exts:    []string{".java"},
	Grammar: grammar,
	Table:   table,
}

// Format is the Java format.
var Format = Language.Format()

var grammar = tsjava.GetLanguage()

var (
	statements = ts.NamedKinds(grammar, func(k string) bool {
		return strings.HasSuffix(k, "_statement")
	}).Add("local_variable_declaration")
	expressions = ts.NamedKinds(grammar, func(k string) bool {
		return strings.HasSuffix(k, "_expression") || strings.HasSuffix(k, "_literal") || k == "method_invocation" ||
			k == "field_access" || k == "array_access" || k == "identifier" || k == "this"
	})
)

var table = &ts.Table{
	Root: "program",
	Leaves: ts.NewSet("string_literal", "character_literal", "decimal_integer_literal", "hex_integer_literal",
		"octal_integer_literal", "binary_integer_literal", "decimal_floating_point_literal",
		"hex_floating_point_literal", "line_comment", "block_comment"),
	Anywhere: ts.NewSet("line_comment", "block_comment", "modifiers", "marker_annotation", "annotation", "throws",
		"superclass", "super_interfaces", "extends_interfaces", "permits", "finally_clause", "dimensions"),
	Children: map[ts.Child]ts.Edit{
		{Parent: "try_statement", Field: ts.Any, Kind: "catch_clause"}: {Flags: tree.Removable},
	},
	Layouts: ts.LayoutsOf(
		[]string{"program", "block", "class_body", "interface_body", "enum_body_declarations", "constructor_body",
			"switch_block", "switch_block_statement_group", "annotation_type_body", "module_body"},
		[]string{"argument_list", "formal_parameters", "type_arguments", "type_parameters", "array_initializer",
			"enum_body", "element_value_array_initializer", "inferred_parameters", "local_variable_declaration",
			"field_declaration", "annotation_argument_list", "type_list"}),
	ItemTokens:    ts.NewSet(";"),
	NotItemFields: ts.NewSet("type", "dimensions"),
	Labels:        map[string]string{"switch_block_statement_group": ":"},
	NotListItems:  ts.NewSet("line_comment", "block_comment", "modifiers", "enum_body_declarations"),
	NonEmpty:      ts.NewSet("local_variable_declaration", "field_declaration", "type_parameters", "type_arguments", "type_list"),
	// A list of type parameters or arguments whose items all vanished at
	// once reads without an error, "BiFunction< > f", which javac
	// refuses ("illegal start of type"); the type arguments of "new
	// ArrayList<>()" may be empty.
	NeverEmpty: ts.NewSet("type_parameters", "type_list"),
	Malformed: `(local_variable_declaration type: (generic_type (type_arguments) @hdd-never-empty))
(field_declaration type: (generic_type (type_arguments) @hdd-never-empty))
(formal_parameter type: (generic_type (type_arguments) @hdd-never-empty))
(method_declaration type: (generic_type (type_arguments) @hdd-never-empty))
(type_arguments (generic_type (type_arguments) @hdd-never-empty))
(superclass (generic_type (type_arguments) @hdd-never-empty))
(type_list (generic_type (type_arguments) @hdd-never-empty))`,
	Optional: map[ts.Slot]string{
		{Parent: "if_statement", Field: "alternative"}:  "else",
		{Parent: "variable_declarator", Field: "value"}: "=",
	},
	Replace: map[string]string{
		"block":             "{}",
		"class_body":        "{}",
		"interface_body":    "{}",
		"constructor_body":  "{}",
		"argument_list":     "()",
		"formal_parameters": "()",
		"string_literal":    `""`,
	},
	Strings: ts.NewSet("string_literal"),
	Classes: ts.Classes(map[string]ts.Set{
		"block": ts.NewSet("block"),
		"stmt":  statements,
		"expr":  expressions,
	}),
	Accepts: map[string][]string{"stmt": {"block"}},
	Plan:    keepSealed,
}

// keepSealed keeps the modifiers of a class or interface with a permits
// clause while they say sealed: javac refuses a permits clause without it
// ("invalid permits clause"). The clause may go, and with it gone, HDD*'s
// next parse lets the modifiers go too.
func keepSealed(pl *ts.Planner, p *ts.Node, parts []ts.Part) []ts.Part {
	if !slices.ContainsFunc(parts, func(q ts.Part) bool { return pl.Kind(q) == "permits" }) {
		return parts
	}
	for i, q := range parts {
		if n := pl.Node(q); n != nil && n.Kind == "modifiers" && slices.Contains(strings.Fields(string(pl.Text(n))), "sealed") {
			parts[i].Flags &^= tree.Removable
		}
	}
	return parts
}
