package tree

import (
	"encoding/binary"
	"hash/maphash"
	"maps"
	"math"
	"math/bits"
	"slices"
)

// A Candidate is an edited version of a tree: the tree's nodes plus a set
// of edits. A node is removed (it vanishes, or becomes its Replace text),
// replaced by a given text, or hoisted (replaced by one of its
// descendants). The zero Candidate has no edits and renders the original
// input. A Candidate holds no pointer to its tree: it belongs to the tree
// whose nodes its edits name.
//
// Candidates are values: the methods that add edits return a new Candidate
// and never change the receiver, so a Candidate may be shared between
// goroutines.
type Candidate struct {
	removed []uint64         // bit set of removed NodeIDs
	subst   map[NodeID]Subst // replacements and hoists
	substed []NodeID         // the keys of subst, sorted
}

// A Subst replaces a node by a text or, when Hoist is not NoNode, by the
// rendering of its descendant Hoist.
type Subst struct {
	Text  string
	Hoist NodeID
}

// Removed reports whether node id itself is removed.
func (c Candidate) Removed(id NodeID) bool {
	w := int(id) >> 6
	return w < len(c.removed) && c.removed[w]&(1<<(uint(id)&63)) != 0
}

// Subst returns the replacement of node id, if it has one.
func (c Candidate) Subst(id NodeID) (Subst, bool) {
	s, ok := c.subst[id]
	return s, ok
}

// Remove returns c with the nodes ids removed as well.
func (c Candidate) Remove(ids ...NodeID) Candidate {
	if len(ids) == 0 {
		return c
	}
	maxID := ids[0]
	for _, id := range ids {
		maxID = max(maxID, id)
	}
	n := max(len(c.removed), int(maxID)>>6+1)
	r := make([]uint64, n)
	copy(r, c.removed)
	for _, id := range ids {
		r[id>>6] |= 1 << (uint(id) & 63)
	}
	return Candidate{removed: r, subst: c.subst, substed: c.substed}
}

// Replace returns c with node id replaced by text.
func (c Candidate) Replace(id NodeID, text string) Candidate {
	return c.withSubst(id, Subst{Text: text, Hoist: NoNode})
}

// ReplaceAll returns c with each node of texts replaced by its text: as
// many calls of Replace, at the cost of one.
func (c Candidate) ReplaceAll(texts map[NodeID]string) Candidate {
	return substAll(c, texts, func(text string) Subst { return Subst{Text: text, Hoist: NoNode} })
}

// Hoist returns c with node id replaced by its descendant d.
func (c Candidate) Hoist(id, d NodeID) Candidate {
	return c.withSubst(id, Subst{Hoist: d})
}

// HoistAll returns c with each node of hoists replaced by its descendant
// there: as many calls of Hoist, at the cost of one.
func (c Candidate) HoistAll(hoists map[NodeID]NodeID) Candidate {
	return substAll(c, hoists, func(d NodeID) Subst { return Subst{Hoist: d} })
}

// substAll returns c with each node of edits replaced by what subst makes
// of its value.
func substAll[V any](c Candidate, edits map[NodeID]V, subst func(V) Subst) Candidate {
	if len(edits) == 0 {
		return c
	}
	m := make(map[NodeID]Subst, len(c.subst)+len(edits))
	maps.Copy(m, c.subst)
	keys := slices.Clone(c.substed)
	for id, v := range edits {
		if _, ok := m[id]; !ok {
			keys = append(keys, id)
		}
		m[id] = subst(v)
	}
	slices.Sort(keys)
	return Candidate{removed: c.removed, subst: m, substed: keys}
}

func (c Candidate) withSubst(id NodeID, s Subst) Candidate {
	m := make(map[NodeID]Subst, len(c.subst)+1)
	maps.Copy(m, c.subst)
	m[id] = s
	// A new map has new keys, even the same ones: Same compares the keys.
	keys := slices.Clone(c.substed)
	if _, ok := c.subst[id]; !ok {
		i, _ := slices.BinarySearch(keys, id)
		keys = slices.Insert(keys, i, id)
	}
	return Candidate{removed: c.removed, subst: m, substed: keys}
}

// Same reports whether c and d are one value: d is c or a copy of it, so
// that they have the same edits. It compares no edits, and is false for
// candidates built apart even when their edits are equal.
func (c Candidate) Same(d Candidate) bool {
	return sameSlice(c.removed, d.removed) && sameSlice(c.substed, d.substed)
}

// sameSlice reports whether a and b are empty, or the same elements of the
// same array.
func sameSlice[E any](a, b []E) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// Merge returns the candidate with the edits of both c and d, and false
// if they conflict: a node removed in one and replaced or hoisted in the
// other, or replaced or hoisted differently in each. Two candidates made
// from the same one by edits of different nodes merge into the candidate
// with the edits of both.
func (c Candidate) Merge(d Candidate) (Candidate, bool) {
	for _, id := range d.substed {
		if c.Removed(id) {
			return c, false
		}
	}
	for _, id := range c.substed {
		if d.Removed(id) {
			return c, false
		}
		if s, ok := d.subst[id]; ok && s != c.subst[id] {
			return c, false
		}
	}
	m := Candidate{removed: slices.Clone(c.removed), subst: c.subst, substed: c.substed}
	if len(d.removed) > len(m.removed) {
		m.removed = append(m.removed, make([]uint64, len(d.removed)-len(m.removed))...)
	}
	for w, set := range d.removed {
		m.removed[w] |= set
	}
	for _, id := range d.substed {
		if _, ok := c.subst[id]; !ok {
			m = m.withSubst(id, d.subst[id])
		}
	}
	return m, true
}

// DiffHash returns a hash, by seed, of the edits c makes that base does
// not: the nodes c removes that base keeps, and c's replacements and hoists
// that base lacks or makes otherwise; ok is false if there are none. The
// same edits made over different bases hash alike, and different edits
// almost never do.
func (c Candidate) DiffHash(seed maphash.Seed, base Candidate) (hash uint64, ok bool) {
	var h maphash.Hash
	h.SetSeed(seed)
	var b [16]byte
	c.diffWords(base, func(w int, set uint64) {
		binary.LittleEndian.PutUint64(b[:], uint64(w))
		binary.LittleEndian.PutUint64(b[8:], set)
		h.Write(b[:])
		ok = true
	})
	c.diffSubsts(base, func(id NodeID, s Subst) {
		// A marker no removed word starts with: removed words are
		// indexed by ID/64, far below 1<<63.
		binary.LittleEndian.PutUint64(b[:], 1<<63|uint64(id))
		binary.LittleEndian.PutUint64(b[8:], uint64(s.Hoist))
		h.Write(b[:])
		h.WriteString(s.Text)
		h.WriteByte(0)
		ok = true
	})
	return h.Sum64(), ok
}

// DiffNodes calls f for each edit c makes that base does not, those
// DiffHash hashes: with removed, each node c removes that base keeps, in
// the order of their IDs; then each node c replaces or hoists where base
// does not, or does otherwise.
func (c Candidate) DiffNodes(base Candidate, f func(id NodeID, removed bool)) {
	c.diffWords(base, func(w int, set uint64) {
		for ; set != 0; set &= set - 1 {
			f(NodeID(w<<6+bits.TrailingZeros64(set)), true)
		}
	})
	c.diffSubsts(base, func(id NodeID, _ Subst) { f(id, false) })
}

// diffWords calls f with each word of c's removed set that holds nodes
// base keeps, those bits only.
func (c Candidate) diffWords(base Candidate, f func(w int, set uint64)) {
	for w, set := range c.removed {
		if w < len(base.removed) {
			set &^= base.removed[w]
		}
		if set != 0 {
			f(w, set)
		}
	}
}

// diffSubsts calls f with each replacement or hoist of c that base lacks
// or makes otherwise, in the order of the nodes' IDs.
func (c Candidate) diffSubsts(base Candidate, f func(id NodeID, s Subst)) {
	for _, id := range c.substed {
		s := c.subst[id]
		if bs, ok := base.subst[id]; ok && bs == s {
			continue
		}
		f(id, s)
	}
}

// EditedWithin reports whether any node with an ID in [from, to) is
// removed, replaced or hoisted: with the IDs of a subtree, whether the
// subtree renders as in the original.
func (c Candidate) EditedWithin(from, to NodeID) bool {
	return c.firstSubsted(from) < to || c.firstRemoved(from, to) != NoNode
}

// NextEdited returns the first node with an ID at or after from that is
// removed, replaced or hoisted, or NoNode if there is none.
func (c Candidate) NextEdited(from NodeID) NodeID {
	s := c.firstSubsted(from)
	if r := c.firstRemoved(from, s); r != NoNode {
		return r
	}
	if s == math.MaxInt32 {
		return NoNode
	}
	return s
}

// firstSubsted returns the first node with an ID at or after from that is
// replaced or hoisted, or math.MaxInt32 if there is none.
func (c Candidate) firstSubsted(from NodeID) NodeID {
	if i, _ := slices.BinarySearch(c.substed, from); i < len(c.substed) {
		return c.substed[i]
	}
	return math.MaxInt32
}

// firstRemoved returns the first removed node with an ID in [from, to), or
// NoNode if there is none.
func (c Candidate) firstRemoved(from, to NodeID) NodeID {
	for w := int(from) >> 6; w < len(c.removed) && NodeID(w<<6) < to; w++ {
		bitsSet := c.removed[w]
		if w == int(from)>>6 {
			bitsSet &^= 1<<(uint(from)&63) - 1
		}
		if bitsSet != 0 {
			if id := NodeID(w<<6 + bits.TrailingZeros64(bitsSet)); id < to {
				return id
			}
			break
		}
	}
	return NoNode
}

// Hoists reports whether c hoists a node.
func (c Candidate) Hoists() bool {
	for _, s := range c.subst {
		if s.Hoist != NoNode {
			return true
		}
	}
	return false
}

// Edited reports whether node id is removed, replaced or hoisted.
func (c Candidate) Edited(id NodeID) bool {
	if c.Removed(id) {
		return true
	}
	_, ok := c.subst[id]
	return ok
}

// Present reports whether node id is reached when c is rendered: no
// ancestor of id is removed or replaced, and every hoist above id leads to
// id or one of its ancestors. A removed node that is reached is present.
func (t *Tree) Present(c Candidate, id NodeID) bool {
	if len(c.substed) == 0 {
		// Removals only, the common case, and a walk up that needs no
		// path: the planning of a document nested thousands deep asks
		// this of every node of its chains.
		if len(c.removed) == 0 {
			return true
		}
		for n := t.Nodes[id].Parent; n != NoNode; n = t.Nodes[n].Parent {
			if c.Removed(n) {
				return false
			}
		}
		return true
	}
	var buf [64]NodeID
	path := buf[:0] // id's ancestors, root last
	for n := t.Nodes[id].Parent; n != NoNode; n = t.Nodes[n].Parent {
		path = append(path, n)
	}
	for i := len(path) - 1; i >= 0; i-- {
		a := path[i]
		if c.Removed(a) {
			return false
		}
		if s, ok := c.subst[a]; ok {
			if s.Hoist == NoNode || !t.IsAncestor(s.Hoist, id) {
				return false
			}
			// Skip to the hoisted node: the nodes between are not rendered.
			for i > 0 && path[i-1] != s.Hoist {
				i--
			}
			if s.Hoist == id {
				return true
			}
		}
	}
	return true
}

// IsAncestor reports whether a is id or one of its ancestors: whether id
// lies in a's subtree.
func (t *Tree) IsAncestor(a, id NodeID) bool {
	return a != NoNode && id != NoNode && a <= id && id < t.SubtreeEnd(a)
}

// Walk calls f for each node that is present in c, in preorder, and does not
// descend into the children of edited nodes (other than along hoists). If f
// returns false, the children of that node are skipped.
func (t *Tree) Walk(c Candidate, f func(id NodeID) bool) {
	t.walk(c, 0, f)
}

func (t *Tree) walk(c Candidate, id NodeID, f func(NodeID) bool) {
	if !f(id) {
		return
	}
	if c.Removed(id) {
		return
	}
	if s, ok := c.subst[id]; ok {
		if s.Hoist != NoNode {
			t.walk(c, s.Hoist, f)
		}
		return
	}
	for _, ch := range t.Children(id) {
		t.walk(c, ch, f)
	}
}
