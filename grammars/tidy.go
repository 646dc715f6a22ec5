package grammars

import (
	"bytes"

	"github.com/hddreduce/hdd/hdd/tree"
)

// Tidies are the format-independent tidies: dropping blank lines and
// trailing blanks. An adapter's Policy lists them before its own.
var Tidies = []tree.Tidy{
	{Name: "blank lines", Apply: DropBlankLines},
	{Name: "trailing blanks", Apply: TrimTrailingBlanks},
}

// DropBlankLines removes the lines that hold nothing but blanks, keeping a
// final newline if text had one.
func DropBlankLines(text []byte) []byte {
	out := make([]byte, 0, len(text))
	for line := range bytes.Lines(text) {
		if len(bytes.TrimSpace(line)) > 0 {
			out = append(out, line...)
		}
	}
	if len(out) > 0 && out[len(out)-1] != '\n' && bytes.HasSuffix(text, []byte("\n")) {
		out = append(out, '\n')
	}
	return out
}

// TrimTrailingBlanks removes spaces and tabs at the ends of lines.
func TrimTrailingBlanks(text []byte) []byte {
	out := make([]byte, 0, len(text))
	for line := range bytes.Lines(text) {
		body, nl := bytes.CutSuffix(line, []byte("\n"))
		body, cr := bytes.CutSuffix(body, []byte("\r"))
		out = append(out, bytes.TrimRight(body, " \t")...)
		if cr {
			out = append(out, '\r')
		}
		if nl {
			out = append(out, '\n')
		}
	}
	return out
}
