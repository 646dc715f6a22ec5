// Package python is the Python adapter, a default table over tree-sitter's
// Python grammar. Python is indentation-sensitive, so a block never
// empties: the statements of a module or a block are items that may
// vanish, but a block that cannot is replaced by "pass", which keeps its
// indentation; elif, else, except and finally clauses, decorators, type
// annotations and return types may vanish; arguments, parameters and the
// elements of lists, tuples, sets and dictionaries are list items; a
// string becomes "", the pieces of a string written in pieces ('a' 'b')
// are items of which one stays, and a candidate with a block that holds no statement
// (all removed, comments aside) is refused. Expressions may be hoisted to an expression below
// them, but for one whose lines only the brackets around it join, and
// statements to a statement or block below them (an if statement to one
// of its statements, a function definition to its body), whose lines then
// take the indentation of the statement they replace
// (tree.Policy.Reindent). A candidate that leaves a return, yield or
// nonlocal outside a function, or a break or continue outside a loop, is
// refused: tree-sitter reads them anywhere.
package python

import (
	"strings"

	tspy "github.com/smacker/go-tree-sitter/python"

	ts "github.com/hddreduce/hdd/grammars/treesitter"
)

// Language is Python as the tree-sitter adapter reduces it.
var Language = &ts.Language{
	Name:    "python",
	Exts:    []string{".py", ".pyi", ".pyw"},
	Grammar: grammar,
	Table:   table,
	// A statement ends at a line break, and a comment runs to one.
	LineSensitive: true,
	Reindent:      true,
	Validate:      unboundNonlocals,
	Refuses:       emptyImport,
}

// Format is the Python format.
var Format = Language.Format()

var grammar = tspy.GetLanguage()

var expressions = ts.NamedKinds(grammar, func(k string) bool {
	return strings.HasSuffix(k, "_operator") || strings.HasSuffix(k, "_expression") || strings.HasSuffix(k, "_comprehension")
}).Add("identifier", "call", "attribute", "subscript", "string", "concatenated_string", "integer", "float",
	"true", "false", "none", "list", "tuple", "set", "dictionary", "lambda", "await")

// statements may stand for one another, and a block for a statement (its
// statements then stand where the statement stood) or a block.
var statements = ts.NamedKinds(grammar, func(k string) bool {
	return strings.HasSuffix(k, "_statement") || strings.HasSuffix(k, "_definition")
}).Add("decorated_definition")

var table = &ts.Table{
	Root:     "module",
	Leaves:   ts.NewSet("string", "integer", "float", "comment"),
	Anywhere: ts.NewSet("comment", "decorator", "elif_clause", "else_clause", "except_clause", "except_group_clause", "finally_clause", "case_clause"),
	Layouts: ts.LayoutsOf(
		[]string{"module", "block", "concatenated_string"},
		[]string{"argument_list", "parameters", "lambda_parameters", "list", "tuple", "set", "dictionary",
			"expression_list", "pattern_list", "tuple_pattern", "list_pattern", "import_from_statement",
			"import_statement", "with_clause", "global_statement", "nonlocal_statement"}),
	ItemTokens:   ts.NewSet(";"),
	NotListItems: ts.NewSet("comment"),
	NonEmpty: ts.NewSet("block", "concatenated_string", "expression_list", "pattern_list", "import_statement", "import_from_statement", "with_clause",
		"global_statement", "nonlocal_statement"),
	NotItemFields: ts.NewSet("module_name"),
	// A block whose statements all vanished (comments aside) is an
	// IndentationError, which tree-sitter does not see.
	NeverEmpty: ts.NewSet("block"),
	Optional: map[ts.Slot]string{
		{Parent: "function_definition", Field: "return_type"}: "->",
		{Parent: "typed_parameter", Field: "type"}:            ":",
		{Parent: "typed_default_parameter", Field: "type"}:    ":",
		{Parent: "assignment", Field: "type"}:                 ":",
		{Parent: "class_definition", Field: "superclasses"}:   "",
	},
	Replace: map[string]string{
		"block":         "pass",
		"argument_list": "()",
		"parameters":    "()",
		"string":        `""`,
		"list":          "[]",
		"dictionary":    "{}",
	},
	Strings: ts.NewSet("string"),
	Classes: ts.Classes(map[string]ts.Set{
		"block": ts.NewSet("block"),
		"stmt":  statements,
		"expr":  expressions,
	}),
	Accepts: map[string][]string{"stmt": {"block"}},
	// An expression whose lines only brackets around it join is never
	// hoisted out of them.
	ImplicitJoins: ts.NewSet("expr"),
	// An assignment expression hoisted out of its call or brackets to
	// stand alone, x := 1, which Python refuses without brackets.
	Malformed: `(expression_statement (named_expression) @walrus)
(assignment right: (named_expression) @walrus)`,
	// A function hoisted to its body, or a loop to its, leaves what must
	// stand inside one (SyntaxError: 'return' outside function).
	Enclosed: []ts.Enclosure{
		{Kinds: ts.NewSet("return_statement", "yield"), In: ts.NewSet("function_definition", "lambda"), Not: ts.NewSet("class_definition")},
		{Kinds: ts.NewSet("nonlocal_statement"), In: ts.NewSet("function_definition")},
		{Kinds: ts.NewSet("break_statement", "continue_statement"), In: ts.NewSet("for_statement", "while_statement"),
			Not: ts.NewSet("function_definition", "class_definition", "lambda"), NotFields: ts.NewSet("alternative")},
	},
}
