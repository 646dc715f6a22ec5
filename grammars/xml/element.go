package xml

import (
	"bytes"

	"github.com/hddreduce/hdd/hdd/tree"
)

// startTag scans the start tag at i, adds its element and attributes, and
// returns where scanning resumes, or 0 when the tag does not end.
func (p *parser) startTag(i int) int {
	tk := &p.tag
	if i > p.lastGT || !p.scanStartTag(i, tk) {
		return 0
	}
	p.flushText(i)
	for _, e := range tk.errs {
		p.errName(e.kind, e.off, e.msg, e.name, "")
	}
	src := p.src
	name := src[i+1 : tk.nameEnd]
	var ht *htmlTag
	if p.lang == langHTML {
		ht = lookupHTML(name)
		for len(p.stack) > 0 && closes(p.stack[len(p.stack)-1].html, ht) {
			p.closeImplicit()
		}
	}
	if len(p.stack) == 0 {
		if p.topElems > 0 && p.lang == langXML {
			p.err(errMisplaced, i, "a second root element")
		}
		p.topElems++
	}
	p.elems++
	id, depth := unbuilt, p.depth()+1
	if p.building() {
		id = p.add(p.parent(), depth, "element", i, tk.end, tree.Removable)
		if id >= 0 {
			p.t.SetClass(id, "element")
		}
		stag := p.add(id, depth+1, "start-tag", i, tk.end, 0)
		for _, a := range tk.attrs {
			var f tree.Flags
			if p.attrRemovable(a) {
				f = tree.Removable
			}
			aid := p.add(stag, depth+2, "attribute", a.start, a.end, f)
			if p.shortensValue(a) { // unbuilt under an unbuilt attribute; counted when counting
				p.add(aid, depth+3, "value", a.valStart-1, a.valEnd+1, tree.Chars)
			}
		}
	}
	p.setLast(tk.end)
	p.checkDup(tk)
	nsLen := len(p.ns)
	if p.lang == langXML {
		p.checkNS(tk, name)
	}
	if tk.selfClose || ht != nil && ht.void {
		p.ns = p.ns[:nsLen]
		return tk.end
	}
	p.push(open{start: i, name: name, id: id, depth: depth, last: tk.end, nsLen: nsLen, html: ht})
	if ht != nil && ht.raw != rawNone {
		return p.rawText(tk.end, name, ht.raw)
	}
	return tk.end
}

// scanStartTag scans the start tag at pos into tk. It reports false when the
// tag does not end before the end of the input (or, in XML, before a '<').
func (p *parser) scanStartTag(pos int, tk *tag) bool {
	src := p.src
	xml := p.lang == langXML
	tk.start = pos
	tk.selfClose = false
	tk.attrs = tk.attrs[:0]
	tk.errs = tk.errs[:0]
	i := p.tagNameEnd(pos + 1)
	tk.nameEnd = i
	for {
		ws := i
		for i < len(src) && p.isSpace(src[i]) {
			i++
		}
		if i >= len(src) {
			return false
		}
		switch c := src[i]; {
		case c == '>':
			tk.end = i + 1
			return true
		case c == '/':
			if i+1 < len(src) && src[i+1] == '>' {
				tk.selfClose = true
				tk.end = i + 2
				return true
			}
			tk.err(errTag, i, "unexpected '/' in a tag", nil)
			i++
			continue
		case xml && c == '<':
			return false
		case xml && !isNameStart(c), c == '=':
			tk.err(errTag, i, "unexpected character in a tag", nil)
			i++
			continue
		}
		a := attr{start: i, valStart: -1, valEnd: -1}
		if xml {
			i = xmlNameEnd(src, i)
		} else {
			for i < len(src) && !p.isSpace(src[i]) && src[i] != '/' && src[i] != '>' && src[i] != '=' {
				i++
			}
		}
		a.nameEnd = i
		if a.start == ws {
			tk.err(errAttr, a.start, "no space before attribute ", src[a.start:a.nameEnd])
		}
		j := i
		for j < len(src) && p.isSpace(src[j]) {
			j++
		}
		switch {
		case j < len(src) && src[j] == '=':
			j++
			for j < len(src) && p.isSpace(src[j]) {
				j++
			}
			if j >= len(src) {
				return false
			}
			if q := src[j]; q == '"' || q == '\'' {
				k := p.quoteEnd(j+1, q)
				if k < 0 {
					return false
				}
				a.valStart, a.valEnd = j+1, k
				i = a.valEnd + 1
			} else {
				k := j
				for k < len(src) && !p.isSpace(src[k]) && src[k] != '>' && !(xml && src[k] == '<') {
					k++
				}
				a.valStart, a.valEnd = j, k
				i = k
				switch {
				case k == j:
					tk.err(errAttr, j, "missing value of attribute ", src[a.start:a.nameEnd])
				case xml:
					tk.err(errAttr, j, "unquoted value of attribute ", src[a.start:a.nameEnd])
				}
			}
			p.checkValue(tk, a)
		case xml:
			tk.err(errAttr, a.start, "no value for attribute ", src[a.start:a.nameEnd])
		}
		a.end = i
		tk.attrs = append(tk.attrs, a)
	}
}

// checkValue checks the references in an attribute value and, in XML, that
// it holds no '<'.
func (p *parser) checkValue(tk *tag, a attr) {
	src := p.src
	for k := a.valStart; k < a.valEnd; k++ {
		switch src[k] {
		case '<':
			if p.lang == langXML {
				tk.err(errAttr, k, "'<' in the value of attribute ", src[a.start:a.nameEnd])
			}
		case '&':
			end, msg, name := p.checkRef(k)
			if msg != "" {
				tk.err(errRef, k, msg, name)
			}
			k = max(k, min(end, a.valEnd)-1)
		}
	}
}

// attrRemovable reports whether attribute a may vanish without its
// neighbours fusing: white space precedes it, and white space or the end of
// the tag follows it.
func (p *parser) attrRemovable(a attr) bool {
	src := p.src
	if a.start == 0 || !p.isSpace(src[a.start-1]) {
		return false
	}
	if a.end >= len(src) {
		return false
	}
	c := src[a.end]
	return p.isSpace(c) || c == '>' || c == '/'
}

// shortensValue reports whether attribute a's value is a "value" node
// that may be cut down: it is quoted and not empty, and a declares no
// namespace (an empty or cut namespace name is malformed, or another
// namespace).
func (p *parser) shortensValue(a attr) bool {
	src := p.src
	if a.valStart < 1 || a.valEnd <= a.valStart || a.valEnd >= len(src) {
		return false
	}
	if q := src[a.valStart-1]; q != '"' && q != '\'' || src[a.valEnd] != q {
		return false
	}
	name := src[a.start:a.nameEnd]
	return string(name) != "xmlns" && !bytes.HasPrefix(name, []byte("xmlns:"))
}

// sameName compares element or attribute names: exactly in XML, without
// regard to ASCII case in HTML.
func (p *parser) sameName(a, b []byte) bool {
	if p.lang == langXML {
		return bytes.Equal(a, b)
	}
	return bytes.EqualFold(a, b)
}

// checkDup counts the attributes of tk given more than once.
func (p *parser) checkDup(tk *tag) {
	src := p.src
	if len(tk.attrs) > 32 {
		seen := make(map[string]bool, len(tk.attrs))
		for _, a := range tk.attrs {
			an := src[a.start:a.nameEnd]
			key := string(an)
			if p.lang == langHTML {
				key = string(bytes.ToLower(an))
			}
			if seen[key] {
				p.errName(errDupAttr, a.start, "duplicate attribute ", an, "")
			}
			seen[key] = true
		}
		return
	}
	for k := 1; k < len(tk.attrs); k++ {
		a := tk.attrs[k]
		an := src[a.start:a.nameEnd]
		for _, b := range tk.attrs[:k] {
			if p.sameName(an, src[b.start:b.nameEnd]) {
				p.errName(errDupAttr, a.start, "duplicate attribute ", an, "")
				break
			}
		}
	}
}

// checkNS binds the namespace prefixes tk declares, or the internal
// subset declares for its elements by default, and checks that the
// prefixes of its element and attribute names are bound.
func (p *parser) checkNS(tk *tag, name []byte) {
	src := p.src
	p.ns = append(p.ns, p.defaultNS[string(name)]...)
	for _, a := range tk.attrs {
		an := src[a.start:a.nameEnd]
		if bytes.HasPrefix(an, []byte("xmlns:")) {
			pre := an[len("xmlns:"):]
			p.ns = append(p.ns, pre)
			if len(pre) == 0 || bytes.IndexByte(pre, ':') >= 0 {
				p.errName(errNamespace, a.start, "malformed namespace declaration ", an, "")
			} else if a.valStart >= 0 && a.valStart == a.valEnd {
				p.errName(errNamespace, a.start, "empty namespace name for prefix ", pre, "")
			}
		}
	}
	p.checkQName(tk.start+1, name, true)
	for _, a := range tk.attrs {
		an := src[a.start:a.nameEnd]
		if string(an) == "xmlns" || bytes.HasPrefix(an, []byte("xmlns:")) {
			continue
		}
		p.checkQName(a.start, an, false)
	}
}

// checkQName checks that the prefix of the name n at off is bound.
func (p *parser) checkQName(off int, n []byte, elem bool) {
	c := bytes.IndexByte(n, ':')
	if c < 0 {
		return
	}
	if c == 0 || c == len(n)-1 || bytes.IndexByte(n[c+1:], ':') >= 0 {
		p.errName(errNamespace, off, "malformed qualified name ", n, "")
		return
	}
	pre := n[:c]
	switch string(pre) {
	case "xml":
		return
	case "xmlns":
		if elem {
			p.errName(errNamespace, off, "element name with the prefix xmlns: ", n, "")
		}
		return
	}
	if !p.boundNS(pre) {
		p.errName(errNamespace, off, "unbound namespace prefix in ", n, "")
	}
}

// rawText adds the content of an HTML raw text element (script, style, ...)
// starting at from as one text node, and returns where its end tag starts.
func (p *parser) rawText(from int, name []byte, kind uint8) int {
	src := p.src
	end := len(src)
	if kind == rawText {
		for k := from; ; {
			j := bytes.Index(src[k:], []byte("</"))
			if j < 0 {
				break
			}
			j += k
			n := j + 2 + len(name)
			if n <= len(src) && bytes.EqualFold(src[j+2:n], name) &&
				(n == len(src) || p.isSpace(src[n]) || src[n] == '/' || src[n] == '>') {
				end = j
				break
			}
			k = j + 2
		}
	}
	p.textStart = from
	p.flushText(end)
	return end
}

// endTag scans the end tag at i, closes the element it matches and returns
// where scanning resumes, or 0 when the tag does not end.
func (p *parser) endTag(i int) int {
	src := p.src
	if i > p.lastGT {
		return 0
	}
	n := p.tagNameEnd(i + 2)
	name := src[i+2 : n]
	j := n
	for j < len(src) && p.isSpace(src[j]) {
		j++
	}
	junk := -1
	if j < len(src) && src[j] != '>' {
		junk = j
		for j < len(src) && src[j] != '>' && !(p.lang == langXML && src[j] == '<') {
			j++
		}
	}
	if j >= len(src) || src[j] != '>' {
		return 0
	}
	end := j + 1
	p.flushText(i)
	if junk >= 0 {
		p.errName(errTag, junk, "junk in end tag </", name, ">")
	}
	k := -1
	if p.openNames[nameHash(name)] > 0 {
		k = len(p.stack) - 1
		for k >= 0 && !p.sameName(p.stack[k].name, name) {
			k--
		}
	}
	if k < 0 {
		p.errName(errStrayEnd, i, "end tag </", name, "> matches no open element")
		p.leaf("stray-end-tag", i, end, tree.Removable)
		return end
	}
	for len(p.stack)-1 > k {
		p.closeImplicit()
	}
	if p.building() {
		p.add(p.stack[k].id, p.stack[k].depth+1, "end-tag", i, end, 0)
	}
	p.pop(end)
	return end
}

// closeImplicit closes the innermost open element where its last child (or
// its start tag) ends; that is a malformation unless its end tag is optional.
func (p *parser) closeImplicit() {
	n := len(p.stack) - 1
	e := p.stack[n]
	if e.html == nil || !e.html.optional {
		p.errName(errUnclosed, e.start, "element <", e.name, "> is not closed")
	}
	p.pop(e.last)
}

// push opens element e.
func (p *parser) push(e open) {
	p.stack = append(p.stack, e)
	p.openNames[nameHash(e.name)]++
}

// pop closes the innermost open element, which ends at end.
func (p *parser) pop(end int) {
	n := len(p.stack) - 1
	e := &p.stack[n]
	if e.id >= 0 {
		p.t.Nodes[e.id].End = int32(end)
	}
	p.openNames[nameHash(e.name)]--
	p.ns = p.ns[:e.nsLen]
	p.stack = p.stack[:n]
	p.setLast(end)
}

// nameHash hashes an element name, without regard to ASCII case, for
// parser.openNames.
func nameHash(name []byte) uint8 {
	if len(name) == 0 {
		return 0
	}
	return uint8(len(name)*31) ^ (name[0] | 0x20) ^ (name[len(name)-1]|0x20)<<3
}
