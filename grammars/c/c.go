package c

import (
	"context"

	tsc "github.com/smacker/go-tree-sitter/c"

	"github.com/hddreduce/hdd/grammars"
	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Language is C as the tree-sitter adapter reduces it.
var Language = &ts.Language{
	Name:          "c",
	Exts:          []string{".c", ".h", ".i"},
	Grammar:       tsc.GetLanguage(),
	Table:         table,
	Fuse:          Fuse,
	LineSensitive: true,
	Hide:          LineMarkers,
	Declares:      Declares,
	Words:         Words,
	Implicit:      implicit,
	Refuses:       emptyEnum,
	Transforms:    Transforms,
	Tidies:        Tidies,
}

// Format is the C format: files ending in .c, .h or .i (preprocessed C).
var Format = Language.Format()

// Transforms are C's own edits, which C++ shares: macro expansion,
// parameter removal, void returns, block and conditional unwrapping,
// assignment dropping, condition keeping, value and function inlining,
// argument zeroing, type simplification, typedef inlining, aggregate
// splitting and short names.
var Transforms = []tree.Transform{
	{Name: "macro expansion", Candidates: expandMacros},
	{Name: "parameter removal", Candidates: removeParams},
	{Name: "void returns", Candidates: voidReturns},
	{Name: "block unwrapping", Candidates: unwrapBlocks},
	{Name: "conditional unwrapping", Candidates: unwrapConditionals},
	{Name: "assignment dropping", Candidates: dropAssignments},
	{Name: "condition keeping", Candidates: keepConditions},
	{Name: "value inlining", Candidates: inlineValues},
	{Name: "function inlining", Candidates: inlineCalls},
	{Name: "argument zeroing", Candidates: zeroArguments},
	{Name: "type simplification", Candidates: simplifyTypes},
	{Name: "typedef inlining", Candidates: inlineTypedefs},
	{Name: "aggregate splitting", Candidates: splitAggregates},
	{Name: "short names", Candidates: shortNames},
}

// Tidies returns C's tidies of src, after the format-independent ones: the
// reindentation of what is left, by src's indentation step.
func Tidies(src []byte) []tree.Tidy {
	return []tree.Tidy{{Name: "reindent", Apply: reindent(indentUnit(src))}}
}

// Parse parses src as C; it stops with an error wrapping ctx.Err() when
// ctx is done. The root of the tree spans all of src; its children are the
// top-level items of the translation unit. Regions that tree-sitter cannot
// parse (GNU extensions it does not know, unexpanded macros) are kept as
// opaque ERROR nodes, whose lines are nodes of their own, and reported in
// the Doc's Warnings; Parse fails only for text that is empty or binary. It
// never refuses text as not C: the user named it C, and gcc may well read
// what tree-sitter cannot.
//
// The policy's Check re-parses a candidate and refuses it if it has more
// syntax errors than src.
func Parse(ctx context.Context, src []byte) (*grammars.Doc, error) {
	return Language.Parse(ctx, src)
}

// Fuse reports whether the C tokens ending in a and starting with b would
// lex differently if written without a space between them: two identifier
// or number characters, an identifier and a character or string literal
// (L"x"), a number and a dot, or two operator characters that form a longer
// operator or a comment (+ +, - >, / *, < <=, ...). It errs on the side of
// fusing, since a needless space is harmless.
func Fuse(a, b byte) bool { return ts.FuseWords(a, b) }
