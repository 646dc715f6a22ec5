package json

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestMalformedLines checks that a stream of JSON values one a line whose
// lines are mostly values is read line by line when some lines are not
// JSON: each such line is a record read tolerantly if it is an object or
// array, else a malformed record, kept byte for byte or removed whole; the
// others are records as in any stream, and the warning names the
// malformed lines.
func TestMalformedLines(t *testing.T) {
	tests := []struct {
		name, in string
		kinds    []string // the kinds of the records
		warning  string
	}{
		{
			name:    "truncated last line",
			in:      "{\"a\":1}\n{\"b\":[1,2]}\n{\"c\":",
			kinds:   []string{"record", "record", "record"},
			warning: "line 3 is not JSON (3:6: unexpected end of JSON input): it is a record of its own, which the search may remove or reduce, read tolerantly (what is not JSON in it is kept byte for byte); the other lines are reduced as JSON Lines",
		},
		{
			name:    "bad middle line, CRLF, indented",
			in:      "{\"a\":1}\r\n  {'b':2}  \r\n[3]\r\n",
			kinds:   []string{"record", "record", "record"},
			warning: "line 2 is not JSON (2:4: invalid character '\\'' looking for beginning of object key string): it is a record of its own, which the search may remove or reduce, read tolerantly (what is not JSON in it is kept byte for byte); the other lines are reduced as JSON Lines",
		},
		{
			name:    "two bad lines, blank lines, two values on a line",
			in:      "1 2\n\nnope\n[]\n\n{\"x\":\n{}\n",
			kinds:   []string{"record", "record", "malformed", "record", "record", "record"},
			warning: "lines 3 and 6 are not JSON (3:2: invalid character 'o' in literal null (expecting 'u')): each is a record of its own, which the search may remove; the 1 that is an object or array it may also reduce, read tolerantly (what is not JSON in it is kept byte for byte), and the others it keeps byte for byte; the other lines are reduced as JSON Lines",
		},
		{
			name:    "four bad lines of nine",
			in:      "1\nx\n2\ny\n3\nz\n4\nw\n5\n",
			kinds:   []string{"record", "malformed", "record", "malformed", "record", "malformed", "record", "malformed", "record"},
			warning: "lines 2, 4, 6 and 1 more are not JSON (2:1: invalid character 'x' looking for beginning of value): each is kept byte for byte as a record of its own, which the search may remove; the other lines are reduced as JSON Lines",
		},
		{
			name:    "byte order mark, bad first line",
			in:      "\xEF\xBB\xBF{\"a\"}\n{\"b\":2}\n",
			kinds:   []string{"record", "record"},
			warning: "line 1 is not JSON (1:5: invalid character '}' after object key): it is a record of its own, which the search may remove or reduce, read tolerantly (what is not JSON in it is kept byte for byte); the other lines are reduced as JSON Lines",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.in)
			doc, err := Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			checkTree(t, doc)
			var kinds []string
			for _, id := range doc.Tree.Children(0) {
				kinds = append(kinds, doc.Tree.Nodes[id].Kind)
			}
			if !slices.Equal(kinds, tt.kinds) {
				t.Errorf("records %q, want %q", kinds, tt.kinds)
			}
			if len(doc.Warnings) != 1 || doc.Warnings[0] != tt.warning {
				t.Errorf("warnings %q, want\n%q", doc.Warnings, tt.warning)
			}
			if got := unparse.Text(doc.Tree, doc.Policy, tree.Candidate{}); !bytes.Equal(got, src) {
				t.Fatalf("the tree renders as %q", got)
			}
			// Every candidate keeps the malformed lines as they were and the
			// others JSON; removing every good record leaves the bad lines.
			valid := validatorFor(src)
			rng := rand.New(rand.NewPCG(1, 2))
			for range 200 {
				c := grammartest.RandomCandidate(doc.Tree, rng)
				if got := unparse.Text(doc.Tree, doc.Policy, c); valid(got) != nil {
					t.Fatalf("candidate %q: %v", got, valid(got))
				}
			}
			var c tree.Candidate
			var want []byte
			for _, id := range doc.Tree.Children(0) {
				if n := &doc.Tree.Nodes[id]; n.Kind == "malformed" || validStream(doc.Tree.Text(id)) != nil {
					want = append(want, bytes.TrimRight(doc.Tree.Text(id), "\r\n")...)
				} else {
					c = c.Remove(id)
				}
			}
			got := unparse.Text(doc.Tree, doc.Policy, c)
			if !bytes.Equal(bytes.Join(bytes.Fields(bytes.TrimPrefix(got, bom)), nil), bytes.Join(bytes.Fields(want), nil)) {
				t.Errorf("with only the malformed lines kept, got %q, want the lines of %q", got, want)
			}
		})
	}
}

// TestMalformedLinesFolded checks that what is left of a stream read line by
// line is parsed again line by line: a folded tree reaches the same
// candidates as the whole one.
func TestMalformedLinesFolded(t *testing.T) {
	src := []byte("{\"a\":[1,2]}\n{\"b\":\n[3,{\"c\":4}]\n")
	doc, err := parse(src, 1, 1, anyJSON)
	if err != nil {
		t.Fatal(err)
	}
	if doc.Tree.FoldLevel() != 1 {
		t.Fatalf("FoldLevel %d, want 1", doc.Tree.FoldLevel())
	}
	// What is left once the first record goes: one line that is not JSON,
	// read tolerantly, and one value, which alone would not be read line by
	// line.
	left := []byte("{\"b\":\n[3,{\"c\":4}]\n")
	tr, err := doc.Policy.Unfold(left, 2)
	if err != nil {
		t.Fatalf("Unfold(%q): %v", left, err)
	}
	var kinds []string
	for _, id := range tr.Children(0) {
		kinds = append(kinds, tr.Nodes[id].Kind)
	}
	if want := []string{"record", "record"}; !slices.Equal(kinds, want) || validStream(tr.Text(tr.Children(0)[0])) == nil {
		t.Errorf("Unfold(%q): records %q, want %q", left, kinds, want)
	}
	// What is left once the malformed line goes too: a stream of one value
	// with no broken line.
	left = []byte("[3,{\"c\":4}]\n")
	if tr, err := doc.Policy.Unfold(left, 2); err != nil || len(tr.Children(0)) != 1 || tr.Nodes[tr.Children(0)[0]].Kind != "record" {
		t.Errorf("Unfold(%q) = %v, %v; want a stream of one record", left, tr, err)
	}
}
