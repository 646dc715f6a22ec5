// Package tree is hdd's model of an input: a lossless syntax tree over the
// input's bytes ([Tree], [Node], whose [Flags] say what may happen to each
// node), a candidate, the tree plus a set of edits ([Candidate]: removals,
// replacements, hoists), and the [Policy] of the tree's format, what it says
// about its texts. A format adapter (package grammars and its subpackages)
// builds the tree in preorder with [Tree.Add] and [Tree.Finish] and supplies
// the policy; after that the tree is immutable and safe for concurrent use,
// and candidates are values, so the search (package hdd) tries many of them
// at once and package unparse renders each by splicing the original bytes.
//
// # Levels
//
// The search works level by level ([Tree.Level]): a node's level is its
// depth, except that a chain of single-child wrappers that cannot shrink
// and span the same bytes spends one level.
//
// # Large inputs
//
// The tree of a large input may stop short: an adapter marks the nodes
// whose children it has not built [Folded], and a list too long to build
// whole may be built in [Run] nodes, each standing for a run of its items.
// The search parses the text that is left again when it reaches the level
// below, so the candidates are those of the full tree.
package tree
