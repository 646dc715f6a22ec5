package xml

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// fuzzRoundTrip checks that src either fails to parse with a one-line error
// or round-trips exactly, that the original passes its own Check, and that
// removing single nodes or applying a transform neither panics nor yields
// unparsable candidates.
func fuzzRoundTrip(t *testing.T, f *grammars.Format, src []byte) {
	doc, err := f.Parse(context.Background(), src)
	if err != nil {
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("multi-line error %q", err)
		}
		return
	}
	if got := unparse.Text(doc.Tree, doc.Policy, tree.Candidate{}); !bytes.Equal(got, src) {
		t.Fatalf("round trip: got %q, want %q", got, src)
	}
	if err := doc.Policy.Check(src); err != nil {
		t.Fatalf("Check(original) = %v, want nil", err)
	}
	// Folded no higher than each level, the tree keeps the levels above,
	// has the full tree's nodes down to some depth, and renders the input
	// back.
	l := langXML
	if f == HTMLFormat {
		l = langHTML
	}
	for level := 1; level <= doc.Tree.MaxLevel(); level++ {
		folded, err := parse(src, l, 1, level)
		if err != nil {
			t.Fatalf("folded from level %d: %v", level, err)
		}
		tr := folded.Tree
		if got := unparse.Text(tr, folded.Policy, tree.Candidate{}); !bytes.Equal(got, src) {
			t.Fatalf("folded from level %d, round trip: got %q", level, got)
		}
		if tr.FoldLevel() >= 0 && tr.FoldLevel() < level {
			t.Fatalf("folded from level %d: FoldLevel %d", level, tr.FoldLevel())
		}
		depth := 0
		for id := range tr.Nodes {
			depth = max(depth, tr.Depth(tree.NodeID(id)))
		}
		n := 0
		for id := range doc.Tree.Nodes {
			if doc.Tree.Depth(tree.NodeID(id)) <= depth {
				n++
			}
		}
		if tr.Len() != n {
			t.Fatalf("folded from level %d: %d nodes, want the %d down to depth %d", level, tr.Len(), n, depth)
		}
	}
	for id := 1; id < doc.Tree.Len() && id < 64; id++ {
		if !doc.Tree.CanShrink(tree.NodeID(id)) {
			continue
		}
		c := unparse.Text(doc.Tree, doc.Policy, tree.Candidate{}.Remove(tree.NodeID(id)))
		if doc.Policy.Check(c) != nil {
			continue
		}
		d, err := f.Parse(context.Background(), c)
		if err != nil {
			t.Fatalf("candidate without node %d (%s) does not parse: %v\n%q", id, doc.Tree.Nodes[id].Kind, err, c)
		}
		if got := unparse.Text(d.Tree, d.Policy, tree.Candidate{}); !bytes.Equal(got, c) {
			t.Fatalf("candidate without node %d does not round-trip", id)
		}
	}
	for _, td := range doc.Policy.Tidies {
		// A tidy of a well-formed document keeps it well-formed (a
		// malformed one may get refused by Check, which is what Check is
		// for).
		if c := td.Apply(src); len(doc.Warnings) == 0 && !bytes.Equal(c, src) && doc.Policy.Check(c) != nil {
			t.Fatalf("tidy %q made a well-formed document malformed: %q", td.Name, c)
		}
	}
	for _, tf := range doc.Policy.Transforms {
		cands := tf.Candidates(doc.Tree, tree.Candidate{})
		for _, cand := range cands[:min(len(cands), 16)] {
			c := unparse.Text(doc.Tree, doc.Policy, cand)
			if doc.Policy.Check(c) != nil {
				continue
			}
			if _, err := f.Parse(context.Background(), c); err != nil {
				t.Fatalf("%s candidate does not parse: %v\n%q", tf.Name, err, c)
			}
		}
	}
}

func addSeeds(f *testing.F, exts ...string) {
	files := grammartest.Inputs(f, "testdata", exts...)
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
}

func FuzzRoundTrip(f *testing.F) {
	addSeeds(f, ".xml", ".svg")
	for _, s := range []string{
		"<a/>", "<a><b></a>", "<!DOCTYPE a [<!ENTITY e 'x'>]><a>&e;</a>", "<a x='1' x='2'/>",
		"<?xml version='1.0' encoding='latin1'?><a>\xe9</a>", "<a><![CDATA[x]]></a>", "<a>]]></a>",
		"<!DOCTYPE a [<", "<!DOCTYPE a [<!ENTITY e>]><a/>", "<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>",
		everyDeclDoc, "<!DOCTYPE r [<!ELEMENT r ((a|b),c*)+><!ATTLIST r a (x|y) #FIXED 'x'><!NOTATION n PUBLIC 'p'>]><r/>",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) { fuzzRoundTrip(t, Format, src) })
}

func FuzzRoundTripHTML(f *testing.F) {
	addSeeds(f, ".html")
	for _, s := range []string{
		"<p>a<p>b", "<ul><li>a<li>b</ul>", "<script>a</b></script>", "<a href=x/>", "<!-->", "<?x>",
		"<table><tr><td>1<td>2</table>", "<br></br>",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) { fuzzRoundTrip(t, HTMLFormat, src) })
}

// markupPieces are the fragments TestRandomMarkup builds documents from:
// more markup per byte than the fuzzer's mutations find on their own.
var markupPieces = []string{
	"<a", "<b", "<p", "<li", "<td", "<tr", "<br", "<script", "<title", "<p:x", ">", "/>", "</a>", "</b>", "</p>",
	"</li>", "</script>", "</p:x>", "</", "<", "&", "&amp;", "&e;", "&#65;", "&#x;", "&nbsp;", ";", "=", "\"", "'",
	" ", "\n", "x", "y=\"1\"", " z='2'", " xmlns:p='u'", " p:q='3'", "<!--", "-->", "--", "<![CDATA[", "]]>",
	"<?", "?>", "<?xml version=\"1.0\"?>", "<!DOCTYPE a [", "<!ENTITY e 'v'>", "]>", "<!DOCTYPE html>", "%e;",
	"\xe9", "\xc3\xa9", "\x01", "]", "!", "SYSTEM \"s\"",
}

// TestRandomMarkup runs the fuzz property over documents built from markup
// fragments, in both formats; XML_RANDOM_N sets how many (default 3000).
func TestRandomMarkup(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	n := 3000
	if s := os.Getenv("XML_RANDOM_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	if testing.Short() {
		n = 300
	}
	for range n {
		var b []byte
		for range 1 + rng.IntN(40) {
			b = append(b, markupPieces[rng.IntN(len(markupPieces))]...)
		}
		fuzzRoundTrip(t, Format, b)
		fuzzRoundTrip(t, HTMLFormat, b)
		if t.Failed() {
			t.Fatalf("input %q", b)
		}
	}
}
