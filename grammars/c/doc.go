// Package c is the C adapter: it parses C source with tree-sitter into a
// lossless [tree.Tree], says what may happen to each node, and supplies
// C's [tree.Policy]. It is a [treesitter.Language]: the generic adapter
// (grammars/treesitter) does the parsing, the copy, the error regions and
// the check; this package holds C's table (replace.go), its transforms
// (macro expansion, block unwrapping, type simplification) and its tidy
// (reindentation), which C++ shares.
//
// # Trees
//
// The root spans the whole file; its children are the top-level items.
// Every tree-sitter node, named or anonymous, becomes a node, except that
// literals, preprocessor arguments and comments are leaves and zero-width
// MISSING tokens are dropped. The bytes between children (white space)
// belong to the parent, so unparsing with no edits gives the input back
// byte for byte. The tree keeps no tree-sitter objects.
//
// # Policy
//
// Statements, declarations, top-level items, field declarations and
// preprocessor lines may vanish; parameters, arguments, initializers,
// enumerators and the declarators of a declaration with several are list
// items whose commas are separators; a body that cannot vanish becomes
// "{}" or ";", an expression in an operand slot becomes "0", a string "".
// The table is in replace.go. [Fuse] tells the unparser where two tokens
// made adjacent by a removal need a space.
//
// # Transforms
//
// The policy's transforms make edits that pruning and hoisting cannot, each
// over the tree by node kinds (a file each): expanding an object-like
// macro into its uses (macros.go); removing a parameter that a function's
// body does not use together with the matching argument of every call and
// prototype (params.go); making void a function whose value no call uses,
// its returns losing their values (returns.go); unwrapping a block nested
// in a block (unwrap.go); replacing an argument by 0 (args.go); keeping only the right side of an assignment
// whose value is not used, "x = f();" becoming "f();" (assign.go);
// keeping the condition of an if that does something as a statement
// before its branches, "if (f()) a;" becoming "f(); a;" (conditions.go);
// inlining the value of a local that nothing changes into its uses, "int
// y = f(); g(y);" becoming "g(f());" (values.go); inlining a call that
// stands as a statement, its function's body in a block in its place
// (inline.go); splitting a struct
// variable used only by its members into one variable a member
// (scalars.go);
// trying int for a type spelled otherwise (types.go); and giving the
// names the file declares short names, a, b, c, all at once first, then
// by halves down to each alone, since a test may need some (rename.go). Storage classes,
// qualifiers, attributes, #include lines and the declarators of a
// declaration with several are nodes that pruning removes; an if or a loop
// is replaced by its body or its else branch by hoisting.
//
// # Errors
//
// tree-sitter recovers from what it cannot parse (GNU extensions it does
// not know, unexpanded macros) with ERROR nodes. These are kept as opaque
// nodes ([tree.Opaque]), removable where an item could be, and reported in
// the Doc's Warnings. An ERROR region over several lines has its lines as
// children that may vanish one by one, so the reduction makes progress
// inside it too. No input is refused as not C, however little of it
// tree-sitter reads: the user named it C, and the compiler may read what
// tree-sitter cannot (an #if 0 block of prose, trigraphs).
//
// # Check
//
// The policy's Check re-parses each candidate and refuses it if it has more
// ERROR and MISSING nodes than the input. Where the candidate differs from
// the input in a short enough span, it is parsed incrementally, as one edit
// of the input's tree, which makes checking a small change to a 100 KB file
// about fifty times cheaper than a fresh parse. Check is safe for
// concurrent use.
package c
