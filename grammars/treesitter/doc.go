// Package treesitter is the generic tree-sitter adapter: it parses a text
// with any tree-sitter grammar into a lossless [tree.Tree], says what may
// happen to each node by a [Table] of the language, and supplies the
// language's [tree.Policy]. A language package (grammars/c, grammars/cpp,
// grammars/python, ...) is a [Language] value: the grammar, its table, and
// the few things a table cannot say (how its tokens fuse, its transforms).
//
// # Trees
//
// The root spans the whole file; its children are the top-level items.
// Every tree-sitter node, named or anonymous, becomes a node, except that
// the table's Leaves keep no children, zero-width MISSING tokens are
// dropped, and so are anonymous tokens of white space alone (they are left
// to the parent, as white space). The bytes between children belong to the
// parent, so unparsing with no edits gives the input back byte for byte. A
// node that starts after a line continuation (backslash-newline) takes it
// along. The tree keeps no tree-sitter objects: go-tree-sitter's nodes are
// cgo-backed and freed by finalizers.
//
// # Tables
//
// A [Table] is mostly data: which kinds may vanish anywhere (comments),
// which parents hold items (statements, declarations, members) or
// comma-separated lists (arguments, parameters) and what a node that
// cannot vanish becomes ("{}", "0", "pass"), by its kind or by the slot it
// fills. Its funcs let a language say more (C's declarators, say), and the
// [Planner] gives them the layouts' helpers.
//
// # Errors
//
// tree-sitter recovers from what it cannot parse with ERROR nodes. These
// are kept as opaque nodes ([tree.Opaque]), removable where tree-sitter
// skipped them as extras or where an item could be, and reported in the
// Doc's Warnings. An ERROR region over several lines has its lines as
// children ([ErrorLine]) that may vanish one by one, so the reduction
// makes progress inside it too. Where tree-sitter gives up on the file as
// a whole, its root is an ERROR node whose children are mostly items read
// whole (a preprocessed immintrin.h: thousands of functions, and a few
// bodies it cannot read). Each child that parses alone, without error, as
// itself stays an item of a root of the table's Root kind, and each run of
// the others becomes an ERROR region of its own, reduced by its lines. No input is refused as not in the
// language, however little of it tree-sitter reads: the user named the
// language, and the compiler may read what tree-sitter cannot.
//
// # Check
//
// The policy's Check re-parses each candidate and refuses it if it has
// more ERROR and MISSING nodes than the input. Where the candidate differs
// from the input in a short enough span, it is parsed incrementally, as one
// edit of the input's tree, which makes checking a small change to a 100 KB
// file about fifty times cheaper than a fresh parse. Check is safe for
// concurrent use: each call takes a parser of its own from the language's
// pool.
//
// A language may also hide spans from tree-sitter ([Language.Hide]): GNU
// extensions its grammar reads in some places only are parsed as blanks
// and kept as nodes of their own. And it may give a query for the names its
// declarations declare ([Language.Declares]): Check then refuses, without a
// test run, a candidate that still names something the input declared but
// declares it no more, which a compiler would refuse. It looks again only
// at the span where the candidate differs from the input, at its words
// first and at its declarations only if it must.
//
// # Unused declarations and bodies
//
// With a Declares query and [Language.Unused], the policy's Unused finds
// the declarations of a candidate that nothing else names, repeatedly (a
// class only an unused function named is unused too), grouped by name so
// that a member's declaration and its definition out of its class go
// together; with [Language.Body], the policy's Bodies finds the bodies of
// function definitions whose removal leaves a declaration. The search
// tries each set away at once (see tree.Policy). The policy's Reparse
// parses a text again for a fresh tree.
//
// go-tree-sitter does not ship the grammars' node-types.json, so the tables
// are written out by hand from the grammars' node kinds, and each
// language's tests check that its replacements re-parse.
package treesitter
