package xml

import (
	"strings"

	"github.com/hddreduce/hdd/hdd/tree"
)

// renameElements is the transform of an XML document that gives its
// elements short names, as C-Reduce renames identifiers: each name of the
// elements c keeps, in the order of first use, is given the shortest name
// ("a", "b", ..., "aa", ...) that no element of c has, if shorter,
// in both tags of every element of that name. It proposes all the names at
// once first, then each name alone. A prefixed name (p:name) keeps its
// name, as do the elements whose tags c has edited already.
func renameElements(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	// An element is the texts of its tags, as c has them, past the name.
	type element struct {
		stag, etag         tree.NodeID // etag is NoNode if there is none
		stagRest, etagRest string
	}
	var names []string // in the order of first use
	byName := map[string][]element{}
	taken := map[string]bool{} // the names of c's elements, which no other may take
	kept := map[string]bool{}  // the names that stay, on every element that has them
	t.Walk(c, func(id tree.NodeID) bool {
		if !shown(c, id) {
			return false
		}
		kids := t.Children(id)
		if t.Nodes[id].Kind != "element" || len(kids) == 0 || t.Nodes[kids[0]].Kind != "start-tag" {
			return true // not an element, or folded: its tags are not nodes yet
		}
		if _, hoisted := c.Subst(id); hoisted {
			return true // replaced by a descendant, which the walk goes on to
		}
		e := element{stag: kids[0], etag: tree.NoNode}
		if k := kids[len(kids)-1]; len(kids) > 1 && t.Nodes[k].Kind == "end-tag" {
			e.etag = k
		}
		name := string(tagName(t.Text(e.stag)))
		if sub, ok := c.Subst(e.stag); ok && sub.Hoist == tree.NoNode {
			name = string(tagName([]byte(sub.Text))) // renamed or emptied before, or unwrapped
		}
		if name == "" {
			return true
		}
		taken[name] = true
		stag, ok := renderTag(t, c, e.stag)
		if e.etag != tree.NoNode {
			etag := t.Text(e.etag)
			if ok = ok && len(etag) > 1 && string(tagName(etag[1:])) == name; ok { // not a tolerant match
				e.etagRest = string(etag[2+len(name):])
			}
		}
		if !ok || c.Edited(e.stag) || e.etag != tree.NoNode && c.Edited(e.etag) || strings.Contains(name, ":") {
			kept[name] = true
			return true
		}
		e.stagRest = stag[1+len(name):]
		if _, seen := byName[name]; !seen {
			names = append(names, name)
		}
		byName[name] = append(byName[name], e)
		return true
	})
	// free returns the first short name from i on that no element has.
	free := func(i int) (int, string) {
		for taken[shortName(i)] {
			i++
		}
		return i, shortName(i)
	}
	rename := func(c tree.Candidate, old, name string) tree.Candidate {
		for _, e := range byName[old] {
			c = c.Replace(e.stag, "<"+name+e.stagRest)
			if e.etag != tree.NoNode {
				c = c.Replace(e.etag, "</"+name+e.etagRest)
			}
		}
		return c
	}
	_, first := free(0)
	all, next := c, 0
	var singles []tree.Candidate
	for _, old := range names {
		if kept[old] || len(first) >= len(old) {
			continue
		}
		var name string
		if next, name = free(next); len(name) < len(old) {
			all = rename(all, old, name)
			next++
		}
		singles = append(singles, rename(c, old, first))
	}
	if len(singles) == 0 {
		return nil
	}
	// The first candidate renames every name, even if there is one: the
	// step goes on after a success from the same index of the candidates
	// of the text adopted, whose list has one name less.
	return append([]tree.Candidate{all}, singles...)
}

// tagName returns the name of the start tag text ("<name ...>").
func tagName(stag []byte) []byte {
	if len(stag) == 0 {
		return nil
	}
	end := 1
	for end < len(stag) && !isWS(stag[end]) && stag[end] != '>' && stag[end] != '/' {
		end++
	}
	return stag[1:end]
}

// shortName returns the ith of the names a, b, ..., z, aa, ab, ...
func shortName(i int) string {
	var b []byte
	for i++; i > 0; i = (i - 1) / 26 {
		b = append([]byte{byte('a' + (i-1)%26)}, b...)
	}
	return string(b)
}
