package xml

// The encoding of a document: its byte order mark, its XML declaration and
// the encodings hdd can read.

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hddreduce/hdd/grammars"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
)

// prescan finds the byte order mark and the declared encoding, and checks
// the characters of the whole input.
func (p *parser) prescan() {
	src := p.src
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		p.docStart = 3
	}
	p.utf8 = true
	if end, ok := p.xmlDecl(p.docStart); ok {
		p.declEnd = end
		if p.declEnc != "" && !isUTF8Name(p.declEnc) {
			p.utf8 = false
		}
	}
	html := p.lang == langHTML
	for i := p.docStart; i < len(src); i++ {
		c := src[i]
		if c < 0x20 && !isWS(c) && !(html && c == '\f') {
			msg := "" // built only for the first
			if p.rep.counts[errChar] == 0 {
				msg = "illegal character " + strconv.QuoteRune(rune(c))
			}
			p.err(errChar, i, msg)
		}
	}
	if p.utf8 && !html {
		rest := src[p.docStart:]
		if !utf8.Valid(rest) {
			for i := 0; i < len(rest); {
				r, n := utf8.DecodeRune(rest[i:])
				if r == utf8.RuneError && n == 1 {
					p.err(errChar, p.docStart+i, "bytes that are not UTF-8 in a UTF-8 document")
				}
				i += n
			}
		}
		for _, bad := range []string{"\uFFFE", "\uFFFF"} {
			for i, off := 0, 0; ; off += i + 3 {
				i = bytes.Index(rest[off:], []byte(bad))
				if i < 0 {
					break
				}
				p.err(errChar, p.docStart+off+i, "illegal character "+strconv.QuoteRune([]rune(bad)[0]))
			}
		}
	}
}

// isUTF8Name reports whether enc names UTF-8.
func isUTF8Name(enc string) bool {
	return strings.EqualFold(enc, "utf-8") || strings.EqualFold(enc, "utf8")
}

// xmlDecl reads the XML declaration at i, if there is one, into p.declEnc,
// p.declVer and p.standalone, and says in p.declErr what is wrong with it.
func (p *parser) xmlDecl(i int) (end int, ok bool) {
	src := p.src
	if !bytes.HasPrefix(src[i:], []byte("<?xml")) || i+5 >= len(src) || !isWS(src[i+5]) {
		return 0, false
	}
	k := bytes.Index(src[i:], []byte("?>"))
	if k < 0 {
		return 0, false
	}
	end = i + k + 2
	body := src[i+5 : i+k]
	next := 0 // index in order of the next pseudo-attribute allowed
	order := []string{"version", "encoding", "standalone"}
	for j := 0; j < len(body); {
		ws := j
		for j < len(body) && isWS(body[j]) {
			j++
		}
		if j == len(body) {
			break
		}
		n := j
		for j < len(body) && isLetter(body[j]) {
			j++
		}
		name := string(body[n:j])
		for j < len(body) && isWS(body[j]) {
			j++
		}
		if j == ws || j >= len(body) || body[j] != '=' {
			p.declErr = "malformed XML declaration"
			return end, true
		}
		j++
		for j < len(body) && isWS(body[j]) {
			j++
		}
		if j >= len(body) || body[j] != '"' && body[j] != '\'' {
			p.declErr = "malformed XML declaration"
			return end, true
		}
		q := bytes.IndexByte(body[j+1:], body[j])
		if q < 0 {
			p.declErr = "malformed XML declaration"
			return end, true
		}
		val := string(body[j+1 : j+1+q])
		j += q + 2
		for next < len(order) && order[next] != name {
			next++
		}
		if next == len(order) {
			p.declErr = "unknown or misplaced " + strconv.Quote(name) + " in the XML declaration"
			return end, true
		}
		next++
		switch name {
		case "version":
			p.declVer = val
			if len(val) < 3 || val[:2] != "1." || strings.Trim(val[2:], "0123456789") != "" {
				p.declErr = "bad version " + strconv.Quote(val) + " in the XML declaration"
			}
		case "encoding":
			p.declEnc = val
			switch {
			case !validEncName(val):
				p.declErr = "bad encoding name " + strconv.Quote(val) + " in the XML declaration"
			case !knownEncoding(val):
				p.declErr = "unknown encoding " + strconv.Quote(val) + " in the XML declaration"
			case wideEncoding(val):
				p.declErr = "the XML declaration says " + strconv.Quote(val) + " but the document is not in it"
			}
		case "standalone":
			p.standalone = val == "yes"
			if val != "yes" && val != "no" {
				p.declErr = "standalone must be yes or no in the XML declaration"
			}
		}
	}
	if p.declVer == "" && p.declErr == "" {
		p.declErr = "XML declaration without a version"
	}
	return end, true
}

// knownEncoding reports whether parsers know the encoding called name.
func knownEncoding(name string) bool {
	_, err := lookupEncoding(name)
	return isUTF8Name(name) || err == nil
}

// lookupEncoding returns the encoding called name by the WHATWG's names,
// else by IANA's, whose list also knows names that x/text does not
// implement (a nil encoding, no error).
func lookupEncoding(name string) (encoding.Encoding, error) {
	if e, err := htmlindex.Get(name); err == nil {
		return e, nil
	}
	return ianaindex.IANA.Encoding(name)
}

// wideEncoding reports whether name is an encoding that is not
// ASCII-compatible: the package reads none of them.
func wideEncoding(name string) bool {
	n := strings.ToLower(name)
	for _, p := range []string{"utf-16", "utf16", "utf-32", "utf32", "ucs-2", "ucs2", "ucs-4", "ucs4", "iso-10646-ucs"} {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	return false
}

// validEncName reports whether s is an encoding name: [A-Za-z][A-Za-z0-9._-]*.
func validEncName(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isLetter(c) && !('0' <= c && c <= '9') && c != '.' && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// unitsFor returns how the texts of a document declared in the encoding
// enc are cut down: by grammars.TextUnits for UTF-8 and the encodings of
// one byte a character; for another encoding, into its characters (a
// reference such as &amp; is one unit, as there), so that no cut splits a
// character of Shift_JIS, GBK, Big5 or EUC-KR, whose bytes a reading as
// UTF-8 groups otherwise.
func unitsFor(enc string) func([]byte) ([]byte, []byte, []int32) {
	if enc == "" || isUTF8Name(enc) {
		return grammars.TextUnits
	}
	e, err := lookupEncoding(enc)
	if _, oneByte := e.(*charmap.Charmap); err != nil || e == nil || oneByte {
		// Unknown, or one byte a character: no cut splits one, and
		// TextUnits' units (a byte, or a few that read as a UTF-8
		// character) are as before.
		return grammars.TextUnits
	}
	return func(text []byte) ([]byte, []byte, []int32) {
		open, close, units := grammars.TextUnits(text)
		body := text[len(open) : len(text)-len(close)]
		if len(body) == 0 {
			return open, close, nil
		}
		chars := charEnds(e, body)
		if chars == nil { // not read as enc: the body is one unit
			return open, close, []int32{int32(len(body))}
		}
		start := int32(0)
		for _, end := range units { // no cut inside a reference
			if body[start] == '&' {
				for i := start + 1; i < end; i++ {
					chars[i] = false
				}
			}
			start = end
		}
		var ends []int32
		for i := 1; i <= len(body); i++ {
			if chars[i] {
				ends = append(ends, int32(i))
			}
		}
		return open, close, ends
	}
}

// charEnds reports for each offset in b, len(b) included, whether a
// character of encoding e ends there, or returns nil if b does not read as e character by character: each
// character decoded must encode back to the bytes it came from (not so
// for bytes that are not e, nor for a stateful encoding such as
// ISO-2022-JP, whose escapes belong to no character).
func charEnds(e encoding.Encoding, b []byte) []bool {
	s, err := e.NewDecoder().Bytes(b)
	if err != nil {
		return nil
	}
	enc := e.NewEncoder()
	ends := make([]bool, len(b)+1)
	ends[0] = true
	at := 0
	for _, r := range string(s) {
		c, err := enc.Bytes([]byte(string(r)))
		if err != nil || !bytes.HasPrefix(b[at:], c) || len(c) == 0 {
			return nil
		}
		at += len(c)
		ends[at] = true
	}
	if at != len(b) {
		return nil
	}
	return ends
}
