package javascript

import "bytes"

// EmptyDeclaration returns the offset of a let, const or var without a
// declarator on the lines of text around [lo, hi), the span where a
// candidate differs from the text adopted last, or -1: each declarator
// of a declaration is an item that may vanish, and once all have,
// tree-sitter reads "let;" as an expression (the identifier let, which
// strict code refuses). It is the Refuses of JavaScript and TypeScript.
func EmptyDeclaration(text []byte, lo, hi int) (int, string) {
	start := bytes.LastIndexByte(text[:lo], '\n') + 1
	end := len(text)
	if i := bytes.IndexByte(text[hi:], '\n'); i >= 0 {
		end = hi + i
	}
	for _, kw := range []string{"let", "const", "var"} {
		for i := start; i < end; {
			k := bytes.Index(text[i:end], []byte(kw))
			if k < 0 {
				break
			}
			at := i + k
			i = at + len(kw)
			if at > 0 && isWordByte(text[at-1]) || i < len(text) && isWordByte(text[i]) {
				continue
			}
			j := i
			for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
				j++
			}
			if j < len(text) && (text[j] == ';' || text[j] == ',') {
				return at, "a " + kw + " without a declarator"
			}
		}
	}
	return -1, ""
}
