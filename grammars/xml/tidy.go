package xml

import (
	"bytes"

	"github.com/hddreduce/hdd/hdd/tree"
)

// compactLimit bounds the compacted root element: past it, a result keeps
// its line breaks and indentation, which help more than the bytes saved.
const compactLimit = 160

// compact is the XML tidy "compact": the prolog's declarations each on a
// line of their own with the white space inside them squeezed, then the
// root element on one line, without the white space between its nodes and
// with empty elements closed by "/>". Text is kept as it is. It returns
// text unchanged when it does not parse or the root element would take
// more than compactLimit bytes. Its line breaks are those of text: CRLF
// if text's first line ends in one.
func compact(text []byte) []byte {
	doc, err := Parse(text)
	if err != nil {
		return text
	}
	nl := []byte("\n")
	if i := bytes.IndexByte(text, '\n'); i > 0 && text[i-1] == '\r' {
		nl = []byte("\r\n")
	}
	t := doc.Tree
	var out []byte
	rootSeen := false
	for _, id := range t.Children(0) {
		n := &t.Nodes[id]
		if n.Kind != "element" {
			if len(out) > 0 && rootSeen {
				out = append(out, nl...)
			}
			out = append(out, squeeze(t.Text(id))...)
			if !rootSeen {
				out = append(out, nl...)
			}
			continue
		}
		if rootSeen {
			return text // several top-level elements: leave them be
		}
		rootSeen = true
		var ok bool
		if out, ok = compactElement(t, id, out, len(out)+compactLimit); !ok {
			return text
		}
	}
	if bytes.HasSuffix(text, []byte("\n")) && !bytes.HasSuffix(out, []byte("\n")) {
		out = append(out, nl...)
	}
	return out
}

// compactElement appends element id without the white space between its
// nodes, as <a/> when nothing is left inside it, and reports true; or
// false, as soon as out grows past limit bytes or an element is not
// parsed into its tags (a large document's tree stops at a depth: see
// Parse).
func compactElement(t *tree.Tree, id tree.NodeID, out []byte, limit int) ([]byte, bool) {
	kids := t.Children(id)
	if len(kids) == 0 || t.Nodes[kids[0]].Kind != "start-tag" {
		return out, false
	}
	stag := squeeze(t.Text(kids[0]))
	content := kids[1:]
	etag := []byte(nil)
	if k := len(content); k > 0 && t.Nodes[content[k-1]].Kind == "end-tag" {
		etag, content = t.Text(content[k-1]), content[:k-1]
	}
	if len(content) == 0 && etag != nil {
		stag = bytes.TrimSuffix(stag, []byte(">"))
		stag = bytes.TrimRight(stag, " ")
		out = append(append(out, stag...), "/>"...)
		return out, len(out) <= limit
	}
	out = append(out, stag...)
	for _, ch := range content {
		if len(out) > limit {
			return out, false
		}
		if t.Nodes[ch].Kind == "element" {
			var ok bool
			if out, ok = compactElement(t, ch, out, limit); !ok {
				return out, false
			}
		} else {
			out = append(out, t.Text(ch)...)
		}
	}
	out = append(out, etag...)
	return out, len(out) <= limit
}

// squeeze replaces each run of white space outside quotes in markup by one
// space.
func squeeze(markup []byte) []byte {
	out := make([]byte, 0, len(markup))
	var quote byte
	for i := 0; i < len(markup); i++ {
		c := markup[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case isWS(c):
			for i+1 < len(markup) && isWS(markup[i+1]) {
				i++
			}
			c = ' '
		}
		out = append(out, c)
	}
	return out
}
