package xml

import (
	"github.com/hddreduce/hdd/hdd/tree"
)

// emptyElements is the transform of an XML document that closes empty
// elements: for each element whose content is gone or was white space only
// ("<a> </a>", "<a></a>"), it proposes the empty-element tag "<a/>", all
// such elements at once first, then one by one. White space alone is no
// node, so pruning cannot remove it; the final tidy "compact" does the same
// only to a result that fits on a line, and only if the test agrees then.
func emptyElements(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	return closeEmpty(t, c, func(stag string) string { return stag[:len(stag)-1] + "/>" }, true)
}

// emptyHTMLElements is the transform of an HTML document that empties
// elements whose content is white space only: "<td> </td>" becomes
// "<td></td>" (HTML has no empty-element tags), all at once first, then one
// by one.
func emptyHTMLElements(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	return closeEmpty(t, c, nil, false)
}

// closeEmpty returns the candidates of emptyElements and
// emptyHTMLElements: each element of c with an end tag and no content but
// white space (or, if bare, nothing at all between its tags), its start tag
// replaced by selfClose of its text and its end tag by nothing; with a nil
// selfClose, by its start tag followed by its end tag.
func closeEmpty(t *tree.Tree, c tree.Candidate, selfClose func(string) string, bare bool) []tree.Candidate {
	type edit struct {
		stag, etag tree.NodeID
		text       string
	}
	var edits []edit
	t.Walk(c, func(id tree.NodeID) bool {
		if !shown(c, id) {
			return false
		}
		kids := t.Children(id)
		if t.Nodes[id].Kind != "element" || c.Edited(id) || len(kids) < 2 {
			return true
		}
		stag, etag := kids[0], kids[len(kids)-1]
		if t.Nodes[etag].Kind != "end-tag" || c.Edited(stag) || c.Edited(etag) {
			return true
		}
		for _, ch := range kids[1 : len(kids)-1] {
			if !c.Removed(ch) {
				return true // content left
			}
		}
		n := &t.Nodes[etag]
		if n.Lead == n.Start && !bare {
			return false // nothing between the tags already
		}
		text, ok := renderTag(t, c, stag)
		if !ok {
			return false
		}
		if selfClose != nil {
			text = selfClose(text)
		} else {
			text += string(t.Text(etag))
		}
		edits = append(edits, edit{stag, etag, text})
		return false
	})
	apply := func(c tree.Candidate, e edit) tree.Candidate {
		return c.Replace(e.stag, e.text).Replace(e.etag, "")
	}
	var cands []tree.Candidate
	if len(edits) > 1 {
		all := c
		for _, e := range edits {
			all = apply(all, e)
		}
		cands = append(cands, all)
	}
	for _, e := range edits {
		cands = append(cands, apply(c, e))
	}
	return cands
}

// renderTag returns the text of the start tag stag as c has it: without
// its removed attributes (and the white space before each), with its
// replaced ones replaced and its values cut down as c cuts them; ok is
// false if an attribute is hoisted.
func renderTag(t *tree.Tree, c tree.Candidate, stag tree.NodeID) (string, bool) {
	src := t.Src
	n := &t.Nodes[stag]
	var b []byte
	pos := n.Start
	for _, a := range t.Children(stag) {
		an := &t.Nodes[a]
		sub, replaced := c.Subst(a)
		switch {
		case replaced && sub.Hoist != tree.NoNode:
			return "", false
		case c.Removed(a) && an.Is(tree.Removable), replaced && sub.Text == "":
			b = append(b, src[pos:an.Lead]...)
			pos = an.End
		case replaced:
			b = append(b, src[pos:an.Start]...)
			b = append(b, sub.Text...)
			pos = an.End
		default:
			for _, v := range t.Children(a) { // its value, cut down
				if sub, ok := c.Subst(v); ok && sub.Hoist == tree.NoNode {
					b = append(b, src[pos:t.Nodes[v].Start]...)
					b = append(b, sub.Text...)
					pos = t.Nodes[v].End
				}
			}
		}
	}
	return string(append(b, src[pos:n.End]...)), true
}

// shown reports whether node id, reached by a walk of c, is rendered as in
// the input or with edits below it: it is neither removed nor replaced by a
// text.
func shown(c tree.Candidate, id tree.NodeID) bool {
	if c.Removed(id) {
		return false
	}
	s, ok := c.Subst(id)
	return !ok || s.Hoist != tree.NoNode
}
