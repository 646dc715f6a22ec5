// Package hdd reduces a tree-structured input to a small one that is still
// interesting, with hierarchical delta debugging (Misherghi and Su, "HDD:
// Hierarchical Delta Debugging", ICSE 2006) and the list minimizers it is
// built from.
//
// # Trees
//
// A [tree.Tree] is a lossless syntax tree over the input's bytes, built by a
// format adapter (package grammars and its subpackages) in preorder and
// immutable once [tree.Tree.Finish] has run. Each [tree.Node] says what may happen to
// it: vanish ([tree.Removable]), become its Replace text, stand between list
// items ([tree.Sep], [tree.ListItem]), be cut down character by character ([tree.Chars]),
// or be replaced by a descendant of a compatible Class (hoisting).
//
// The tree of a large input may stop short: an adapter marks the nodes
// whose children it has not built [tree.Folded] and sets [tree.Tree.Unfold]. The
// search prunes the levels down to [tree.Tree.FoldLevel], parses its best text
// again with Unfold, and goes on one level deeper in the new tree, so the
// lower levels are built only for what is left of the input; the
// candidates are those of the full tree. A list too long to build whole
// may be built in [tree.Run] nodes, each standing for a run of its items: the
// search prunes the runs, parses the text again and prunes the items that
// are left.
//
// A [tree.Candidate] is a candidate: the tree plus a set of edits (removals,
// replacements, hoists). Configs are values and safe to share between
// goroutines; package unparse renders them by splicing the original bytes.
//
// # Search
//
// A [Reducer] runs one of the [Algorithm] values: [HDD] (top down, level by
// level ([tree.Tree.Level]: the depth, except that a chain of fixed wrappers
// around the same bytes is one level), a list minimizer (package minimize)
// over the present nodes of each level, then
// hoisting, format transforms and the shortening of texts), [HDDPlus] (HDD,
// then single-node removals until none succeeds: 1-tree-minimal), [HDDStar]
// (HDD sweeps until one changes nothing) or [PlainDDMin] (one ddmin over the
// root's children, the line-based baseline over a tree of lines). A final
// list of [Tidy] rewrites polishes the result.
//
// # Oracles
//
// An [Oracle] runs the interestingness test; [OracleFunc] adapts a Go
// function, package runner runs an executable. The Reducer checks the
// original (several times, to catch a flaky test) and the empty file first,
// never tests the same text twice (a cache of verdicts keyed by a hash of the
// text), and tests the result once more at the end. The first checks need
// only the input's bytes: [Reducer.Preflight] runs them while the caller
// parses the input, and [Reducer.ReduceChecked] goes on with the tree.
//
// # Concurrency
//
// With Jobs > 1, every step that tries alternatives in order and keeps the
// first success ([Tester.First]) tests up to Jobs of them at once, ahead of
// the serial order, and keeps the first success in that order: the result
// does not depend on Jobs. With one job, the next alternatives are rendered
// and checked while the current one is tested, so that hdd's own work hides
// behind the test. Reduce returns only when every test it started has
// ended.
package hdd
