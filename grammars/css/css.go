// Package css is the CSS adapter, a default table over tree-sitter's CSS
// grammar: the rules and at-rules of a stylesheet, the declarations and
// nested rules of a block and the blocks of a keyframes rule are items that
// may vanish; selectors and function arguments are list items; the values
// of a declaration, !important and comments may vanish; a block becomes
// "{}".
package css

import (
	tscss "github.com/smacker/go-tree-sitter/css"

	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Language is CSS as the tree-sitter adapter reduces it.
var Language = &ts.Language{
	Name:    "css",
	Exts:    []string{".css"},
	Grammar: tscss.GetLanguage(),
	Table:   table,
	Fuse:    fuse,
}

// Format is the CSS format.
var Format = Language.Format()

var table = &ts.Table{
	Root:     "stylesheet",
	Leaves:   ts.NewSet("comment", "string_value", "integer_value", "float_value", "color_value", "plain_value"),
	Anywhere: ts.NewSet("comment", "important"),
	Layouts: ts.LayoutsOf(
		[]string{"stylesheet", "block", "keyframe_block_list"},
		[]string{"selectors", "arguments"}),
	ItemTokens:   ts.NewSet(";"),
	NotListItems: ts.NewSet("comment"),
	NonEmpty:     ts.NewSet("selectors"),
	Children: map[ts.Child]ts.Edit{
		// A declaration's values may vanish, not its name or punctuation.
		{Parent: "declaration", Field: ts.Any, Kind: "property_name"}: {},
		{Parent: "declaration", Field: ts.Any, Kind: ":"}:             {},
		{Parent: "declaration", Field: ts.Any, Kind: ";"}:             {},
		{Parent: "declaration", Field: ts.Any, Kind: ts.Any}:          {Flags: tree.Removable},
	},
	Replace: map[string]string{"block": "{}", "string_value": `""`},
	Strings: ts.NewSet("string_value"),
}

// fuse reports whether two CSS tokens ending in a and starting with b
// would read as one without a space: names, numbers, units, hashes and
// hyphens run together.
func fuse(a, b byte) bool { return isName(a) && isName(b) || a == '/' && b == '*' }

func isName(c byte) bool {
	return c == '-' || c == '_' || c == '#' || c == '.' || c == '%' || c >= 0x80 ||
		'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
