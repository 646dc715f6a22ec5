package xml

import (
	"bytes"
	"context"
	"fmt"
	"slices"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Format reads XML documents and their relatives (SVG, XHTML, RSS, Atom,
// XSLT, DocBook). Well-formed documents are reduced strictly; documents that
// are not well-formed are reduced tolerantly (see the package doc).
var Format = &grammars.Format{
	Name: "xml",
	Exts: []string{".xml", ".svg", ".xhtml", ".xht", ".rss", ".atom", ".xsl", ".xslt",
		".dbk", ".docbook", ".xsd", ".wsdl", ".plist", ".kml", ".gpx", ".xul", ".mathml",
		".rdf", ".opf", ".ncx", ".fo", ".xlf", ".xliff", ".resx", ".csproj", ".pom"},
	Parse: func(_ context.Context, src []byte) (*grammars.Doc, error) { return Parse(src) }, // fast: not cancelled
}

// HTMLFormat reads HTML documents, always tolerantly.
var HTMLFormat = &grammars.Format{
	Name:  "html",
	Exts:  []string{".html", ".htm"},
	Parse: func(_ context.Context, src []byte) (*grammars.Doc, error) { return ParseHTML(src) }, // fast: not cancelled
}

// Parse parses an XML document. When it is well-formed, its Check refuses
// every candidate that is not; otherwise the document is parsed tolerantly,
// a warning says where it is first malformed, and its Check refuses
// candidates with more malformations of any kind than the original.
//
// Parse fails only for input that is not XML at all: empty, binary (or
// UTF-16/32, which it does not read), or not starting with markup.
func Parse(src []byte) (*grammars.Doc, error) {
	return parse(src, langXML, FoldNodes, 1)
}

// ParseHTML parses an HTML document tolerantly: void elements, optional end
// tags, raw text elements, unquoted attributes and ASCII case in names are
// understood, and what cannot be read as markup is text. Its Check refuses
// candidates with more malformations of any kind than the original.
//
// ParseHTML fails only for input that is empty, binary, or holds no markup.
func ParseHTML(src []byte) (*grammars.Doc, error) {
	return parse(src, langHTML, FoldNodes, 1)
}

// FoldNodes is the most nodes Parse and ParseHTML build at once. The tree
// of a larger document stops at the deepest level that keeps it within
// FoldNodes (but reaches level 1 at least): the nodes there that have
// children are [tree.Folded], and the search parses what is left of the
// document again when it reaches the level below them.
const FoldNodes = 1 << 14

// parse parses src, a document of language l, into a tree of at most about
// budget nodes, folded no higher than level minLevel (see FoldNodes).
func parse(src []byte, l lang, budget, minLevel int) (*grammars.Doc, error) {
	fold := -1
	if estimateNodes(src) > budget {
		// Count the nodes of each depth with a scan that builds nothing,
		// of a document (scan checks that, but after this).
		if err := checkInput(src, l); err != nil {
			return nil, err
		}
		c := newParser(src, l, nil)
		c.sizes = []int{1}
		c.run()
		fold, _ = grammars.FoldDepth(c.sizes, budget, minLevel)
	}
	for {
		doc, err := build(src, l, fold, func(src []byte, minLevel int) (*tree.Tree, error) {
			doc, err := parse(src, l, budget, minLevel)
			if err != nil {
				return nil, err
			}
			return doc.Tree, nil
		})
		if err != nil || doc.Tree.FoldLevel() < 0 || doc.Tree.FoldLevel() >= minLevel {
			return doc, err
		}
		// A level is a depth but where a chain of fixed nodes around the
		// same bytes spends one (a self-closing root and its start tag).
		fold++
	}
}

// build parses src, a document of language l, into a tree folded at depth
// fold (-1: not folded) whose policy has the given Unfold.
func build(src []byte, l lang, fold int, unfold func([]byte, int) (*tree.Tree, error)) (*grammars.Doc, error) {
	t := tree.NewTree(src)
	t.Partial = fold >= 0
	t.Add(tree.NoNode, "document", 0, len(src), 0, "")
	p, err := scan(src, l, t, fold)
	if err != nil {
		return nil, err
	}
	// The root element is fixed; with several top-level elements (tolerant
	// only), each is removable and Check keeps one.
	var top []tree.NodeID
	for _, c := range t.Children(0) {
		if t.Nodes[c].Kind == "element" {
			top = append(top, c)
		}
	}
	if len(top) == 1 {
		t.SetFlags(top[0], t.Nodes[top[0]].Flags&^tree.Removable)
	}
	if err := t.Finish(); err != nil {
		return nil, fmt.Errorf("internal error: %w", err)
	}
	policy := &tree.Policy{
		SpaceIsText: true,
		Units:       unitsFor(p.declEnc),
		Unfold:      unfold,
		Transforms: []tree.Transform{
			{Name: "unwrapping elements", Candidates: unwrapElements},
			{Name: "doctype identifiers", Candidates: shortenIDs},
			{Name: "empty elements", Candidates: emptyElements},
		},
		Tidies: grammars.Tidies,
	}
	if l == langXML {
		policy.Tidies = slices.Concat(grammars.Tidies, []tree.Tidy{{Name: "compact", Apply: compact}, {Name: "short names", Apply: shortNames}})
	} else {
		policy.Transforms[2].Candidates = emptyHTMLElements
	}
	doc := &grammars.Doc{Tree: t, Policy: policy}
	orig := p.rep
	if l == langXML && orig.total() == 0 {
		policy.Check = func(c []byte) error { return checkWellFormed(c) }
		return doc, nil
	}
	policy.Check = func(c []byte) error { return checkTolerant(c, l, &orig) }
	if orig.total() > 0 {
		first := orig.first()
		line, col := grammars.Position(src, orig.off[first])
		var w string
		if l == langXML {
			w = fmt.Sprintf("the document is not well-formed at %d:%d (%s) and is reduced tolerantly: "+
				"a candidate may keep but never add malformations (%d in the original)",
				line, col, orig.msg[first], orig.total())
		} else {
			w = fmt.Sprintf("the HTML has %s, the first at %d:%d (%s); "+
				"a candidate may keep but never add malformations",
				grammars.Plural(orig.total(), "malformation"), line, col, orig.msg[first])
		}
		doc.Warnings = append(doc.Warnings, w)
	}
	return doc, nil
}

// estimateNodes returns about the number of nodes of the tree of src, a
// little more: each '<' opens an element (which has a start tag and an end
// tag), an end tag or another markup, with some text after it, and each
// '=' may be an attribute.
func estimateNodes(src []byte) int {
	return 3*bytes.Count(src, []byte{'<'}) + bytes.Count(src, []byte{'='}) + 1
}

// scan checks that src is a document of language l at all and scans it,
// building t, folded at depth fold (-1: not folded), unless t is nil.
func scan(src []byte, l lang, t *tree.Tree, fold int) (*parser, error) {
	if err := checkInput(src, l); err != nil {
		return nil, err
	}
	p := newParser(src, l, t)
	p.fold = fold
	p.run()
	if p.markups == 0 {
		what := "XML"
		if l == langHTML {
			what = "HTML"
		}
		return nil, &grammars.SyntaxError{Msg: "not " + what + ": the input holds no markup"}
	}
	return p, nil
}

// checkInput rejects input that is not a document of language l at all.
func checkInput(src []byte, l lang) error {
	switch {
	case bytes.HasPrefix(src, []byte{0xfe, 0xff}), bytes.HasPrefix(src, []byte{0xff, 0xfe}),
		bytes.HasPrefix(src, []byte{0, '<'}), bytes.HasPrefix(src, []byte{'<', 0}):
		return &grammars.SyntaxError{Line: 1, Col: 1,
			Msg: "the input is UTF-16 or UTF-32, which is not supported; convert it to UTF-8"}
	}
	if err := grammars.CheckText(src); err != nil {
		return err
	}
	if l == langHTML {
		return nil
	}
	i := 0
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		i = 3
	}
	for i < len(src) && (isWS(src[i]) || src[i] == '\f' || src[i] == '\v') {
		i++
	}
	if i < len(src) && src[i] != '<' {
		line, col := grammars.Position(src, i)
		c := src[i : i+1]
		if src[i] >= 0x20 && src[i] < 0x7f {
			c = src[i:min(i+10, len(src))]
			if k := bytes.IndexAny(c, "\r\n"); k > 0 {
				c = c[:k]
			}
		}
		return &grammars.SyntaxError{Line: line, Col: col,
			Msg: fmt.Sprintf("not XML: the input starts with %q, not with markup ('<')", c)}
	}
	return nil
}

// checkWellFormed returns an error locating the first malformation of an
// XML candidate, or nil when it is well-formed.
func checkWellFormed(c []byte) error {
	p, err := scan(c, langXML, nil, -1)
	if err != nil {
		return err
	}
	if p.rep.total() == 0 {
		return nil
	}
	first := p.rep.first()
	line, col := grammars.Position(c, p.rep.off[first])
	return &grammars.SyntaxError{Line: line, Col: col, Msg: "not well-formed: " + p.rep.msg[first]}
}

// checkTolerant refuses a candidate that has more malformations of some
// kind than the original.
func checkTolerant(c []byte, l lang, orig *report) error {
	p, err := scan(c, l, nil, -1)
	if err != nil {
		return err
	}
	for k := range numErrKinds {
		if n := p.rep.counts[k]; n > orig.counts[k] {
			line, col := grammars.Position(c, p.rep.off[k])
			return &grammars.SyntaxError{Line: line, Col: col,
				Msg: fmt.Sprintf("%d %s where the original has %d (the first: %s)",
					n, errNames[k], orig.counts[k], p.rep.msg[k])}
		}
	}
	return nil
}
