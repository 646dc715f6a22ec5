package folder

import (
	"bytes"
	"path"
	"regexp"
	"strings"

	"github.com/hddreduce/hdd/hdd/tree"
)

// An include is an #include line of a C file that names another entry of
// the folder.
type include struct {
	node   tree.NodeID // the line's node, in the file's own tree
	target int         // the entry it names
}

// includeLine matches the text of a node that is one #include line.
var includeLine = regexp.MustCompile(`^#[ \t]*include[ \t]*(?:"([^"\n]+)"|<([^>\n]+)>)[ \t]*\r?\n?$`)

// quotedInclude matches an #include "..." line anywhere in a text.
var quotedInclude = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include[ \t]*"`)

// findIncludes finds the #include lines of lay's C files that name other
// entries: the outermost nodes whose text is one such line.
func findIncludes(lay *layout) {
	for i := range lay.entries {
		e := &lay.entries[i]
		if e.file == nil || e.file.format.Name != "c" {
			continue
		}
		ft := e.tree
		for id := tree.NodeID(1); id < tree.NodeID(ft.Len()); id++ {
			text := ft.Text(id)
			if len(text) == 0 || text[0] != '#' || len(text) > 1024 {
				continue
			}
			m := includeLine.FindSubmatch(text)
			if m == nil {
				continue
			}
			name, quoted := string(m[1]), true
			if name == "" {
				name, quoted = string(m[2]), false
			}
			if j := lay.resolve(e.Path, name, quoted); j >= 0 && j != i {
				e.includes = append(e.includes, include{node: id, target: j})
			}
			id = ft.SubtreeEnd(id) - 1
		}
	}
}

// resolve returns the entry that #include name in the file at from names,
// or -1: a quoted name beside from, then any name from the top of the
// folder, then the one entry whose path ends in /name.
func (lay *layout) resolve(from, name string, quoted bool) int {
	if quoted {
		if j, ok := lay.byPath[path.Join(path.Dir(from), name)]; ok {
			return j
		}
	}
	clean := path.Clean(name)
	if j, ok := lay.byPath[clean]; ok {
		return j
	}
	found := -1
	for j := range lay.entries {
		if strings.HasSuffix(lay.entries[j].Path, "/"+clean) {
			if found >= 0 {
				return -1 // ambiguous
			}
			found = j
		}
	}
	return found
}

// includesGone returns the #include lines of entry e (IDs in its file's
// tree) that name entries c removes, unless c replaces them already.
func includesGone(lay *layout, e *entry, c tree.Candidate) []tree.NodeID {
	var gone []tree.NodeID
	for _, inc := range e.includes {
		if !c.Removed(lay.entries[inc.target].node) {
			continue
		}
		if _, ok := c.Subst(e.base + inc.node); !ok {
			gone = append(gone, inc.node)
		}
	}
	return gone
}

// inlineHeaders is the transform "inlining headers": for each C file
// that one #include line left in c names, and no other, a candidate that
// replaces that line by the file's text and removes the file. A header
// in another folder than the file that includes it is inlined only if it
// has no #include "..." lines of its own, which would then be looked for
// beside the wrong file.
func (fp *policy) inlineHeaders(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	lay := fp.layout(t)
	type use struct {
		from  int
		node  tree.NodeID // in the folder's tree
		count int
	}
	uses := map[int]*use{}
	for i := range lay.entries {
		e := &lay.entries[i]
		if len(e.includes) == 0 || c.Removed(e.node) {
			continue
		}
		for _, inc := range e.includes {
			g := e.base + inc.node
			if c.Removed(lay.entries[inc.target].node) || c.Edited(g) || !t.Present(c, g) {
				continue
			}
			u := uses[inc.target]
			if u == nil {
				u = &use{from: i, node: g}
				uses[inc.target] = u
			}
			u.count++
		}
	}
	var out []tree.Candidate
	for h := range lay.entries {
		u := uses[h]
		he := &lay.entries[h]
		if u == nil || u.count != 1 || he.file == nil || he.file.format.Name != "c" {
			continue
		}
		text := fp.appendData(nil, lay, h, c)
		if he.Dir() != lay.entries[u.from].Dir() && quotedInclude.Match(text) {
			continue
		}
		if bytes.HasSuffix(t.Text(u.node), []byte("\n")) && len(text) > 0 && !bytes.HasSuffix(text, []byte("\n")) {
			text = append(text, '\n')
		}
		out = append(out, c.Replace(u.node, string(text)).Remove(he.node))
	}
	return out
}
