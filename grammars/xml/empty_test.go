package xml

import (
	"slices"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestEmptyKeepsCutValue checks that closing an empty element keeps the
// attribute values c cut down (renderTag).
func TestEmptyKeepsCutValue(t *testing.T) {
	doc, err := Parse([]byte(`<r><p k="value"> </p></r>`))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	c := tree.Candidate{}.Replace(find(t, tr, "value", `"value"`), `"v"`)
	var got []string
	for _, u := range emptyElements(tr, c) {
		got = append(got, string(unparse.Text(tr, doc.Policy, u)))
	}
	if want := []string{`<r><p k="v"/></r>`}; !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
