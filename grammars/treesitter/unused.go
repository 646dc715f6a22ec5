package treesitter

import (
	"maps"
	"slices"
	"sort"

	"github.com/hddreduce/hdd/hdd/tree"
)

// A usage indexes the declarations of an input and the words that name
// them (other than the declarations' own names) by the nodes of its hdd
// tree that hold them, so that unused can tell which declarations of a
// candidate nothing else names (see tree.Policy.Unused).
//
// A declaration is owned by the innermost item around it (a declaration,
// a member), unless a list item (a parameter, a template parameter, an
// enumerator, one of several declarators) comes first, or it is local
// (see Language.Locals): removing a parameter changes what its function
// takes, however little its name is used, so such names belong to no
// node. The owned names decide whether a node is unused; the others a
// node declares must only not be lost by its removal.
type usage struct {
	t      *tree.Tree
	words  []use         // the words naming a declared name, by node
	decls  []use         // the declarations, by node
	owners []tree.NodeID // the nodes that own a declaration, in order
	owned  [][]int32     // the names each of owners owns
	// groups are the owners, by index, that own a name alike (a member's
	// declaration and its definition out of its class, overloads): they
	// are unused together or not at all.
	groups  [][]int
	tied    []bool // by owner: of a kind of Language.Tied
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
			o := owner(t, leaf, l.Table, l.Locals)
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
	u.tied = make([]bool, len(u.owners))
	for i, o := range u.owners {
		u.owned[i] = owned[o]
		u.tied[i] = l.Tied[t.Nodes[o].Kind]
	}
	u.groups = groupByName(len(u.owners), u.owned)
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
// item around it (a removable child of a node whose layout is Items: a
// declaration, a member, a statement), or NoNode if a list item comes
// first or if it is inside a node of a kind in locals.
func owner(t *tree.Tree, leaf tree.NodeID, table *Table, locals Set) tree.NodeID {
	o := tree.NoNode
	for id := leaf; id != tree.NoNode; id = t.Nodes[id].Parent {
		n := &t.Nodes[id]
		switch {
		case locals[n.Kind]:
			return tree.NoNode
		case o != tree.NoNode:
		case n.Is(tree.ListItem):
			return tree.NoNode
		case n.Is(tree.Removable) && n.Parent != tree.NoNode && table.Layouts[t.Nodes[n.Parent].Kind] == Items:
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
	// inside returns the live words and declarations in the present nodes
	// of group g (a node inside another of the group counts once), by
	// their indices in words and decls.
	inside := func(g []int) (ws, ds []int) {
		last := tree.NoNode
		for _, i := range g {
			id := u.owners[i]
			if !present[id] || last != tree.NoNode && id < t.SubtreeEnd(last) {
				continue
			}
			last = id
			lo, hi := span(words, id)
			for k := lo; k < hi; k++ {
				if !deadWord[k] {
					ws = append(ws, k)
				}
			}
			lo, hi = span(decls, id)
			for k := lo; k < hi; k++ {
				if !deadDecl[k] {
					ds = append(ds, k)
				}
			}
		}
		return ws, ds
	}
	// isUnused reports whether the present nodes of group g are unused,
	// given the dead so far, and if so marks what they hold dead.
	isUnused := func(g []int) bool {
		ws, ds := inside(g)
		for _, k := range ws {
			inW[words[k].name]++
		}
		for _, k := range ds {
			inD[decls[k].name]++
		}
		ok := false
		for _, i := range g {
			for _, x := range u.owned[i] {
				ok = ok || inD[x] > 0 // declared here still
			}
		}
		for _, i := range g {
			for _, x := range u.owned[i] {
				if nw[x] > inW[x] {
					ok = false // used outside
				}
			}
		}
		for _, k := range ds {
			if x := decls[k].name; nw[x] > inW[x] && nd[x] == inD[x] {
				ok = false // a name used outside would lose its last declaration
			}
		}
		for _, k := range ws {
			inW[words[k].name] = 0
		}
		for _, k := range ds {
			inD[decls[k].name] = 0
		}
		if !ok {
			return false
		}
		for _, k := range ws {
			deadWord[k] = true
			nw[words[k].name]--
		}
		for _, k := range ds {
			deadDecl[k] = true
			nd[decls[k].name]--
		}
		return true
	}
	dead := make([]bool, len(u.groups))
	for changed := true; changed; {
		changed = false
		// Uses mostly follow declarations: the last first.
		for gi := len(u.groups) - 1; gi >= 0; gi-- {
			g := u.groups[gi]
			if dead[gi] || !slices.ContainsFunc(g, func(i int) bool { return present[u.owners[i]] }) ||
				slices.ContainsFunc(g, func(i int) bool { return present[u.owners[i]] && keep(u.owners[i]) }) {
				continue
			}
			if isUnused(g) {
				dead[gi], changed = true, true
			}
		}
	}
	// The present nodes of the dead groups, but those inside another dead
	// node, with the hidden span before each.
	var all []tree.NodeID
	in := map[tree.NodeID]int{} // the group of each
	for gi, g := range u.groups {
		if dead[gi] {
			for _, i := range g {
				if id := u.owners[i]; present[id] {
					all = append(all, id)
					in[id] = gi
				}
			}
		}
	}
	slices.Sort(all)
	u.tie(t, words, deadWord, all, in)
	var out firstSeen[int, tree.NodeID]
	last := tree.NoNode
	for _, id := range all {
		if last != tree.NoNode && id < t.SubtreeEnd(last) {
			continue
		}
		last = id
		out.add(in[id], id)
		if b, ok := u.before[id]; ok && present[b] {
			out.add(in[id], b)
		}
	}
	for _, g := range out.groups {
		slices.Sort(g)
	}
	return out.groups
}

// tie moves the dead nodes that own a Tied declaration into the group
// (in in) of a dead node that names it, by the dead words among words;
// all holds the dead nodes, sorted.
func (u *usage) tie(t *tree.Tree, words []use, deadWord []bool, all []tree.NodeID, in map[tree.NodeID]int) {
	if !slices.Contains(u.tied, true) {
		return
	}
	tiedGroup := map[int32]int{} // the group of the dead tied node owning each name
	for _, id := range all {
		if i, ok := slices.BinarySearch(u.owners, id); ok && u.tied[i] {
			for _, x := range u.owned[i] {
				tiedGroup[x] = in[id]
			}
		}
	}
	if len(tiedGroup) == 0 {
		return
	}
	sets := newUnionFind(len(u.groups))
	for k, w := range words {
		g, ok := tiedGroup[w.name]
		if !ok || !deadWord[k] {
			continue
		}
		// The dead node around the word: the last of all at or before it
		// whose subtree holds it.
		j := sort.Search(len(all), func(j int) bool { return all[j] > w.node }) - 1
		if j < 0 || w.node >= t.SubtreeEnd(all[j]) {
			continue
		}
		sets.union(g, in[all[j]])
	}
	for _, id := range all {
		in[id] = sets.find(in[id])
	}
}

// groupByName returns the indices of n nodes in groups, those that own a
// name with another in one group, each in order, the groups in the order
// of their first nodes; names[i] are the names node i owns.
func groupByName(n int, names [][]int32) [][]int {
	sets := newUnionFind(n)
	first := map[int32]int{}
	for i, ns := range names {
		for _, x := range ns {
			if j, ok := first[x]; ok {
				sets.union(i, j)
			} else {
				first[x] = i
			}
		}
	}
	var groups firstSeen[int, int]
	for i := range n {
		groups.add(sets.find(i), i)
	}
	return groups.groups
}

// A unionFind joins the indices 0 to n-1 into sets, each named by its
// least index.
type unionFind []int

// newUnionFind returns n indices, each a set of its own.
func newUnionFind(n int) unionFind {
	u := make(unionFind, n)
	for i := range u {
		u[i] = i
	}
	return u
}

// find returns the name of i's set.
func (u unionFind) find(i int) int {
	if u[i] != i {
		u[i] = u.find(u[i])
	}
	return u[i]
}

// union joins the sets of a and b.
func (u unionFind) union(a, b int) {
	a, b = u.find(a), u.find(b)
	u[max(a, b)] = min(a, b)
}

// firstSeen collects values in groups by key, the groups in the order
// their keys were first added.
type firstSeen[K comparable, V any] struct {
	groups [][]V
	index  map[K]int // the group of each key
}

// add appends v to the group of key.
func (f *firstSeen[K, V]) add(key K, v V) {
	k, ok := f.index[key]
	if !ok {
		if f.index == nil {
			f.index = map[K]int{}
		}
		k = len(f.groups)
		f.index[key] = k
		f.groups = append(f.groups, nil)
	}
	f.groups[k] = append(f.groups[k], v)
}

// bodies is the policy's Bodies: for each present function definition
// of c whose nodes Body returns, none of them edited, those nodes; not
// inside another.
func (l *Language) bodies(t *tree.Tree, c tree.Candidate) [][]tree.NodeID {
	var out [][]tree.NodeID
	t.Walk(c, func(id tree.NodeID) bool {
		if c.Edited(id) {
			return true
		}
		group := l.Body(t, id)
		if len(group) == 0 || slices.ContainsFunc(group, c.Edited) {
			return true
		}
		out = append(out, group)
		return false
	})
	return out
}
