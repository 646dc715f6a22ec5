package grammars

import "unicode/utf8"

// TextUnits is the tree.Policy Units of the formats here: it keeps the
// quotes of a quoted literal ("...", '...') and splits the text between
// them (or the whole text, when it is not quoted) into the units a text may
// lose one at a time without breaking a character: a UTF-8 character (or a
// single byte that is not one), a character or entity reference (&amp;
// &#233;), or a backslash escape (\n, \u00e9, \x41).
//
// It is one lexer for every format, the one hdd has always cut texts with:
// a JSON string's "&amp;" is one unit too, and an XML text's "\n".
func TextUnits(text []byte) (open, close []byte, ends []int32) {
	open, body, close := splitQuotes(text)
	ends = make([]int32, 0, len(body)) // a unit is a byte at least
	for i := 0; i < len(body); {
		i += unitLen(body[i:])
		ends = append(ends, int32(i))
	}
	return open, close, ends
}

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
			return min(6, len(b))
		case 'x':
			j := 2
			for j < len(b) && j < 4 && isHex(b[j]) {
				j++
			}
			return j
		}
		return 1 + runeLen(b[1:])
	}
	return runeLen(b)
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
