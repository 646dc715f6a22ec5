package json

import (
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
)

// TestRoundTrip checks that every test input renders back byte for byte
// with no edits, and that its tree has the documented shape.
func TestRoundTrip(t *testing.T) {
	for _, name := range testInputs(t) {
		t.Run(shortName(name), func(t *testing.T) {
			doc := grammartest.RoundTrip(t, Format, readFile(t, name))
			checkTree(t, doc)
		})
	}
}

// TestRoundTripBench does the same for the public benchmark corpus.
func TestRoundTripBench(t *testing.T) {
	for _, name := range benchInputs(t) {
		t.Run(shortName(name), func(t *testing.T) {
			doc := grammartest.RoundTrip(t, Format, readFile(t, name))
			checkTree(t, doc)
			t.Logf("%d nodes, height %d", doc.Tree.Len(), doc.Tree.MaxDepth())
		})
	}
}

// TestFormat checks the Format value and the Doc of a document and of a
// stream.
func TestFormat(t *testing.T) {
	if Format.Name != "json" || len(Format.Exts) != 4 || Format.Parse == nil {
		t.Errorf("got Format %+v", Format)
	}
	tests := []struct {
		in     string
		values int
		notes  int // a stream is noted, not warned of
	}{
		{`{"a": 1}`, 1, 0},
		{"{\"a\":1}\n{\"b\":2}\n", 2, 1},
		{`1 2 3`, 3, 1},
		{"\xEF\xBB\xBF{\"a\": 1}", 1, 0}, // a byte order mark is the document's own
		{"\xEF\xBB\xBF1\n2\n", 2, 1},
	}
	for _, tt := range tests {
		doc, err := Parse([]byte(tt.in))
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		if doc.Policy.Check != nil {
			t.Errorf("Parse(%q): got a Check, want nil", tt.in)
		}
		if got := len(doc.Tree.Children(0)); got != tt.values {
			t.Errorf("Parse(%q): got %d top-level values, want %d", tt.in, got, tt.values)
		}
		if len(doc.Warnings) != 0 || len(doc.Notes) != tt.notes {
			t.Errorf("Parse(%q): got warnings %q and notes %q, want no warning and %d notes", tt.in, doc.Warnings, doc.Notes, tt.notes)
		}
	}
}
