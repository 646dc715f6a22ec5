package golang

import (
	"bytes"
	"path"
	"strconv"
	"strings"

	cgrammar "github.com/hddreduce/hdd/grammars/c"
)

// declares is the query whose captures are the names Go declarations
// declare: functions, types, variables and constants, imports (their
// alias, or their path: see packageName), parameters, type parameters,
// the variables of := and of range and type switch clauses, and labels.
// Methods and struct fields are left out, as words after a "." are (see
// words): whether x.Name names a field, a method or another package's
// Name cannot be told from the text. A receive clause's variables and a
// range clause's are captured whether := or = binds them, which errs on
// the side of testing.
const declares = `
(function_declaration name: (identifier) @name)
(type_spec name: (type_identifier) @name)
(type_alias name: (type_identifier) @name)
(var_spec name: (identifier) @name)
(const_spec name: (identifier) @name)
(import_spec name: (package_identifier) @name)
(import_spec !name path: (_) @name)
(parameter_declaration name: (identifier) @name)
(variadic_parameter_declaration name: (identifier) @name)
(type_parameter_declaration name: (identifier) @name)
(short_var_declaration left: (expression_list (identifier) @name))
(range_clause left: (expression_list (identifier) @name))
(receive_statement left: (expression_list (identifier) @name))
(type_switch_statement alias: (expression_list (identifier) @name))
(labeled_statement label: (label_name) @name)
`

// packageName returns the name an import of the quoted path declares as
// Go's tools guess it: the path's last element, less a major version
// element (example.com/mod/v2), a "go-" prefix and what follows a dot or
// a dash ("gopkg.in/yaml.v3" is yaml, "github.com/mattn/go-isatty"
// isatty). A text that is not a quoted path is a name already.
func packageName(text string) string {
	p, err := strconv.Unquote(text)
	if err != nil || !strings.ContainsAny(text[:1], "\"`") {
		return text
	}
	dir, last := path.Split(p)
	if len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" && dir != "" {
		last = path.Base(dir)
	}
	last = strings.TrimPrefix(last, "go-")
	if i := strings.IndexAny(last, ".-"); i > 0 {
		last = last[:i]
	}
	return last
}

// words calls f with the span of each identifier of Go text outside
// comments and string and rune literals, but for one after a "." (not
// "..."): a field, a method, or the name of another package's member;
// and for the package clause's name.
func words(text []byte, f func(start, end int)) {
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case isIdentStart(c):
			j := i + 1
			for j < len(text) && (isIdentStart(text[j]) || isDigit(text[j])) {
				j++
			}
			if !afterDot(text, i) {
				f(i, j)
			}
			if string(text[i:j]) == "package" {
				// The package clause's name names no declaration.
				for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
					j++
				}
				for j < len(text) && (isIdentStart(text[j]) || isDigit(text[j])) {
					j++
				}
			}
			i = j
		case isDigit(c) || c == '.' && i+1 < len(text) && isDigit(text[i+1]):
			// A number, 0x1F, 1e10, 1.5i: its letters are no word.
			i++
			for i < len(text) && (isIdentStart(text[i]) || isDigit(text[i]) || text[i] == '.') {
				i++
			}
		case c == '/' && i+1 < len(text) && text[i+1] == '/':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			end := bytes.Index(text[i+2:], []byte("*/"))
			if end < 0 {
				return
			}
			i += 2 + end + 2
		case c == '"' || c == '\'':
			i = cgrammar.SkipQuoted(text, i)
		case c == '`':
			end := bytes.IndexByte(text[i+1:], '`')
			if end < 0 {
				return
			}
			i += 1 + end + 1
		default:
			i++
		}
	}
}

// afterDot reports whether the word at i follows a "." that is not part
// of "...", blanks and line breaks aside.
func afterDot(text []byte, i int) bool {
	k := i - 1
	for k >= 0 && (text[k] == ' ' || text[k] == '\t' || text[k] == '\n' || text[k] == '\r') {
		k--
	}
	return k >= 0 && text[k] == '.' && (k == 0 || text[k-1] != '.')
}

// isIdentStart reports whether c may start a Go identifier: an ASCII
// letter, an underscore, or a byte of a UTF-8 sequence (most of which
// are letters in identifiers).
func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
