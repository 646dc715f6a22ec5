package tree

import (
	"bytes"
	"errors"
	"fmt"
)

// A NodeID identifies a node within its Tree. IDs are dense and assigned in
// preorder; the root is 0.
type NodeID int32

// NoNode is the Parent of the root and the zero value of an absent link.
const NoNode NodeID = -1

// A Node is one element of a lossless syntax tree: a grammar rule instance,
// an XML element or attribute, a JSON value or member, or a token.
//
// A node covers the bytes Src[Start:End] of its tree, preceded by the
// whitespace Src[Lead:Start]. Its children cover disjoint, ordered ranges
// inside [Start, End); the bytes between them belong to the node itself.
type Node struct {
	// Symbol holds the node's Kind, Flags, Class and Replace. It is shared
	// by all the nodes of a tree that have the same four, so it must not be
	// changed; Tree.SetClass and Tree.SetFlags change a node's.
	*Symbol
	Parent NodeID // NoNode for the root

	Lead, Start, End int32 // leading whitespace at Lead, the node's bytes at [Start, End)

	// The node's children (see Tree.Children) are kids[first:first+count]
	// of its tree, once it is finished.
	first, count int32
}

// A Symbol is what a node is, apart from where: its grammar symbol, what may
// happen to it, its hoisting class and its replacement text. Trees share one Symbol among
// their nodes alike, which keeps a node small.
type Symbol struct {
	Kind  string // grammar symbol: "compound_statement", "element", "array", ...
	Flags Flags

	// Replace is emitted instead of the node when it is removed but cannot
	// vanish (Removable unset). An empty Replace on a node that is not
	// Removable means the node stays as it is.
	Replace string

	// Class is the node's syntactic class for hoisting ("stmt", "expr",
	// "value", "element"): a node may be replaced by a descendant of the
	// same Class without breaking the syntax. Empty means never.
	Class string
}

// A Tree is a lossless syntax tree over Src. With an empty Candidate, unparsing
// it reproduces Src byte for byte. A finished Tree is immutable and safe for
// concurrent use. What the tree's format says about its texts (how tokens
// join, what may be shown to the test) is not in the tree but in the
// Policy the adapter supplies with it.
type Tree struct {
	Src   []byte
	Nodes []Node // indexed by NodeID, in preorder

	// Partial says the adapter built the tree to a node budget, so that
	// some of its levels may be Folded or in Runs: the search parses its
	// text again with the Policy's Unfold when it reaches those levels
	// and, for a large text, once the best candidate is shorter, to let the
	// old text go. A tree with Folded or Run nodes must be Partial.
	Partial bool

	height     int32
	end        []NodeID // end[id]: the first ID after id's subtree (IDs are in preorder)
	symbols    map[Symbol]*Symbol
	lastSymbol *Symbol  // the symbol returned last
	kids       []NodeID // the children of every node, one run per node (see Node.first)
	level      []int32  // level[id]: the node's HDD level (see Level)
	flags      []Flags  // flags[id] = Nodes[id].Flags, packed (see NodeFlags)
	tight      []uint64 // bit set of the nodes with no own bytes between children
	levels     int32    // the greatest level
	foldLevel  int32    // the least level of a Folded node; -1 when none is
	runLevel   int32    // the least level of a Run node; -1 when none is
}

// Level returns the HDD level of node id: its depth, except that a chain
// of single-child wrappers spends one level. A node that cannot shrink and
// whose only child spans the same bytes (a C type descriptor around one
// type specifier, say) holds that child at its own level, so the child is
// processed with its parent's siblings rather than alone, a level further
// down.
func (t *Tree) Level(id NodeID) int { return int(t.level[id]) }

// Levels is the greatest level of any node.
func (t *Tree) MaxLevel() int { return int(t.levels) }

// FoldLevel is the least level of a Folded node, or -1 when the tree has
// none: the levels down to it are there, the next one is not.
func (t *Tree) FoldLevel() int { return int(t.foldLevel) }

// RunLevel is the least level of a Run node, or -1 when the tree has none:
// the levels above it are complete, it is not.
func (t *Tree) RunLevel() int { return int(t.runLevel) }

// transparent reports whether the child of node id is at its level: the
// node cannot shrink, and its only child spans the same bytes.
func (t *Tree) Transparent(id NodeID) bool {
	n := &t.Nodes[id]
	if id == 0 || n.count != 1 || t.CanShrink(id) {
		return false
	}
	c := &t.Nodes[t.kids[n.first]]
	return c.Start == n.Start && c.End == n.End
}

// Children returns the children of node id in source order. The slice
// belongs to the tree and must not be changed. Before Finish it is built by
// a scan of the whole tree.
func (t *Tree) Children(id NodeID) []NodeID {
	n := &t.Nodes[id]
	if t.kids == nil {
		var ids []NodeID
		for c := id + 1; c < NodeID(len(t.Nodes)); c++ {
			if t.Nodes[c].Parent == id {
				ids = append(ids, c)
			}
		}
		return ids
	}
	return t.kids[n.first : n.first+n.count : n.first+n.count]
}

// NewTree returns an empty tree over src. Adapters add nodes in preorder
// with Add and then call Finish.
func NewTree(src []byte) *Tree {
	return &Tree{Src: src}
}

// Add appends a node covering src[start:end] as the last child of parent
// (NoNode for the root) and returns its ID. Nodes must be added in preorder.
func (t *Tree) Add(parent NodeID, kind string, start, end int, flags Flags, replace string) NodeID {
	id := NodeID(len(t.Nodes))
	n := Node{Symbol: t.symbol(Symbol{Kind: kind, Flags: flags, Replace: replace}), Parent: parent,
		Start: int32(start), End: int32(end), Lead: int32(start)}
	if parent != NoNode {
		t.Nodes[parent].count++
	} else if id != 0 {
		panic("tree.Tree.Add: a second root")
	}
	t.Nodes = append(t.Nodes, n)
	return id
}

// SetClass sets the hoisting class of node id.
func (t *Tree) SetClass(id NodeID, class string) {
	n := &t.Nodes[id]
	sym := *n.Symbol
	sym.Class = class
	n.Symbol = t.symbol(sym)
}

// SetFlags sets the flags of node id, before Finish.
func (t *Tree) SetFlags(id NodeID, f Flags) {
	n := &t.Nodes[id]
	sym := *n.Symbol
	sym.Flags = f
	n.Symbol = t.symbol(sym)
}

// Depth returns the depth of node id: 0 for the root.
func (t *Tree) Depth(id NodeID) int {
	d := 0
	for n := t.Nodes[id].Parent; n != NoNode; n = t.Nodes[n].Parent {
		d++
	}
	return d
}

// symbol returns the tree's shared copy of sym.
func (t *Tree) symbol(sym Symbol) *Symbol {
	if t.lastSymbol != nil && *t.lastSymbol == sym {
		return t.lastSymbol // siblings are often alike
	}
	if p, ok := t.symbols[sym]; ok {
		t.lastSymbol = p
		return p
	}
	if t.symbols == nil {
		t.symbols = make(map[Symbol]*Symbol)
	}
	p := new(Symbol)
	*p = sym
	t.symbols[sym] = p
	t.lastSymbol = p
	return p
}

// Finish checks the spans (the root covers the whole source, children lie
// inside their parent in order without overlap), computes each node's
// leading whitespace, and builds what the search and the renderer look up:
// the children, the levels, the subtree ends and the packed flags. Nodes
// must not change after it. It returns an error describing the first bad
// span.
func (t *Tree) Finish() error {
	if len(t.Nodes) == 0 {
		return errors.New("empty tree")
	}
	root := &t.Nodes[0]
	if root.Start != 0 || int(root.End) != len(t.Src) {
		return fmt.Errorf("root spans [%d,%d), want [0,%d)", root.Start, root.End, len(t.Src))
	}
	// Lay the children out in one array: each node's run, in ID order,
	// and IDs are in preorder, so each run is in source order.
	t.kids = make([]NodeID, max(len(t.Nodes)-1, 0))
	off := int32(0)
	for id := range t.Nodes {
		n := &t.Nodes[id]
		n.first, off = off, off+n.count
		n.count = 0
	}
	for id := 1; id < len(t.Nodes); id++ {
		p := &t.Nodes[t.Nodes[id].Parent]
		t.kids[p.first+p.count] = NodeID(id)
		p.count++
	}
	depth := make([]int32, len(t.Nodes)) // for the height only
	for id := range t.Nodes {
		n := &t.Nodes[id]
		if id > 0 {
			depth[id] = depth[n.Parent] + 1
			t.height = max(t.height, depth[id])
		}
		if n.Start > n.End {
			return fmt.Errorf("node %d (%s) spans [%d,%d)", id, n.Kind, n.Start, n.End)
		}
		prev := n.Start
		for _, c := range t.Children(NodeID(id)) {
			cn := &t.Nodes[c]
			if cn.Start < prev || cn.End > n.End {
				return fmt.Errorf("child %d (%s) [%d,%d) out of place in %d (%s) [%d,%d) after %d",
					c, cn.Kind, cn.Start, cn.End, id, n.Kind, n.Start, n.End, prev)
			}
			lead := cn.Start
			for lead > prev && isSpace(t.Src[lead-1]) {
				lead--
			}
			cn.Lead = lead
			prev = cn.End
		}
	}
	t.level = make([]int32, len(t.Nodes))
	for id := 1; id < len(t.Nodes); id++ {
		p := t.Nodes[id].Parent
		t.level[id] = t.level[p]
		if !t.Transparent(p) {
			t.level[id]++
		}
		t.levels = max(t.levels, t.level[id])
	}
	t.foldLevel, t.runLevel = -1, -1
	for id := range t.Nodes {
		n, lv := &t.Nodes[id], t.level[id]
		if n.Is(Folded) && (t.foldLevel < 0 || lv < t.foldLevel) {
			t.foldLevel = lv
		}
		if n.Is(Run) && (t.runLevel < 0 || lv < t.runLevel) {
			t.runLevel = lv
		}
	}
	if (t.foldLevel >= 0 || t.runLevel >= 0) && !t.Partial {
		return errors.New("a tree with folded nodes or runs must be Partial")
	}
	t.end = make([]NodeID, len(t.Nodes))
	for id := len(t.Nodes) - 1; id >= 0; id-- {
		n := &t.Nodes[id]
		t.end[id] = NodeID(id + 1)
		if n.count > 0 {
			t.end[id] = t.end[t.kids[n.first+n.count-1]]
		}
	}
	t.flags = make([]Flags, len(t.Nodes))
	t.tight = make([]uint64, (len(t.Nodes)+63)/64)
	for id := range t.Nodes {
		n := &t.Nodes[id]
		t.flags[id] = n.Flags
		tight := true
		for k := n.first + 1; k < n.first+n.count && tight; k++ {
			tight = t.Nodes[t.kids[k-1]].End == t.Nodes[t.kids[k]].Lead
		}
		if tight {
			t.tight[id>>6] |= 1 << (uint(id) & 63)
		}
	}
	return nil
}

// NodeFlags returns the flags of node id, as Nodes[id].Flags, from an array
// that holds only the flags: a loop over many nodes that needs nothing
// else, such as stepping over removed list items, stays in the cache.
func (t *Tree) NodeFlags(id NodeID) Flags { return t.flags[id] }

// Tight reports whether node id has no bytes of its own between its
// children: each child's leading white space starts where the child before
// it ends.
func (t *Tree) Tight(id NodeID) bool { return t.tight[id>>6]&(1<<(uint(id)&63)) != 0 }

// SubtreeEnd returns the first ID after the subtree of id: the subtree is
// the IDs [id, SubtreeEnd(id)).
func (t *Tree) SubtreeEnd(id NodeID) NodeID { return t.end[id] }

func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'
}

// Height is the greatest depth of any node.
func (t *Tree) MaxDepth() int { return int(t.height) }

// Len is the number of nodes.
func (t *Tree) Len() int { return len(t.Nodes) }

// Text returns the bytes of node id, without its leading whitespace.
func (t *Tree) Text(id NodeID) []byte {
	n := &t.Nodes[id]
	return t.Src[n.Start:n.End]
}

// Indentation returns the blanks before node id on its line of Src, and
// false if something else stands before it there.
func (t *Tree) Indentation(id NodeID) ([]byte, bool) {
	at := t.Nodes[id].Start
	start := bytes.LastIndexByte(t.Src[:at], '\n') + 1
	for _, c := range t.Src[start:at] {
		if c != ' ' && c != '\t' {
			return nil, false
		}
	}
	return t.Src[start:at], true
}

// CanShrink reports whether removing node id changes the text: the node can
// vanish, or it has a replacement different from its own text.
func (t *Tree) CanShrink(id NodeID) bool {
	n := &t.Nodes[id]
	if n.Is(Removable) {
		return true
	}
	return n.Replace != "" && n.Replace != string(t.Src[n.Start:n.End])
}
