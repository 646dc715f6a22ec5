package c

// emptyEnum is C's Refuses (see treesitter.Language.Refuses): the offset
// of an enum whose enumerators an edit removed all of, "enum e { }",
// which gcc refuses ("empty enum is invalid") and tree-sitter reads
// without an error; -1 if text[lo:hi], an edit's span, leaves none. Only
// the braces at the span's edges and inside it are looked at, and only
// white space and block comments are skipped between tokens: a scan of
// the bytes, where a query of the tree would cost a file of 130 KB 15 ms
// for each candidate.
func emptyEnum(text []byte, lo, hi int) (int, string) {
	const msg = "an enum without enumerators"
	if b := skipBack(text, lo); b > 0 && text[b-1] == '{' && enumBefore(text, b-1) {
		if e := skipOn(text, lo); e < len(text) && text[e] == '}' {
			return b - 1, msg
		}
	}
	for i := lo; i < hi; i++ {
		if text[i] != '{' {
			continue
		}
		if e := skipOn(text, i+1); e < len(text) && text[e] == '}' && enumBefore(text, i) {
			return i, msg
		}
	}
	return -1, ""
}

// enumBefore reports whether the brace at i follows "enum" or "enum tag".
func enumBefore(text []byte, i int) bool {
	for words := 0; words < 2; words++ {
		j := skipBack(text, i)
		k := j
		for k > 0 && isIdent(text[k-1]) {
			k--
		}
		if k == j {
			return false
		}
		if string(text[k:j]) == "enum" {
			return k == 0 || !isIdent(text[k-1])
		}
		i = k
	}
	return false
}

// skipBack returns the offset after the last byte before i that is
// neither white space nor in a block comment.
func skipBack(text []byte, i int) int {
	for i > 0 {
		switch {
		case isBlank(text[i-1]):
			i--
		case i >= 2 && text[i-1] == '/' && text[i-2] == '*':
			j := i - 2
			for j >= 2 && !(text[j-2] == '/' && text[j-1] == '*') {
				j--
			}
			if j < 2 {
				return i
			}
			i = j - 2
		default:
			return i
		}
	}
	return 0
}

// skipOn returns the offset of the first byte from i on that is neither
// white space nor in a block comment.
func skipOn(text []byte, i int) int {
	for i < len(text) {
		switch {
		case isBlank(text[i]):
			i++
		case i+1 < len(text) && text[i] == '/' && text[i+1] == '*':
			i = skipComment(text, i)
		default:
			return i
		}
	}
	return i
}

func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
