package tree

import (
	"fmt"
	"strings"
)

// Flags say what may happen to a node without breaking the syntax of the
// document it belongs to. Adapters set them at parse time; the search and the
// unparser only read them.
type Flags uint8

const (
	// Removable nodes may vanish with their subtree and leading whitespace.
	Removable Flags = 1 << iota
	// Sep marks a list separator (a comma). It is emitted only between two
	// emitted ListItem siblings, so removing an item takes exactly one
	// separator with it.
	Sep
	// ListItem marks a sibling that separators stand between.
	ListItem
	// Opaque marks a region the adapter could not parse (a tree-sitter ERROR
	// node, say). It is kept byte for byte unless removable.
	Opaque
	// Chars marks a leaf whose text may be cut down to a part of it (XML
	// text, a JSON string): the search drops units of it (characters,
	// character references and escapes), keeping surrounding quotes.
	Chars
	// Folded marks a node whose children the adapter has not built yet, to
	// keep the tree of a large input small: it stands for its whole text
	// until the search reaches the level below it and the tree is parsed
	// again (see Tree.Partial and Policy.Unfold).
	Folded
	// Run marks a node that stands for a run of consecutive siblings the
	// adapter has not built, in a list too long to build whole: the search
	// prunes the runs of a level, then parses the tree again and prunes
	// the items left of that level one by one (see Tree.Partial and Policy.Unfold).
	Run
	// Trailing marks a separator that may end a list (a trailing comma,
	// in a format that allows one, or a doubled one): it is emitted only
	// where a ListItem sibling was emitted since the last emitted Sep,
	// whether or not another follows, so it never stands alone in an
	// emptied list ({,}). It is not Sep: nothing needs it between two
	// items.
	Trailing
)

// Is reports whether all of f are set on n.
func (n *Node) Is(f Flags) bool { return n.Flags&f == f }

// Describe says in a few words what may happen to node id, for tree dumps.
func (t *Tree) Describe(id NodeID) string {
	n := &t.Nodes[id]
	var parts []string
	switch {
	case n.Is(Removable):
		parts = append(parts, "removable")
	case t.CanShrink(id):
		parts = append(parts, fmt.Sprintf("replace %q", n.Replace))
	default:
		parts = append(parts, "fixed")
	}
	if n.Is(Sep) {
		parts = append(parts, "separator")
	}
	if n.Is(ListItem) {
		parts = append(parts, "list-item")
	}
	if n.Is(Opaque) {
		parts = append(parts, "opaque")
	}
	if n.Is(Chars) {
		parts = append(parts, "shortenable")
	}
	if n.Is(Folded) {
		parts = append(parts, "folded")
	}
	if n.Is(Run) {
		parts = append(parts, "run")
	}
	if n.Is(Trailing) {
		parts = append(parts, "trailing")
	}
	return strings.Join(parts, " ")
}
