package grammars

import (
	"bytes"
	"unicode/utf8"
)

// TextUnits is the tree.Policy Units of the formats here: it keeps the
// quotes of a quoted literal ("...", '...') and splits the text between
// them (or the whole text, when it is not quoted) into the units a text may
// lose one at a time without breaking a character: a UTF-8 character (or a
// single byte that is not one), a character or entity reference (&amp;
// &#233;), or a backslash escape (\n, \u00e9, \x41, \101, \U0001F600,
// \u{1F600}, \N{EM DASH}).
//
// It is one lexer for every format, the one hdd has always cut texts with:
// a JSON string's "&amp;" is one unit too, and an XML text's "\n".
func TextUnits(text []byte) (open, close []byte, ends []int32) {
	open, body, close := splitQuotes(text)
	return open, close, unitEnds(body)
}

// unitEnds returns the ends of the units of body, as Units gives them.
func unitEnds(body []byte) []int32 {
	ends := make([]int32, 0, len(body)) // a unit is a byte at least
	for i := 0; i < len(body); {
		i += unitLen(body[i:])
		ends = append(ends, int32(i))
	}
	return ends
}

// CodeUnits is the tree.Policy Units of the programming languages: it
// splits a string literal as TextUnits does, and keeps what a language
// writes around the quotes too, so that no cut breaks the literal: a
// prefix (Python's r, b and rb, C's L and u8, Rust's b), a raw string's
// hashes (Rust's r#"..."#), triple quotes (Python's triple-quoted strings;
// a Java text block, with the line break after its opening quotes), a Go
// raw string's backquotes. A literal with interpolations (a
// Python f-string, a JavaScript template) is not cut at all: a cut could
// leave a brace alone.
func CodeUnits(text []byte) (open, close []byte, ends []int32) {
	open, body, close := splitCode(text)
	if interpolated(open, body) {
		return text, nil, nil
	}
	return open, close, unitEnds(body)
}

// splitCode splits a string literal of a programming language into what
// stands before its body (prefix, hashes, quotes), its body and what
// stands after; other text is all body.
func splitCode(text []byte) (open, body, close []byte) {
	i := 0
	for i < len(text) && i < 3 && (isLetter(text[i]) || i > 0 && text[i] == '8') {
		i++
	}
	hashes := 0
	for i+hashes < len(text) && text[i+hashes] == '#' {
		hashes++
	}
	q := i + hashes
	if q >= len(text) || text[q] != '"' && text[q] != '\'' && text[q] != '`' {
		return nil, text, nil
	}
	quote := text[q]
	width := 1
	if len(text)-q >= 6 && text[q+1] == quote && text[q+2] == quote {
		width = 3
	}
	closing := len(text) - width - hashes
	if closing < q+width || !allByte(text[closing:closing+width], quote) || !allByte(text[closing+width:], '#') {
		return nil, text, nil
	}
	start := q + width
	if width == 3 {
		// A Java text block's opening quotes end their line.
		j := start
		for j < closing && (text[j] == ' ' || text[j] == '\t' || text[j] == '\f') {
			j++
		}
		if j < closing && text[j] == '\r' {
			j++
		}
		if j < closing && text[j] == '\n' {
			start = j + 1
		}
	}
	return text[:start], text[start:closing], text[closing:]
}

// interpolated reports whether a literal whose body is body, opened by
// open, holds expressions: a Python f-string with a brace, a template
// literal with ${.
func interpolated(open, body []byte) bool {
	for _, c := range open {
		switch c {
		case 'f', 'F':
			return bytes.IndexByte(body, '{') >= 0
		case '`':
			return bytes.Contains(body, []byte("${"))
		}
	}
	return false
}

// allByte reports whether every byte of b is c.
func allByte(b []byte, c byte) bool {
	for _, x := range b {
		if x != c {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// splitQuotes splits a quoted literal ("...", '...') into its quotes and
// body; other text is all body.
func splitQuotes(text []byte) (open, body, close []byte) {
	if n := len(text); n >= 2 && (text[0] == '"' || text[0] == '\'') && text[n-1] == text[0] {
		return text[:1], text[1 : n-1], text[n-1:]
	}
	return nil, text, nil
}

// unitLen is the length of the unit at the start of b.
func unitLen(b []byte) int {
	switch b[0] {
	case '&':
		for j := 1; j < len(b) && j < 40; j++ {
			if b[j] == ';' {
				return j + 1
			}
			if !isRefByte(b[j]) {
				break
			}
		}
	case '\\':
		if len(b) < 2 {
			return 1
		}
		switch b[1] {
		case 'u':
			// A surrogate pair, \ud83d\ude00, is one character: a lone
			// half is an error to strict parsers (jq).
			if len(b) >= 12 && isSurrogate(b[2:6], 'd', "89ab") && b[6] == '\\' && b[7] == 'u' && isSurrogate(b[8:12], 'd', "cdef") {
				return 12
			}
			if n := braced(b); n > 0 {
				return n // \u{1F600}
			}
			return min(6, len(b))
		case 'U':
			return min(10, len(b))
		case 'N':
			if n := braced(b); n > 0 {
				return n // Python's \N{EM DASH}
			}
		case 'x':
			j := 2
			for j < len(b) && j < 4 && isHex(b[j]) {
				j++
			}
			return j
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := 2 // an octal escape, \101, of up to three digits
			for j < len(b) && j < 4 && '0' <= b[j] && b[j] <= '7' {
				j++
			}
			return j
		case '\r':
			if len(b) > 2 && b[2] == '\n' {
				return 3 // a line continued, CRLF
			}
		}
		return 1 + runeLen(b[1:])
	}
	return runeLen(b)
}

// braced returns the length of the escape at the start of b whose third
// byte opens braces, \u{...} or \N{...}, up to the closing one; 0 if it
// has none.
func braced(b []byte) int {
	if len(b) < 3 || b[2] != '{' {
		return 0
	}
	for j := 3; j < len(b) && j < 80; j++ {
		if b[j] == '}' {
			return j + 1
		}
	}
	return 0
}

// isSurrogate reports whether the four hex digits h are a UTF-16
// surrogate whose first digit is first and second one of second (either
// case): d800-dbff the high half, dc00-dfff the low.
func isSurrogate(h []byte, first byte, second string) bool {
	if h[0]|0x20 != first {
		return false
	}
	c := h[1] | 0x20
	for i := range len(second) {
		if c == second[i] {
			return isHex(h[2]) && isHex(h[3])
		}
	}
	return false
}

func isRefByte(c byte) bool {
	return c == '#' || c == '_' || c == '-' || c == '.' || c == ':' || isHex(c) || c >= 'g' && c <= 'z' || c >= 'G' && c <= 'Z' || c >= 0x80
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// runeLen is the length of the UTF-8 character at the start of b, or 1.
func runeLen(b []byte) int {
	_, n := utf8.DecodeRune(b)
	return max(n, 1)
}
