package c

import "bytes"

// The scanner of C's (and C++'s) identifiers outside comments and
// literals, for the declarations check (see treesitter.Language.Words).

// Words calls f with the span of each identifier of text outside comments
// and string and character literals, preprocessor lines included.
func Words(text []byte, f func(start, end int)) {
	Idents(text, true, func(i, j int) int { f(i, j); return j })
}

// Idents calls f with the span [i, j) of each identifier of text outside
// comments and string and character literals, and outside preprocessor
// lines if directives is false; f returns where the scan goes on, j or
// further.
func Idents(text []byte, directives bool, f func(i, j int) int) {
	IdentsFrom(text, 0, directives, f)
}

// IdentsFrom is Idents from offset from on, which must be 0 or a place
// where Idents would stand: the start of a word it gave, say. To stop
// the scan, f returns len(text).
func IdentsFrom(text []byte, from int, directives bool, f func(i, j int) int) {
	var skip func(i int) int
	if !directives {
		skip = func(i int) int { return skipLine(text, i) }
	}
	Scan(text, from, f, skip)
}

// Scan is IdentsFrom with the preprocessor's lines given to directive:
// it calls ident with the span of each identifier of text outside
// comments and string and character literals, and directive, if set, with
// the offset of each "#" outside them instead (whose line's identifiers
// it then does not give); each returns where the scan goes on. Without a
// directive func, a "#" is a byte like any other.
func Scan(text []byte, from int, ident func(i, j int) int, directive func(i int) int) {
	for i := from; i < len(text); {
		c := text[i]
		switch {
		case class[c]&(identStart|special) == 0:
			i++ // most bytes: spaces, digits, operators
		case c == '/' && i+1 < len(text) && text[i+1] == '/':
			i = skipLine(text, i)
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			i = skipComment(text, i)
		case c == '\'' && i > 0 && isIdent(text[i-1]):
			i++ // a digit separator, 1'000, or the prefix of u8'x': no literal starts here
		case c == '"' || c == '\'':
			i = SkipQuoted(text, i)
		case c == '#' && directive != nil:
			i = directive(i)
		case class[c]&identStart != 0:
			j := i + 1
			for j < len(text) && class[text[j]]&identByte != 0 {
				j++
			}
			if i == 0 || !isIdent(text[i-1]) {
				j = ident(i, j)
			}
			i = j
		default:
			i++
		}
	}
}

// skipLine returns the offset after the line at i, continuations included.
func skipLine(src []byte, i int) int {
	for i < len(src) && src[i] != '\n' {
		if src[i] == '\\' && i+1 < len(src) {
			i++
		}
		i++
	}
	return i
}

// skipComment returns the offset after the block comment at i.
func skipComment(src []byte, i int) int {
	for i += 2; i+1 < len(src); i++ {
		if src[i] == '*' && src[i+1] == '/' {
			return i + 2
		}
	}
	return len(src)
}

// SkipQuoted returns the offset after the string or character literal at
// i, or after its line if it does not end there.
func SkipQuoted(src []byte, i int) int {
	q := src[i]
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case q:
			return i + 1
		case '\n':
			return i
		}
	}
	return len(src)
}

// The classes of bytes for Idents: a table, as the scan reads every byte
// of texts of megabytes, once for each candidate in C++ (see cpp's hide).
const (
	identByte  = 1 << iota // may be in an identifier
	identStart             // may begin one (with identByte)
	special                // may begin a comment, literal or directive
)

var class = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80:
			t[c] = identByte | identStart
		case '0' <= c && c <= '9':
			t[c] = identByte
		case c == '/' || c == '"' || c == '\'' || c == '#':
			t[c] = special
		}
	}
	return t
}()

func isIdent(c byte) bool { return class[c]&identByte != 0 }

// Called reports whether the word of text that ends at end is called,
// "name(": C before C99 (and gcc in C mode before 14, with a warning)
// declares an unknown function implicitly where it is called, so such a
// word need not stay declared (see treesitter.Language.Implicit).
func Called(text []byte, end int) bool {
	for end < len(text) && (text[end] == ' ' || text[end] == '\t') {
		end++
	}
	return end < len(text) && text[end] == '('
}

// Conditional reports whether the word of text that ends at end is on a
// preprocessor line that tests or undefines macros (#if, #ifdef,
// #ifndef, #elif, #undef): a macro named there need not be defined.
func Conditional(text []byte, end int) bool {
	line := bytes.TrimLeft(text[bytes.LastIndexByte(text[:end], '\n')+1:end], " \t")
	if len(line) == 0 || line[0] != '#' {
		return false
	}
	d := bytes.TrimLeft(line[1:], " \t")
	return bytes.HasPrefix(d, []byte("if")) || bytes.HasPrefix(d, []byte("elif")) || bytes.HasPrefix(d, []byte("undef"))
}

// MacroParameter reports whether the word of text that ends at end is a
// parameter of the function-like macro whose #define holds it: in the
// macro's parameter list, or in its body where it names one of them
// (#define MAX(a, b) ((a) > (b) ? (a) : (b))). Such a word names no
// variable, type or function of the file.
func MacroParameter(text []byte, end int) bool {
	start := end
	for start > 0 && isIdent(text[start-1]) {
		start--
	}
	// The directive's first line: back over the lines a backslash continues.
	ls := bytes.LastIndexByte(text[:start], '\n') + 1
	for ls >= 2 && (text[ls-2] == '\\' || ls >= 3 && text[ls-2] == '\r' && text[ls-3] == '\\') {
		ls = bytes.LastIndexByte(text[:ls-1], '\n') + 1
	}
	i := skipBlanks(text, ls)
	if i >= len(text) || text[i] != '#' {
		return false
	}
	_, lp, ok := functionMacroAt(text, i)
	if !ok {
		return false
	}
	n := bytes.IndexByte(text[lp:], ')')
	if n < 0 {
		return false
	}
	rp := lp + n // the parameter list's closing parenthesis
	switch {
	case start > lp && end <= rp:
		return true
	case start > rp:
		for p := range bytes.SplitSeq(text[lp+1:rp], []byte(",")) {
			if string(bytes.Trim(p, " \t\\\r\n")) == string(text[start:end]) {
				return true
			}
		}
	}
	return false
}

// skipBlanks returns the offset of the first byte from i on that is not
// a space or a tab.
func skipBlanks(text []byte, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i
}

// implicit is C's Implicit: a function called, a macro tested, a macro's
// parameter.
func implicit(text []byte, end int) bool {
	return Called(text, end) || Conditional(text, end) || MacroParameter(text, end)
}
