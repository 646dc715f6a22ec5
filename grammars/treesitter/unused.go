package treesitter

import (
	"maps"
	"slices"
	"sort"

	"github.com/hddreduce/hdd/hdd/tree"
)

// A usage indexes the declarations of an input and the words that name
// them (other than the declarations' own names) by the nodes of its hdd tree that hold them, so that unused can tell
// which declarations of a candidate nothing else names (see
// tree.Policy.Unused).
//
// A declaration is owned by the innermost removable node around it, unless
// a list item (a parameter, a template parameter, an enumerator, one of
// several declarators) comes first, or it is local (see Language.Locals):
// removing a parameter changes what its
// function takes, however little its name is used, so such names belong
// to no node. These owned names are the ones that decide whether a node is
// unused; the others a node declares only must not be lost by its removal.
type usage struct {
	t       *tree.Tree
	words   []use         // the words naming a declared name, by node
	decls   []use         // the declarations, by node
	owners  []tree.NodeID // the nodes that own a declaration, in order
	owned   [][]int32     // the names each of owners owns
	number  map[string]int32
	scanner func(text []byte, f func(start, end int))
	// before holds, for a node, the node of a hidden span (see
	// Language.Hide) just before it among its siblings, such as a GNU
	// attribute before a declaration: it goes with the node.
	before map[tree.NodeID]tree.NodeID
}

// A use is a name (by its number) at a node.
type use struct {
	node tree.NodeID
	name int32
}

// newUsage indexes n, the names of t's source, by t's nodes.
func newUsage(t *tree.Tree, n *names, l *Language, hidden Set) *usage {
	u := &usage{t: t, number: make(map[string]int32, len(n.decls)), scanner: l.uses, before: map[tree.NodeID]tree.NodeID{}}
	if len(hidden) > 0 {
		for id := range t.Nodes {
			kids := t.Children(tree.NodeID(id))
			for i := 1; i < len(kids); i++ {
				if hidden[t.Nodes[kids[i-1]].Kind] && !hidden[t.Nodes[kids[i]].Kind] {
					u.before[kids[i]] = kids[i-1]
				}
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(n.decls)) {
		u.number[name] = int32(len(u.number))
	}
	declAt := map[int]bool{} // a declaration's own name is not a use of it
	for _, o := range n.order {
		declAt[o.off] = true
	}
	owned := map[tree.NodeID][]int32{}
	for name, offs := range n.decls {
		x := u.number[name]
		for _, off := range offs {
			leaf := leafAt(t, off)
			o := owner(t, leaf, l.Locals)
			if o != tree.NoNode && l.Reopens[t.Nodes[o].Kind] {
				delete(declAt, off) // a use, as well
				continue
			}
			u.decls = append(u.decls, use{leaf, x})
			if o != tree.NoNode && !slices.Contains(owned[o], x) {
				owned[o] = append(owned[o], x)
			}
		}
		for _, off := range n.words[name] {
			if !declAt[off] {
				u.words = append(u.words, use{leafAt(t, off), x})
			}
		}
	}
	byNode := func(a, b use) int { return int(a.node - b.node) }
	slices.SortFunc(u.words, byNode)
	slices.SortFunc(u.decls, byNode)
	u.owners = slices.Sorted(maps.Keys(owned))
	u.owned = make([][]int32, len(u.owners))
	for i, o := range u.owners {
		u.owned[i] = owned[o]
	}
	return u
}

// leafAt returns the deepest node of t whose bytes hold offset off.
func leafAt(t *tree.Tree, off int) tree.NodeID {
	id := tree.NodeID(0)
	for {
		kids := t.Children(id)
		i := sort.Search(len(kids), func(i int) bool { return int(t.Nodes[kids[i]].End) > off })
		if i == len(kids) || int(t.Nodes[kids[i]].Start) > off {
			return id
		}
		id = kids[i]
	}
}

// owner returns the node that owns a declaration at leaf: the innermost
// removable node around it, or NoNode if a list item comes first or if it
// is inside a node of a kind in locals.
func owner(t *tree.Tree, leaf tree.NodeID, locals Set) tree.NodeID {
	o := tree.NoNode
	for id := leaf; id != tree.NoNode; id = t.Nodes[id].Parent {
		switch f := t.NodeFlags(id); {
		case locals[t.Nodes[id].Kind]:
			return tree.NoNode
		case o != tree.NoNode:
		case f&tree.ListItem != 0:
			return tree.NoNode
		case f&tree.Removable != 0:
			o = id
		}
	}
	return o
}

// unused returns the nodes of candidate c that own declarations no word
// of c names outside them and whose removal leaves every name the rest of
// c uses declared, repeatedly: a node that only unused nodes named is
// unused too. Nodes for which keep reports true stay, and what they name
// is used. It returns the outermost such nodes, in order, in groups of
// those that declare a name alike, or nil if t is not the tree u indexes.
func (u *usage) unused(t *tree.Tree, c tree.Candidate, keep func(tree.NodeID) bool) [][]tree.NodeID {
	if t != u.t {
		return nil
	}
	present := make([]bool, t.Len())
	var extra []use // the words of replacement texts
	scan := func(id tree.NodeID, text string) {
		u.scanner([]byte(text), func(start, end int) {
			if x, ok := u.number[text[start:end]]; ok {
				extra = append(extra, use{id, x})
			}
		})
	}
	t.Walk(c, func(id tree.NodeID) bool {
		switch s, ok := c.Subst(id); {
		case c.Removed(id):
			if !t.Nodes[id].Is(tree.Removable) {
				scan(id, t.Nodes[id].Replace)
			}
			return false
		case ok && s.Hoist == tree.NoNode:
			scan(id, s.Text)
			return false
		case !ok:
			present[id] = true
		}
		return true
	})
	words := make([]use, 0, len(u.words)+len(extra))
	for _, w := range u.words {
		if present[w.node] {
			words = append(words, w)
		}
	}
	if len(extra) > 0 {
		words = append(words, extra...)
		slices.SortStableFunc(words, func(a, b use) int { return int(a.node - b.node) })
	}
	var decls []use
	for _, d := range u.decls {
		if present[d.node] {
			decls = append(decls, d)
		}
	}
	nw := make([]int32, len(u.number)) // words naming each name, outside dead nodes
	nd := make([]int32, len(u.number)) // declarations of each name, outside dead nodes
	for _, w := range words {
		nw[w.name]++
	}
	for _, d := range decls {
		nd[d.name]++
	}
	deadWord := make([]bool, len(words))
	deadDecl := make([]bool, len(decls))
	inW := make([]int32, len(u.number))
	inD := make([]int32, len(u.number))
	span := func(list []use, id tree.NodeID) (int, int) {
		end := t.SubtreeEnd(id)
		lo := sort.Search(len(list), func(i int) bool { return list[i].node >= id })
		hi := lo + sort.Search(len(list)-lo, func(i int) bool { return list[lo+i].node >= end })
		return lo, hi
	}
	// isUnused reports whether owners[i] is unused, given the dead so far.
	isUnused := func(i int) bool {
		id := u.owners[i]
		wlo, whi := span(words, id)
		dlo, dhi := span(decls, id)
		for k := wlo; k < whi; k++ {
			if !deadWord[k] {
				inW[words[k].name]++
			}
		}
		for k := dlo; k < dhi; k++ {
			if !deadDecl[k] {
				inD[decls[k].name]++
			}
		}
		ok := false
		for _, x := range u.owned[i] {
			if inD[x] > 0 { // declared here still
				ok = true
				if nw[x] > inW[x] {
					ok = false
					break
				}
			}
		}
		for k := dlo; ok && k < dhi; k++ {
			if x := decls[k].name; !deadDecl[k] && nw[x] > inW[x] && nd[x] == inD[x] {
				ok = false // a name used outside would lose its last declaration
			}
		}
		for k := wlo; k < whi; k++ {
			inW[words[k].name] = 0
		}
		for k := dlo; k < dhi; k++ {
			inD[decls[k].name] = 0
		}
		if !ok {
			return false
		}
		for k := wlo; k < whi; k++ {
			if !deadWord[k] {
				deadWord[k] = true
				nw[words[k].name]--
			}
		}
		for k := dlo; k < dhi; k++ {
			if !deadDecl[k] {
				deadDecl[k] = true
				nd[decls[k].name]--
			}
		}
		return true
	}
	dead := make([]bool, len(u.owners))
	for changed := true; changed; {
		changed = false
		// Uses mostly follow declarations: the last first.
		for i := len(u.owners) - 1; i >= 0; i-- {
			id := u.owners[i]
			if dead[i] || !present[id] || keep(id) {
				continue
			}
			if isUnused(i) {
				dead[i], changed = true, true
			}
		}
	}
	// The outermost unused nodes, grouped by the names they own: the
	// declarations of one name (a member's declaration and its definition
	// outside the class, overloads) go together.
	var out []tree.NodeID
	var names [][]int32
	for i, id := range u.owners {
		switch {
		case !dead[i]:
		case len(out) > 0 && id < t.SubtreeEnd(out[len(out)-1]):
			names[len(names)-1] = append(names[len(names)-1], u.owned[i]...)
		default:
			out = append(out, id)
			names = append(names, slices.Clone(u.owned[i]))
		}
	}
	groups := groupByName(out, names)
	for k, g := range groups {
		for _, id := range g {
			if b, ok := u.before[id]; ok && present[b] {
				groups[k] = append(groups[k], b)
			}
		}
		slices.Sort(groups[k])
	}
	return groups
}

// groupByName returns the nodes in groups, those that own a name with
// another in one group, in the order of their first nodes; names[i] are
// the names nodes[i] owns.
func groupByName(nodes []tree.NodeID, names [][]int32) [][]tree.NodeID {
	parent := make([]int, len(nodes))
	for i := range parent {
		parent[i] = i
	}
	var find func(i int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	first := map[int32]int{}
	for i, ns := range names {
		for _, x := range ns {
			if j, ok := first[x]; ok {
				a, b := find(i), find(j)
				parent[max(a, b)] = min(a, b)
			} else {
				first[x] = i
			}
		}
	}
	var groups [][]tree.NodeID
	at := map[int]int{}
	for i, id := range nodes {
		r := find(i)
		k, ok := at[r]
		if !ok {
			k = len(groups)
			at[r] = k
			groups = append(groups, nil)
		}
		groups[k] = append(groups[k], id)
	}
	return groups
}
