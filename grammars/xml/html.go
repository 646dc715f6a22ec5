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

// htmlTags holds the rules of the element names that have any, by
// lower-case name.
var htmlTags = map[string]*htmlTag{
	"address":    {group: gBlock},
	"area":       {void: true},
	"article":    {group: gBlock},
	"aside":      {group: gBlock},
	"base":       {void: true, inHead: true},
	"basefont":   {void: true, inHead: true},
	"bgsound":    {void: true, inHead: true},
	"blockquote": {group: gBlock},
	"body":       {optional: true, group: gBody},
	"br":         {void: true},
	"caption":    {optional: true, group: gCaption, closedBy: gTr | gSection | gColgroup | gCaption},
	"center":     {group: gBlock},
	"col":        {void: true},
	"colgroup":   {optional: true, group: gColgroup, closedBy: gTr | gSection | gColgroup | gCaption},
	"dd":         {optional: true, group: gBlock | gDtDd, closedBy: gDtDd},
	"details":    {group: gBlock},
	"dialog":     {group: gBlock},
	"dir":        {group: gBlock},
	"div":        {group: gBlock},
	"dl":         {group: gBlock},
	"dt":         {optional: true, group: gBlock | gDtDd, closedBy: gDtDd},
	"embed":      {void: true},
	"fieldset":   {group: gBlock},
	"figcaption": {group: gBlock},
	"figure":     {group: gBlock},
	"footer":     {group: gBlock},
	"form":       {group: gBlock},
	"frame":      {void: true},
	"h1":         {group: gBlock},
	"h2":         {group: gBlock},
	"h3":         {group: gBlock},
	"h4":         {group: gBlock},
	"h5":         {group: gBlock},
	"h6":         {group: gBlock},
	"head":       {optional: true, closedBy: gBody},
	"header":     {group: gBlock},
	"hgroup":     {group: gBlock},
	"hr":         {void: true, group: gBlock},
	"html":       {optional: true},
	"iframe":     {raw: rawText},
	"img":        {void: true},
	"input":      {void: true},
	"keygen":     {void: true},
	"li":         {optional: true, group: gBlock | gLi, closedBy: gLi},
	"link":       {void: true, inHead: true},
	"listing":    {group: gBlock},
	"main":       {group: gBlock},
	"menu":       {group: gBlock},
	"meta":       {void: true, inHead: true},
	"nav":        {group: gBlock},
	"noembed":    {raw: rawText},
	"noframes":   {raw: rawText, inHead: true},
	"noscript":   {raw: rawText, inHead: true},
	"ol":         {group: gBlock},
	"optgroup":   {optional: true, group: gOptgroup, closedBy: gOptgroup},
	"option":     {optional: true, group: gOption, closedBy: gOption | gOptgroup},
	"p":          {optional: true, group: gBlock, closedBy: gBlock},
	"param":      {void: true},
	"plaintext":  {optional: true, raw: rawToEOF, group: gBlock},
	"pre":        {group: gBlock},
	"rb":         {optional: true, group: gRuby, closedBy: gRuby},
	"rp":         {optional: true, group: gRuby, closedBy: gRuby},
	"rt":         {optional: true, group: gRuby, closedBy: gRuby},
	"rtc":        {optional: true, group: gRuby, closedBy: gRuby},
	"script":     {raw: rawText, inHead: true},
	"search":     {group: gBlock},
	"section":    {group: gBlock},
	"source":     {void: true},
	"style":      {raw: rawText, inHead: true},
	"table":      {group: gBlock},
	"tbody":      {optional: true, group: gSection, closedBy: gSection},
	"td":         {optional: true, group: gCell, closedBy: gTr | gCell | gSection},
	"template":   {inHead: true},
	"textarea":   {raw: rawText},
	"tfoot":      {optional: true, group: gSection, closedBy: gSection},
	"th":         {optional: true, group: gCell, closedBy: gTr | gCell | gSection},
	"thead":      {optional: true, group: gSection, closedBy: gSection},
	"title":      {raw: rawText, inHead: true},
	"tr":         {optional: true, group: gTr, closedBy: gTr | gSection},
	"track":      {void: true},
	"ul":         {group: gBlock},
	"wbr":        {void: true},
	"xmp":        {raw: rawText, group: gBlock},
}

// headTag is the rules of head, which any start tag that may not appear in
// head closes.
var headTag = htmlTags["head"]

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
