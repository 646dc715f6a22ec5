package xml

import (
	"context"
	"slices"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

func TestRenameElements(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // the candidates' renderings, in order
	}{
		// All names at once, each to a name of its own, then each name
		// alone to the shortest name free.
		{"all names, then each", "<rss><description>x</description><description/></rss>",
			[]string{"<a><b>x</b><b/></a>", "<a><description>x</description><description/></a>", "<rss><a>x</a><a/></rss>"}},
		// With one name, the first candidate is the second again (a
		// cache hit for the search, not a test run).
		{"names in use are skipped", "<a><title>x</title><b/></a>",
			[]string{"<a><c>x</c><b/></a>", "<a><c>x</c><b/></a>"}},
		{"short names stay", "<a><b>x</b></a>", nil},
		{"prefixed names stay, and the attributes and spaces", `<p:doc xmlns:p="u"><item k="v" >x</item ></p:doc>`,
			[]string{`<p:doc xmlns:p="u"><a k="v" >x</a ></p:doc>`, `<p:doc xmlns:p="u"><a k="v" >x</a ></p:doc>`}},
		{"a name is taken by an element that stays", "<root><a/></root>",
			[]string{"<b><a/></b>", "<b><a/></b>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Format.Parse(context.Background(), []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range renameElements(doc.Tree, tree.Candidate{}) {
				got = append(got, string(unparse.Text(doc.Tree, doc.Policy, c)))
				if err := doc.Policy.Check(unparse.Text(doc.Tree, doc.Policy, c)); err != nil {
					t.Errorf("Check(%q): %v", got[len(got)-1], err)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestRenameAfterEdits checks that renaming sees the configuration: a
// removed element's name may be taken, the attributes c removed stay
// removed, and a name given before is neither renamed again nor taken by
// another.
func TestRenameAfterEdits(t *testing.T) {
	doc, err := Parse([]byte(`<root><a/><item k="v" j="w">x</item><other/></root>`))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	c := tree.Candidate{}.Remove(find(t, tr, "element", "<a/>"), find(t, tr, "attribute", `j="w"`))
	render := func(cands []tree.Candidate) []string {
		var s []string
		for _, u := range cands {
			s = append(s, string(unparse.Text(tr, doc.Policy, u)))
		}
		return s
	}
	cands := renameElements(tr, c)
	want := []string{`<a><b k="v">x</b><c/></a>`, `<a><item k="v">x</item><other/></a>`,
		`<root><a k="v">x</a><other/></root>`, `<root><item k="v">x</item><a/></root>`}
	if got := render(cands); !slices.Equal(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
	// After item became a, root and other may be b and c but not a; a is
	// renamed no more.
	want = []string{`<b><a k="v">x</a><c/></b>`, `<b><a k="v">x</a><other/></b>`, `<root><a k="v">x</a><b/></root>`}
	if got := render(renameElements(tr, cands[2])); !slices.Equal(got, want) {
		t.Errorf("after renaming item: got  %q\nwant %q", got, want)
	}
}

// TestRenameHoisted checks that an element replaced by a descendant has
// no name: it is neither renamed nor takes a name.
func TestRenameHoisted(t *testing.T) {
	doc, err := Parse([]byte("<root><a><item/></a></root>"))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	c := tree.Candidate{}.Hoist(find(t, tr, "element", "<a><item/></a>"), find(t, tr, "element", "<item/>"))
	var got []string
	for _, u := range renameElements(tr, c) {
		got = append(got, string(unparse.Text(tr, doc.Policy, u)))
	}
	if want := []string{"<a><b/></a>", "<a><item/></a>", "<root><a/></root>"}; !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestRenameOnlyXML checks that HTML, whose element names say how it
// parses, has no renaming.
func TestRenameOnlyXML(t *testing.T) {
	doc, err := HTMLFormat.Parse(context.Background(), []byte("<html><body><p>x</body></html>"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tf := range doc.Policy.Transforms {
		if tf.Name == "renaming elements" {
			t.Errorf("HTML has the transform %q", tf.Name)
		}
	}
}
