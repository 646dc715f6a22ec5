package c

import (
	"bytes"
	"strings"

	"github.com/hddreduce/hdd/hdd/tree"
)

// identKinds are the leaves that may name a macro.
var identKinds = map[string]bool{
	"identifier":           true,
	"type_identifier":      true,
	"field_identifier":     true,
	"statement_identifier": true,
}

// expandMacros is a transform: for each object-like macro definition
// (#define NAME BODY) present in c whose name is used, it proposes removing
// the definition and replacing every use by BODY. Removing "#define local"
// alone breaks "local int f()", and removing "local" alone is not an edit the
// tree offers; together they are.
func expandMacros(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var defs, opaque []tree.NodeID
	uses := map[string][]tree.NodeID{}
	t.Walk(c, func(id tree.NodeID) bool {
		n := &t.Nodes[id]
		leaf := len(t.Children(id)) == 0
		if c.Removed(id) {
			return false
		}
		if _, ok := c.Subst(id); ok && leaf {
			return false
		}
		switch {
		case n.Kind == "preproc_def":
			defs = append(defs, id)
			return false
		case leaf && identKinds[n.Kind]:
			name := string(t.Text(id))
			uses[name] = append(uses[name], id)
		case leaf && n.Is(tree.Opaque):
			opaque = append(opaque, id)
		}
		return true
	})
	var cands []tree.Candidate
	for _, def := range defs {
		name, body := "", ""
		for _, ch := range t.Children(def) {
			switch t.Nodes[ch].Kind {
			case "identifier":
				name = string(t.Text(ch))
			case "preproc_arg":
				switch sub, ok := c.Subst(ch); {
				case c.Removed(ch):
					body = ""
				case ok && sub.Hoist == tree.NoNode:
					body = strings.TrimSpace(sub.Text)
				default:
					body = strings.TrimSpace(string(t.Text(ch)))
				}
			}
		}
		if name == "" || strings.Contains(body, "\n") {
			continue
		}
		cand, used := c.Remove(def), false
		for _, u := range uses[name] {
			cand, used = cand.Replace(u, body), true
		}
		// Regions tree-sitter could not parse are opaque text: expand the
		// name where it stands as a word.
		for _, o := range opaque {
			if text, ok := replaceWord(string(t.Text(o)), name, body); ok {
				cand, used = cand.Replace(o, text), true
			}
		}
		if used {
			cands = append(cands, cand)
		}
	}
	return cands
}

// replaceWord replaces each occurrence of the identifier name in text that
// is a whole word by repl, and reports whether there was one.
func replaceWord(text, name, repl string) (string, bool) {
	var b strings.Builder
	found := false
	for i := 0; i < len(text); {
		j := strings.Index(text[i:], name)
		if j < 0 {
			b.WriteString(text[i:])
			break
		}
		j += i
		end := j + len(name)
		if (j == 0 || !isIdentByte(text[j-1])) && (end == len(text) || !isIdentByte(text[end])) {
			b.WriteString(text[i:j])
			b.WriteString(repl)
			found = true
		} else {
			b.WriteString(text[i:end])
		}
		i = end
	}
	return b.String(), found
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// functionMacros returns the names of the function-like macros that src
// defines (see functionMacroAt), outside comments and literals.
func functionMacros(src []byte) map[string]bool {
	names := map[string]bool{}
	Scan(src, 0, func(_, j int) int { return j }, func(i int) int {
		if name, _, ok := functionMacroAt(src, i); ok {
			names[string(name)] = true
		}
		return skipLine(src, i)
	})
	return names
}

// functionMacroAt returns, for the directive whose "#" is at i, the name
// of the function-like macro it defines, "#define NAME(" (no blank before
// the parenthesis), and the offset of that parenthesis; ok is false for
// any other line.
func functionMacroAt(text []byte, i int) (name []byte, lp int, ok bool) {
	j := skipBlanks(text, i+1)
	if !bytes.HasPrefix(text[j:], []byte("define")) {
		return nil, 0, false
	}
	j += len("define")
	k := skipBlanks(text, j)
	if k == j {
		return nil, 0, false
	}
	n := k
	for n < len(text) && isIdent(text[n]) {
		n++
	}
	if n == k || n >= len(text) || text[n] != '(' {
		return nil, 0, false // an object-like macro
	}
	return text[k:n], n, true
}
