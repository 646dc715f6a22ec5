package xml

// The parts of an XML document type declaration that may go or shrink on
// their own: its external identifier and the declarations of its internal
// subset, down to the attribute definitions of an <!ATTLIST>; and the
// transform that shortens the external identifier.

import (
	"bytes"
	"path"

	"github.com/hddreduce/hdd/hdd/tree"
)

// A span is a range of the input.
type span struct{ start, end int }

// A dtdItem is a declaration, comment, processing instruction or parameter
// entity reference of an internal subset.
type dtdItem struct {
	kind    string // "markup-decl", "comment", "pi", "pe-reference"
	span           //
	attDefs []span // the attribute definitions of an <!ATTLIST>, if they read cleanly
}

// noteItem records an item of the internal subset being scanned, when the
// tree is built.
func (p *parser) noteItem(kind string, start, end int) {
	if !p.building() {
		return
	}
	it := dtdItem{kind: kind, span: span{start, end}}
	if kind == "markup-decl" && bytes.HasPrefix(p.src[start:], []byte("<!ATTLIST")) {
		it.attDefs = attDefs(p.src, start, end)
	}
	p.dtd = append(p.dtd, it)
}

// noteDefaultNS records the namespace prefixes that the declaration
// src[start:end], if it is an <!ATTLIST>, binds by default: an attribute
// xmlns:p with a default value, which a parser that reads the internal
// subset (xmllint, expat) gives every such element that does not set it.
func (p *parser) noteDefaultNS(start, end int) {
	src := p.src
	// Most declarations bind none: skip reading their definitions.
	if !bytes.HasPrefix(src[start:end], []byte("<!ATTLIST")) || !bytes.Contains(src[start:end], []byte("xmlns:")) {
		return
	}
	j := start + len("<!ATTLIST")
	for j < end && isWS(src[j]) {
		j++
	}
	elem := string(src[j:min(xmlNameEnd(src, j), end)])
	for _, d := range attDefs(src, start, end) {
		name := src[d.start:min(xmlNameEnd(src, d.start), d.end)]
		if pre, ok := bytes.CutPrefix(name, []byte("xmlns:")); ok && len(pre) > 0 && bytes.ContainsAny(src[d.start:d.end], `"'`) {
			if p.defaultNS == nil {
				p.defaultNS = map[string][][]byte{}
			}
			p.defaultNS[elem] = append(p.defaultNS[elem], pre)
		}
	}
}

// externalID returns the external identifier of the XML doctype at i
// (PUBLIC "pub" "sys" or SYSTEM "sys"), with the part that names the public
// identifier (PUBLIC "pub") and the system literal; ok is false when there
// is none.
func externalID(src []byte, i int) (ext, pub, sys span, ok bool) {
	j := i + len("<!DOCTYPE")
	ws := func() bool {
		k := j
		for j < len(src) && isWS(src[j]) {
			j++
		}
		return j > k
	}
	literal := func() (span, bool) {
		if j >= len(src) || src[j] != '"' && src[j] != '\'' {
			return span{}, false
		}
		k := bytes.IndexByte(src[j+1:], src[j])
		if k < 0 {
			return span{}, false
		}
		s := span{j, j + k + 2}
		j = s.end
		return s, true
	}
	ws()
	if j = xmlNameEnd(src, j); !ws() {
		return ext, pub, sys, false
	}
	ext.start = j
	switch {
	case bytes.HasPrefix(src[j:], []byte("PUBLIC")):
		j += len("PUBLIC")
		if !ws() {
			return ext, pub, sys, false
		}
		var lit span
		if lit, ok = literal(); !ok || !ws() {
			return ext, pub, sys, false
		}
		pub = span{ext.start, lit.end}
	case bytes.HasPrefix(src[j:], []byte("SYSTEM")):
		j += len("SYSTEM")
		if !ws() {
			return ext, pub, sys, false
		}
	default:
		return ext, pub, sys, false
	}
	if sys, ok = literal(); !ok {
		return ext, pub, sys, false
	}
	ext.end = sys.end
	return ext, pub, sys, true
}

// attDefs returns the attribute definitions of the <!ATTLIST ...>
// declaration src[start:end], each from its name to the end of its default,
// or nil when they do not read cleanly (a parameter entity reference, say),
// in which case the declaration is kept whole.
func attDefs(src []byte, start, end int) []span {
	j := start + len("<!ATTLIST")
	ws := func() bool {
		k := j
		for j < end && isWS(src[j]) {
			j++
		}
		return j > k
	}
	name := func() bool {
		k := j
		if j < end && isNameStart(src[j]) {
			j = xmlNameEnd(src, j)
		}
		return j > k && j <= end
	}
	group := func() bool { // (a|b|c)
		if j >= end || src[j] != '(' {
			return false
		}
		k := bytes.IndexByte(src[j:end], ')')
		if k < 0 || bytes.ContainsAny(src[j:j+k], `%"'`) {
			return false
		}
		j += k + 1
		return true
	}
	literal := func() bool {
		if j >= end || src[j] != '"' && src[j] != '\'' {
			return false
		}
		k := bytes.IndexByte(src[j+1:end], src[j])
		if k < 0 {
			return false
		}
		j += k + 2
		return true
	}
	if !ws() || !name() {
		return nil
	}
	var defs []span
	for {
		if !ws() {
			if j < end && src[j] == '>' {
				return defs
			}
			return nil
		}
		if j < end && src[j] == '>' {
			return defs
		}
		d := span{start: j}
		if !name() || !ws() {
			return nil
		}
		switch {
		case group():
		case bytes.HasPrefix(src[j:end], []byte("NOTATION")):
			j += len("NOTATION")
			if !ws() || !group() {
				return nil
			}
		case !name():
			return nil
		}
		if !ws() {
			return nil
		}
		switch {
		case bytes.HasPrefix(src[j:end], []byte("#FIXED")):
			j += len("#FIXED")
			if !ws() || !literal() {
				return nil
			}
		case j < end && src[j] == '#':
			j++
			if !name() {
				return nil
			}
		case !literal():
			return nil
		}
		d.end = j
		defs = append(defs, d)
	}
}

// addDoctype adds the XML doctype src[i:end], removable, with its parts:
// its external identifier, removable, made of the public identifier and
// the system literal (which the transform shortenIDs shortens); and the
// items of its internal subset, removable one by one, an <!ATTLIST>
// holding its attribute definitions, removable one by one too.
func (p *parser) addDoctype(i, end int) {
	defer p.setLast(end)
	if !p.building() {
		return
	}
	d := p.depth() + 1
	id := p.add(p.parent(), d, "doctype", i, end, tree.Removable)
	if ext, pub, sys, ok := externalID(p.src, i); ok {
		e := p.add(id, d+1, "external-id", ext.start, ext.end, tree.Removable)
		if pub.end > 0 {
			p.add(e, d+2, "public-id", pub.start, pub.end, 0)
		}
		p.add(e, d+2, "system-literal", sys.start, sys.end, 0)
	}
	for _, it := range p.dtd {
		n := p.add(id, d+1, it.kind, it.start, it.end, tree.Removable)
		for _, a := range it.attDefs {
			p.add(n, d+2, "attdef", a.start, a.end, tree.Removable)
		}
	}
}

// shortenIDs is a transform: for each doctype with an external identifier,
// it proposes a SYSTEM identifier in place of a PUBLIC one ("PUBLIC "-//A//B"
// "http://x/b.dtd"" becomes "SYSTEM "http://x/b.dtd""), then a shorter
// system literal: the last segment of its path ("b.dtd"), then that
// segment's first character. (An empty literal is no shorter form: parsers
// read "" as the document itself.) Removing the identifier, or the doctype,
// is pruning's.
func shortenIDs(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	t.Walk(c, func(id tree.NodeID) bool {
		kind := t.Nodes[id].Kind
		lit := string(t.Text(id))
		if sub, ok := c.Subst(id); ok && kind == "system-literal" && sub.Hoist == tree.NoNode {
			lit = sub.Text // shortened before: go on from there
		} else if c.Edited(id) {
			return false
		}
		switch kind {
		case "document", "doctype", "external-id":
			return true
		case "public-id":
			cands = append(cands, c.Replace(id, "SYSTEM"))
		case "system-literal":
			q, body := lit[:1], lit[1:len(lit)-1]
			base := path.Base(body)
			for _, s := range []string{base, firstChar(base)} {
				if s != "" && s != "." && s != "/" && len(s) < len(body) {
					cands = append(cands, c.Replace(id, q+s+q))
					body = s
				}
			}
		}
		return false
	})
	return cands
}

// firstChar returns the first UTF-8 character of s.
func firstChar(s string) string {
	for i := range s {
		if i > 0 {
			return s[:i]
		}
	}
	return s
}
