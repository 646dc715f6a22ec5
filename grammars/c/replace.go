package c

import (
	"maps"
	"strings"

	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/hdd/tree"
)

// This file holds C's table: which nodes may vanish, which are list items
// and separators, and what a node that cannot vanish is replaced with. The
// grammar's node-types metadata is not shipped with the tree-sitter module,
// so the table is written out here; the tests check that every replacement
// re-parses without new errors.
//
// The policy in short:
//
//   - Items vanish: top-level items, block items (statements, declarations,
//     preprocessor lines), the statements of a case, field declarations,
//     the contents of #if/#ifdef/#else blocks, the declarations of a K&R
//     parameter list. A lone "struct S {...}" and the ";" after it form one
//     item.
//   - List items vanish with one comma: parameters, arguments, initializer
//     list items, enumerators, macro parameters, asm operands, and the
//     declarators of a declaration that has several (but not the first of
//     a typedef). A comment after a comma goes with the comma; a trailing
//     comma goes with the last item, and may also vanish on its own.
//   - Anywhere: comments, preprocessor directives and line markers
//     (see LineMarkers), storage classes, type
//     qualifiers, attributes, bit-field widths, else clauses, the value of
//     a #define, and the first and third clauses of a for.
//   - Replacements: a block that is a body becomes "{}", any other
//     statement that is a body becomes ";", an expression in an operand or
//     value slot becomes "0" (a string becomes ""), an array size "1", a
//     parameter or argument list "()", a struct body "{}", an initializer
//     list "{0}".
//   - ERROR regions are opaque leaves; they vanish where an item could, or
//     where tree-sitter skipped them as extras.

// Table returns a fresh copy of C's table, which C++'s extends (its
// grammar extends C's).
func Table() *ts.Table { return table.Clone() }

var table = &ts.Table{
	Root: "translation_unit",

	// Copied without their children: nothing inside them can be edited on
	// its own.
	Leaves: ts.NewSet("string_literal", "char_literal", "system_lib_string", "number_literal", "preproc_arg", "comment"),

	Anywhere: ts.NewSet("comment", LineMarker,
		"preproc_include", "preproc_def", "preproc_function_def", "preproc_call",
		"preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef",
		"storage_class_specifier", "type_qualifier", "attribute_specifier", "attribute_declaration",
		"ms_declspec_modifier", "alignas_qualifier", "gnu_asm_qualifier", "bitfield_clause", "else_clause",
		"ms_call_modifier", "ms_pointer_modifier", "ms_unaligned_ptr_modifier"),

	Children: map[ts.Child]ts.Edit{
		// The value of a #define.
		{Parent: "preproc_def", Field: ts.Any, Kind: "preproc_arg"}:          {Flags: tree.Removable},
		{Parent: "preproc_function_def", Field: ts.Any, Kind: "preproc_arg"}: {Flags: tree.Removable},
		{Parent: "preproc_call", Field: ts.Any, Kind: "preproc_arg"}:         {Flags: tree.Removable},
		// The first and third clauses of a for; a declaration there
		// becomes ";".
		{Parent: "for_statement", Field: "initializer", Kind: "declaration"}: {Replace: ";"},
		{Parent: "for_statement", Field: "initializer", Kind: ts.Any}:        {Flags: tree.Removable},
		{Parent: "for_statement", Field: "update", Kind: ts.Any}:             {Flags: tree.Removable},
		// A K&R parameter declaration.
		{Parent: "function_definition", Field: ts.Any, Kind: "declaration"}: {Flags: tree.Removable},
		// An #include path, a linkage ("C") and asm operand constraints
		// mean nothing when empty: their strings stay.
		{Parent: "preproc_include", Field: ts.Any, Kind: "string_literal"}:        {},
		{Parent: "linkage_specification", Field: ts.Any, Kind: "string_literal"}:  {},
		{Parent: "gnu_asm_output_operand", Field: ts.Any, Kind: "string_literal"}: {},
		{Parent: "gnu_asm_input_operand", Field: ts.Any, Kind: "string_literal"}:  {},
	},

	Slots: slots,

	Categories: map[string]ts.Category{
		"expr": {Kinds: exprKinds, Replace: "0", Class: "expr", ByKind: map[string]string{
			"string_literal":      `""`,
			"concatenated_string": `""`,
		}},
		"stmt": {Kinds: stmtKinds, Replace: ";"},
		"size": {Kinds: exprKinds, Replace: "1"},
	},

	// The texts of kinds that cannot vanish but can shrink.
	Replace: map[string]string{
		"compound_statement":     "{}",
		"field_declaration_list": "{}",
		"parameter_list":         "()",
		"argument_list":          "()",
		"initializer_list":       "{0}",
		"string_literal":         `""`,
		"concatenated_string":    `""`,
	},
	Strings: ts.NewSet("string_literal"),

	Layouts: ts.LayoutsOf([]string{"translation_unit", "compound_statement", "declaration_list", "field_declaration_list",
		"preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef",
		"case_statement", "concatenated_string"},
		[]string{"parameter_list", "argument_list", "initializer_list", "enumerator_list",
			"preproc_params", "gnu_asm_output_operand_list", "gnu_asm_input_operand_list",
			"gnu_asm_clobber_list", "gnu_asm_goto_list"}),
	Labels:       map[string]string{"case_statement": ":"},
	IsItem:       isItem,
	ListTokens:   ts.NewSet("..."), // a K&R or preprocessor variadic parameter
	NotListItems: ts.NewSet("comment"),
	// C has no empty enum: an enum's only enumerator stays (C++'s table
	// sets NonEmpty anew). Check does not refuse an empty one (a query
	// of the whole tree for each candidate would cost a C file of 130 KB
	// 15 ms a check, against 1.3 ms).
	NonEmpty: ts.NewSet("enumerator_list", "concatenated_string"),
	Terminated: ts.NewSet("struct_specifier", "union_specifier", "enum_specifier", "primitive_type",
		"sized_type_specifier", "type_identifier", "macro_type_specifier"),

	Plan: func(pl *ts.Planner, p *ts.Node, parts []ts.Part) []ts.Part {
		return planMacroArguments(pl, p, planDeclarators(pl, p, parts))
	},

	// A block may take the place of a block, a statement of a statement
	// (or a block), an expression in an operand or value slot (one
	// replaced by "0") of such an expression, and a declarator with an
	// initializer of the declarator inside it ("int x = 1" becomes
	// "int x").
	Classes: with(ts.Classes(map[string]ts.Set{
		"block": ts.NewSet("compound_statement"),
		"stmt":  stmtKinds,
	}), map[ts.Child]string{
		{Parent: ts.Any, Field: ts.Any, Kind: "init_declarator"}:          "declarator",
		{Parent: ts.Any, Field: "declarator", Kind: "identifier"}:         "declarator",
		{Parent: ts.Any, Field: "declarator", Kind: "pointer_declarator"}: "declarator",
		{Parent: ts.Any, Field: "declarator", Kind: "array_declarator"}:   "declarator",
		// "int *f()" becomes "int f()"; a function's declarator does
		// not become a variable's.
		{Parent: ts.Any, Field: "declarator", Kind: "function_declarator"}: "function declarator",
	}),
	Accepts: map[string][]string{
		"stmt":       {"block"}, // a block is a statement too
		"declarator": {"function declarator"},
	},
}

// with returns m with the entries of more added.
func with(m, more map[ts.Child]string) map[ts.Child]string {
	maps.Copy(m, more)
	return m
}

// exprKinds are the expressions that "0" (or "" for strings) may stand for.
var exprKinds = ts.NewSet(
	"identifier", "number_literal", "char_literal", "string_literal", "concatenated_string",
	"true", "false", "null",
	"binary_expression", "unary_expression", "update_expression", "pointer_expression",
	"cast_expression", "sizeof_expression", "alignof_expression", "offsetof_expression",
	"conditional_expression", "assignment_expression", "comma_expression", "call_expression",
	"subscript_expression", "field_expression", "compound_literal_expression",
	"parenthesized_expression", "generic_expression", "preproc_defined",
)

// slots are the positions that hold one node of a category. In an operand
// or value slot ("expr"), any expression may be replaced by "0" without
// breaking the syntax: left-hand sides, callees, the operands of & * ++ --
// . -> and case labels are left alone, as "0" there is a syntax error or
// never compiles. A body slot ("stmt") holds one statement; an array size
// ("size") becomes "1".
var slots = map[ts.Slot]string{
	{Parent: "binary_expression", Field: "left"}:             "expr",
	{Parent: "binary_expression", Field: "right"}:            "expr",
	{Parent: "unary_expression", Field: "argument"}:          "expr",
	{Parent: "cast_expression", Field: "value"}:              "expr",
	{Parent: "conditional_expression", Field: "condition"}:   "expr",
	{Parent: "conditional_expression", Field: "consequence"}: "expr",
	{Parent: "conditional_expression", Field: "alternative"}: "expr",
	{Parent: "assignment_expression", Field: "right"}:        "expr",
	{Parent: "subscript_expression", Field: "index"}:         "expr",
	{Parent: "init_declarator", Field: "value"}:              "expr",
	{Parent: "initializer_pair", Field: "value"}:             "expr",
	{Parent: "enumerator", Field: "value"}:                   "expr",
	{Parent: "comma_expression", Field: "left"}:              "expr",
	{Parent: "comma_expression", Field: "right"}:             "expr",
	{Parent: "sizeof_expression", Field: "value"}:            "expr",
	{Parent: "for_statement", Field: "condition"}:            "expr",
	{Parent: "preproc_if", Field: "condition"}:               "expr",
	{Parent: "preproc_elif", Field: "condition"}:             "expr",
	{Parent: "parenthesized_expression", Field: ""}:          "expr",
	{Parent: "return_statement", Field: ""}:                  "expr",

	{Parent: "if_statement", Field: "consequence"}: "stmt",
	{Parent: "while_statement", Field: "body"}:     "stmt",
	{Parent: "for_statement", Field: "body"}:       "stmt",
	{Parent: "do_statement", Field: "body"}:        "stmt",
	{Parent: "else_clause", Field: ""}:             "stmt",
	{Parent: "labeled_statement", Field: ""}:       "stmt",
	{Parent: "attributed_statement", Field: ""}:    "stmt",

	{Parent: "array_declarator", Field: "size"}: "size",
}

// stmtKinds are the statements that ";" may stand for in a body slot.
var stmtKinds = ts.NewSet(
	"expression_statement", "if_statement", "while_statement", "for_statement", "do_statement",
	"switch_statement", "return_statement", "break_statement", "continue_statement", "goto_statement",
	"labeled_statement", "attributed_statement", "seh_try_statement", "seh_leave_statement",
)

// isItem reports whether child c of p (an Items parent) is an item: not a
// brace, not a directive keyword, not an #if condition, not a case label.
// afterColon says whether a case's ":" has been seen.
func isItem(p, c *ts.Node, afterColon bool) bool {
	if c.Named || c.Error {
		switch {
		case p.Kind == "case_statement":
			return afterColon
		case strings.HasPrefix(p.Kind, "preproc_"):
			return c.Field != "condition" && c.Field != "name"
		}
		return true
	}
	switch c.Kind {
	case "{", "}", ":", "\n", "case", "default":
		return false
	}
	if strings.HasPrefix(c.Kind, "#") {
		return false
	}
	if p.Kind == "case_statement" {
		return afterColon
	}
	return true // a stray ";"
}

// planMacroArguments keeps the arguments of a call of a function-like
// macro the input defines, and the parameters of such a macro: gcc refuses
// a call whose arguments are not as many as the macro's parameters ("macro
// "MAX" requires 2 arguments, but only 1 given"), which tree-sitter reads
// as any call. (Argument zeroing leaves them too.)
func planMacroArguments(pl *ts.Planner, p *ts.Node, parts []ts.Part) []ts.Part {
	switch p.Kind {
	case "preproc_params":
		return keepItems(parts)
	case "argument_list", "parameter_list":
		if call := pl.Parent(); call != nil && isMacroCall(pl, call) {
			return keepItems(parts)
		}
	case "call_expression", "function_declarator":
		// A macro's call at the top level reads as a function's
		// declaration: GETTER(int, width).
		if isMacroCall(pl, p) {
			for i := range parts {
				if k := pl.Kind(parts[i]); k == "argument_list" || k == "parameter_list" {
					parts[i].Replace = "" // not "()"
				}
			}
		}
	}
	return parts
}

// isMacroCall reports whether call, a call_expression or a
// function_declarator, calls a function-like macro the input defines.
func isMacroCall(pl *ts.Planner, call *ts.Node) bool {
	if call.Kind != "call_expression" && call.Kind != "function_declarator" {
		return false
	}
	callee := pl.FirstChild(call)
	if callee == nil || callee.Kind != "identifier" {
		return false
	}
	macros := pl.Memo("c.functionMacros", func(src []byte) any { return functionMacros(src) }).(map[string]bool)
	return macros[string(pl.Text(callee))]
}

// keepItems makes the list items of parts stay.
func keepItems(parts []ts.Part) []ts.Part {
	for i := range parts {
		if parts[i].Is(tree.ListItem) {
			parts[i].Flags &^= tree.Removable
		}
	}
	return parts
}

// planDeclarators makes the declarators of a declaration that has several
// a comma-separated list. A field's declarator and its bit-field width are
// one item; a typedef needs a declarator: the first stays.
func planDeclarators(pl *ts.Planner, p *ts.Node, parts []ts.Part) []ts.Part {
	switch p.Kind {
	case "declaration", "field_declaration", "type_definition":
	default:
		return parts
	}
	field := func(s ts.Part) string {
		if n := pl.Node(s); n != nil {
			return n.Field
		}
		return ""
	}
	kind := pl.Kind
	for i := 0; i+1 < len(parts); i++ {
		if pl.Node(parts[i]) != nil && pl.Node(parts[i+1]) != nil &&
			field(parts[i]) == "declarator" && kind(parts[i+1]) == "bitfield_clause" {
			g := pl.Group("bitfield_declarator", 0, parts[i], parts[i+1])
			parts = append(parts[:i], append([]ts.Part{g}, parts[i+2:]...)...)
		}
	}
	isDecl := func(s ts.Part) bool { // a declarator, or a group that starts with one
		for pl.Node(s) == nil {
			s = s.Members[0]
		}
		return field(s) == "declarator"
	}
	n := 0
	for _, s := range parts {
		if isDecl(s) {
			n++
		}
	}
	if n < 2 {
		return parts
	}
	parts = pl.List(parts, isDecl)
	if p.Kind == "type_definition" {
		for i := range parts {
			if parts[i].Is(tree.ListItem) {
				parts[i].Flags &^= tree.Removable
				break
			}
		}
	}
	return parts
}
