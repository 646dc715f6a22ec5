package xml

import (
	"bytes"

	"github.com/hddreduce/hdd/hdd/tree"
)

// lang selects the tokenizing and tree-building rules.
type lang uint8

const (
	langXML  lang = iota // XML 1.0 with namespaces, tolerant of errors
	langHTML             // HTML: void elements, optional end tags, raw text
)

// An errKind is one class of malformation. Check compares the count of each
// class in a candidate with the count in the original.
type errKind uint8

const (
	errChar         errKind = iota // illegal character, or bytes that are not UTF-8 in a UTF-8 document
	errStrayLT                     // '<' that starts no markup
	errRef                         // '&' that starts no reference; undefined entity; bad character reference
	errUnclosed                    // element without its end tag
	errStrayEnd                    // end tag that matches no open element
	errDupAttr                     // attribute given twice
	errAttr                        // unquoted, missing or '<'-holding value; no space before an attribute
	errTag                         // junk inside a tag
	errUnterminated                // comment, CDATA section or PI running to the end of the input
	errMarkup                      // bad comment, bogus <!...>, bad XML declaration, "]]>" in text
	errMisplaced                   // content outside the root element, second root, late doctype or declaration
	errNoRoot                      // no element at all
	errNamespace                   // unbound prefix, bad qualified name
	numErrKinds
)

var errNames = [numErrKinds]string{
	errChar:         "illegal characters",
	errStrayLT:      "stray '<' characters",
	errRef:          "bad references",
	errUnclosed:     "unclosed elements",
	errStrayEnd:     "stray end tags",
	errDupAttr:      "duplicate attributes",
	errAttr:         "malformed attributes",
	errTag:          "malformed tags",
	errUnterminated: "unterminated comments, CDATA sections or PIs",
	errMarkup:       "malformed markup",
	errMisplaced:    "misplaced content",
	errNoRoot:       "missing root element",
	errNamespace:    "namespace errors",
}

// A report counts the malformations of a document by kind and keeps the
// first found of each kind.
type report struct {
	counts [numErrKinds]int
	off    [numErrKinds]int
	msg    [numErrKinds]string
}

func (r *report) total() int {
	n := 0
	for _, c := range r.counts {
		n += c
	}
	return n
}

// first returns the kind of the earliest malformation kept, if any.
func (r *report) first() errKind {
	k := errKind(0)
	for i := range numErrKinds {
		if r.counts[i] > 0 && (r.counts[k] == 0 || r.off[i] < r.off[k]) {
			k = i
		}
	}
	return k
}

// A pendingErr is a malformation found while scanning a token that may yet
// turn out not to be markup.
type pendingErr struct {
	kind errKind
	off  int
	msg  string
	name []byte
}

// An attr is an attribute inside a start tag.
type attr struct {
	start, nameEnd, end int
	valStart, valEnd    int // -1 when there is no value
}

// A tag is a scanned start tag. Its errs also collect the malformations of
// a doctype's internal subset.
type tag struct {
	start, nameEnd, end int
	selfClose           bool
	attrs               []attr
	errs                []pendingErr
}

// err records a malformation, to be counted if the markup turns out to end.
func (tk *tag) err(k errKind, off int, msg string, name []byte) {
	tk.errs = append(tk.errs, pendingErr{k, off, msg, name})
}

// An open is an element whose end has not been seen.
type open struct {
	start int
	name  []byte
	id    tree.NodeID // unbuilt when the tree does not have it
	depth int         // in the tree: 1 for a top-level element
	last  int         // end of its last child, or of its start tag
	nsLen int         // len(parser.ns) before its namespace declarations
	html  *htmlTag
}

// A parser tokenizes a document and, when t is not nil, builds its tree. It
// never fails: what it cannot read as markup is text, and every deviation
// from the rules is counted in rep.
type parser struct {
	src   []byte
	lang  lang
	t     *tree.Tree // nil: only count malformations
	rep   report
	fold  int   // the depth of the folded nodes of t; -1: none
	sizes []int // when not nil, nodes are counted by depth instead of built

	docStart   int // after a byte order mark
	utf8       bool
	standalone bool
	declEnc    string // encoding declared in the XML declaration
	declVer    string
	declErr    string // what is wrong with the XML declaration
	declEnd    int    // end of the XML declaration, 0 if none

	textStart int
	stack     []open
	ns        [][]byte // bound namespace prefixes, innermost last

	dtd       []dtdItem           // the items of the internal subset being scanned
	declLits  []span              // memory for the default values of an <!ATTLIST> (see declBody)
	entities  map[string]bool     // general entities declared in the internal subset
	defaultNS map[string][][]byte // the prefixes an <!ATTLIST> binds by default, by element
	anyEntity bool                // undeclared entities are allowed (external DTD)
	// The internal subset being scanned: the parameter entities declared
	// so far, whether an undeclared entity is allowed so far (an external
	// DTD, a parameter entity reference whose value hdd does not read),
	// and the values of the general entities declared, by name.
	pes       map[string]span // the value of each, or {-1, -1} for an external one
	subsetAny bool
	values    map[string]span
	// badEntities are the general entities whose values name, directly or
	// through other entities, an entity declared nowhere: a reference to
	// one is undefined where it is used (see entityValues).
	badEntities map[string]bool
	// nsEntities are the namespace prefixes that the names in each general
	// entity's value use without binding them, directly or through other
	// entities: they must be bound where the entity is referenced.
	nsEntities map[string][][]byte
	sawDoctype bool
	topElems   int // elements at the top level
	elems      int
	markups    int // markup tokens of any kind
	tag        tag
	openNames  [256]int32 // open elements by nameHash: an end tag whose hash has none is stray

	// The last '>', '"' and '\'' of the input: a tag cannot end, nor a
	// quoted value close, after them. Checking them first keeps runs of
	// unterminated tags from being scanned to the end again and again.
	lastGT, lastDQ, lastSQ int
}

func newParser(src []byte, l lang, t *tree.Tree) *parser {
	return &parser{src: src, lang: l, t: t, fold: -1,
		lastGT: bytes.LastIndexByte(src, '>'),
		lastDQ: bytes.LastIndexByte(src, '"'),
		lastSQ: bytes.LastIndexByte(src, '\''),
	}
}

// err counts a malformation.
func (p *parser) err(k errKind, off int, msg string) {
	p.errName(k, off, msg, nil, "")
}

// errName counts a malformation whose message names something; the message
// is built only for the first malformation of its kind.
func (p *parser) errName(k errKind, off int, before string, name []byte, after string) {
	r := &p.rep
	if r.counts[k] == 0 {
		r.off[k] = off
		r.msg[k] = before + string(name) + after
	}
	r.counts[k]++
}

// isWS reports whether c is XML white space.
func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// isSpace reports whether c is white space: XML's, or in HTML also '\f'.
func (p *parser) isSpace(c byte) bool {
	return isWS(c) || (p.lang == langHTML && c == '\f')
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isNameStart(c byte) bool { return isLetter(c) || c == '_' || c == ':' || c >= 0x80 }

func isNameChar(c byte) bool {
	return isNameStart(c) || '0' <= c && c <= '9' || c == '-' || c == '.'
}

// xmlNameEnd returns the end of the XML name starting at i.
func xmlNameEnd(src []byte, i int) int {
	for i < len(src) && isNameChar(src[i]) {
		i++
	}
	return i
}

// tagNameEnd returns the end of the element name starting at i.
func (p *parser) tagNameEnd(i int) int {
	src := p.src
	if p.lang == langXML {
		return xmlNameEnd(src, i)
	}
	for i < len(src) && !p.isSpace(src[i]) && src[i] != '/' && src[i] != '>' {
		i++
	}
	return i
}

// startsTagName reports whether c may start an element name.
func (p *parser) startsTagName(c byte) bool {
	if p.lang == langXML {
		return isNameStart(c)
	}
	return isLetter(c)
}

// run scans the whole input.
func (p *parser) run() {
	p.prescan()
	src := p.src
	i := p.docStart
	p.textStart = i
	xml := p.lang == langXML
	for i < len(src) {
		switch src[i] {
		case '<':
			if n := p.markup(i); n > 0 {
				p.markups++
				p.textStart = n
				i = n
				continue
			}
			p.err(errStrayLT, i, "'<' starts no markup (write &lt;)")
			i++
		case '&':
			i = p.ref(i)
		case ']':
			if xml && bytes.HasPrefix(src[i:], []byte("]]>")) {
				p.err(errMarkup, i, "']]>' outside a CDATA section")
				i += 3
			} else {
				i++
			}
		default:
			i++
			for i < len(src) && src[i] != '<' && src[i] != '&' && src[i] != ']' {
				i++
			}
		}
	}
	p.flushText(len(src))
	for len(p.stack) > 0 {
		p.closeImplicit()
	}
	if p.elems == 0 {
		p.err(errNoRoot, len(src), "no root element")
	}
}

// markup scans the markup starting with the '<' at i, adds its nodes and
// returns where scanning resumes, or 0 when the '<' starts no markup.
func (p *parser) markup(i int) int {
	src := p.src
	if i+1 >= len(src) {
		return 0
	}
	xml := p.lang == langXML
	switch c := src[i+1]; {
	case c == '!':
		rest := src[i:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			return p.comment(i)
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			end, ok := findEnd(src, i+9, "]]>")
			p.flushText(i)
			if !ok {
				p.err(errUnterminated, i, "unterminated CDATA section")
			}
			if xml && len(p.stack) == 0 {
				p.err(errMisplaced, i, "CDATA section outside the root element")
			}
			p.leafBody("cdata", i, end, i+9, end-3, ok)
			return end
		case len(rest) >= 9 && (bytes.HasPrefix(rest, []byte("<!DOCTYPE")) ||
			!xml && bytes.EqualFold(rest[:9], []byte("<!DOCTYPE"))):
			return p.doctype(i)
		}
		end := bytes.IndexByte(src[i:], '>')
		p.flushText(i)
		if end < 0 {
			end = len(src)
			p.err(errUnterminated, i, "unterminated markup declaration")
		} else {
			end += i + 1
		}
		p.err(errMarkup, i, "bogus markup declaration '<!'")
		p.leaf("bogus-comment", i, end, tree.Removable)
		return end
	case c == '?':
		return p.pi(i)
	case c == '/':
		if i+2 < len(src) && p.startsTagName(src[i+2]) {
			return p.endTag(i)
		}
		return 0
	case p.startsTagName(c):
		return p.startTag(i)
	}
	return 0
}

// quoteEnd returns the position of the quote q closing the value that
// starts at i, or -1.
func (p *parser) quoteEnd(i int, q byte) int {
	last := p.lastDQ
	if q == '\'' {
		last = p.lastSQ
	}
	if i > last {
		return -1
	}
	k := bytes.IndexByte(p.src[i:], q)
	if k < 0 {
		return -1
	}
	return i + k
}

// findEnd returns the end of the first delim at or after i, or len(src) and
// false when there is none.
func findEnd(src []byte, i int, delim string) (int, bool) {
	if i > len(src) {
		return len(src), false
	}
	k := bytes.Index(src[i:], []byte(delim))
	if k < 0 {
		return len(src), false
	}
	return i + k + len(delim), true
}

// leaf adds a node without children to the innermost open element and
// returns its ID (unbuilt if the parser builds no tree, see add).
func (p *parser) leaf(kind string, start, end int, flags tree.Flags) tree.NodeID {
	id := unbuilt
	if p.building() {
		id = p.add(p.parent(), p.depth()+1, kind, start, end, flags)
	}
	p.setLast(end)
	return id
}

// leafBody adds a removable node like leaf, whose body [bodyStart,
// bodyEnd), if the node ends (ok) and the body is not empty, is a "body"
// child that the search may cut down: a CDATA section's text, a comment's.
func (p *parser) leafBody(kind string, start, end, bodyStart, bodyEnd int, ok bool) {
	id := p.leaf(kind, start, end, tree.Removable)
	if ok && bodyStart < bodyEnd { // under an unbuilt leaf, unbuilt or counted
		p.add(id, p.depth()+2, "body", bodyStart, bodyEnd, tree.Chars)
	}
}

// unbuilt is the ID of a node the tree does not have: it is deeper than
// the folded ones, or the parser builds no tree.
const unbuilt tree.NodeID = -2

// building reports whether the parser builds a tree or counts its nodes.
func (p *parser) building() bool { return p.t != nil || p.sizes != nil }

// add adds a node at the given depth as the last child of parent and
// returns its ID, or unbuilt when the node is below the folded depth (its
// parent is then Folded) or its parent is unbuilt. When counting, it counts
// the node instead.
func (p *parser) add(parent tree.NodeID, depth int, kind string, start, end int, flags tree.Flags) tree.NodeID {
	switch {
	case p.sizes != nil:
		for len(p.sizes) <= depth {
			p.sizes = append(p.sizes, 0)
		}
		p.sizes[depth]++
		return unbuilt
	case parent == unbuilt:
		return unbuilt
	case p.fold >= 0 && depth > p.fold:
		if n := &p.t.Nodes[parent]; !n.Is(tree.Folded) {
			p.t.SetFlags(parent, n.Flags|tree.Folded)
		}
		return unbuilt
	}
	return p.t.Add(parent, kind, start, end, flags, "")
}

// parent returns the innermost open element, or the document.
func (p *parser) parent() tree.NodeID {
	if n := len(p.stack); n > 0 {
		return p.stack[n-1].id
	}
	return 0
}

// depth returns the depth of the innermost open element, or 0 for the
// document.
func (p *parser) depth() int {
	if n := len(p.stack); n > 0 {
		return p.stack[n-1].depth
	}
	return 0
}

// setLast records that the innermost open element's last child ends at end.
func (p *parser) setLast(end int) {
	if n := len(p.stack); n > 0 {
		p.stack[n-1].last = end
	}
}
