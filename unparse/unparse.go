// Package unparse renders a candidate, a [tree.Tree] plus a [tree.Candidate],
// back to text by splicing the original bytes.
//
// The rules:
//
//  1. A node that is not edited emits its leading whitespace, then its own
//     bytes and its children's, exactly as in the input.
//  2. A removed node that is [tree.Removable] vanishes with its leading
//     whitespace. A removed node that is not emits its leading whitespace and
//     its Replace text (or stays as it is when Replace is empty).
//  3. A replaced node emits its leading whitespace and the replacement text
//     (a node replaced by nothing vanishes, as in rule 2); a hoisted node
//     emits its leading whitespace and its descendant's bytes. Each edge of
//     the new text is a junction: a space goes there if the policy's Fuse
//     says the bytes on both sides would fuse into one token, so that
//     "return(x)" with x hoisted reads "return x", not "returnx". If the
//     policy says to Reindent (Python), the lines of a hoisted node that
//     begins its line take the indentation of the node it replaces, and a
//     node kept after a run of vanished nodes that went past a line break
//     begins its line as the first of them that began one did.
//  4. A separator ([tree.Sep]) is emitted, in place, only between two emitted
//     [tree.ListItem] siblings, and only the first separator after an item:
//     removing an item takes exactly one separator with it. A trailing
//     separator ([tree.Trailing]) is emitted only where an item was
//     emitted since the last emitted separator, item after it or not: an
//     emptied list keeps none.
//  5. Where something vanished, the junction is mended: if the policy is
//     LineSensitive, the vanished bytes held a line break and neither side
//     of the junction has one, a newline is emitted (C preprocessor lines
//     and line comments stay on their own lines); otherwise, if the
//     policy's Fuse says the bytes on both sides would fuse into one
//     token, a space is emitted.
//
// The policy is the one the tree's adapter supplied ([tree.Policy]); of it
// the unparser reads Fuse, LineSensitive, Reindent and SpaceIsText. A nil
// policy has none of them. A policy with a Render func renders its
// candidates itself: Text and Append call it instead of applying these
// rules.
//
// With an empty Candidate, the output is the parsed input byte for byte.
package unparse

import (
	"bytes"

	"github.com/hddreduce/hdd/hdd/tree"
)

// Text returns the rendering of candidate c of t, by the rules of policy p.
func Text(t *tree.Tree, p *tree.Policy, c tree.Candidate) []byte {
	return Append(make([]byte, 0, len(t.Src)), t, p, c)
}

// Append appends the rendering of candidate c of t, by the rules of policy
// p, to dst and returns the extended buffer, so buffers can be reused
// across candidates.
func Append(dst []byte, t *tree.Tree, p *tree.Policy, c tree.Candidate) []byte {
	if p == nil {
		p = &noPolicy
	}
	if p.Render != nil {
		return p.Render(dst, t, c)
	}
	r := renderer{t: t, p: p, c: c, out: dst, base: len(dst), edit: c.NextEdited(0)}
	r.node(0, true)
	return r.out
}

// noPolicy stands for a nil policy.
var noPolicy tree.Policy

type junction uint8

const (
	none    junction = iota
	space            // something vanished on one line
	newline          // something holding a line break vanished
)

type renderer struct {
	t    *tree.Tree
	p    *tree.Policy
	c    tree.Candidate
	out  []byte
	base int      // len(out) when rendering began
	j    junction // pending junction before the next emitted byte
	// gap is the leading whitespace of the first node of the run that
	// vanished last. The next kept node uses it instead of its own when its
	// own holds no line break and the gap is shorter or holds one: "(a b)"
	// less a reads "(b)", not "( b)", and a node that follows a vanished
	// line takes that line's place.
	gap    []byte
	hasGap bool
	// edit is the first edited node at or after editFrom, the from of
	// the last editedWithin (at first 0), or NoNode if there is none.
	edit, editFrom tree.NodeID
	// breaks is the kind of the source's first line break, once known:
	// '\n', or '\r' for CRLF.
	breaks byte
}

// crlf reports whether the source's first line break is CRLF: the line
// breaks the renderer adds are of that kind.
func (r *renderer) crlf() bool {
	if r.breaks == 0 {
		r.breaks = '\n'
		if i := bytes.IndexByte(r.t.Src, '\n'); i > 0 && r.t.Src[i-1] == '\r' {
			r.breaks = '\r'
		}
	}
	return r.breaks == '\r'
}

// write emits b, mending a pending junction first.
func (r *renderer) write(b []byte) {
	if len(b) == 0 {
		return
	}
	if r.j != none && len(r.out) > r.base {
		last := r.out[len(r.out)-1]
		switch {
		case r.j == newline && last != '\n' && !startsLine(b):
			// A line feed after a carriage return makes a CRLF line
			// break; a carriage return alone ends no line (JSON Lines,
			// tree-sitter's C comments and hasNewline agree). Otherwise
			// the break is the source's kind.
			if last != '\r' && r.crlf() {
				r.out = append(r.out, '\r')
			}
			r.out = append(r.out, '\n')
		case r.p.Fuse != nil && r.p.Fuse(last, b[0]):
			r.out = append(r.out, ' ')
		}
	}
	r.j = none
	r.hasGap = false
	r.out = append(r.out, b...)
}

func (r *renderer) writeString(s string) {
	if len(s) == 0 {
		return
	}
	if r.j == none {
		r.out = append(r.out, s...)
		return
	}
	r.write([]byte(s))
}

// vanish records that src[lo:hi] is dropped. A separator's whitespace is
// never the gap: a separator belongs to the item after it.
func (r *renderer) vanish(lo, hi int32, sep bool) {
	if lo >= hi {
		return
	}
	// Where indentation is syntax, a run that goes on past a line break
	// takes the gap of its first node that begins a line: the node kept
	// next stands where that line began, not inside the line the run
	// began in.
	if !sep && (!r.hasGap || r.p.Reindent && !hasNewline(r.gap)) {
		start := lo
		for start < hi && isSpace(r.t.Src[start]) {
			start++
		}
		if !r.hasGap || hasNewline(r.t.Src[lo:start]) {
			r.gap, r.hasGap = r.t.Src[lo:start], true
		}
	}
	if r.p.LineSensitive && hasNewline(r.t.Src[lo:hi]) {
		r.j = newline
		return
	}
	if r.j == none {
		r.j = space
	}
}

// removed reports whether node id is removed, itself or through the node it
// is hoisted to: a node standing in a hoisted node's place is removed by the
// hoisted node's policy, not its own.
func (r *renderer) removed(id tree.NodeID) bool {
	for {
		if r.c.Removed(id) {
			return true
		}
		s, ok := r.c.Subst(id)
		if !ok || s.Hoist == tree.NoNode {
			return false
		}
		id = s.Hoist
	}
}

// vanishes reports whether node id emits nothing under r.c.
func (r *renderer) vanishes(id tree.NodeID) bool {
	return r.t.Nodes[id].Is(tree.Removable) && r.removed(id)
}

// node renders id, with its leading whitespace if lead is set.
func (r *renderer) node(id tree.NodeID, lead bool) {
	t := r.t
	n := &t.Nodes[id]
	from := n.Start
	if lead {
		from = n.Lead
	}
	if r.removed(id) {
		switch {
		case n.Is(tree.Removable):
			r.vanish(from, n.End, n.Is(tree.Sep))
			return
		case n.Replace != "":
			r.replaced(from, n, n.Replace)
			return
		}
		// A fixed node stays; a removal in its place is ignored.
	}
	if s, ok := r.c.Subst(id); ok {
		switch {
		case s.Hoist == tree.NoNode && s.Text == "":
			r.vanish(from, n.End, false) // replaced by nothing: as if it vanished
			return
		case s.Hoist == tree.NoNode:
			r.replaced(from, n, s.Text)
			return
		}
		mark := -1
		r.inPlace(from, n, func() {
			mark = len(r.out)
			if r.c.Removed(id) || !r.removed(s.Hoist) {
				r.node(s.Hoist, false)
			} else {
				r.kept(s.Hoist)
			}
		})
		if r.p.Reindent {
			r.reindent(mark, id, s.Hoist)
		}
		return
	}
	r.writeLead(t.Src[from:n.Start])
	r.kept(id)
}

// editedWithin is r.c.EditedWithin(from, to). The nodes are rendered in
// preorder, so from grows from one call to the next, and the first edited
// node at or after it is found by a scan that only moves forward: over a
// rendering, one pass of the candidate's edits, where EditedWithin scans
// from each from again, the nodes between a deep edit and each of its
// ancestors (quadratic in the depth).
func (r *renderer) editedWithin(from, to tree.NodeID) bool {
	if from < r.editFrom {
		return r.c.EditedWithin(from, to) // not in preorder
	}
	if r.edit != tree.NoNode && r.edit < from {
		r.edit = r.c.NextEdited(from)
	}
	r.editFrom = from
	return r.edit != tree.NoNode && r.edit < to
}

// kept renders the bytes and children of id, as a node that is not edited.
func (r *renderer) kept(id tree.NodeID) {
	t := r.t
	n := &t.Nodes[id]
	kids := t.Children(id)
	if len(kids) > 0 && !r.editedWithin(id+1, t.SubtreeEnd(id)) {
		r.write(t.Src[n.Start:n.End]) // nothing inside is edited: copy it whole
		return
	}
	pos := n.Start
	// A separator is emitted, in place, when an item was emitted since the
	// last emitted separator and another item is emitted after it.
	lastItem := -1
	for i := len(kids) - 1; i >= 0; i-- {
		ch := kids[i]
		if f := t.NodeFlags(ch); f&tree.ListItem != 0 && !(f&tree.Removable != 0 && r.removed(ch)) {
			lastItem = i
			break
		}
	}
	// Between the children of a tight node there is nothing to write, so in
	// a run of vanished children, once the gap and junction are set, each
	// further child that vanishes changes nothing: it is passed over by its
	// packed flags alone, without touching its node.
	tight := t.Tight(id) && !r.p.LineSensitive
	itemSeen := false // an item was emitted since the last separator
	for i, ch := range kids {
		if tight && i > 0 && r.hasGap && r.j != none {
			f := t.NodeFlags(ch)
			switch {
			case f&(tree.Sep|tree.Trailing) != 0 && !itemSeen:
				continue // vanishes, as no item stands before it
			case f&tree.ListItem != 0 && f&tree.Removable != 0 && (i > lastItem || r.c.Removed(ch)):
				continue // vanishes
			}
		}
		cn := &t.Nodes[ch]
		if !tight || i == 0 {
			r.write(t.Src[pos:cn.Lead])
		}
		pos = cn.End
		switch {
		case cn.Is(tree.Sep):
			if itemSeen && i < lastItem && !r.vanishes(ch) {
				r.node(ch, true)
				itemSeen = false
			} else {
				r.vanish(cn.Lead, cn.End, true)
			}
		case cn.Is(tree.Trailing):
			if itemSeen {
				r.node(ch, true)
			} else {
				r.vanish(cn.Lead, cn.End, false) // as if removed
			}
		case cn.Is(tree.ListItem):
			if i > lastItem || r.vanishes(ch) { // after lastItem, every item vanishes
				r.vanish(cn.Lead, cn.End, false)
				continue
			}
			itemSeen = true
			r.node(ch, true)
		default:
			r.node(ch, true)
		}
	}
	if tight && len(kids) > 0 {
		pos = t.Nodes[kids[len(kids)-1]].End // the last child may have been passed over
	}
	r.write(t.Src[pos:n.End])
}

// writeLead emits the leading whitespace of a node, or the gap of the run
// that vanished just before it (see renderer.gap).
func (r *renderer) writeLead(lead []byte) {
	atStart := len(r.out) == r.base // nothing emitted yet: no line to keep
	if r.hasGap && (atStart || !r.p.SpaceIsText && !hasNewline(lead) && (len(r.gap) < len(lead) || hasNewline(r.gap))) {
		lead = r.gap
	}
	r.write(lead)
}

// startsLine reports whether b starts with a line break, \n or \r\n.
func startsLine(b []byte) bool {
	return b[0] == '\n' || len(b) > 1 && b[0] == '\r' && b[1] == '\n'
}

func hasNewline(b []byte) bool {
	for _, c := range b {
		if c == '\n' {
			return true
		}
	}
	return false
}

func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'
}

// replaced emits the whitespace src[from:n.Start] and then text in place of n.
func (r *renderer) replaced(from int32, n *tree.Node, text string) {
	r.inPlace(from, n, func() { r.writeString(text) })
}

// reindent gives the lines emitted from out[mark:], the text of node
// from, which now stands for node to, the indentation of to's line instead
// of from's (see tree.Policy.Reindent). Either node must begin its line,
// after blanks.
func (r *renderer) reindent(mark int, to, from tree.NodeID) {
	want, ok := r.t.Indentation(to)
	have, ok2 := r.t.Indentation(from)
	if !ok || !ok2 || string(want) == string(have) || mark < 0 {
		return
	}
	text := r.out[mark:]
	if !bytes.Contains(text, []byte{'\n'}) {
		return
	}
	var b []byte
	for i, line := range bytes.SplitAfter(text, []byte{'\n'}) {
		if i > 0 && bytes.HasPrefix(line, have) {
			b = append(append(b, want...), line[len(have):]...)
			continue
		}
		b = append(b, line...)
	}
	r.out = append(r.out[:mark], b...)
}

// inPlace emits the whitespace src[from:n.Start] and then, by emit, a text
// in place of n's own: a replacement, or the bytes of a node hoisted into
// its place. Each edge of that text is a junction, as it may fuse with
// what precedes it (unless n's whitespace stands between) and with what
// follows it.
func (r *renderer) inPlace(from int32, n *tree.Node, emit func()) {
	r.writeLead(r.t.Src[from:n.Start])
	if r.j == none && from == n.Start {
		r.j = space
	}
	emit()
	if r.j == none {
		r.j = space
	}
}
