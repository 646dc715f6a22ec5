// Package rust is the Rust adapter, a default table over tree-sitter's
// Rust grammar: the items of a file, a module, an impl or a trait, the
// statements of a block and the arms of a match are items that may
// vanish; arguments, parameters, tuple and array elements, struct fields
// (in a definition, an expression or a pattern), enum variants, type
// arguments and parameters and use lists are list items; a block, a
// module's, impl's or struct's body becomes "{}", an argument or
// parameter list "()", a string ""; attributes, visibility, mut, else
// clauses, where clauses, return types and trait bounds may vanish. A
// block, a statement or an expression may be hoisted to one of its kind
// below it.
package rust

import (
	"strings"

	tsrust "github.com/smacker/go-tree-sitter/rust"

	ts "github.com/hddreduce/hdd/grammars/treesitter"
)

// Language is Rust as the tree-sitter adapter reduces it.
var Language = &ts.Language{
	Name:    "rust",
	Exts:    []string{".rs"},
	Grammar: grammar,
	Table:   table,
}

// Format is the Rust format.
var Format = Language.Format()

var grammar = tsrust.GetLanguage()

var expressions = ts.NamedKinds(grammar, func(k string) bool {
	return strings.HasSuffix(k, "_expression") || strings.HasSuffix(k, "_literal") || strings.HasSuffix(k, "_block") && k != "match_block"
}).Add("identifier", "scoped_identifier", "macro_invocation", "self", "unit_expression")

var table = &ts.Table{
	Root: "source_file",
	Leaves: ts.NewSet("string_literal", "raw_string_literal", "char_literal", "integer_literal", "float_literal",
		"line_comment", "block_comment", "token_tree"),
	Anywhere: ts.NewSet("line_comment", "block_comment", "attribute_item", "inner_attribute_item", "visibility_modifier",
		"mutable_specifier", "else_clause", "where_clause", "trait_bounds", "function_modifiers", "label"),
	Layouts: ts.LayoutsOf(
		[]string{"source_file", "declaration_list", "block", "match_block"},
		[]string{"arguments", "parameters", "tuple_expression", "array_expression", "field_declaration_list",
			"ordered_field_declaration_list", "field_initializer_list", "enum_variant_list", "type_arguments",
			"type_parameters", "use_list", "tuple_pattern", "tuple_struct_pattern", "struct_pattern", "slice_pattern",
			"closure_parameters", "tuple_type"}),
	ItemTokens:    ts.NewSet(";"),
	NotItemFields: ts.NewSet("type", "name", "value"),
	NotListItems:  ts.NewSet("line_comment", "block_comment", "attribute_item"),
	NonEmpty:      ts.NewSet("type_arguments", "type_parameters"),
	Optional: map[ts.Slot]string{
		{Parent: "function_item", Field: "return_type"}:           "->",
		{Parent: "function_signature_item", Field: "return_type"}: "->",
		{Parent: "closure_expression", Field: "return_type"}:      "->",
		{Parent: "let_declaration", Field: "type"}:                ":",
		{Parent: "let_declaration", Field: "value"}:               "=",
		{Parent: "struct_item", Field: "type_parameters"}:         "",
		{Parent: "function_item", Field: "type_parameters"}:       "",
	},
	Replace: map[string]string{
		"block":                  "{}",
		"declaration_list":       "{}",
		"field_declaration_list": "{}",
		"field_initializer_list": "{}",
		"arguments":              "()",
		"parameters":             "()",
		"string_literal":         `""`,
	},
	Strings: ts.NewSet("string_literal"),
	Classes: ts.Classes(map[string]ts.Set{
		"block": ts.NewSet("block"),
		"stmt":  ts.NewSet("expression_statement", "let_declaration"),
		"expr":  expressions,
	}),
	Accepts: map[string][]string{"expr": {"block"}},
	Plan:    attachAttributes,
}

// attachAttributes groups the attributes before an item of a file, a
// declaration list or a block with the item (and the comments between):
// the item vanishes with them, never alone, which would leave them before
// nothing ("expected item after attributes") or before the next item,
// which they would then change. An attribute may still vanish alone.
func attachAttributes(pl *ts.Planner, p *ts.Node, parts []ts.Part) []ts.Part {
	switch p.Kind {
	case "source_file", "declaration_list", "block":
	default:
		return parts
	}
	return pl.Attach(parts, "attributed_item",
		func(kind string) bool { return kind == "attribute_item" },
		func(kind string) bool { return kind == "line_comment" || kind == "block_comment" },
		func(ts.Part) bool { return true })
}
