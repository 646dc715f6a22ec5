package xml

// The grammar of a markup declaration of an internal subset past the name
// it declares: an element's content model, an attribute list's
// definitions, a notation's or an external entity's identifier. What does
// not follow it is a malformation where xmllint and expat both refuse it
// (a fatal error to each).

import "bytes"

// A declScan reads a markup declaration from i up to its closing '>'.
type declScan struct {
	src  []byte
	i    int
	lits []span // the default values of an attribute-list declaration
}

// ws skips white space and reports whether there was any.
func (d *declScan) ws() bool {
	k := d.i
	for d.i < len(d.src) && isWS(d.src[d.i]) {
		d.i++
	}
	return d.i > k
}

// at reports whether the next byte is c.
func (d *declScan) at(c byte) bool { return d.i < len(d.src) && d.src[d.i] == c }

// name skips the XML name at i, or with nmtoken the name token (which may
// start with a digit, '-' or '.'), and reports whether there was one.
func (d *declScan) name(nmtoken bool) bool {
	if d.i >= len(d.src) || !nmtoken && !isNameStart(d.src[d.i]) {
		return false
	}
	k := xmlNameEnd(d.src, d.i)
	if k == d.i {
		return false
	}
	d.i = k
	return true
}

// word skips the keyword w ("SYSTEM", "#PCDATA") at i, if it is there as a
// whole name, and reports whether it was.
func (d *declScan) word(w string) bool {
	k := d.i + len(w)
	if k > len(d.src) || d.src[d.i] != w[0] || string(d.src[d.i:k]) != w || k < len(d.src) && isNameChar(d.src[k]) {
		return false
	}
	d.i = k
	return true
}

// quantifier skips a '?', '*' or '+' at i.
func (d *declScan) quantifier() {
	if d.at('?') || d.at('*') || d.at('+') {
		d.i++
	}
}

// literal skips the quoted literal at i and reports whether there was one;
// with pubid, a public identifier, it stops at the first character a
// public identifier may not hold and reports false.
func (d *declScan) literal(pubid bool) bool {
	if !d.at('"') && !d.at('\'') {
		return false
	}
	q := d.src[d.i]
	k := bytes.IndexByte(d.src[d.i+1:], q)
	if k < 0 {
		return false
	}
	if pubid {
		for j := d.i + 1; j < d.i+1+k; j++ {
			if !isPubidChar(d.src[j]) {
				d.i = j
				return false
			}
		}
	}
	d.i += k + 2
	return true
}

// isPubidChar reports whether c may stand in a public identifier.
func isPubidChar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	switch c {
	case ' ', '\r', '\n', '-', '\'', '(', ')', '+', ',', '.', '/', ':', '=', '?', ';', '!', '*', '#', '@', '$', '_', '%':
		return true
	}
	return false
}

// declBody reads the markup declaration <!kwd ...> (kwd is "ELEMENT",
// "ATTLIST", "NOTATION" or "ENTITY") of src from i, just after the name it
// declares, or for an entity at its external identifier (SYSTEM or
// PUBLIC), up to its closing '>'. pe tells a parameter entity, which has
// no notation (NDATA). When the declaration is well-formed, it returns the
// position of that '>' and, appended to lits[:0], the default values of an
// attribute-list declaration; otherwise the position of the first
// malformation and what is wrong there.
func declBody(src []byte, kwd string, i int, pe bool, lits []span) (int, []span, string) {
	d := &declScan{src: src, i: i, lits: lits[:0]}
	var want, what string
	switch kwd {
	case "ELEMENT":
		want, what = d.element(), "an element"
	case "ATTLIST":
		want, what = d.attlist(), "an attribute-list"
	case "NOTATION":
		want, what = "white space and SYSTEM or PUBLIC", "a notation"
		if d.ws() {
			want = d.externalID(true, false)
		}
	case "ENTITY":
		want, what = d.externalID(false, !pe), "an entity"
	}
	if want != "" {
		return d.i, d.lits, want + " expected in " + what + " declaration"
	}
	return d.i, d.lits, ""
}

// end reads the white space before the declaration's closing '>' and
// returns what it expected there, or "".
func (d *declScan) end() string {
	d.ws()
	if !d.at('>') {
		return "'>'"
	}
	return ""
}

// element reads the content specification of an element declaration,
// then its end, and returns what it expected where it stopped, or "".
func (d *declScan) element() string {
	if !d.ws() {
		return "white space and EMPTY, ANY or '('"
	}
	switch {
	case d.word("EMPTY"), d.word("ANY"):
	case d.at('('):
		if want := d.contentModel(); want != "" {
			return want
		}
	default:
		return "EMPTY, ANY or '('"
	}
	return d.end()
}

// contentModel reads the content model at i, from its '(': mixed content
// ((#PCDATA|a|b)*), or nested groups of names, each with one kind of
// separator (',' or '|') and each name or group with a quantifier or
// none. It returns what it expected where it stopped, or "".
func (d *declScan) contentModel() string {
	d.i++
	d.ws()
	if d.word("#PCDATA") {
		names := false
		for {
			d.ws()
			if d.at(')') {
				d.i++
				if d.at('*') {
					d.i++
				} else if names {
					return "')*'"
				}
				return ""
			}
			if !d.at('|') {
				return "'|' or ')'"
			}
			d.i++
			d.ws()
			if !d.name(false) {
				return "a name"
			}
			names = true
		}
	}
	var stack [8]byte
	seps := append(stack[:0], 0) // the separator of each open group; 0 before the first
	for {
		// A content particle: a name, or the start of a group.
		d.ws()
		if d.at('(') {
			d.i++
			seps = append(seps, 0)
			continue
		}
		if !d.name(false) {
			return "a name or '('"
		}
		d.quantifier()
		// What follows a particle: a separator, or the group's end.
	after:
		for {
			d.ws()
			top := &seps[len(seps)-1]
			switch {
			case d.at(')'):
				d.i++
				d.quantifier()
				if seps = seps[:len(seps)-1]; len(seps) == 0 {
					return ""
				}
			case (d.at(',') || d.at('|')) && (*top == 0 || *top == d.src[d.i]):
				*top = d.src[d.i]
				d.i++
				break after
			case *top != 0:
				return "'" + string(*top) + "' or ')'"
			default:
				return "',', '|' or ')'"
			}
		}
	}
}

// attlist reads the attribute definitions of an attribute-list
// declaration, noting their default values in lits, then its end, and
// returns what it expected where it stopped, or "".
func (d *declScan) attlist() string {
	for {
		space := d.ws()
		switch {
		case d.at('>'):
			return ""
		case !space:
			return "white space or '>'"
		case !d.name(false):
			return "an attribute name or '>'"
		case !d.ws():
			return "white space and an attribute type"
		}
		// The type.
		switch k := d.i; {
		case d.at('('):
			if want := d.enumeration(true); want != "" {
				return want
			}
		case d.word("NOTATION"):
			if !d.ws() || !d.at('(') {
				return "white space and '('"
			}
			if want := d.enumeration(false); want != "" {
				return want
			}
		case !d.name(false):
			return "an attribute type"
		default:
			switch string(d.src[k:d.i]) {
			case "CDATA", "ID", "IDREF", "IDREFS", "ENTITY", "ENTITIES", "NMTOKEN", "NMTOKENS":
			default:
				d.i = k
				return "an attribute type"
			}
		}
		// The default.
		if !d.ws() {
			return "white space and a default (#REQUIRED, #IMPLIED, #FIXED or a quoted value)"
		}
		want := "a default (#REQUIRED, #IMPLIED, #FIXED or a quoted value)"
		switch {
		case d.word("#REQUIRED"), d.word("#IMPLIED"):
			continue
		case d.word("#FIXED"):
			if want = "white space and a quoted value"; !d.ws() {
				return want
			}
		}
		k := d.i
		if !d.literal(false) {
			return want
		}
		d.lits = append(d.lits, span{k + 1, d.i - 1})
	}
}

// enumeration reads the enumeration at i, from its '(': name tokens, or
// with nmtokens false names, separated by '|'. It returns what it expected
// where it stopped, or "".
func (d *declScan) enumeration(nmtokens bool) string {
	d.i++
	for {
		d.ws()
		if !d.name(nmtokens) {
			if nmtokens {
				return "a name token"
			}
			return "a name"
		}
		d.ws()
		switch {
		case d.at(')'):
			d.i++
			return ""
		case !d.at('|'):
			return "'|' or ')'"
		}
		d.i++
	}
}

// externalID reads the external identifier at i (SYSTEM "s", PUBLIC "p"
// "s", or for a notation also PUBLIC "p"), then with ndata an optional
// notation (NDATA n), then the declaration's end, and returns what it
// expected where it stopped, or "".
func (d *declScan) externalID(notation, ndata bool) string {
	switch {
	case d.word("SYSTEM"):
		if !d.ws() || !d.literal(false) {
			return "white space and a quoted system literal"
		}
	case d.word("PUBLIC"):
		if !d.ws() || !d.at('"') && !d.at('\'') {
			return "white space and a quoted public identifier"
		}
		if !d.literal(true) {
			return "a quoted public identifier of letters, digits, spaces and -'()+,./:=?;!*#@$_%"
		}
		// A notation may end here; an entity needs its system literal.
		if space := d.ws(); !notation || !d.at('>') {
			if !space || !d.literal(false) {
				return "white space and a quoted system literal"
			}
		}
	default:
		return "SYSTEM or PUBLIC"
	}
	space := d.ws()
	if ndata && space && d.word("NDATA") {
		// xmllint takes "NDATA >" for a notation with no name; expat
		// does not, and only what both refuse is a malformation.
		if !d.ws() || !d.name(false) && !d.at('>') {
			return "white space and a notation name"
		}
	}
	return d.end()
}
