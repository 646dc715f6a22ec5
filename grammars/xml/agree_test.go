package xml

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// genWF returns a random well-formed document: declaration, doctype with an
// internal subset, namespaces, references, CDATA, comments and PIs.
func genWF(rng *rand.Rand) string {
	var sb strings.Builder
	if rng.IntN(2) == 0 {
		sb.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	}
	ents := rng.IntN(2) == 0
	if ents {
		sb.WriteString("<!DOCTYPE r [<!ENTITY e 'v'> <!-- c ] --> <!ELEMENT r ANY>]>\n")
	}
	if rng.IntN(2) == 0 {
		sb.WriteString("<!-- top -->\n")
	}
	var el func(d int, pfx bool)
	el = func(d int, pfx bool) {
		name := []string{"a", "b", "c", "é"}[rng.IntN(4)]
		p := pfx
		if pfx && rng.IntN(2) == 0 {
			name = "p:" + name
		}
		sb.WriteString("<" + name)
		for i := range rng.IntN(3) {
			fmt.Fprintf(&sb, " x%d=%s", i, []string{`"1"`, `'&amp;'`, `"&e;"`, `"a&#65;"`}[rng.IntN(4)])
		}
		if !pfx && rng.IntN(3) == 0 {
			sb.WriteString(" xmlns:p='urn:p'")
			p = true
		}
		if p && rng.IntN(2) == 0 {
			sb.WriteString(" p:y='2'")
		}
		if d > 3 || rng.IntN(4) == 0 {
			sb.WriteString("/>")
			return
		}
		sb.WriteString(">")
		for range rng.IntN(4) {
			switch rng.IntN(6) {
			case 0, 1:
				el(d+1, p)
			case 2:
				sb.WriteString([]string{"text", " t &lt; &e; ", "\n  ", "a]b"}[rng.IntN(4)])
			case 3:
				sb.WriteString("<![CDATA[ <x> & ]] ]]>")
			case 4:
				sb.WriteString("<!-- c - c -->")
			case 5:
				sb.WriteString("<?pi data?>")
			}
		}
		sb.WriteString("</" + name + ">")
	}
	el(0, false)
	s := sb.String()
	if !ents {
		s = strings.ReplaceAll(s, "&e;", "&lt;")
	}
	return s
}

// TestAgreesWithEncodingXML mutates well-formed documents at random and
// checks that every mutant the package parses strictly is well-formed for
// the independent check too. (The package is stricter in places, for
// example about doctypes after the root element, which encoding/xml accepts.)
func TestAgreesWithEncodingXML(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	gaps, stricter, total := 0, 0, 0
	for range n {
		s := genWF(rng)
		if err := wellFormed([]byte(s)); err != nil {
			t.Fatalf("generator: %v\n%s", err, s)
		}
		if d, err := Parse([]byte(s)); err != nil || len(d.Warnings) > 0 {
			t.Fatalf("got %v %q, want a strict parse of\n%s", err, d.Warnings, s)
		}
		b := []byte(s)
		switch rng.IntN(3) {
		case 0:
			i := rng.IntN(len(b))
			j := min(len(b), i+1+rng.IntN(6))
			b = append(b[:i:i], b[j:]...)
		case 1:
			i := rng.IntN(len(b) + 1)
			piece := markupPieces[rng.IntN(len(markupPieces))]
			b = append(b[:i:i], append([]byte(piece), b[i:]...)...)
		case 2:
			b[rng.IntN(len(b))] = "<>&;'\"/=!?-[] xp:"[rng.IntN(17)]
		}
		if i := bytes.Index(b, []byte("<!DOCTYPE")); i >= 0 && bytes.Contains(b[i:], []byte("<?")) {
			continue // encoding/xml does not read PIs in an internal subset
		}
		d, err := Parse(b)
		if err != nil {
			continue
		}
		total++
		strict := len(d.Warnings) == 0
		err = wellFormed(b)
		if strict && err != nil {
			gaps++
			if gaps <= 5 {
				t.Errorf("parsed strictly, but the independent check says: %v\n%q", err, b)
			}
		}
		if !strict && err == nil {
			stricter++
		}
	}
	t.Logf("%d mutants parsed: %d strictly but not well-formed, %d tolerantly but well-formed for encoding/xml", total, gaps, stricter)
}
