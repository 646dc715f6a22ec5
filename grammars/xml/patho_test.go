package xml

import (
	"bytes"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestPathological parses inputs that would take quadratic time if runs of
// unterminated tags were scanned to the end again and again, or end tags
// searched through a deep stack; it checks that they round-trip.
func TestPathological(t *testing.T) {
	const n = 5000
	tests := []struct{ name, src string }{
		{"unterminated tags", strings.Repeat("<a", n)},
		{"unterminated values", strings.Repeat("<a x=\"", n)},
		{"unterminated end tags", strings.Repeat("</a", n)},
		{"unterminated doctypes", strings.Repeat("<!DOCTYPE a [", n)},
		{"ampersands", strings.Repeat("&", n)},
		{"deep nesting", strings.Repeat("<a>", n)},
		{"stray end tags under deep nesting", strings.Repeat("<a>", n) + strings.Repeat("</b>", n)},
		{"many attributes", "<a " + strings.Repeat("x ", n) + ">"},
		{"unterminated comments", strings.Repeat("<!--", n)},
		{"unterminated raw text", "<script>" + strings.Repeat("</scrip", n)},
	}
	for _, tt := range tests {
		src := []byte("<r>" + tt.src)
		for _, f := range []func([]byte) ([]byte, error){
			func(b []byte) ([]byte, error) {
				d, err := Parse(b)
				if err != nil {
					return nil, err
				}
				return unparse.Text(d.Tree, d.Policy, tree.Candidate{}), d.Policy.Check(b)
			},
			func(b []byte) ([]byte, error) {
				d, err := ParseHTML(b)
				if err != nil {
					return nil, err
				}
				return unparse.Text(d.Tree, d.Policy, tree.Candidate{}), d.Policy.Check(b)
			},
		} {
			got, err := f(src)
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			} else if !bytes.Equal(got, src) {
				t.Errorf("%s: round trip differs", tt.name)
			}
		}
	}
}
