// Package cpp is the C++ adapter: C's table (tree-sitter's C++ grammar
// extends its C grammar) with C++'s namespaces, classes and their members,
// templates, lambdas, initializer lists, using and typedef, access
// specifiers and attributes; C's transforms and tidy; and a transform of
// its own that unwraps namespaces.
//
// # Policy
//
// Beyond C's: namespace bodies, class bodies and linkage blocks hold
// items, and become "{}"; a function's body becomes ";", which leaves a
// declaration; an access specifier ("public:") vanishes with its colon, a
// template parameter's name and a reference's & may vanish; template parameters and arguments, lambda captures, base classes'
// member initializers and structured bindings are list items; a member's
// or a parameter's default value ("= 1") may vanish; a base class clause,
// a member initializer list, noexcept, throw(), override and final,
// virtual, explicit, requires clauses and trailing return types may
// vanish anywhere; a catch clause may vanish; range-for bodies hold a
// statement; conditions, range-for ranges, throw and co_return operands
// and default values are expression slots; lambdas, new and delete, this
// and nullptr are expressions.
//
// # GNU extensions
//
// tree-sitter's C++ grammar reads __attribute__((...)) in some places and
// not in others (after a namespace's name, between a declarator and its
// initializer), and __extension__ before a template not at all: libstdc++'s
// headers are full of both. They are hidden from tree-sitter (see
// treesitter.Span) and kept as attribute_specifier and extension nodes that
// may vanish, which takes a preprocessed file of libstdc++ headers from
// 452 error regions to 290 (the rest are what the grammar cannot read:
// pointers to members in template arguments, fold expressions, some
// decltype forms).
package cpp

import (
	"maps"
	"slices"

	tscpp "github.com/smacker/go-tree-sitter/cpp"

	"github.com/hddreduce/hdd/grammars/c"
	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Language is C++ as the tree-sitter adapter reduces it.
var Language = &ts.Language{
	Name:          "cpp",
	Exts:          []string{".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++", ".ii", ".ipp", ".tcc"},
	Grammar:       tscpp.GetLanguage(),
	Table:         table(),
	Fuse:          c.Fuse,
	LineSensitive: true,
	Hide:          hide,
	Declares:      declares,
	Words:         c.Words,
	Implicit:      func(text []byte, end int) bool { return c.Conditional(text, end) || c.MacroParameter(text, end) },
	Unused:        true,
	Locals:        ts.NewSet("compound_statement", "lambda_expression", "requires_expression"),
	Reopens:       ts.NewSet("namespace_definition"),
	Body:          body,
	Transforms:    transforms(),
	Tidies:        c.Tidies,
}

// Format is the C++ format.
var Format = Language.Format()

// transforms returns C++'s transforms: namespace unwrapping, then C's,
// with C++'s type simplification in place of C's, and without C's short
// names: C++'s names (overloads, templates, members, the standard
// library's) would need rules of their own.
func transforms() []tree.Transform {
	tfs := []tree.Transform{{Name: "namespace unwrapping", Candidates: unwrapNamespaces}}
	for _, tf := range c.Transforms {
		switch tf.Name {
		case "type simplification":
			tf.Candidates = simplifyTypes
		case "short names":
			continue
		}
		tfs = append(tfs, tf)
	}
	return tfs
}

// table returns C's table extended with C++'s kinds.
func table() *ts.Table {
	t := c.Table()
	t.Leaves.Add("raw_string_literal", "user_defined_literal", "operator_name")
	t.Anywhere.Add("extension", "base_class_clause", "field_initializer_list", "noexcept", "throw_specifier",
		"virtual_specifier", "virtual", "explicit_function_specifier", "requires_clause", "trailing_return_type",
		"ref_qualifier", "alignas_qualifier", "init_statement")

	maps.Copy(t.Children, map[ts.Child]ts.Edit{
		{Parent: "try_statement", Field: ts.Any, Kind: "catch_clause"}: {Flags: tree.Removable},
		// A function's body may go, leaving a declaration: void f() {...}
		// becomes void f(); as C-Vise's replace-function-def-with-decl
		// does. (Not with member initializers: "A() : x(0);" is no
		// declaration; they may go first.)
		{Parent: "function_definition", Field: "body", Kind: "compound_statement"}: {Replace: ";"},
		// A template parameter's name: template <typename T> becomes
		// template <typename>.
		{Parent: "type_parameter_declaration", Field: ts.Any, Kind: "type_identifier"}:          {Flags: tree.Removable},
		{Parent: "variadic_type_parameter_declaration", Field: ts.Any, Kind: "type_identifier"}: {Flags: tree.Removable},
		// A reference declarator may become a plain one: T &x becomes T x.
		{Parent: "reference_declarator", Field: ts.Any, Kind: "&"}:           {Flags: tree.Removable},
		{Parent: "reference_declarator", Field: ts.Any, Kind: "&&"}:          {Flags: tree.Removable},
		{Parent: "abstract_reference_declarator", Field: ts.Any, Kind: "&"}:  {Flags: tree.Removable},
		{Parent: "abstract_reference_declarator", Field: ts.Any, Kind: "&&"}: {Flags: tree.Removable},
		// A brace initializer of a member: int a{1} becomes int a.
		{Parent: "field_declaration", Field: "default_value", Kind: "initializer_list"}: {Flags: tree.Removable},
	})

	exprs := maps.Clone(t.Categories["expr"].Kinds).Add(
		"this", "nullptr", "new_expression", "delete_expression", "lambda_expression", "qualified_identifier",
		"template_function", "user_defined_literal", "raw_string_literal", "fold_expression", "co_await_expression",
		"requires_expression")
	stmts := maps.Clone(t.Categories["stmt"].Kinds).Add(
		"for_range_loop", "try_statement", "throw_statement", "co_return_statement", "co_yield_statement")
	for name, cat := range t.Categories {
		switch {
		case name == "stmt":
			cat.Kinds = stmts
		default:
			cat.Kinds = exprs
		}
		cat.ByKind = maps.Clone(cat.ByKind)
		if name == "expr" {
			cat.ByKind["raw_string_literal"] = `""`
		}
		t.Categories[name] = cat
	}
	for k := range stmts {
		t.Classes[ts.Child{Parent: ts.Any, Field: ts.Any, Kind: k}] = "stmt"
	}
	maps.Copy(t.Slots, map[ts.Slot]string{
		{Parent: "condition_clause", Field: "value"}:                       "expr",
		{Parent: "for_range_loop", Field: "right"}:                         "expr",
		{Parent: "throw_statement", Field: ""}:                             "expr",
		{Parent: "co_return_statement", Field: ""}:                         "expr",
		{Parent: "optional_parameter_declaration", Field: "default_value"}: "expr",
		{Parent: "for_range_loop", Field: "body"}:                          "stmt",
	})
	maps.Copy(t.Replace, map[string]string{
		"declaration_list":   "{}", // a namespace's or a linkage's body
		"raw_string_literal": `""`,
	})
	for _, k := range []string{"template_parameter_list", "template_argument_list", "field_initializer_list",
		"lambda_capture_specifier", "subscript_argument_list", "structured_binding_declarator"} {
		t.Layouts[k] = ts.List
	}
	t.NonEmpty = ts.NewSet("structured_binding_declarator", "concatenated_string")
	t.Terminated.Add("class_specifier")
	cPlan := t.Plan
	t.Plan = func(pl *ts.Planner, p *ts.Node, parts []ts.Part) []ts.Part {
		return cPlan(pl, p, plan(pl, p, parts))
	}
	return t
}

// plan groups what C's table cannot: an access specifier with its colon,
// and a default value with its "=" (which may then vanish together), and a
// member's declarator with its default value, so that a member
// declaration's declarators are list items as in C. A function body
// becomes "{}" instead of ";" where member initializers come before it.
func plan(pl *ts.Planner, p *ts.Node, parts []ts.Part) []ts.Part {
	token := func(s ts.Part, kind string) bool {
		n := pl.Node(s)
		return n != nil && !n.Named && n.Kind == kind
	}
	field := func(s ts.Part) string {
		if n := pl.Node(s); n != nil {
			return n.Field
		}
		return ""
	}
	switch p.Kind {
	case "function_definition":
		// With member initializers, the body becomes "{}", not ";".
		if slices.ContainsFunc(parts, func(s ts.Part) bool { n := pl.Node(s); return n != nil && n.Kind == "field_initializer_list" }) {
			for i := range parts {
				if n := pl.Node(parts[i]); n != nil && n.Kind == "compound_statement" {
					parts[i].Replace = "{}"
				}
			}
		}
		return parts
	case "field_declaration_list":
		out := parts[:0]
		for i := 0; i < len(parts); i++ {
			if n := pl.Node(parts[i]); n != nil && n.Kind == "access_specifier" && i+1 < len(parts) && token(parts[i+1], ":") {
				a := parts[i]
				a.Flags &^= tree.Removable
				out = append(out, pl.Group("access", tree.Removable, a, parts[i+1]))
				i++
				continue
			}
			out = append(out, parts[i])
		}
		return out
	case "field_declaration", "optional_parameter_declaration", "optional_type_parameter_declaration":
		isDefault := func(s ts.Part) bool { return field(s) == "default_value" || field(s) == "default_type" }
		out := parts[:0]
		for i := 0; i < len(parts); i++ {
			init := parts[i]
			switch {
			case i+1 < len(parts) && token(parts[i], "=") && isDefault(parts[i+1]):
				val := parts[i+1]
				val.Flags &^= tree.Removable
				init = pl.Group("default", tree.Removable, parts[i], val)
				i++
			case !isDefault(init):
				out = append(out, init)
				continue
			}
			if k := len(out) - 1; p.Kind == "field_declaration" && k >= 0 && field(out[k]) == "declarator" {
				out[k] = pl.Group("init_declarator", 0, out[k], init)
			} else {
				out = append(out, init)
			}
		}
		return out
	}
	return parts
}
