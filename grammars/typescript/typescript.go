// Package typescript is the TypeScript adapter, for .ts and (with
// tree-sitter's TSX grammar) .tsx files: JavaScript's table (the grammar
// extends JavaScript's) plus TypeScript's own: type annotations, type
// arguments and parameters, implements clauses, accessibility, override
// and readonly modifiers may vanish; the members of an interface or an
// object type are items; type arguments and parameters, enum members and
// union and tuple members are list items. The decorators before a method,
// which TypeScript's grammar makes the method's siblings, go with it: the
// method never vanishes alone.
package typescript

import (
	"maps"

	sitter "github.com/smacker/go-tree-sitter"
	tstsx "github.com/smacker/go-tree-sitter/typescript/tsx"
	tsts "github.com/smacker/go-tree-sitter/typescript/typescript"

	"github.com/hddreduce/hdd/grammars/javascript"
	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Language is TypeScript as the tree-sitter adapter reduces it.
var Language = &ts.Language{
	Name:    "typescript",
	Exts:    []string{".ts", ".mts", ".cts"},
	Grammar: tsts.GetLanguage(),
	Table:   table(tsts.GetLanguage()),
	Refuses: javascript.EmptyDeclaration,
}

// TSX is TypeScript with JSX, in .tsx files.
var TSX = &ts.Language{
	Name:    "tsx",
	Exts:    []string{".tsx"},
	Grammar: tstsx.GetLanguage(),
	Table:   tsxTable(),
	Refuses: javascript.EmptyDeclaration,
}

// Format is the TypeScript format.
var Format = Language.Format()

// TSXFormat is the TSX format.
var TSXFormat = TSX.Format()

// tsxTable returns TSX's table: TypeScript's, where the trailing comma of
// a list of one type parameter stays (keepTypeParameterComma).
func tsxTable() *ts.Table {
	t := table(tstsx.GetLanguage())
	t.AddPlan(keepTypeParameterComma)
	return t
}

// keepTypeParameterComma keeps the trailing comma of a list of one type
// parameter, as in <T,>(x: T) => x: without it, <T> reads as a JSX
// element.
func keepTypeParameterComma(pl *ts.Planner, p *ts.Node, parts []ts.Part) []ts.Part {
	if p.Kind != "type_parameters" {
		return parts
	}
	items := 0
	for _, q := range parts {
		if q.Is(tree.ListItem) {
			items++
		}
	}
	for i, q := range parts {
		if n := len(q.Members); items == 1 && pl.Node(q) == nil && n > 0 && pl.Kind(q.Members[n-1]) == "," {
			parts[i].Members[n-1].Flags &^= tree.Removable
		}
	}
	return parts
}

// table returns JavaScript's table of grammar g with TypeScript's kinds.
func table(g *sitter.Language) *ts.Table {
	t := javascript.Table(g)
	t.Anywhere.Add("type_annotation", "type_arguments", "type_parameters", "implements_clause",
		"accessibility_modifier", "override_modifier", "asserts_annotation", "type_predicate_annotation",
		"opting_type_annotation", "omitting_type_annotation", "adding_type_annotation")
	maps.Copy(t.Layouts, ts.LayoutsOf(
		[]string{"interface_body", "object_type"},
		[]string{"type_arguments", "type_parameters", "tuple_type", "implements_clause", "extends_type_clause", "enum_body"}))
	t.NonEmpty.Add("type_arguments", "type_parameters", "implements_clause", "extends_type_clause")
	t.ItemTokens.Add(",") // an object type's members may be separated by commas
	maps.Copy(t.Replace, map[string]string{
		"interface_body": "{}",
		"object_type":    "{}",
		"enum_body":      "{}",
	})
	t.AddPlan(attachDecorators)
	return t
}

// attachDecorators groups the decorators before a method of a class body
// (and the comments between) with the method, which tree-sitter's grammar
// makes their sibling where JavaScript's makes them its children: the
// method vanishes with them, never alone, which would leave them before
// the "}" ("Declaration expected"), before a constructor or a signature,
// which TypeScript refuses ("Decorators are not valid here"), or before
// the next method, which they would then decorate. A decorator may still
// vanish alone.
func attachDecorators(pl *ts.Planner, p *ts.Node, parts []ts.Part) []ts.Part {
	if p.Kind != "class_body" {
		return parts
	}
	return pl.Attach(parts, "decorated_method",
		func(kind string) bool { return kind == "decorator" },
		func(kind string) bool { return kind == "comment" },
		func(m ts.Part) bool { return pl.Kind(m) == "method_definition" })
}
