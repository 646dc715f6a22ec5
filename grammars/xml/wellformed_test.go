package xml

import (
	"bytes"
	stdxml "encoding/xml"
	"fmt"
	"io"
	"regexp"

	"golang.org/x/text/encoding/htmlindex"
)

// This file holds the independent well-formedness check of the property
// tests. It shares no code with the package: encoding/xml's strict decoder
// does the XML 1.0 checks while reading raw tokens (x/text decodes the
// declared encoding; regular expressions find the declared entities), and
// the loop checks what RawToken leaves out: matching end tags, one root
// element, no text outside it, unique attributes and bound namespace
// prefixes.

var (
	reEntityDecl = regexp.MustCompile(`<!ENTITY\s+([^\s%]\S*)\s`)
	reDoctype    = regexp.MustCompile(`(?s)<!DOCTYPE\s+\S+(.*?)(\[(.*?)\]\s*)?>`)
	reExternal   = regexp.MustCompile(`^\s+(SYSTEM|PUBLIC)\s`)
	rePERef      = regexp.MustCompile(`%[A-Za-z_:][-.\w:]*;`)
	reRef        = regexp.MustCompile(`&([A-Za-z_:][-.\w:]*);`)
	reStandalone = regexp.MustCompile(`^<\?xml[^>]*standalone\s*=\s*["']yes["']`)
	reValue      = regexp.MustCompile(`<!ENTITY\s+(%\s+)?([^\s%]\S*)\s+("[^"]*"|'[^']*')`)
	reDefault    = regexp.MustCompile(`<!ATTLIST[^>]*>`)
	reLiteral    = regexp.MustCompile(`"[^"]*"|'[^']*'`)
	reAmp        = regexp.MustCompile(`&(#x[0-9a-fA-F]+;|#[0-9]+;|[A-Za-z_:][-.\w:]*;)?`)
)

func charsetReader(label string, in io.Reader) (io.Reader, error) {
	e, err := htmlindex.Get(label)
	if err != nil {
		return nil, err
	}
	return e.NewDecoder().Reader(in), nil
}

// wellFormed returns why src is not a well-formed, namespace-well-formed
// XML document, or nil.
func wellFormed(src []byte) error {
	entities := map[string]string{}
	for _, m := range reEntityDecl.FindAllSubmatch(src, -1) {
		entities[string(m[1])] = "x"
	}
	if m := reDoctype.FindSubmatchIndex(src); m != nil {
		standalone := reStandalone.Match(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf")))
		external := reExternal.Match(src[m[2]:m[3]]) && !standalone
		subset, bare, end := internalSubset(src, m[0])
		// A parameter entity is declared before its references, unless an
		// external DTD may declare it; one declared external may declare
		// any entity.
		for _, r := range rePERef.FindAllIndex(bare, -1) {
			name := regexp.QuoteMeta(string(bare[r[0]+1 : r[1]-1]))
			decl := regexp.MustCompile(`<!ENTITY\s+%\s+` + name + `\s+(\S)`).FindSubmatch(bare[:r[0]])
			switch {
			case decl == nil && !external:
				return fmt.Errorf("PEReference: %s not found", bare[r[0]:r[1]])
			case decl == nil || decl[1][0] != '"' && decl[1][0] != '\'':
				external = !standalone
			}
		}
		if external {
			for _, r := range reRef.FindAllSubmatch(src, -1) {
				entities[string(r[1])] = "x"
			}
		}
		if err := entityValues(subset, entities, src[end:]); err != nil {
			return err
		}
	}

	// encoding/xml does not skip a byte order mark.
	d := stdxml.NewDecoder(bytes.NewReader(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))))
	d.Strict = true
	d.Entity = entities
	d.CharsetReader = charsetReader
	var open []stdxml.Name
	var scopes [][]string // prefixes bound by each open element
	bound := func(prefix string) bool {
		if prefix == "" || prefix == "xml" {
			return true
		}
		for _, s := range scopes {
			for _, p := range s {
				if p == prefix {
					return true
				}
			}
		}
		return false
	}
	roots := 0
	for ntok := 0; ; ntok++ {
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		switch tok := tok.(type) {
		case stdxml.StartElement:
			if len(open) == 0 {
				roots++
			}
			open = append(open, tok.Name)
			var scope []string
			seen := map[stdxml.Name]bool{}
			for _, a := range tok.Attr {
				if seen[a.Name] {
					return fmt.Errorf("duplicate attribute %s:%s", a.Name.Space, a.Name.Local)
				}
				seen[a.Name] = true
				if a.Name.Space == "xmlns" {
					scope = append(scope, a.Name.Local)
				}
			}
			scopes = append(scopes, scope)
			if !bound(tok.Name.Space) {
				return fmt.Errorf("unbound prefix %s in <%s:%s>", tok.Name.Space, tok.Name.Space, tok.Name.Local)
			}
			for _, a := range tok.Attr {
				if a.Name.Space != "xmlns" && !(a.Name.Space == "" && a.Name.Local == "xmlns") && !bound(a.Name.Space) {
					return fmt.Errorf("unbound prefix %s in attribute %s:%s", a.Name.Space, a.Name.Space, a.Name.Local)
				}
			}
		case stdxml.EndElement:
			if len(open) == 0 || open[len(open)-1] != tok.Name {
				return fmt.Errorf("unexpected end tag </%s>", tok.Name.Local)
			}
			open = open[:len(open)-1]
			scopes = scopes[:len(scopes)-1]
		case stdxml.CharData:
			if len(open) == 0 && len(bytes.Trim(tok, " \t\r\n")) > 0 {
				return fmt.Errorf("text outside the root element")
			}
		case stdxml.ProcInst:
			if tok.Target == "xml" && ntok > 0 {
				return fmt.Errorf("XML declaration not at the start")
			}
		}
	}
	if len(open) > 0 {
		return fmt.Errorf("unexpected end of input: <%s> is not closed", open[len(open)-1].Local)
	}
	if roots != 1 {
		return fmt.Errorf("%d root elements", roots)
	}
	return nil
}

// entityValues checks the references of an internal subset's entity values
// and attribute defaults: each '&' starts a reference; a default names
// only entities declared before it; and the document after the doctype,
// rest, uses no entity whose value names, directly or through another
// value, an entity that entities does not hold.
func entityValues(subset []byte, entities map[string]string, rest []byte) error {
	names := map[string][]string{}
	for _, m := range reValue.FindAllSubmatch(subset, -1) {
		for _, a := range reAmp.FindAllSubmatch(m[3], -1) {
			if len(a[1]) == 0 {
				return fmt.Errorf("EntityValue: '&' forbidden except for entities references")
			}
			if len(m[1]) == 0 && a[1][0] != '#' {
				names[string(m[2])] = append(names[string(m[2])], string(a[1][:len(a[1])-1]))
			}
		}
	}
	declared := func(n string) bool {
		switch n {
		case "amp", "lt", "gt", "quot", "apos":
			return true
		}
		return entities[n] != ""
	}
	for _, d := range reDefault.FindAllIndex(subset, -1) {
		for _, lit := range reLiteral.FindAll(subset[d[0]:d[1]], -1) {
			for _, a := range reAmp.FindAllSubmatch(lit, -1) {
				if len(a[1]) == 0 {
					return fmt.Errorf("AttValue: '&' forbidden except for entities references")
				}
				n := string(a[1][:len(a[1])-1])
				if a[1][0] == '#' || declared(n) && regexp.MustCompile(`<!ENTITY\s+`+regexp.QuoteMeta(n)+`\s`).Match(subset[:d[0]]) {
					continue
				}
				if entities[n] == "x" && !reEntityDecl.Match(subset) { // allowed by an external DTD
					continue
				}
				return fmt.Errorf("Entity '%s' not defined in an attribute's default", n)
			}
		}
	}
	var bad func(n string, depth int) bool
	bad = func(n string, depth int) bool {
		if depth > len(names) {
			return false // a cycle: not this check's business
		}
		for _, r := range names[n] {
			if !declared(r) || bad(r, depth+1) {
				return true
			}
		}
		return false
	}
	for _, r := range reRef.FindAllSubmatch(rest, -1) {
		if bad(string(r[1]), 0) {
			return fmt.Errorf("Entity '%s' failed to parse: its value names an undefined entity", r[1])
		}
	}
	return nil
}

// internalSubset returns the internal subset of the doctype at i (nil if
// none), the same with its comments, processing instructions and the
// contents of its literals blanked, and the end of the doctype.
func internalSubset(src []byte, i int) (subset, bare []byte, end int) {
	open := bytes.IndexByte(src[i:], '[')
	gt := bytes.IndexByte(src[i:], '>')
	if open < 0 || gt >= 0 && gt < open {
		return nil, nil, i + max(gt+1, 0)
	}
	start := i + open + 1
	var out []byte
	j := start
	for j < len(src) && src[j] != ']' {
		skip := 0
		switch {
		case bytes.HasPrefix(src[j:], []byte("<!--")):
			skip = bytes.Index(src[j:], []byte("-->")) + 3
		case bytes.HasPrefix(src[j:], []byte("<?")):
			skip = bytes.Index(src[j:], []byte("?>")) + 2
		case src[j] == '"' || src[j] == '\'':
			if k := bytes.IndexByte(src[j+1:], src[j]); k >= 0 {
				out = append(out, src[j])
				out = append(out, bytes.Repeat([]byte{' '}, k)...)
				out = append(out, src[j])
				j += k + 2
				continue
			}
		}
		if skip > 2 {
			out = append(out, bytes.Repeat([]byte{' '}, skip)...)
			j += skip
			continue
		}
		out = append(out, src[j])
		j++
	}
	end = j
	if k := bytes.IndexByte(src[j:], '>'); k >= 0 {
		end = j + k + 1
	}
	return src[start:j], out, end
}
