package treesitter

import (
	"slices"
	"sort"
)

// A Span is a region of the input that tree-sitter does not see: a GNU
// extension its grammar cannot parse where it stands, such as an
// __attribute__ after a C++ namespace's name. The parse sees blanks in its
// place; the tree has it as a node of kind Kind, placed among the children
// of the innermost node around it, and the table says what may happen to
// it, by its kind, as to any node.
//
// A span of Kind "" hides nothing: it is a place where Hide looked for a
// span and found none, having read the text from Start to End (the bytes
// after a word "__attribute__", say, up to the ";" that shows it is not
// one). Such spans tell where the scan of a text that differs from an
// earlier one only past End may start over (see Language.Hide).
type Span struct {
	Start, End int
	Kind       string
}

// blank returns src with the bytes of spans, sorted and disjoint, made
// spaces, line breaks excepted, so that the parse of the result has the
// spans' rows and columns: src itself if there are none.
func blank(src []byte, spans []Span) []byte {
	var out []byte
	for _, s := range spans {
		if s.Kind == "" {
			continue
		}
		if out == nil {
			out = append([]byte(nil), src...)
		}
		for i := s.Start; i < s.End; i++ {
			if c := out[i]; c != '\n' && c != '\r' {
				out[i] = ' '
			}
		}
	}
	if out == nil {
		return src
	}
	return out
}

// hidden returns the text tree-sitter parses for src, src with the spans
// of l.Hide blanked, and the spans.
func (l *Language) hidden(src []byte) ([]byte, []Span) {
	if l.Hide == nil {
		return src, nil
	}
	spans := slices.Collect(l.Hide(src, 0))
	return blank(src, spans), spans
}

// hiddenAfter is hidden for src, a text that is prev, whose spans are
// prevSpans, with one span of bytes replaced (a candidate and its base):
// it scans src only from the last span of prev before the edit, and only
// until a span of src past the edit is one of prev's, moved; from there
// on, the two scans see the same bytes in the same state. The scan starts
// before any span whose reading reached the edit, and never later than a
// place where the scan of prev stood: it then finds what a scan of all of
// src finds.
func (l *Language) hiddenAfter(prev []byte, prevSpans []Span, src []byte) ([]byte, []Span) {
	if l.Hide == nil {
		return src, nil
	}
	pre := commonPrefix(prev, src)
	suf := commonSuffix(prev[pre:], src[pre:])
	oldEnd, newEnd := len(prev)-suf, len(src)-suf
	delta := newEnd - oldEnd

	// Restart at the last span that starts before the edit, or before it
	// at the first span whose reading went into the edit (or to the end of
	// prev, which the edit may move).
	k := sort.Search(len(prevSpans), func(i int) bool { return prevSpans[i].Start >= pre }) - 1
	for i := range k {
		if end := prevSpans[i].End; end > pre || end == len(prev) {
			k = i
			break
		}
	}
	from := 0
	spans := make([]Span, 0, len(prevSpans)+1)
	if k >= 0 {
		from = prevSpans[k].Start
		spans = append(spans, prevSpans[:k]...)
	}
	// The spans of prev past the edit, which src's scan meets at their
	// place moved by delta: the two scans agree from there on.
	next := sort.Search(len(prevSpans), func(i int) bool { return prevSpans[i].Start >= oldEnd })
	for s := range l.Hide(src, from) {
		for next < len(prevSpans) && prevSpans[next].Start+delta < s.Start {
			next++
		}
		if next < len(prevSpans) && prevSpans[next].Start+delta == s.Start {
			for _, p := range prevSpans[next:] {
				spans = append(spans, Span{Start: p.Start + delta, End: p.End + delta, Kind: p.Kind})
			}
			return blank(src, spans), spans
		}
		spans = append(spans, s)
	}
	return blank(src, spans), spans
}

// insertSpans adds a node for each span to nodes, as a child of the
// innermost node that holds it, among that node's children in order. A
// span inside a leaf, an ERROR node or a line of one stays part of its
// text.
func (l *Language) insertSpans(nodes []Node, spans []Span) []Node {
	if len(nodes) == 0 {
		return nodes
	}
	syms := map[string]*Sym{}
	for _, s := range spans {
		if s.Kind == "" {
			continue // nothing hidden
		}
		p := 0            // the root's children may lie outside its span: the tree's root spans the input
		prev := int32(-1) // the child of p after which the span goes
	descend:
		for {
			n := &nodes[p]
			if n.Error || n.Kind == ErrorLine || l.Table.Leaves[n.Kind] {
				p = -1
				break
			}
			prev = -1
			for c := n.first; c >= 0; c = nodes[c].next {
				ch := &nodes[c]
				switch {
				case ch.Start <= s.Start && s.End <= ch.End:
					p = int(c)
					continue descend
				case ch.End <= s.Start:
					prev = c
				case ch.Start < s.End:
					p = -1 // overlaps a child: tree-sitter saw something there
					break descend
				}
			}
			break
		}
		if p < 0 {
			continue
		}
		sym := syms[s.Kind]
		if sym == nil {
			sym = &Sym{Kind: s.Kind, Named: true}
			syms[s.Kind] = sym
		}
		id := int32(len(nodes))
		nodes = append(nodes, Node{Sym: sym, Start: s.Start, End: s.End, first: -1, last: -1, next: -1})
		n := &nodes[p]
		switch {
		case prev < 0:
			nodes[id].next = n.first
			n.first = id
			if n.last < 0 {
				n.last = id
			}
		default:
			nodes[id].next = nodes[prev].next
			nodes[prev].next = id
			if n.last == prev {
				n.last = id
			}
		}
	}
	return nodes
}
