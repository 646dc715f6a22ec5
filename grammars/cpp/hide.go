package cpp

import (
	ts "github.com/hddreduce/hdd/grammars/treesitter"
)

// hide returns the GNU extensions of src that tree-sitter's C++ grammar
// reads in some places and not in others (an __attribute__ after a
// namespace's name or a declarator, __extension__ before a template): each
// __attribute__((...)) and __extension__ outside comments and literals. The
// tree has them as attribute_specifier and extension nodes that may
// vanish.
func hide(src []byte) []ts.Span {
	var spans []ts.Span
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			i = skipLine(src, i)
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i = skipComment(src, i)
		case c == '\'' && i > 0 && isIdent(src[i-1]):
			i++ // a digit separator, 1'000, or the prefix of u8'x': no literal starts here
		case c == '"' || c == '\'':
			i = skipQuoted(src, i)
		case c == '#':
			i = skipLine(src, i) // a preprocessor line: #define X __attribute__((...)) stays as it is
		case isIdentStart(c):
			j := i + 1
			for j < len(src) && isIdent(src[j]) {
				j++
			}
			switch word := string(src[i:j]); {
			case i > 0 && isIdent(src[i-1]):
			case word == "__extension__":
				spans = append(spans, ts.Span{Start: i, End: j, Kind: "extension"})
			case word == "__attribute__" || word == "__attribute":
				if end := attributeEnd(src, j); end > 0 {
					spans = append(spans, ts.Span{Start: i, End: end, Kind: "attribute_specifier"})
					j = end
				}
			}
			i = j
		default:
			i++
		}
	}
	return spans
}

// attributeEnd returns the end of the "((...))" that follows white space
// from i, or 0 if none does.
func attributeEnd(src []byte, i int) int {
	for i < len(src) && isSpace(src[i]) {
		i++
	}
	if i+1 >= len(src) || src[i] != '(' || src[i+1] != '(' {
		return 0
	}
	depth := 0
	for i < len(src) {
		switch c := src[i]; c {
		case '(':
			depth++
			i++
		case ')':
			depth--
			i++
			if depth == 0 {
				return i
			}
		case '"', '\'':
			i = skipQuoted(src, i)
		case ';', '{', '}':
			return 0 // not an attribute: unbalanced
		default:
			i++
		}
	}
	return 0
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

// skipQuoted returns the offset after the string or character literal at
// i, or after its line if it does not end there.
func skipQuoted(src []byte, i int) int {
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

func isIdentStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

func isIdent(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
