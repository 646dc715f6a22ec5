// Package golang is the Go adapter, a default table over tree-sitter's Go
// grammar: the declarations of a file, the statements of a block, the
// cases of a switch or select and their statements, the specs of an
// import, const, var or type group, struct fields and interface elements
// are items that may vanish; arguments, parameters, type arguments and
// parameters, the elements of a composite literal and expression lists
// are list items; a block becomes "{}", a struct or interface body "{}",
// a literal's elements "{}", an argument or parameter list "()", a string
// ""; an else branch may vanish with its "else", a struct tag and a
// function's results may vanish. A block, a statement or an expression may
// be hoisted to one of its kind below it.
//
// The declarations check refuses a candidate that names something the
// input declared and no longer declares (see declares), and the
// declarations that nothing names go between levels, each with the
// imports only it uses: Go refuses an import nothing uses, so such a
// declaration and its import go together or not at all.
//
// Its one transform inlines a local's value into its uses (inline.go): Go
// refuses a local that nothing uses, so a local and its only use could
// not go one at a time.
//
// Go's own parser (gofmt -e, go vet) is stricter than tree-sitter's (it
// refuses an unused import only when compiling): a test that needs a
// file that compiles says so itself.
package golang

import (
	"slices"
	"strings"

	tsgo "github.com/smacker/go-tree-sitter/golang"

	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Language is Go as the tree-sitter adapter reduces it.
var Language = &ts.Language{
	Name:    "go",
	Exts:    []string{".go"},
	Grammar: grammar,
	Table:   table,
	// The declarations check, and the removal of declarations nothing
	// names, with the imports they alone use: Go refuses an unused
	// import, so a declaration and its import go together or not at
	// all.
	Declares:     declares,
	Words:        words,
	DeclaredName: packageName,
	Unused:       true,
	Locals:       ts.NewSet("block"),
	Tied:         ts.NewSet("import_spec", "import_declaration"),
	Transforms:   []tree.Transform{{Name: "value inlining", Candidates: inlineValues}},
	// Not LineSensitive: a line break where an argument vanished, "f(a\n)",
	// would end the statement.
}

// Format is the Go format.
var Format = Language.Format()

var grammar = tsgo.GetLanguage()

var (
	statements = ts.NamedKinds(grammar, func(k string) bool {
		return strings.HasSuffix(k, "_statement") && k != "empty_statement"
	}).Add("short_var_declaration", "var_declaration", "const_declaration", "type_declaration")
	expressions = ts.NamedKinds(grammar, func(k string) bool {
		return strings.HasSuffix(k, "_expression") || strings.HasSuffix(k, "_literal")
	}).Add("identifier", "composite_literal", "func_literal", "nil", "true", "false", "iota")
)

var table = &ts.Table{
	Root:     "source_file",
	Leaves:   ts.NewSet("interpreted_string_literal", "raw_string_literal", "rune_literal", "int_literal", "float_literal", "imaginary_literal", "comment"),
	Anywhere: ts.NewSet("comment"),
	Layouts: ts.LayoutsOf(
		[]string{"source_file", "block", "import_spec_list", "field_declaration_list", "interface_type",
			"expression_switch_statement", "type_switch_statement", "select_statement",
			"expression_case", "type_case", "communication_case", "default_case",
			"const_declaration", "var_declaration", "var_spec_list", "type_declaration"},
		[]string{"argument_list", "parameter_list", "type_arguments", "type_parameter_list", "literal_value",
			"expression_list"}),
	ItemTokens:    ts.NewSet(";"),
	NotItemFields: ts.NewSet("value", "initializer", "alias"), // of a switch
	NotItems:      ts.NewSet("package_clause"),
	Labels: map[string]string{"expression_case": ":", "type_case": ":", "communication_case": ":",
		"default_case": ":"},
	NotListItems: ts.NewSet("comment"),
	NonEmpty: ts.NewSet("expression_list", "type_arguments", "type_parameter_list",
		"var_declaration", "const_declaration", "type_declaration"),
	Optional: map[ts.Slot]string{
		{Parent: "if_statement", Field: "alternative"}:          "else",
		{Parent: "field_declaration", Field: "tag"}:             "",
		{Parent: "function_declaration", Field: "result"}:       "",
		{Parent: "method_declaration", Field: "result"}:         "",
		{Parent: "expression_switch_statement", Field: "value"}: "",
	},
	Replace: map[string]string{
		"block":                      "{}",
		"field_declaration_list":     "{}",
		"literal_value":              "{}",
		"argument_list":              "()",
		"interpreted_string_literal": `""`,
		"raw_string_literal":         "``",
	},
	Strings: ts.NewSet("interpreted_string_literal", "raw_string_literal"),
	Classes: ts.Classes(map[string]ts.Set{
		"block": ts.NewSet("block"),
		"stmt":  statements,
		"expr":  expressions,
	}),
	Accepts:   map[string][]string{"stmt": {"block"}},
	Malformed: notCalled(),
}

// notCalled returns the query of what tree-sitter reads after go or defer
// and Go refuses there: any expression but a call, which the hoisting of
// expressions may leave ("go f" of "go f(x)").
func notCalled() string {
	var kinds []string
	for k := range expressions {
		if k != "call_expression" {
			kinds = append(kinds, "("+k+")")
		}
	}
	slices.Sort(kinds)
	alt := "[" + strings.Join(kinds, " ") + "] @not_called"
	return "(go_statement " + alt + ")\n(defer_statement " + alt + ")"
}
