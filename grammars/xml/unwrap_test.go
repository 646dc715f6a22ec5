package xml

import (
	"context"
	"slices"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

func TestUnwrapElements(t *testing.T) {
	tests := []struct {
		name string
		f    *grammars.Format
		src  string
		want []string // the candidates' renderings, in order
	}{
		{"text and an element", Format,
			"<r><p>a <b>c</b> d</p></r>",
			[]string{"<r>a <b>c</b> d</r>", "<r><p>a c d</p></r>"}},
		{"outer elements first", Format,
			"<r><s><t>x</t><u/></s></r>",
			[]string{"<r><t>x</t><u/></r>", "<r><s>x<u/></s></r>"}},
		{"only an element inside is hoisting, not unwrapping", Format,
			"<r><s><t>x</t></s></r>",
			[]string{"<r><s>x</s></r>"}},
		{"the root and empty elements stay", Format,
			"<r>x<e/><f></f></r>",
			nil},
		{"attributes go with the start tag", Format,
			`<r><a href="x">link</a></r>`,
			[]string{"<r>link</r>"}},
		{"html element without end tag", HTMLFormat,
			"<ul><li>a<li>b</ul>",
			[]string{"<ul>a<li>b</ul>", "<ul><li>ab</ul>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := tt.f.Parse(context.Background(), []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range unwrapElements(doc.Tree, tree.Candidate{}) {
				got = append(got, string(unparse.Text(doc.Tree, doc.Policy, c)))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestUnwrapAfterEdits checks that unwrapping sees the configuration: a
// removed child no longer counts, and an element already unwrapped is not
// proposed again.
func TestUnwrapAfterEdits(t *testing.T) {
	doc, err := Parse([]byte("<r><p>a<b>c</b></p></r>"))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	text := find(t, tr, "text", "a")
	c := tree.Candidate{}.Remove(text) // <p> holds only <b>: hoisting's job
	var got []string
	for _, u := range unwrapElements(tr, c) {
		got = append(got, string(unparse.Text(tr, doc.Policy, u)))
	}
	if want := []string{"<r><p>c</p></r>"}; !slices.Equal(got, want) {
		t.Errorf("after removing a: got %q, want %q", got, want)
	}
	all := unwrapElements(tr, tree.Candidate{})
	if len(all) != 2 {
		t.Fatalf("got %d candidates, want 2", len(all))
	}
	for _, u := range unwrapElements(tr, all[0]) {
		if s := string(unparse.Text(tr, doc.Policy, u)); s != "<r>ac</r>" {
			t.Errorf("after unwrapping <p>: got %q, want only %q", s, "<r>ac</r>")
		}
		if err := doc.Policy.Check(unparse.Text(tr, doc.Policy, u)); err != nil {
			t.Errorf("Check: %v", err)
		}
	}
}
