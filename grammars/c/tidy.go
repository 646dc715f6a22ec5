package c

import (
	"bytes"
	"strings"
)

// indentUnit guesses the indentation step of src: a tab if most indented
// lines start with one, else the smallest run of spaces that at least three
// lines start with (4 when none does).
func indentUnit(src []byte) string {
	tabs, spaced := 0, map[int]int{}
	for line := range bytes.Lines(src) {
		switch {
		case len(line) > 0 && line[0] == '\t':
			tabs++
		case len(line) > 0 && line[0] == ' ':
			n := len(line) - len(bytes.TrimLeft(line, " "))
			if rest := bytes.TrimSpace(line); len(rest) > 0 && rest[0] != '*' {
				spaced[n]++
			}
		}
	}
	total := 0
	for _, c := range spaced {
		total += c
	}
	if tabs > total {
		return "\t"
	}
	for n := 2; n <= 8; n++ {
		if spaced[n] >= 3 {
			return strings.Repeat(" ", n)
		}
	}
	return "    "
}

// reindent returns a tidy that indents each line by unit times its depth of
// braces (one more inside open parentheses), so code left over from deeper
// blocks reads at its new depth. Preprocessor lines start at column 0; lines
// inside block comments, strings or macro continuations keep their own
// white space.
func reindent(unit string) func([]byte) []byte {
	return func(text []byte) []byte {
		out := make([]byte, 0, len(text))
		var sc scanner
		for line := range bytes.Lines(text) {
			body := bytes.TrimLeft(line, " \t")
			switch {
			case sc.inComment || sc.continued || len(bytes.TrimSpace(line)) == 0:
				out = append(out, line...)
			case body[0] == '#':
				out = append(out, body...)
			default:
				depth := sc.braces
				if body[0] == '}' {
					depth--
				}
				if sc.parens > 0 {
					depth++
				}
				out = append(out, strings.Repeat(unit, max(depth, 0))...)
				out = append(out, body...)
			}
			sc.line(line)
		}
		return out
	}
}

// scanner follows the nesting of C text line by line, skipping comments,
// strings and character constants.
type scanner struct {
	braces, parens int
	inComment      bool // inside /* */ at the start of the next line
	continued      bool // the last line ended with a backslash
}

func (s *scanner) line(line []byte) {
	trimmed := bytes.TrimRight(line, "\r\n")
	s.continued = bytes.HasSuffix(trimmed, []byte{'\\'})
	for i := 0; i < len(trimmed); i++ {
		c := trimmed[i]
		if s.inComment {
			if c == '*' && i+1 < len(trimmed) && trimmed[i+1] == '/' {
				s.inComment = false
				i++
			}
			continue
		}
		switch c {
		case '/':
			if i+1 < len(trimmed) && trimmed[i+1] == '/' {
				return
			}
			if i+1 < len(trimmed) && trimmed[i+1] == '*' {
				s.inComment = true
				i++
			}
		case '"', '\'':
			for i++; i < len(trimmed) && trimmed[i] != c; i++ {
				if trimmed[i] == '\\' {
					i++
				}
			}
		case '{':
			s.braces++
		case '}':
			s.braces--
		case '(':
			s.parens++
		case ')':
			s.parens--
		}
	}
}
