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
	if m := reDoctype.FindSubmatch(src); m != nil {
		external := reExternal.Match(m[1]) || rePERef.Match(m[3])
		if external && !reStandalone.Match(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))) {
			for _, r := range reRef.FindAllSubmatch(src, -1) {
				entities[string(r[1])] = "x"
			}
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
