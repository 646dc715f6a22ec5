package treesitter

import (
	"bytes"

	"github.com/hddreduce/hdd/hdd/tree"
)

// A Part is a child of a node as it goes into the hdd tree: one copied
// node, or a group of consecutive parts under a node of its own.
type Part struct {
	node    int // index of the copied node, or -1 for a group
	Flags   tree.Flags
	Replace string
	class   string // the class of its slot's category
	Kind    string // a group's kind
	Members []Part // a group's members
}

// Is reports whether all of f are set on p.
func (p Part) Is(f tree.Flags) bool { return p.Flags&f == f }

// A Planner gives a Table's Plan access to the nodes of the parts it
// arranges, and the layouts' helpers.
type Planner struct{ b *builder }

// Node returns the node of part p, or nil if p is a group.
func (pl *Planner) Node(p Part) *Node {
	if p.node < 0 {
		return nil
	}
	return &pl.b.raw[p.node]
}

// Kind returns the kind of part p: its node's, or a group's.
func (pl *Planner) Kind(p Part) string {
	if n := pl.Node(p); n != nil {
		return n.Kind
	}
	return p.Kind
}

// Parent returns the parent of the node whose parts are arranged, or nil
// for the root.
func (pl *Planner) Parent() *Node {
	if n := len(pl.b.path); n >= 2 {
		return &pl.b.raw[pl.b.path[n-2]]
	}
	return nil
}

// FirstChild returns the first child of n, or nil.
func (pl *Planner) FirstChild(n *Node) *Node {
	if n.first < 0 {
		return nil
	}
	return &pl.b.raw[n.first]
}

// NextSibling returns the sibling after n, or nil.
func (pl *Planner) NextSibling(n *Node) *Node {
	if n.next < 0 {
		return nil
	}
	return &pl.b.raw[n.next]
}

// Text returns the bytes of n in the input.
func (pl *Planner) Text(n *Node) []byte { return pl.b.src[n.Start:n.End] }

// Memo returns what f returns, computed once for the input under key: a
// Plan that needs a fact of the whole input (the macros it defines, say)
// computes it at its first node.
func (pl *Planner) Memo(key string, f func(src []byte) any) any {
	if v, ok := pl.b.memo[key]; ok {
		return v
	}
	if pl.b.memo == nil {
		pl.b.memo = map[string]any{}
	}
	v := f(pl.b.src)
	pl.b.memo[key] = v
	return v
}

// Group returns a part of the given kind and flags holding members.
func (pl *Planner) Group(kind string, flags tree.Flags, members ...Part) Part {
	return Part{node: -1, Kind: kind, Flags: flags, Members: members}
}

// Attach groups each run of parts that lead reports true for (attributes,
// decorators), with the parts among them that between reports true for
// (comments), and the removable part after the run that to accepts, into
// one removable part of kind group: that part vanishes with what leads
// it, never alone, while each of those may still vanish alone. A run with
// no such part after it stays as it is.
func (pl *Planner) Attach(parts []Part, group string, lead, between func(kind string) bool, to func(Part) bool) []Part {
	var out []Part
	for i := 0; i < len(parts); i++ {
		if !lead(pl.Kind(parts[i])) {
			out = append(out, parts[i])
			continue
		}
		j := i
		for j < len(parts) && (lead(pl.Kind(parts[j])) || between(pl.Kind(parts[j]))) {
			j++
		}
		if j == len(parts) || !parts[j].Is(tree.Removable) || !to(parts[j]) {
			out = append(out, parts[i:j]...)
			i = j - 1
			continue
		}
		members := append([]Part(nil), parts[i:j+1]...)
		members[len(members)-1].Flags &^= tree.Removable
		out = append(out, pl.Group(group, tree.Removable, members...))
		i = j
	}
	return out
}

// List marks the parts for which item reports true as list items that may
// vanish, and the commas between them as separators (see the List layout).
func (pl *Planner) List(parts []Part, item func(Part) bool) []Part {
	return pl.b.planList(parts, item)
}

// A builder copies nodes into an hdd tree, applying the table.
type builder struct {
	table *Table
	src   []byte
	raw   []Node
	t     *tree.Tree
	parts []Part         // a stack: the parts of the nodes being added, outer first
	path  []int          // the copied nodes whose children are being added, outer first
	memo  map[string]any // see Planner.Memo
	// looseMemo holds the verdicts of loose by raw node: 0 unknown, 1
	// loose, -1 not.
	looseMemo []int8
}

// build adds the root, spanning all of the source, and everything below.
func (b *builder) build() {
	root := b.t.Add(tree.NoNode, b.table.Root, 0, len(b.src), 0, "")
	if len(b.raw) == 0 {
		return
	}
	b.children(root, 0)
}

// children adds the children of copied node ri under id.
func (b *builder) children(id tree.NodeID, ri int) {
	if b.raw[ri].first < 0 {
		return
	}
	mark := len(b.parts)
	b.path = append(b.path, ri)
	for _, s := range b.plan(ri) {
		b.add(id, s)
	}
	b.path = b.path[:len(b.path)-1]
	b.parts = b.parts[:mark]
}

// plan returns the parts of p's children. They are pushed on b.parts,
// which the caller pops when it is done with them; a later push may move
// the stack, but the returned slice keeps the parts it was given.
func (b *builder) plan(pi int) []Part {
	p := &b.raw[pi]
	mark := len(b.parts)
	for ci := int(p.first); ci >= 0; ci = int(b.raw[ci].next) {
		e := b.table.edit(p, &b.raw[ci])
		b.parts = append(b.parts, Part{node: ci, Flags: e.Flags, Replace: e.Replace, class: e.class})
	}
	parts := b.parts[mark:len(b.parts):len(b.parts)]
	switch b.table.Layouts[p.Kind] {
	case Items:
		parts = b.planItems(p, parts)
		if b.table.NonEmpty[p.Kind] {
			parts = keepOne(parts, func(s Part) bool {
				return s.Is(tree.Removable) && (s.node < 0 || !b.table.NotListItems[b.raw[s.node].Kind])
			})
		}
	case List:
		parts = b.planList(parts, func(s Part) bool {
			c := &b.raw[s.node]
			if c.Named || c.Error {
				return !b.table.NotListItems[c.Kind] && !b.table.NotItemFields[c.Field]
			}
			return b.table.ListTokens[c.Kind]
		})
		if b.table.NonEmpty[p.Kind] {
			parts = keepOne(parts, func(s Part) bool { return s.Is(tree.ListItem) })
		}
	}
	if len(b.table.Optional) > 0 {
		parts = b.planOptional(p, parts)
	}
	if b.table.Plan != nil {
		parts = b.table.Plan(&Planner{b}, p, parts)
	}
	return parts
}

// keepOne makes the only item of parts, if there is only one, stay: the
// only list item of a List parent, the only item of an Items parent but
// NotListItems (comments).
func keepOne(parts []Part, item func(Part) bool) []Part {
	k := -1
	for i, s := range parts {
		if item(s) {
			if k >= 0 {
				return parts
			}
			k = i
		}
	}
	if k >= 0 {
		parts[k].Flags &^= tree.Removable
	}
	return parts
}

// planOptional groups each child in an Optional slot with the token before
// it, and lets the group vanish.
func (b *builder) planOptional(p *Node, parts []Part) []Part {
	out := parts[:0]
	for _, s := range parts {
		if s.node < 0 {
			out = append(out, s)
			continue
		}
		c := &b.raw[s.node]
		tok, ok := b.table.Optional[Slot{p.Kind, c.Field}]
		switch {
		case !ok || c.Field == "":
		case tok == "":
			s.Flags |= tree.Removable
		default:
			k := len(out) - 1
			if k < 0 || out[k].node < 0 || b.raw[out[k].node].Named || b.raw[out[k].node].Kind != tok {
				break
			}
			s.Flags &^= tree.Removable
			out[k] = Part{node: -1, Kind: c.Field, Flags: tree.Removable, Members: []Part{out[k], s}}
			continue
		}
		out = append(out, s)
	}
	return out
}

// planItems marks the items of an Items parent removable and groups a
// Terminated kind with the ";" after it.
func (b *builder) planItems(p *Node, parts []Part) []Part {
	label, hasLabel := b.table.Labels[p.Kind]
	afterLabel := !hasLabel
	out := parts[:0]
	for i := 0; i < len(parts); i++ {
		s := parts[i]
		c := &b.raw[s.node]
		if hasLabel && c.Kind == label && !c.Named {
			afterLabel = true
		}
		if !b.table.isItem(p, c, afterLabel) {
			out = append(out, s)
			continue
		}
		if b.table.Terminated[c.Kind] && i+1 < len(parts) {
			if next := &b.raw[parts[i+1].node]; next.Kind == ";" && !next.Named {
				out = append(out, Part{node: -1, Kind: "declaration", Flags: tree.Removable,
					Members: []Part{s, parts[i+1]}})
				i++
				continue
			}
		}
		s.Flags |= tree.Removable
		out = append(out, s)
	}
	return out
}

// planList marks the items of a comma-separated list and the commas between
// them. A comma after the last item (allowed in many lists) may vanish on
// its own. Whatever follows a separator before the next item (comments,
// attributes) is grouped with the separator, so that the separator is
// rendered in its place.
func (b *builder) planList(parts []Part, item func(Part) bool) []Part {
	isItem := make([]bool, len(parts))
	last := -1
	for i, s := range parts {
		if item(s) {
			isItem[i] = true
			last = i
		}
	}
	isComma := func(s Part) bool { return s.node >= 0 && b.raw[s.node].Kind == "," && !b.raw[s.node].Named }
	out := make([]Part, 0, len(parts))
	seen := false
	for i := 0; i < len(parts); i++ {
		s := parts[i]
		switch {
		case isItem[i]:
			s.Flags |= tree.Removable | tree.ListItem
			seen = true
			out = append(out, s)
		case isComma(s) && seen && i < last:
			s.Flags = tree.Sep
			j := i + 1
			for j < len(parts) && !isItem[j] && !isComma(parts[j]) {
				j++
			}
			if j == i+1 {
				out = append(out, s)
				continue
			}
			g := Part{node: -1, Kind: ",", Flags: tree.Sep, Members: append([]Part{{node: s.node}}, parts[i+1:j]...)}
			out = append(out, g)
			i = j - 1
		case isComma(s) && seen && i > last:
			// A trailing comma goes with the last item, so that a list
			// that loses all its items does not keep it: "{ a, b, }" less
			// b reads "{ a }". The comma may vanish on its own too.
			k := len(out) - 1
			for !out[k].Is(tree.ListItem) {
				k--
			}
			s.Flags |= tree.Removable
			members := append(append([]Part{}, out[k:]...), s)
			members[0].Flags &^= tree.Removable | tree.ListItem
			out = append(out[:k], Part{node: -1, Kind: "list_item", Flags: out[k].Flags, Members: members})
		default:
			out = append(out, s)
		}
	}
	return out
}

func (b *builder) add(parent tree.NodeID, s Part) {
	if s.node < 0 {
		first, last := s.Members[0], s.Members[len(s.Members)-1]
		for last.node < 0 {
			last = last.Members[len(last.Members)-1]
		}
		for first.node < 0 {
			first = first.Members[0]
		}
		g := b.t.Add(parent, s.Kind, b.raw[first.node].Start, b.raw[last.node].End, s.Flags, s.Replace)
		for _, m := range s.Members {
			b.add(g, m)
		}
		return
	}
	r := &b.raw[s.node]
	id := b.t.Add(parent, r.Kind, r.Start, r.End, s.Flags, s.Replace)
	class := b.table.class(r, s.class)
	switch {
	case class == "":
	case b.table.ImplicitJoins[class] && b.loose(s.node):
	case b.table.Unreplaceable != nil && b.table.Unreplaceable(b.src, r):
	default:
		b.t.SetClass(id, class)
	}
	if b.table.Strings[r.Kind] && s.Replace != "" && s.Replace == b.table.Replace[r.Kind] {
		b.t.SetFlags(id, b.t.Nodes[id].Flags|tree.Chars) // a string in a value slot may be cut down
	}
	b.children(id, s.node)
}

// loose reports whether raw node ni has a line break between two of its
// tokens that no bracket of its own encloses (see Table.ImplicitJoins).
// The verdicts are kept, so that a tree's are found in one pass.
func (b *builder) loose(ni int) bool {
	if b.looseMemo == nil {
		b.looseMemo = make([]int8, len(b.raw))
	}
	if m := b.looseMemo[ni]; m != 0 {
		return m > 0
	}
	n := &b.raw[ni]
	verdict := int8(-1)
	if bytes.IndexByte(b.src[n.Start:n.End], '\n') >= 0 {
		depth, prev := 0, -1
		for ci := int(n.first); ci >= 0; ci = int(b.raw[ci].next) {
			c := &b.raw[ci]
			if depth == 0 && prev >= 0 && bareBreak(b.src[prev:c.Start]) {
				verdict = 1
				break
			}
			switch c.Kind {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth = max(depth-1, 0)
			default:
				if depth == 0 && c.first >= 0 && b.loose(ci) {
					verdict = 1
				}
			}
			if verdict > 0 {
				break
			}
			prev = c.End
		}
	}
	b.looseMemo[ni] = verdict
	return verdict > 0
}

// bareBreak reports whether gap, the bytes between two tokens, holds a
// line break that no backslash before it continues.
func bareBreak(gap []byte) bool {
	for i, c := range gap {
		if c == '\n' && !(i > 0 && gap[i-1] == '\\' || i > 1 && gap[i-1] == '\r' && gap[i-2] == '\\') {
			return true
		}
	}
	return false
}
