package c

import (
	"github.com/hddreduce/hdd/hdd/tree"
)

// inlineTypedefs is a transform: for each typedef that names a type spelled
// by name (typedef unsigned long size_t;) and may vanish, it proposes the
// typedef gone and each use of its name spelled as the type instead, as
// C-Vise's typedef passes do. The name may be what the test needs (a
// diagnostic quotes it); the test decides.
func inlineTypedefs(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	type typedef struct {
		id   tree.NodeID
		name string
		typ  string
	}
	var defs []typedef
	count := map[string]int{} // typedefs of each name
	uses := map[string][]tree.NodeID{}
	t.Walk(c, func(id tree.NodeID) bool {
		n := &t.Nodes[id]
		switch {
		case c.Edited(id):
			return false
		case n.Kind == "type_identifier" || n.Kind == "primitive_type":
			uses[string(t.Text(id))] = append(uses[string(t.Text(id))], id)
		case n.Kind == "type_definition":
			if d, ok := plainTypedef(t, c, id); ok {
				count[d.name]++
				if n.Is(tree.Removable) {
					defs = append(defs, typedef{id, d.name, d.typ})
				}
			}
		}
		return true
	})
	var cands []tree.Candidate
	for _, d := range defs {
		if count[d.name] != 1 {
			continue
		}
		cand := c.Remove(d.id)
		n := 0
		for _, u := range uses[d.name] {
			if u < d.id || u >= t.SubtreeEnd(d.id) {
				cand = cand.Replace(u, d.typ)
				n++
			}
		}
		if n > 0 {
			cands = append(cands, cand)
		}
	}
	return cands
}

// plainTypedef returns the name and the type of the typedef id if it names
// one type spelled by name (no struct, no pointer): typedef T N;.
func plainTypedef(t *tree.Tree, c tree.Candidate, id tree.NodeID) (d struct{ name, typ string }, ok bool) {
	for _, ch := range t.Children(id) {
		switch k := t.Nodes[ch].Kind; {
		case c.Edited(ch):
			return d, false
		case typeKinds[k] && d.typ == "":
			d.typ = string(t.Text(ch))
		case (k == "type_identifier" || k == "primitive_type") && d.name == "":
			d.name = string(t.Text(ch)) // tree-sitter reads size_t, int8_t, ... as primitive
		case k == "typedef" || k == ";":
		default:
			return d, false
		}
	}
	return d, d.typ != "" && d.name != ""
}
