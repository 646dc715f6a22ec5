package python

import "bytes"

// emptyImport returns the offset of an import statement without a name
// on the lines of text around [lo, hi), the span where a candidate differs
// from the text adopted last, or -1: each name of an import is an item
// that may vanish, and once all have, tree-sitter reads the first word of
// the next line as the name imported ("import\nclass A:" imports class).
func emptyImport(text []byte, lo, hi int) (int, string) {
	// From the line before lo's (whose "import (" an edit inside the
	// parentheses leaves) to the end of hi's line.
	start := bytes.LastIndexByte(text[:lo], '\n') + 1
	if start > 0 {
		start = bytes.LastIndexByte(text[:start-1], '\n') + 1
	}
	end := len(text)
	if i := bytes.IndexByte(text[hi:], '\n'); i >= 0 {
		end = hi + i
	}
	for line := start; line <= end; {
		next := bytes.IndexByte(text[line:], '\n')
		if next < 0 {
			next = len(text) - line
		}
		if off := namesNothing(text, line, line+next); off >= 0 {
			return off, "an import without a name"
		}
		line += next + 1
	}
	return -1, ""
}

// namesNothing returns the offset of the import statement on the line
// text[lo:hi] if it imports no name, or -1: "import" (after "from
// MODULE") followed by nothing but blanks and a comment, or by "(" and
// ")" with only blanks, line breaks and comments between.
func namesNothing(text []byte, lo, hi int) int {
	i := skipBlanks(text, lo, hi)
	at := i
	if word(text, i, hi, "from") {
		i = skipBlanks(text, i+len("from"), hi)
		for i < hi && text[i] != ' ' && text[i] != '\t' { // the module
			i++
		}
		i = skipBlanks(text, i, hi)
	}
	if !word(text, i, hi, "import") {
		return -1
	}
	i = skipBlanks(text, i+len("import"), hi)
	if i == hi || text[i] == '#' || text[i] == '\r' {
		return at
	}
	if text[i] != '(' {
		return -1
	}
	for i++; i < len(text); i++ {
		switch c := text[i]; {
		case c == '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == ')':
			return at
		case c != ' ' && c != '\t' && c != '\n' && c != '\r':
			return -1
		}
	}
	return -1
}

// skipBlanks returns the offset of the first byte of text[i:hi] that is
// no space or tab, or hi.
func skipBlanks(text []byte, i, hi int) int {
	for i < hi && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i
}

// word reports whether text[i:hi] starts with the keyword w, not followed
// by a letter, digit or underscore.
func word(text []byte, i, hi int, w string) bool {
	if !bytes.HasPrefix(text[i:hi], []byte(w)) {
		return false
	}
	j := i + len(w)
	return j == hi || !(text[j] == '_' || text[j] >= 'a' && text[j] <= 'z' || text[j] >= 'A' && text[j] <= 'Z' || text[j] >= '0' && text[j] <= '9' || text[j] >= 0x80)
}
