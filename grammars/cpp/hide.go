package cpp

import (
	"iter"

	"github.com/hddreduce/hdd/grammars/c"
	ts "github.com/hddreduce/hdd/grammars/treesitter"
)

// hide returns the line markers of src (see c.LineMarkers) and the GNU
// extensions that tree-sitter's C++ grammar reads in some places and not
// in others (an __attribute__ after a namespace's name or a declarator,
// __extension__ before a template): each __attribute__((...)) and
// __extension__ outside comments and literals, from offset from on. The
// tree has them as attribute_specifier and extension nodes that may
// vanish. A word __attribute__ that is not followed by ((...)) is a span
// of kind "" up to where that showed.
func hide(src []byte, from int) iter.Seq[ts.Span] {
	return func(yield func(ts.Span) bool) {
		// A preprocessor line stays as it is, #define X __attribute__((...)),
		// unless it is a line marker.
		c.Scan(src, from, func(i, j int) int {
			if j-i < len("__attribute") || src[i] != '_' || src[i+1] != '_' {
				return j // most words: no string made of them
			}
			s := ts.Span{Start: i, End: j}
			switch word := string(src[i:j]); word {
			case "__extension__":
				s.Kind = "extension"
			case "__attribute__", "__attribute":
				end, ok := attributeEnd(src, j)
				if s.End = end; ok {
					s.Kind = "attribute_specifier"
					j = end
				}
			default:
				return j
			}
			if !yield(s) {
				return len(src)
			}
			return j
		}, c.Markers(src, yield))
	}
}

// attributeEnd returns the end of the "((...))" that follows white space
// from i and true, or where it found there is none and false.
func attributeEnd(src []byte, i int) (int, bool) {
	for i < len(src) && isSpace(src[i]) {
		i++
	}
	if i+1 >= len(src) || src[i] != '(' || src[i+1] != '(' {
		return min(i+2, len(src)), false
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
				return i, true
			}
		case '"', '\'':
			i = c.SkipQuoted(src, i)
		case ';', '{', '}':
			return i + 1, false // not an attribute: unbalanced
		default:
			i++
		}
	}
	return len(src), false
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
