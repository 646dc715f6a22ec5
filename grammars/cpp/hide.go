package cpp

import (
	"github.com/hddreduce/hdd/grammars/c"
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
	// A preprocessor line stays as it is: #define X __attribute__((...)).
	c.Idents(src, false, func(i, j int) int {
		if j-i < len("__attribute") || src[i] != '_' || src[i+1] != '_' {
			return j // most words: no string made of them
		}
		switch word := string(src[i:j]); word {
		case "__extension__":
			spans = append(spans, ts.Span{Start: i, End: j, Kind: "extension"})
		case "__attribute__", "__attribute":
			if end := attributeEnd(src, j); end > 0 {
				spans = append(spans, ts.Span{Start: i, End: end, Kind: "attribute_specifier"})
				return end
			}
		}
		return j
	})
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
		switch src[i] {
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
			i = c.SkipQuoted(src, i)
		case ';', '{', '}':
			return 0 // not an attribute: unbalanced
		default:
			i++
		}
	}
	return 0
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
