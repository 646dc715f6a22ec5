package c

import (
	"strings"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
)

// shortNames is a transform: it gives the names the file declares
// (variables, parameters, functions, fields, struct, union and enum tags,
// typedefs, enumerators, labels and macros) short names, as C-Reduce's
// and C-Vise's renaming passes do, so the result reads as a, b, c. Each
// name, in the order of first use, gets the next of a, b, ..., aa, ...
// that is no word of the text and no keyword, if that is shorter, and is
// renamed everywhere it is spelled: in code, in macro bodies, in texts
// that edits put in. It proposes all the names at once first, then
// halves of them, quarters, down to each alone, since the test may need
// some of them (a diagnostic names a variable; a name is also a
// library's). main keeps its name, as do the names the file uses without
// declaring them.
func shortNames(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var (
		names    []string                     // in the order of first use
		declared = map[string]bool{}          // names declared in the file
		seen     = map[string]bool{}          // in names
		spelled  = map[string][]tree.NodeID{} // identifier leaves by name
		texts    []wordsAt                    // other leaves and edited texts with words
		taken    = map[string]bool{}          // words the new names must not be
		tags     []tree.NodeID                // tag leaves
	)
	use := func(name string) {
		if !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	t.Walk(c, func(id tree.NodeID) bool {
		if c.Removed(id) {
			return false
		}
		n := &t.Nodes[id]
		if s, ok := c.Subst(id); ok && s.Hoist == tree.NoNode {
			texts = append(texts, wordsAt{id, s.Text})
			Words([]byte(s.Text), func(i, j int) { taken[s.Text[i:j]] = true })
			return false
		}
		if attributeKinds[n.Kind] {
			// Attribute names (packed, aligned) are not the file's.
			Words(t.Text(id), func(i, j int) { taken[string(t.Text(id)[i:j])] = true })
			return false
		}
		if len(t.Children(id)) > 0 {
			switch n.Kind {
			case "struct_specifier", "union_specifier", "enum_specifier":
				if tag, ok := tagOf(t, c, id); ok {
					tags = append(tags, tag)
				}
			}
			return true
		}
		text := t.Text(id)
		if identKinds[n.Kind] {
			name := string(text)
			taken[name] = true
			use(name)
			spelled[name] = append(spelled[name], id)
			if declares(t, c, id) {
				declared[name] = true
			}
			return true
		}
		words := false
		Words(text, func(i, j int) { taken[string(text[i:j])], words = true, true })
		if words && !literalKinds[n.Kind] && n.Kind != "comment" && n.Kind != "system_lib_string" {
			texts = append(texts, wordsAt{id, string(text)}) // a macro's body, an opaque line
		}
		return true
	})
	for _, tag := range tags {
		if hasBody(t, c, t.Nodes[tag].Parent) {
			declared[string(t.Text(tag))] = true // the file's own
		}
	}
	for _, k := range keywords {
		taken[k] = true
	}
	short := map[string]string{}
	var order []string
	next := 0
	for _, name := range names {
		if !declared[name] || name == "main" {
			continue
		}
		for taken[grammars.ShortName(next)] {
			next++
		}
		if s := grammars.ShortName(next); len(s) < len(name) {
			short[name] = s
			order = append(order, name)
			next++
		}
	}
	if len(order) == 0 {
		return nil
	}
	edits := map[tree.NodeID]string{}
	rename := func(names []string) tree.Candidate {
		these := make(map[string]string, len(names))
		for _, name := range names {
			these[name] = short[name]
			for _, id := range spelled[name] {
				edits[id] = short[name]
			}
		}
		for _, w := range texts {
			if r, changed := renameWords(w.text, these); changed {
				edits[w.id] = r
			}
		}
		cand := c.ReplaceAll(edits)
		clear(edits)
		return cand
	}
	var cands []tree.Candidate
	for _, b := range halvings(len(order)) {
		cands = append(cands, rename(order[b[0]:b[1]]))
	}
	return cands
}

// halvings returns the blocks [i, j) of n names that short names tries:
// all of them, then halves, quarters, ... down to each alone, or to about
// maxBlocks blocks, each block once. A test that needs a name refuses
// the blocks that hold it, and after a success the transform goes on from
// the next block, so one needed name of n costs about 2 log2(n) tests.
func halvings(n int) [][2]int {
	var blocks [][2]int
	made := map[[2]int]bool{}
	for size := n; size > 0; size = (size + 1) / 2 {
		for i := 0; i < n; i += size {
			if b := [2]int{i, min(i+size, n)}; !made[b] {
				made[b] = true
				blocks = append(blocks, b)
			}
		}
		if size == 1 || n >= maxBlocks*size {
			break
		}
	}
	return blocks
}

// maxBlocks bounds the blocks of a division of the names that short
// names proposes: of a file's thousands of names, it proposes all, then
// halves, ..., down to blocks of a sixty-fourth, not each alone.
const maxBlocks = 64

// attributeKinds are the nodes whose words are attributes' names and
// arguments, which short names leaves as they are.
var attributeKinds = map[string]bool{
	"attribute_specifier": true, "attribute_declaration": true, "ms_declspec_modifier": true,
}

// A wordsAt is a node whose text, as a candidate has it, holds words that
// short names renames: a macro's body, an opaque line, an edit's text.
type wordsAt struct {
	id   tree.NodeID
	text string
}

// renameWords returns text with each identifier outside comments and
// literals that short maps spelled as its short name, and whether that
// changed anything.
func renameWords(text string, short map[string]string) (string, bool) {
	var b strings.Builder
	last := 0
	Idents([]byte(text), true, func(i, j int) int {
		w := text[i:j]
		if to, ok := short[w]; ok {
			b.WriteString(text[last:i])
			b.WriteString(to)
			last = j
		}
		return j
	})
	if last == 0 {
		return text, false
	}
	b.WriteString(text[last:])
	return b.String(), true
}

// declares reports whether the identifier leaf id is the name a
// declaration declares, by where it stands: the declarator of a
// declaration, a parameter or a field (after the type), the innermost of
// nested declarators, an enumerator's, a label's or a macro's name.
func declares(t *tree.Tree, c tree.Candidate, id tree.NodeID) bool {
	p := t.Nodes[id].Parent
	if p == tree.NoNode {
		return false
	}
	kids := shownChildren(t, c, p)
	switch t.Nodes[p].Kind {
	case "pointer_declarator":
		return len(kids) > 0 && kids[len(kids)-1] == id
	case "init_declarator", "function_declarator", "array_declarator", "parenthesized_declarator",
		"attributed_declarator", "enumerator", "labeled_statement", "preproc_def", "preproc_function_def":
		for _, k := range kids {
			if t.Nodes[k].Kind == "(" || t.Nodes[k].Kind == "#define" {
				continue
			}
			return k == id
		}
	case "declaration", "parameter_declaration", "field_declaration", "type_definition":
		typed := false
		for _, k := range kids {
			if k == id {
				return typed
			}
			kind := t.Nodes[k].Kind
			typed = typed || typeKinds[kind] || otherTypeKinds[kind]
		}
	}
	return false
}

// tagOf returns the tag of the struct, union or enum specifier id.
func tagOf(t *tree.Tree, c tree.Candidate, id tree.NodeID) (tree.NodeID, bool) {
	for _, k := range shownChildren(t, c, id) {
		if t.Nodes[k].Kind == "type_identifier" {
			return k, true
		}
	}
	return tree.NoNode, false
}

// hasBody reports whether the struct, union or enum specifier id has its
// list of fields or enumerators: the tag is the file's own.
func hasBody(t *tree.Tree, c tree.Candidate, id tree.NodeID) bool {
	for _, k := range shownChildren(t, c, id) {
		switch t.Nodes[k].Kind {
		case "field_declaration_list", "enumerator_list":
			return true
		}
	}
	return false
}

// shownChildren returns the children of node id that c shows.
func shownChildren(t *tree.Tree, c tree.Candidate, id tree.NodeID) []tree.NodeID {
	var out []tree.NodeID
	for _, k := range t.Children(id) {
		if !c.Removed(k) {
			out = append(out, k)
		}
	}
	return out
}

// keywords are C's (C23's, and C++'s that are short), which no name may
// become.
var keywords = []string{
	"auto", "bool", "break", "case", "char", "const", "continue", "default", "do", "double",
	"else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
	"register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
	"switch", "typedef", "union", "unsigned", "void", "volatile", "while", "asm", "new",
	"try", "and", "or", "not", "xor",
}
