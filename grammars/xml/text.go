package xml

// Text and references: character and entity references in text and
// attribute values, and the text nodes between markup.

import (
	"html"
	"unicode/utf8"

	"github.com/hddreduce/hdd/hdd/tree"
)

// ref checks the reference starting with the '&' at i and returns the
// position after it.
func (p *parser) ref(i int) int {
	end, msg, name := p.checkRef(i)
	if msg != "" {
		p.errName(errRef, i, msg, name, "")
		return end
	}
	if pres := p.nsEntities[string(p.src[i+1:max(i+1, end-1)])]; len(pres) > 0 && p.src[i+1] != '#' {
		for _, pre := range pres {
			if !p.boundNS(pre) {
				p.errName(errNamespace, i, "reference to an entity whose text uses the unbound namespace prefix ", pre, "")
				break
			}
		}
	}
	return end
}

// checkRef returns the end of the reference at i and, if it is malformed or
// undefined, why (msg followed by name).
func (p *parser) checkRef(i int) (end int, msg string, name []byte) {
	src := p.src
	j := i + 1
	xml := p.lang == langXML
	if j < len(src) && src[j] == '#' {
		j++
		hex := j < len(src) && (src[j] == 'x' || !xml && src[j] == 'X')
		if hex {
			j++
		}
		k := j
		var v int
		for k < len(src) {
			c := src[k]
			var d int
			switch {
			case '0' <= c && c <= '9':
				d = int(c - '0')
			case hex && 'a' <= c|0x20 && c|0x20 <= 'f':
				d = int(c|0x20-'a') + 10
			default:
				goto done
			}
			if hex {
				v = v*16 + d
			} else {
				v = v*10 + d
			}
			v = min(v, 0x110000)
			k++
		}
	done:
		if k == j {
			return j, "malformed character reference", nil
		}
		if k >= len(src) || src[k] != ';' {
			return k, "character reference without ';'", nil
		}
		if !validChar(v) {
			return k + 1, "character reference to an illegal character", nil
		}
		return k + 1, "", nil
	}
	if xml {
		if j >= len(src) || !isNameStart(src[j]) {
			return j, "'&' starts no reference (write &amp;)", nil
		}
		k := xmlNameEnd(src, j)
		if k >= len(src) || src[k] != ';' {
			return j, "'&' starts no reference (write &amp;)", nil
		}
		name = src[j:k]
		if predefined(string(name)) {
			return k + 1, "", nil
		}
		if p.badEntities[string(name)] {
			return k + 1, "reference to an entity whose value names an undefined entity: &", src[j : k+1]
		}
		if p.anyEntity || p.entities[string(name)] {
			return k + 1, "", nil
		}
		return k + 1, "undefined entity &", src[j : k+1]
	}
	k := j
	for k < len(src) && (isLetter(src[k]) || '0' <= src[k] && src[k] <= '9') {
		k++
	}
	if k == j || k >= len(src) || src[k] != ';' {
		return k, "", nil
	}
	switch string(src[j:k]) {
	case "amp", "lt", "gt", "quot", "apos", "nbsp", "copy":
		return k + 1, "", nil
	}
	ref := string(src[i : k+1])
	if u := html.UnescapeString(ref); u == ref || utf8.RuneCountInString(u) > 2 {
		return k + 1, "unknown entity ", src[i : k+1]
	}
	return k + 1, "", nil
}

// validChar reports whether the code point v is an XML 1.0 Char.
func validChar(v int) bool {
	return v == 0x9 || v == 0xA || v == 0xD || 0x20 <= v && v <= 0xD7FF ||
		0xE000 <= v && v <= 0xFFFD || 0x10000 <= v && v <= 0x10FFFF
}

// flushText adds the text between the last markup and end, less its
// surrounding white space, as a text node.
func (p *parser) flushText(end int) {
	s := p.textStart
	p.textStart = end
	for s < end && p.isSpace(p.src[s]) {
		s++
	}
	for end > s && p.isSpace(p.src[end-1]) {
		end--
	}
	if s == end {
		return
	}
	if p.lang == langXML && len(p.stack) == 0 {
		p.err(errMisplaced, s, "text outside the root element")
	}
	p.leaf("text", s, end, tree.Removable|tree.Chars)
}
