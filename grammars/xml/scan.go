package xml

import (
	"bytes"
	"html"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"

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

	entities   map[string]bool // general entities declared in the internal subset
	anyEntity  bool            // undeclared entities are allowed (external DTD)
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

// prescan finds the byte order mark and the declared encoding, and checks
// the characters of the whole input.
func (p *parser) prescan() {
	src := p.src
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		p.docStart = 3
	}
	p.utf8 = true
	if end, ok := p.xmlDecl(p.docStart); ok {
		p.declEnd = end
		if p.declEnc != "" && !isUTF8Name(p.declEnc) {
			p.utf8 = false
		}
	}
	html := p.lang == langHTML
	for i := p.docStart; i < len(src); i++ {
		c := src[i]
		if c < 0x20 && !isWS(c) && !(html && c == '\f') {
			msg := "" // built only for the first
			if p.rep.counts[errChar] == 0 {
				msg = "illegal character " + strconv.QuoteRune(rune(c))
			}
			p.err(errChar, i, msg)
		}
	}
	if p.utf8 && !html {
		rest := src[p.docStart:]
		if !utf8.Valid(rest) {
			for i := 0; i < len(rest); {
				r, n := utf8.DecodeRune(rest[i:])
				if r == utf8.RuneError && n == 1 {
					p.err(errChar, p.docStart+i, "bytes that are not UTF-8 in a UTF-8 document")
				}
				i += n
			}
		}
		for _, bad := range []string{"\uFFFE", "\uFFFF"} {
			for i, off := 0, 0; ; off += i + 3 {
				i = bytes.Index(rest[off:], []byte(bad))
				if i < 0 {
					break
				}
				p.err(errChar, p.docStart+off+i, "illegal character "+strconv.QuoteRune([]rune(bad)[0]))
			}
		}
	}
}

// isUTF8Name reports whether enc names UTF-8.
func isUTF8Name(enc string) bool {
	return strings.EqualFold(enc, "utf-8") || strings.EqualFold(enc, "utf8")
}

// xmlDecl reads the XML declaration at i, if there is one, into p.declEnc,
// p.declVer and p.standalone, and says in p.declErr what is wrong with it.
func (p *parser) xmlDecl(i int) (end int, ok bool) {
	src := p.src
	if !bytes.HasPrefix(src[i:], []byte("<?xml")) || i+5 >= len(src) || !isWS(src[i+5]) {
		return 0, false
	}
	k := bytes.Index(src[i:], []byte("?>"))
	if k < 0 {
		return 0, false
	}
	end = i + k + 2
	body := src[i+5 : i+k]
	next := 0 // index in order of the next pseudo-attribute allowed
	order := []string{"version", "encoding", "standalone"}
	for j := 0; j < len(body); {
		ws := j
		for j < len(body) && isWS(body[j]) {
			j++
		}
		if j == len(body) {
			break
		}
		n := j
		for j < len(body) && isLetter(body[j]) {
			j++
		}
		name := string(body[n:j])
		for j < len(body) && isWS(body[j]) {
			j++
		}
		if j == ws || j >= len(body) || body[j] != '=' {
			p.declErr = "malformed XML declaration"
			return end, true
		}
		j++
		for j < len(body) && isWS(body[j]) {
			j++
		}
		if j >= len(body) || body[j] != '"' && body[j] != '\'' {
			p.declErr = "malformed XML declaration"
			return end, true
		}
		q := bytes.IndexByte(body[j+1:], body[j])
		if q < 0 {
			p.declErr = "malformed XML declaration"
			return end, true
		}
		val := string(body[j+1 : j+1+q])
		j += q + 2
		for next < len(order) && order[next] != name {
			next++
		}
		if next == len(order) {
			p.declErr = "unknown or misplaced " + strconv.Quote(name) + " in the XML declaration"
			return end, true
		}
		next++
		switch name {
		case "version":
			p.declVer = val
			if len(val) < 3 || val[:2] != "1." || strings.Trim(val[2:], "0123456789") != "" {
				p.declErr = "bad version " + strconv.Quote(val) + " in the XML declaration"
			}
		case "encoding":
			p.declEnc = val
			switch {
			case !validEncName(val):
				p.declErr = "bad encoding name " + strconv.Quote(val) + " in the XML declaration"
			case !knownEncoding(val):
				p.declErr = "unknown encoding " + strconv.Quote(val) + " in the XML declaration"
			case wideEncoding(val):
				p.declErr = "the XML declaration says " + strconv.Quote(val) + " but the document is not in it"
			}
		case "standalone":
			p.standalone = val == "yes"
			if val != "yes" && val != "no" {
				p.declErr = "standalone must be yes or no in the XML declaration"
			}
		}
	}
	if p.declVer == "" && p.declErr == "" {
		p.declErr = "XML declaration without a version"
	}
	return end, true
}

// knownEncoding reports whether parsers know the encoding called name.
func knownEncoding(name string) bool {
	if isUTF8Name(name) {
		return true
	}
	if _, err := htmlindex.Get(name); err == nil {
		return true
	}
	_, err := ianaindex.IANA.Encoding(name)
	return err == nil
}

// wideEncoding reports whether name is an encoding that is not
// ASCII-compatible: the package reads none of them.
func wideEncoding(name string) bool {
	n := strings.ToLower(name)
	for _, p := range []string{"utf-16", "utf16", "utf-32", "utf32", "ucs-2", "ucs2", "ucs-4", "ucs4", "iso-10646-ucs"} {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	return false
}

// validEncName reports whether s is an encoding name: [A-Za-z][A-Za-z0-9._-]*.
func validEncName(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isLetter(c) && !('0' <= c && c <= '9') && c != '.' && c != '_' && c != '-' {
			return false
		}
	}
	return true
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
			p.leaf("cdata", i, end, tree.Removable)
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

// comment scans the comment at i and adds it.
func (p *parser) comment(i int) int {
	src := p.src
	p.flushText(i)
	var end int
	var ok bool
	if p.lang == langHTML {
		switch rest := src[i+4:]; {
		case bytes.HasPrefix(rest, []byte(">")):
			end, ok = i+5, true
			p.err(errMarkup, i, "abruptly closed comment '<!-->'")
		case bytes.HasPrefix(rest, []byte("->")):
			end, ok = i+6, true
			p.err(errMarkup, i, "abruptly closed comment '<!--->'")
		default:
			end, ok = findEnd(src, i+4, "-->")
		}
	} else {
		end, ok = findEnd(src, i+4, "-->")
		body := src[i+4 : max(end-3, i+4)]
		if ok && (bytes.Contains(body, []byte("--")) || bytes.HasSuffix(body, []byte("-"))) {
			p.err(errMarkup, i, "'--' inside a comment")
		}
	}
	if !ok {
		p.err(errUnterminated, i, "unterminated comment")
	}
	p.leaf("comment", i, end, tree.Removable)
	return end
}

// pi scans a processing instruction, the XML declaration, or in HTML a
// bogus comment starting with "<?".
func (p *parser) pi(i int) int {
	src := p.src
	if i == p.docStart && p.declEnd > 0 {
		p.flushText(i)
		var flags tree.Flags
		if (p.declEnc == "" || isUTF8Name(p.declEnc)) && p.declVer == "1.0" {
			flags = tree.Removable
		}
		if p.lang == langXML && p.declErr != "" {
			p.err(errMarkup, i, p.declErr)
		}
		p.leaf("xmldecl", i, p.declEnd, flags)
		return p.declEnd
	}
	if p.lang == langHTML {
		end := bytes.IndexByte(src[i:], '>')
		p.flushText(i)
		if end < 0 {
			end = len(src)
			p.err(errUnterminated, i, "unterminated bogus comment '<?'")
		} else {
			end += i + 1
		}
		p.err(errMarkup, i, "bogus comment '<?' (processing instructions are not HTML)")
		p.leaf("bogus-comment", i, end, tree.Removable)
		return end
	}
	end, ok := findEnd(src, i+2, "?>")
	p.flushText(i)
	if !ok {
		p.err(errUnterminated, i, "unterminated processing instruction")
	}
	if k, msg := piTarget(src, i, end); msg != "" {
		p.err(k, i, msg)
	}
	p.leaf("pi", i, end, tree.Removable)
	return end
}

// piTarget checks the target of the processing instruction src[i:end].
func piTarget(src []byte, i, end int) (errKind, string) {
	n := i + 2
	if n >= len(src) || !isNameStart(src[n]) {
		return errMarkup, "processing instruction without a target"
	}
	n = xmlNameEnd(src, n)
	if target := src[i+2 : n]; len(target) == 3 && bytes.EqualFold(target, []byte("xml")) {
		return errMisplaced, "XML declaration not at the start of the document"
	}
	if n < end-2 && !isWS(src[n]) {
		return errMarkup, "processing instruction target not followed by a space"
	}
	return 0, ""
}

// doctype scans a document type declaration; in XML it notes the entities
// declared in its internal subset and whether it has an external part.
func (p *parser) doctype(i int) int {
	src := p.src
	if i > p.lastGT {
		return 0
	}
	var end int
	if p.lang == langHTML {
		k := bytes.IndexByte(src[i:], '>')
		if k < 0 {
			return 0
		}
		end = i + k + 1
	} else {
		var external, peRef bool
		tk := &p.tag
		tk.errs = tk.errs[:0]
		j := i + len("<!DOCTYPE")
		if j >= len(src) || !isWS(src[j]) {
			return 0
		}
	loop:
		for j < len(src) {
			switch c := src[j]; c {
			case '"', '\'':
				k := bytes.IndexByte(src[j+1:], c)
				if k < 0 {
					return 0
				}
				j += k + 2
			case '[':
				j = p.subset(j+1, &peRef, tk)
				if j < 0 {
					return 0
				}
			case '>':
				end = j + 1
				break loop
			case '<':
				return 0
			default:
				if isWS(src[j-1]) && (bytes.HasPrefix(src[j:], []byte("SYSTEM")) || bytes.HasPrefix(src[j:], []byte("PUBLIC"))) {
					external = true
				}
				j++
			}
		}
		if end == 0 {
			return 0
		}
		p.anyEntity = (external || peRef) && !p.standalone
		for _, e := range tk.errs {
			p.errName(e.kind, e.off, e.msg, e.name, "")
		}
	}
	p.flushText(i)
	if p.sawDoctype || p.topElems > 0 || len(p.stack) > 0 {
		p.err(errMisplaced, i, "document type declaration after the root element or twice")
	}
	p.sawDoctype = true
	p.leaf("doctype", i, end, tree.Removable)
	return end
}

// subset scans an internal DTD subset from i to its closing ']' and returns
// the position after it, or -1 when it does not end. Malformations go to
// errs, to be counted if the doctype turns out to end.
func (p *parser) subset(i int, peRef *bool, tk *tag) int {
	src := p.src
	for i < len(src) {
		c := src[i]
		switch {
		case c == ']':
			return i + 1
		case isWS(c):
			i++
		case c == '%':
			k := xmlNameEnd(src, i+1)
			if k == i+1 || k >= len(src) || src[k] != ';' || !isNameStart(src[i+1]) {
				tk.err(errMarkup, i, "malformed parameter entity reference in the internal subset", nil)
				i++
				continue
			}
			*peRef = true
			i = k + 1
		case bytes.HasPrefix(src[i:], []byte("<!--")):
			end, ok := findEnd(src, i+4, "-->")
			if !ok {
				return -1
			}
			if body := src[i+4 : end-3]; bytes.Contains(body, []byte("--")) || bytes.HasSuffix(body, []byte("-")) {
				tk.err(errMarkup, i, "'--' inside a comment", nil)
			}
			i = end
		case bytes.HasPrefix(src[i:], []byte("<?")):
			end, ok := findEnd(src, i+2, "?>")
			if !ok {
				return -1
			}
			if k, msg := piTarget(src, i, end); msg != "" {
				tk.err(k, i, msg, nil)
			}
			i = end
		case c == '<':
			j := p.markupDecl(i, tk)
			if j < 0 {
				return -1
			}
			i = j
		default:
			tk.err(errMarkup, i, "junk in the internal subset", nil)
			i++
		}
	}
	return -1
}

// markupDecl scans the markup declaration (<!ENTITY ...>, <!ELEMENT ...>,
// ...) at i, notes the general entity it declares, and returns the position
// after it, or -1 when it does not end.
func (p *parser) markupDecl(i int, tk *tag) int {
	src := p.src
	j := i + 2
	kw := j
	for j < len(src) && 'A' <= src[j] && src[j] <= 'Z' {
		j++
	}
	// Check the start, up to the name declared (and for an entity, the
	// start of its value or external ID).
	ws := func() bool {
		k := j
		for j < len(src) && isWS(src[j]) {
			j++
		}
		return j > k
	}
	name := func() []byte {
		k := j
		if j < len(src) && isNameStart(src[j]) {
			j = xmlNameEnd(src, j)
		}
		return src[k:j]
	}
	ok := false
	switch kwd := string(src[kw:j]); {
	case i+1 >= len(src) || src[i+1] != '!':
	case kwd == "ENTITY":
		if ws() {
			pe := j < len(src) && src[j] == '%'
			if pe {
				j++
				ws()
			}
			n := name()
			ok = len(n) > 0 && ws() && j < len(src) &&
				(src[j] == '"' || src[j] == '\'' || bytes.HasPrefix(src[j:], []byte("SYSTEM")) || bytes.HasPrefix(src[j:], []byte("PUBLIC")))
			if ok && !pe {
				if p.entities == nil {
					p.entities = map[string]bool{}
				}
				p.entities[string(n)] = true
			}
		}
	case kwd == "ELEMENT", kwd == "ATTLIST", kwd == "NOTATION":
		ok = ws() && len(name()) > 0
	}
	if !ok {
		tk.err(errMarkup, i, "malformed markup declaration in the internal subset", nil)
	}
	for j < len(src) && src[j] != '>' {
		switch c := src[j]; c {
		case '"', '\'':
			k := bytes.IndexByte(src[j+1:], c)
			if k < 0 {
				return -1
			}
			j += k + 1
		case '<':
			tk.err(errMarkup, j, "'<' inside a markup declaration", nil)
		}
		j++
	}
	if j >= len(src) {
		return -1
	}
	return j + 1
}

// ref checks the reference starting with the '&' at i and returns the
// position after it.
func (p *parser) ref(i int) int {
	end, msg, name := p.checkRef(i)
	if msg != "" {
		p.errName(errRef, i, msg, name, "")
	}
	return end
}

// checkRef returns the end of the reference at i and, if it is malformed or
// undefined, why (msg followed by name).
func (p *parser) checkRef(i int) (end int, msg string, name []byte) {
	src := p.src
	j := i + 1
	xml := p.lang == langXML
	if j < len(src) && src[j] == '#' {
		j++
		hex := j < len(src) && (src[j] == 'x' || !xml && src[j] == 'X')
		if hex {
			j++
		}
		k := j
		var v int
		for k < len(src) {
			c := src[k]
			var d int
			switch {
			case '0' <= c && c <= '9':
				d = int(c - '0')
			case hex && 'a' <= c|0x20 && c|0x20 <= 'f':
				d = int(c|0x20-'a') + 10
			default:
				goto done
			}
			if hex {
				v = v*16 + d
			} else {
				v = v*10 + d
			}
			v = min(v, 0x110000)
			k++
		}
	done:
		if k == j {
			return j, "malformed character reference", nil
		}
		if k >= len(src) || src[k] != ';' {
			return k, "character reference without ';'", nil
		}
		if !validChar(v) {
			return k + 1, "character reference to an illegal character", nil
		}
		return k + 1, "", nil
	}
	if xml {
		if j >= len(src) || !isNameStart(src[j]) {
			return j, "'&' starts no reference (write &amp;)", nil
		}
		k := xmlNameEnd(src, j)
		if k >= len(src) || src[k] != ';' {
			return j, "'&' starts no reference (write &amp;)", nil
		}
		name = src[j:k]
		switch string(name) {
		case "amp", "lt", "gt", "quot", "apos":
			return k + 1, "", nil
		}
		if p.anyEntity || p.entities[string(name)] {
			return k + 1, "", nil
		}
		return k + 1, "undefined entity &", src[j : k+1]
	}
	k := j
	for k < len(src) && (isLetter(src[k]) || '0' <= src[k] && src[k] <= '9') {
		k++
	}
	if k == j || k >= len(src) || src[k] != ';' {
		return k, "", nil
	}
	switch string(src[j:k]) {
	case "amp", "lt", "gt", "quot", "apos", "nbsp", "copy":
		return k + 1, "", nil
	}
	ref := string(src[i : k+1])
	if u := html.UnescapeString(ref); u == ref || utf8.RuneCountInString(u) > 2 {
		return k + 1, "unknown entity ", src[i : k+1]
	}
	return k + 1, "", nil
}

// validChar reports whether the code point v is an XML 1.0 Char.
func validChar(v int) bool {
	return v == 0x9 || v == 0xA || v == 0xD || 0x20 <= v && v <= 0xD7FF ||
		0xE000 <= v && v <= 0xFFFD || 0x10000 <= v && v <= 0x10FFFF
}

// flushText adds the text between the last markup and end, less its
// surrounding white space, as a text node.
func (p *parser) flushText(end int) {
	s := p.textStart
	p.textStart = end
	for s < end && p.isSpace(p.src[s]) {
		s++
	}
	for end > s && p.isSpace(p.src[end-1]) {
		end--
	}
	if s == end {
		return
	}
	if p.lang == langXML && len(p.stack) == 0 {
		p.err(errMisplaced, s, "text outside the root element")
	}
	p.leaf("text", s, end, tree.Removable|tree.Chars)
}

// leaf adds a node without children to the innermost open element.
func (p *parser) leaf(kind string, start, end int, flags tree.Flags) {
	if p.building() {
		p.add(p.parent(), p.depth()+1, kind, start, end, flags)
	}
	p.setLast(end)
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
