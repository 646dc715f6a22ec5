package xml

// Comments, processing instructions and the document type declaration with
// its internal subset: the prolog and the DTD, and the comments and
// processing instructions that may also stand in content.

import (
	"bytes"
	"slices"

	"github.com/hddreduce/hdd/hdd/tree"
)

// comment scans the comment at i and adds it.
func (p *parser) comment(i int) int {
	src := p.src
	p.flushText(i)
	var end int
	var ok bool
	closer := 3 // the bytes of "-->"
	if p.lang == langHTML {
		switch rest := src[i+4:]; {
		case bytes.HasPrefix(rest, []byte(">")):
			end, ok = i+5, true
			p.err(errMarkup, i, "abruptly closed comment '<!-->'")
		case bytes.HasPrefix(rest, []byte("->")):
			end, ok = i+6, true
			p.err(errMarkup, i, "abruptly closed comment '<!--->'")
		default:
			// HTML ends a comment at "--!>" too, as an error.
			end, ok = findEnd(src, i+4, "-->")
			if bang, found := findEnd(src[:end], i+4, "--!>"); found {
				end, ok, closer = bang, true, 4
				p.err(errMarkup, i, "incorrectly closed comment '--!>'")
			}
		}
	} else {
		end, ok = findEnd(src, i+4, "-->")
		body := src[i+4 : max(end-3, i+4)]
		if ok && (bytes.Contains(body, []byte("--")) || bytes.HasSuffix(body, []byte("-"))) {
			p.err(errMarkup, i, "'--' inside a comment")
		}
	}
	if !ok {
		p.err(errUnterminated, i, "unterminated comment")
	}
	p.leafBody("comment", i, end, i+4, end-closer, ok && (bytes.HasSuffix(src[:end], []byte("-->")) || closer == 4))
	return end
}

// pi scans a processing instruction, the XML declaration, or in HTML a
// bogus comment starting with "<?".
func (p *parser) pi(i int) int {
	src := p.src
	if i == p.docStart && p.declEnd > 0 {
		p.flushText(i)
		if p.lang == langXML && p.declErr != "" {
			p.err(errMarkup, i, p.declErr)
		}
		// Removable whatever it declares: without it, a document in
		// another encoding reads as UTF-8, which Check refuses unless the
		// candidate is ASCII (or valid UTF-8 anyway); XML 1.1 reads as 1.0.
		// The test decides.
		p.leaf("xmldecl", i, p.declEnd, tree.Removable)
		return p.declEnd
	}
	if p.lang == langHTML {
		end := bytes.IndexByte(src[i:], '>')
		p.flushText(i)
		if end < 0 {
			end = len(src)
			p.err(errUnterminated, i, "unterminated bogus comment '<?'")
		} else {
			end += i + 1
		}
		p.err(errMarkup, i, "bogus comment '<?' (processing instructions are not HTML)")
		p.leaf("bogus-comment", i, end, tree.Removable)
		return end
	}
	end, ok := findEnd(src, i+2, "?>")
	p.flushText(i)
	if !ok {
		p.err(errUnterminated, i, "unterminated processing instruction")
	}
	if k, msg := piTarget(src, i, end); msg != "" {
		p.err(k, i, msg)
	}
	p.leaf("pi", i, end, tree.Removable)
	return end
}

// piTarget checks the target of the processing instruction src[i:end].
func piTarget(src []byte, i, end int) (errKind, string) {
	n := i + 2
	if n >= len(src) || !isNameStart(src[n]) {
		return errMarkup, "processing instruction without a target"
	}
	n = xmlNameEnd(src, n)
	if target := src[i+2 : n]; len(target) == 3 && bytes.EqualFold(target, []byte("xml")) {
		return errMisplaced, "XML declaration not at the start of the document"
	}
	if n < end-2 && !isWS(src[n]) {
		return errMarkup, "processing instruction target not followed by a space"
	}
	return 0, ""
}

// doctype scans a document type declaration; in XML it notes the entities
// declared in its internal subset and whether it has an external part.
func (p *parser) doctype(i int) int {
	src := p.src
	if i > p.lastGT {
		return 0
	}
	var end int
	if p.lang == langHTML {
		k := bytes.IndexByte(src[i:], '>')
		if k < 0 {
			return 0
		}
		end = i + k + 1
	} else {
		var external bool
		p.subsetAny = false
		p.dtd = p.dtd[:0]
		clear(p.pes)
		clear(p.values)
		tk := &p.tag
		tk.errs = tk.errs[:0]
		j := i + len("<!DOCTYPE")
		if j >= len(src) || !isWS(src[j]) {
			return 0
		}
	loop:
		for j < len(src) {
			switch c := src[j]; c {
			case '"', '\'':
				k := bytes.IndexByte(src[j+1:], c)
				if k < 0 {
					return 0
				}
				j += k + 2
			case '[':
				p.subsetAny = external && !p.standalone
				j = p.subset(j+1, tk)
				if j < 0 {
					return 0
				}
			case '>':
				end = j + 1
				break loop
			case '<':
				return 0
			default:
				if isWS(src[j-1]) && (bytes.HasPrefix(src[j:], []byte("SYSTEM")) || bytes.HasPrefix(src[j:], []byte("PUBLIC"))) {
					external = true
				}
				j++
			}
		}
		if end == 0 {
			return 0
		}
		p.anyEntity = external && !p.standalone || p.subsetAny
		p.entityValues()
		for _, e := range tk.errs {
			p.errName(e.kind, e.off, e.msg, e.name, "")
		}
	}
	p.flushText(i)
	if p.sawDoctype || p.topElems > 0 || len(p.stack) > 0 {
		p.err(errMisplaced, i, "document type declaration after the root element or twice")
	}
	p.sawDoctype = true
	if p.lang == langXML {
		p.addDoctype(i, end)
	} else {
		p.leaf("doctype", i, end, tree.Removable)
	}
	return end
}

// subset scans an internal DTD subset from i to its closing ']' and returns
// the position after it, or -1 when it does not end. Malformations go to
// errs, to be counted if the doctype turns out to end.
func (p *parser) subset(i int, tk *tag) int {
	src := p.src
	for i < len(src) {
		c := src[i]
		switch {
		case c == ']':
			return i + 1
		case isWS(c):
			i++
		case c == '%':
			k := xmlNameEnd(src, i+1)
			if k == i+1 || k >= len(src) || src[k] != ';' || !isNameStart(src[i+1]) {
				tk.err(errMarkup, i, "malformed parameter entity reference in the internal subset", nil)
				i++
				continue
			}
			p.peRef(tk, i, k+1)
			i = k + 1
		case bytes.HasPrefix(src[i:], []byte("<!--")):
			end, ok := findEnd(src, i+4, "-->")
			if !ok {
				return -1
			}
			if body := src[i+4 : end-3]; bytes.Contains(body, []byte("--")) || bytes.HasSuffix(body, []byte("-")) {
				tk.err(errMarkup, i, "'--' inside a comment", nil)
			}
			p.noteItem("comment", i, end)
			i = end
		case bytes.HasPrefix(src[i:], []byte("<?")):
			end, ok := findEnd(src, i+2, "?>")
			if !ok {
				return -1
			}
			if k, msg := piTarget(src, i, end); msg != "" {
				tk.err(k, i, msg, nil)
			}
			p.noteItem("pi", i, end)
			i = end
		case c == '<':
			j := p.markupDecl(i, tk)
			if j < 0 {
				return -1
			}
			p.noteItem("markup-decl", i, j)
			p.noteDefaultNS(i, j)
			i = j
		default:
			tk.err(errMarkup, i, "junk in the internal subset", nil)
			i++
		}
	}
	return -1
}

// markupDecl scans the markup declaration (<!ENTITY ...>, <!ELEMENT ...>,
// ...) at i, notes the general entity it declares, and returns the position
// after it, or -1 when it does not end.
func (p *parser) markupDecl(i int, tk *tag) int {
	src := p.src
	j := i + 2
	kw := j
	for j < len(src) && 'A' <= src[j] && src[j] <= 'Z' {
		j++
	}
	// Check the start, up to the name declared (and for an entity, the
	// start of its value or external ID).
	ws := func() bool {
		k := j
		for j < len(src) && isWS(src[j]) {
			j++
		}
		return j > k
	}
	name := func() []byte {
		k := j
		if j < len(src) && isNameStart(src[j]) {
			j = xmlNameEnd(src, j)
		}
		return src[k:j]
	}
	ok := false
	// The literal at value is an entity's value: of the general entity
	// valueOf, or of the parameter entity peName. With defaults, every
	// literal is an attribute's default value.
	value, valueOf, peName, defaults := -1, "", "", false
	// The rest of the declaration, from body, follows a grammar (see
	// declBody); errs counts the malformations found before it.
	kwd, body, pe, errs := string(src[kw:j]), -1, false, len(tk.errs)
	switch {
	case i+1 >= len(src) || src[i+1] != '!':
	case kwd == "ENTITY":
		if ws() {
			pe = j < len(src) && src[j] == '%'
			if pe {
				j++
				if !ws() {
					tk.err(errMarkup, j, "white space expected after '%' in an entity declaration", nil)
				}
			}
			n := name()
			ok = len(n) > 0 && ws() && j < len(src) &&
				(src[j] == '"' || src[j] == '\'' || bytes.HasPrefix(src[j:], []byte("SYSTEM")) || bytes.HasPrefix(src[j:], []byte("PUBLIC")))
			switch {
			case ok && pe:
				if p.pes == nil {
					p.pes = map[string]span{}
				}
				if _, seen := p.pes[string(n)]; !seen {
					p.pes[string(n)] = span{-1, -1} // external, until its value is read
				}
			case ok:
				p.declare(n)
			}
			if ok && src[j] != '"' && src[j] != '\'' {
				body = j
			}
			if ok && (src[j] == '"' || src[j] == '\'') {
				value = j
				if pe {
					peName = string(n)
				} else {
					valueOf = string(n)
				}
			}
		}
	case kwd == "ATTLIST":
		ok = ws() && len(name()) > 0
		defaults = true
		body = j
	case kwd == "ELEMENT", kwd == "NOTATION":
		ok = ws() && len(name()) > 0
		body = j
	}
	if !ok {
		tk.err(errMarkup, i, "malformed markup declaration in the internal subset", nil)
	}
	// A declaration that follows its grammar ends where declBody says, with
	// nothing but its default values to check; another is read by the loop
	// below, and its first malformation is flagged after it, unless the
	// loop flags one.
	bad, badMsg := 0, ""
	if ok && body >= 0 {
		end, lits, msg := declBody(src, kwd, body, pe, p.declLits)
		p.declLits = lits
		if msg == "" {
			for _, lit := range lits {
				p.literalRefs(tk, lit, true)
			}
			return end + 1
		}
		bad, badMsg = end, msg
	}
	for j < len(src) && src[j] != '>' {
		switch c := src[j]; c {
		case '"', '\'':
			k := bytes.IndexByte(src[j+1:], c)
			if k < 0 {
				return -1
			}
			switch lit := (span{j + 1, j + 1 + k}); {
			case defaults:
				p.literalRefs(tk, lit, true)
			case j == value:
				p.literalRefs(tk, lit, false)
				if valueOf == "" {
					if pe := p.pes[peName]; pe.start < 0 {
						p.pes[peName] = lit
					}
				}
				if _, seen := p.values[valueOf]; valueOf != "" && !seen {
					if p.values == nil {
						p.values = map[string]span{}
					}
					p.values[valueOf] = lit // the first declaration binds
				}
				// Only white space may follow an entity's value (xmllint:
				// "entity e not terminated").
				if e := lit.end + 1; e < len(src) {
					for e < len(src) && isWS(src[e]) {
						e++
					}
					if e < len(src) && src[e] != '>' {
						tk.err(errMarkup, e, "junk after the value of an entity declaration", nil)
					}
				}
			}
			j += k + 1
		case '%':
			if k := xmlNameEnd(src, j+1); k > j+1 && k < len(src) && src[k] == ';' {
				// xmllint: "PEReference: forbidden within markup decl in
				// internal subset".
				tk.err(errMarkup, j, "parameter entity reference inside a markup declaration", nil)
			}
		case '<':
			tk.err(errMarkup, j, "'<' inside a markup declaration", nil)
		}
		j++
	}
	if j >= len(src) {
		return -1
	}
	if badMsg != "" && len(tk.errs) == errs {
		tk.err(errMarkup, bad, badMsg, nil)
	}
	return j + 1
}

// literalRefs checks the references of the literal lit of a markup
// declaration: each '&' must start one, and in an attribute's default
// value (declared) the entity it names must be declared before it, as
// xmllint and expat require, and no '<' may stand (it would in the
// attribute's value). An entity's value may name an entity declared
// later, or nowhere if the entity is never used (see entityValues).
func (p *parser) literalRefs(tk *tag, lit span, declared bool) {
	was := p.anyEntity
	p.anyEntity = p.subsetAny || !declared
	defer func() { p.anyEntity = was }()
	for i := lit.start; i < lit.end; i++ {
		if p.src[i] == '<' && declared {
			// xmllint: "Unescaped '<' not allowed in attributes values".
			tk.err(errMarkup, i, "'<' in an attribute's default value (write &lt;)", nil)
		}
		if p.src[i] != '&' {
			continue
		}
		end, msg, name := p.checkRef(i)
		if msg != "" {
			tk.err(errRef, i, msg, name)
		}
		i = max(i, end-1)
	}
}

// entityValues notes, once the internal subset is read, the general
// entities whose values name an entity declared nowhere, directly or
// through another entity's value: such an entity is declared, but a
// reference to it is undefined (xmllint: "Entity 'e' not defined", then
// "Entity 'f' failed to parse"), so removing the declaration of an entity
// that another's value names is refused while that other is used.
func (p *parser) entityValues() {
	p.badEntities, p.nsEntities = nil, nil
	if len(p.values) == 0 {
		return
	}
	p.entityPrefixes()
	if p.anyEntity {
		return
	}
	names := map[string][]string{} // the entities each value names
	for e, lit := range p.values {
		for i := lit.start; i < lit.end; i++ {
			if p.src[i] != '&' || i+1 < lit.end && p.src[i+1] == '#' {
				continue
			}
			k := xmlNameEnd(p.src, i+1)
			if k < lit.end && p.src[k] == ';' && k > i+1 {
				names[e] = append(names[e], string(p.src[i+1:k]))
			}
		}
	}
	bad := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for e, refs := range names {
			if bad[e] {
				continue
			}
			for _, r := range refs {
				if bad[r] || !p.entities[r] && !predefined(r) {
					bad[e], changed = true, true
					break
				}
			}
		}
	}
	if len(bad) > 0 {
		p.badEntities = bad
	}
}

// entityPrefixes notes the namespace prefixes that each general entity's
// value uses in the names of its elements and attributes and does not
// bind itself (xmlns:p), directly or through the entities it names: where
// the entity is referenced, each must be bound, as expat and xmllint
// require ("unbound prefix"), or a candidate that removed the element
// binding one for a reference to the entity would pass the check.
func (p *parser) entityPrefixes() {
	src := p.src
	direct := map[string][][]byte{}
	refs := map[string][]string{}
	for e, lit := range p.values {
		var used, bound [][]byte
		for i := lit.start; i < lit.end; i++ {
			switch {
			case src[i] == '&' && i+1 < lit.end && src[i+1] != '#':
				if k := xmlNameEnd(src, i+1); k < lit.end && src[k] == ';' && k > i+1 {
					refs[e] = append(refs[e], string(src[i+1:k]))
				}
			case src[i] == '<':
				// An element's name, then its attributes' names (and
				// their values, skipped whole), up to the tag's end.
				j := i + 1
				if j < lit.end && src[j] == '/' {
					j++
				}
				for j < lit.end && src[j] != '>' {
					if src[j] == '"' || src[j] == '\'' {
						k := bytes.IndexByte(src[j+1:lit.end], src[j])
						if k < 0 {
							break
						}
						j += k + 2
						continue
					}
					k := xmlNameEnd(src, j)
					if k == j {
						j++
						continue
					}
					n := src[j:k]
					if pre, ok := bytes.CutPrefix(n, []byte("xmlns:")); ok {
						bound = append(bound, pre)
					} else if c := bytes.IndexByte(n, ':'); c > 0 && string(n[:c]) != "xml" && string(n[:c]) != "xmlns" {
						used = append(used, n[:c])
					}
					j = k
				}
				i = j
			}
		}
		for _, u := range used {
			if !containsName(bound, u) && !containsName(direct[e], u) {
				direct[e] = append(direct[e], u)
			}
		}
	}
	// Through the entities each names, to a fixed point.
	for changed := true; changed; {
		changed = false
		for e, rs := range refs {
			for _, r := range rs {
				for _, u := range direct[r] {
					if !containsName(direct[e], u) {
						direct[e] = append(direct[e], u)
						changed = true
					}
				}
			}
		}
	}
	if len(direct) > 0 {
		p.nsEntities = direct
	}
}

// boundNS reports whether the namespace prefix pre is bound where the
// scan stands.
func (p *parser) boundNS(pre []byte) bool { return containsName(p.ns, pre) }

// containsName reports whether names holds name.
func containsName(names [][]byte, name []byte) bool {
	return slices.ContainsFunc(names, func(n []byte) bool { return bytes.Equal(n, name) })
}

// predefined reports whether name is one of XML's five predefined entities.
func predefined(name string) bool {
	switch name {
	case "amp", "lt", "gt", "quot", "apos":
		return true
	}
	return false
}

// peRef checks the parameter entity reference src[start:end] (%name;) of
// the internal subset. It must follow the entity's declaration, unless an
// external DTD may declare it (xmllint: "PEReference: %pe; not found",
// even when the declaration follows). The general entities its value
// declares are declared, as xmllint reads them; where that value cannot
// be read that far (an external parameter entity, another reference in
// it), any entity may be declared.
func (p *parser) peRef(tk *tag, start, end int) {
	value, ok := p.pes[string(p.src[start+1:end-1])]
	switch {
	case !ok && !p.subsetAny:
		tk.err(errRef, start, "undefined parameter entity ", p.src[start:end])
	case !ok:
	case value.start < 0 || bytes.IndexByte(p.src[value.start:value.end], '%') >= 0:
		p.subsetAny = !p.standalone
	default:
		v := p.src[value.start:value.end]
		for {
			k := bytes.Index(v, []byte("<!ENTITY"))
			if k < 0 {
				break
			}
			v = bytes.TrimLeft(v[k+len("<!ENTITY"):], " \t\r\n")
			if n := xmlNameEnd(v, 0); n > 0 && isNameStart(v[0]) {
				p.declare(v[:n])
			}
		}
	}
	p.noteItem("pe-reference", start, end)
}

// declare notes the general entity name as declared in the internal
// subset.
func (p *parser) declare(name []byte) {
	if p.entities == nil {
		p.entities = map[string]bool{}
	}
	p.entities[string(name)] = true
}
