package treesitter

// A Span is a region of the input that tree-sitter does not see: a GNU
// extension its grammar cannot parse where it stands, such as an
// __attribute__ after a C++ namespace's name. The parse sees blanks in its
// place; the tree has it as a node of kind Kind, placed among the children
// of the innermost node around it, and the table says what may happen to
// it, by its kind, as to any node.
type Span struct {
	Start, End int
	Kind       string
}

// blank returns src with the bytes of spans, sorted and disjoint, made
// spaces, line breaks excepted, so that the parse of the result has the
// spans' rows and columns: src itself if there are none.
func blank(src []byte, spans []Span) []byte {
	if len(spans) == 0 {
		return src
	}
	out := append([]byte(nil), src...)
	for _, s := range spans {
		for i := s.Start; i < s.End; i++ {
			if c := out[i]; c != '\n' && c != '\r' {
				out[i] = ' '
			}
		}
	}
	return out
}

// hidden returns the text tree-sitter parses for src: src with the spans
// of l.Hide blanked.
func (l *Language) hidden(src []byte) ([]byte, []Span) {
	if l.Hide == nil {
		return src, nil
	}
	spans := l.Hide(src)
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
