package xml

// HTML tree-building rules, a small subset of the HTML standard's: void
// elements, elements whose end tag may be omitted, the start tags that close
// them implicitly, and the elements whose content is raw text.

// Groups of start tags that close an open element implicitly.
const (
	gBlock    uint32 = 1 << iota // closes an open p
	gLi                          // li
	gDtDd                        // dt, dd
	gOption                      // option
	gOptgroup                    // optgroup
	gTr                          // tr
	gCell                        // td, th
	gSection                     // thead, tbody, tfoot
	gColgroup                    // colgroup
	gCaption                     // caption
	gRuby                        // rb, rt, rtc, rp
	gBody                        // body
)

// Raw text kinds.
const (
	rawNone  = iota
	rawText  // content up to the matching end tag is text
	rawToEOF // plaintext: everything after the start tag is text
)

// An htmlTag says how the tree builder treats one HTML element name.
type htmlTag struct {
	void     bool   // no content, no end tag
	optional bool   // the end tag may be omitted: closing it implicitly is no error
	raw      uint8  // rawNone, rawText or rawToEOF
	inHead   bool   // may appear in head without closing it
	group    uint32 // the groups this start tag belongs to
	closedBy uint32 // the groups whose start tags close this element
}

var htmlTags = map[string]*htmlTag{}

func init() {
	set := func(names []string, f func(*htmlTag)) {
		for _, n := range names {
			t := htmlTags[n]
			if t == nil {
				t = &htmlTag{}
				htmlTags[n] = t
			}
			f(t)
		}
	}
	set([]string{"area", "base", "basefont", "bgsound", "br", "col", "embed", "frame",
		"hr", "img", "input", "keygen", "link", "meta", "param", "source", "track", "wbr"},
		func(t *htmlTag) { t.void = true })
	set([]string{"html", "head", "body", "p", "li", "dt", "dd", "option", "optgroup",
		"tr", "td", "th", "thead", "tbody", "tfoot", "colgroup", "caption", "rb", "rt", "rtc", "rp"},
		func(t *htmlTag) { t.optional = true })
	set([]string{"script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title"},
		func(t *htmlTag) { t.raw = rawText })
	set([]string{"plaintext"}, func(t *htmlTag) { t.raw = rawToEOF; t.optional = true })
	set([]string{"base", "basefont", "bgsound", "link", "meta", "title", "script", "style",
		"noscript", "template", "noframes"}, func(t *htmlTag) { t.inHead = true })

	set([]string{"address", "article", "aside", "blockquote", "center", "details", "dialog",
		"dir", "div", "dl", "fieldset", "figcaption", "figure", "footer", "form",
		"h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "listing", "main",
		"menu", "nav", "ol", "p", "pre", "search", "section", "table", "ul", "xmp", "plaintext",
		"li", "dt", "dd"}, func(t *htmlTag) { t.group |= gBlock })
	set([]string{"li"}, func(t *htmlTag) { t.group |= gLi })
	set([]string{"dt", "dd"}, func(t *htmlTag) { t.group |= gDtDd })
	set([]string{"option"}, func(t *htmlTag) { t.group |= gOption })
	set([]string{"optgroup"}, func(t *htmlTag) { t.group |= gOptgroup })
	set([]string{"tr"}, func(t *htmlTag) { t.group |= gTr })
	set([]string{"td", "th"}, func(t *htmlTag) { t.group |= gCell })
	set([]string{"thead", "tbody", "tfoot"}, func(t *htmlTag) { t.group |= gSection })
	set([]string{"colgroup"}, func(t *htmlTag) { t.group |= gColgroup })
	set([]string{"caption"}, func(t *htmlTag) { t.group |= gCaption })
	set([]string{"rb", "rt", "rtc", "rp"}, func(t *htmlTag) { t.group |= gRuby })
	set([]string{"body"}, func(t *htmlTag) { t.group |= gBody })

	htmlTags["p"].closedBy = gBlock
	htmlTags["li"].closedBy = gLi
	htmlTags["dt"].closedBy = gDtDd
	htmlTags["dd"].closedBy = gDtDd
	htmlTags["option"].closedBy = gOption | gOptgroup
	htmlTags["optgroup"].closedBy = gOptgroup
	htmlTags["tr"].closedBy = gTr | gSection
	htmlTags["td"].closedBy = gCell | gTr | gSection
	htmlTags["th"].closedBy = gCell | gTr | gSection
	for _, n := range []string{"thead", "tbody", "tfoot"} {
		htmlTags[n].closedBy = gSection
	}
	htmlTags["colgroup"].closedBy = gColgroup | gCaption | gSection | gTr
	htmlTags["caption"].closedBy = gColgroup | gCaption | gSection | gTr
	for _, n := range []string{"rb", "rt", "rtc", "rp"} {
		htmlTags[n].closedBy = gRuby
	}
	htmlTags["head"].closedBy = gBody
	headTag = htmlTags["head"]
}

var headTag *htmlTag

// lookupHTML returns the rules for the element name, matched without regard
// to ASCII case, or nil for an element without special rules.
func lookupHTML(name []byte) *htmlTag {
	var buf [16]byte
	if len(name) > len(buf) {
		return nil
	}
	for i, c := range name {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return htmlTags[string(buf[:len(name)])]
}

// closes reports whether a start tag with rules st closes the open element
// with rules open implicitly.
func closes(open, st *htmlTag) bool {
	if open == nil {
		return false
	}
	var g uint32
	if st != nil {
		g = st.group
	}
	if open == headTag {
		return st == nil || !st.inHead
	}
	return open.closedBy&g != 0
}
