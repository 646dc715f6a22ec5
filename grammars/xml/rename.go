package xml

import (
	"strings"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// shortNames is the tidy "short names" of an XML document: it gives its
// elements short names, as C-Reduce renames identifiers. Each name, in the
// order of first use, becomes the next short name ("a", "b", ..., "aa",
// ...) that no element of text has, if that is shorter, in both tags of
// every element of that name. Prefixed names (p:name) keep theirs. It is
// a tidy, tried once on the result, rather than a transform: a transform
// replaces the start tags it renames, whose attribute values then could
// not be cut down, and the names a test needs (a schema's, a DTD's) would
// cost a test each in every sweep. It returns text unchanged when it does
// not parse.
func shortNames(text []byte) []byte {
	doc, err := Parse(text)
	if err != nil {
		return text
	}
	t := doc.Tree
	var names []string // in the order of first use
	byName := map[string][]tree.NodeID{}
	taken := map[string]bool{}
	kept := map[string]bool{}
	for id := range t.Nodes {
		if t.Nodes[id].Kind != "element" {
			continue
		}
		kids := t.Children(tree.NodeID(id))
		if len(kids) == 0 || t.Nodes[kids[0]].Kind != "start-tag" {
			continue // folded: its tags are not nodes yet
		}
		name := nameAt(t.Text(kids[0]), 1)
		taken[name] = true
		etag := kids[len(kids)-1]
		if len(kids) > 1 && t.Nodes[etag].Kind == "end-tag" && nameAt(t.Text(etag), 2) != name || strings.Contains(name, ":") {
			kept[name] = true // a tolerant match, or a prefix
			continue
		}
		if _, seen := byName[name]; !seen {
			names = append(names, name)
		}
		byName[name] = append(byName[name], tree.NodeID(id))
	}
	tags, next := map[tree.NodeID]string{}, 0
	for _, old := range names {
		if kept[old] {
			continue
		}
		for taken[grammars.ShortName(next)] {
			next++
		}
		name := grammars.ShortName(next)
		if len(name) >= len(old) {
			continue
		}
		next++
		for _, id := range byName[old] {
			kids := t.Children(id)
			tags[kids[0]] = "<" + name + string(t.Text(kids[0])[1+len(old):])
			if etag := kids[len(kids)-1]; len(kids) > 1 && t.Nodes[etag].Kind == "end-tag" {
				tags[etag] = "</" + name + string(t.Text(etag)[2+len(old):])
			}
		}
	}
	return unparse.Text(t, doc.Policy, tree.Candidate{}.ReplaceAll(tags))
}

// nameAt returns the name that starts at i of a tag's text: 1 in a start
// tag, 2 in an end tag.
func nameAt(tag []byte, i int) string {
	i = min(i, len(tag))
	return string(tag[i:xmlNameEnd(tag, i)])
}
