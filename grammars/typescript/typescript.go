// Package typescript is the TypeScript adapter, for .ts and (with
// tree-sitter's TSX grammar) .tsx files: JavaScript's table (the grammar
// extends JavaScript's) plus TypeScript's own: type annotations, type
// arguments and parameters, implements clauses, accessibility, override
// and readonly modifiers may vanish; the members of an interface or an
// object type are items; type arguments and parameters, enum members and
// union and tuple members are list items.
package typescript

import (
	"maps"

	sitter "github.com/smacker/go-tree-sitter"
	tstsx "github.com/smacker/go-tree-sitter/typescript/tsx"
	tsts "github.com/smacker/go-tree-sitter/typescript/typescript"

	"github.com/hddreduce/hdd/grammars/javascript"
	ts "github.com/hddreduce/hdd/grammars/treesitter"
)

// Language is TypeScript as the tree-sitter adapter reduces it.
var Language = &ts.Language{
	Name:    "typescript",
	Exts:    []string{".ts", ".mts", ".cts"},
	Grammar: tsts.GetLanguage(),
	Table:   table(tsts.GetLanguage()),
}

// TSX is TypeScript with JSX, in .tsx files.
var TSX = &ts.Language{
	Name:    "tsx",
	Exts:    []string{".tsx"},
	Grammar: tstsx.GetLanguage(),
	Table:   table(tstsx.GetLanguage()),
}

// Format is the TypeScript format.
var Format = Language.Format()

// TSXFormat is the TSX format.
var TSXFormat = TSX.Format()

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
	return t
}
