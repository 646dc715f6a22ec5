package json

import (
	"bytes"
	encjson "encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestErrors checks that bad input gives a clear one-line error with the
// line and column of the fault; for a document read tolerantly, that error
// heads the warning.
func TestErrors(t *testing.T) {
	deep := strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1)
	tests := []struct {
		name, in string
		want     string // the error text
		is       error  // for errors that are not syntax errors
		read     bool   // an object or array, read tolerantly: the error heads the warning
	}{
		{"empty", "", "the input is empty or blank: there is nothing to reduce", grammars.ErrEmpty, false},
		{"blank", " \n\t\r\n", "the input is empty or blank: there is nothing to reduce", grammars.ErrEmpty, false},
		{"binary", "{\"a\":\x00}", "the input looks like binary data, not text (a NUL byte at 1:6)", grammars.ErrBinary, false},
		{"C code", "int main(void) {\n\treturn 0;\n}\n", "1:1: invalid character 'i' looking for beginning of value", nil, false},
		{"truncated", `{"a": [1, 2`, "1:12: unexpected end of JSON input", nil, true},
		{"truncated, trailing newline", "{\n  \"a\": [1, 2\n\n", "2:13: unexpected end of JSON input", nil, true},
		{"truncated string", `["abc`, "1:6: unexpected end of JSON input", nil, true},
		{"truncated literal", `tru`, "1:4: unexpected end of JSON input", nil, false},
		{"missing colon", "{\n  \"a\": 1,\n  \"b\" 2\n}", "3:7: invalid character '2' after object key", nil, true},
		{"object key", `{"a" }`, "1:6: invalid character '}' after object key", nil, true},
		{"trailing comma", `[1,]`, "1:4: invalid character ']' looking for beginning of value", nil, true},
		{"trailing comma in object", "{\"a\":1,\r\n}", "2:1: invalid character '}' looking for beginning of object key string", nil, true},
		{"missing comma", `{"a":1 "b":2}`, "1:8: invalid character '\"' after object key:value pair", nil, true},
		{"extra bracket", `{"a":1}}`, "1:8: invalid character '}' looking for beginning of value", nil, true},
		{"single quotes", `{'a':1}`, "1:2: invalid character '\\'' looking for beginning of object key string", nil, true},
		{"leading zero", `[01]`, "1:3: invalid character '1' after array element", nil, true},
		{"bad escape", `"\x"`, "1:3: invalid character 'x' in string escape code", nil, false},
		{"control character", "\"a\tb\"", "1:3: invalid character '\\t' in string literal", nil, false},
		{"comment", "{} // done", "1:4: invalid character '/' looking for beginning of value", nil, true},
		{"literals run together", `truenull`, "1:5: invalid character 'n' after top-level value", nil, false},
		{"numbers run together", `1-2`, "1:2: invalid character '-' after top-level value", nil, false},
		{"stream, more bad lines than good", "{\"a\":1}\n{\"b\":}\n[1,\n", "2:6: invalid character '}' looking for beginning of value", nil, true},
		{"pretty-printed, one line a value", "[\n  1,\n  2\n", "3:4: unexpected end of JSON input", nil, true},
		{"non-ASCII character", `{"a": ü}`, "1:7: invalid character 'ü' looking for beginning of value", nil, true},
		{"invalid UTF-8", "[\xff]", "1:2: invalid character '\\xff' looking for beginning of value", nil, true},
		{"too deep", deep, "1:10001: nested more than 10000 levels deep", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse([]byte(tt.in))
			if tt.read {
				want := "not valid JSON (" + tt.want + "): read tolerantly"
				if err != nil || len(doc.Warnings) != 1 || !strings.HasPrefix(doc.Warnings[0], want) {
					t.Errorf("Parse(%q): got error %v and a doc %v, want a warning starting %q", clip([]byte(tt.in)), err, doc, want)
				}
				return
			}
			if err == nil {
				t.Fatalf("Parse(%q): got a tree of %d nodes, want error %q", clip([]byte(tt.in)), doc.Tree.Len(), tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("Parse(%q): got error %q, want %q", clip([]byte(tt.in)), err, tt.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("Parse(%q): got a multi-line error %q", clip([]byte(tt.in)), err)
			}
			if tt.is != nil {
				if !errors.Is(err, tt.is) {
					t.Errorf("Parse(%q): got %v, want errors.Is %v", clip([]byte(tt.in)), err, tt.is)
				}
				return
			}
			var se *grammars.SyntaxError
			if !errors.As(err, &se) || se.Line == 0 || se.Col == 0 {
				t.Errorf("Parse(%q): got %T %v, want a *grammars.SyntaxError with a position", clip([]byte(tt.in)), err, err)
			}
		})
	}
}

// TestDeep checks that nesting up to MaxDepth parses, renders back and
// gives well-formed candidates. (Parsing is O(size × depth), because gjson
// scans a nested value once per enclosing level: 0.5 to 1 s each here.)
func TestDeep(t *testing.T) {
	tests := []struct {
		name, open, close string
	}{
		{"arrays", "[", "]"},
		{"objects", `{"k.*?":`, "}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(strings.Repeat(tt.open, MaxDepth) + "0" + strings.Repeat(tt.close, MaxDepth) + "\n")
			doc, err := Parse(src)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			tr := doc.Tree
			if got := unparse.Text(tr, doc.Policy, tree.Candidate{}); !bytes.Equal(got, src) {
				t.Fatalf("round trip: got %d bytes, want %d", len(got), len(src))
			}
			if tr.MaxDepth() < MaxDepth {
				t.Errorf("got height %d, want at least %d", tr.MaxDepth(), MaxDepth)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			for range 20 {
				c := grammartest.RandomCandidate(tr, rng)
				if got := unparse.Text(tr, doc.Policy, c); !encjson.Valid(got) {
					t.Fatalf("got an invalid candidate: %.100q...", got)
				}
			}
		})
	}
}
