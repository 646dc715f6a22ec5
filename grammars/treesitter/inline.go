package treesitter

import "github.com/hddreduce/hdd/hdd/tree"

// A Local is a local variable declared with a value, for InlineValue:
// languages find them by their own kinds, and share the rest.
type Local struct {
	Decl  tree.NodeID // the declaration, which goes
	Name  string      // the variable
	Value tree.NodeID // its value, which stands for each use
	Scope tree.NodeID // the block it is declared in: its uses follow Decl there

	// Bound reports whether the identifier n of the variable's name
	// declares it again or changes it where it stands.
	Bound func(n tree.NodeID) bool
	// Ident is the kind of the language's identifiers.
	Ident string
	// Many is whether the value may be spelled at several uses: it does
	// nothing (calls nothing, assigns nothing).
	Many bool
	// Tight is whether the value needs no parentheses around it.
	Tight bool
}

// InlineValue returns c with l gone and each use of it spelled as its
// value, in parentheses unless Tight: "y = f(x); g(y)" becomes "g(f(x))".
// It fails where a use declares the name again or changes it (Bound),
// where nothing uses it, where several uses would each need a value that
// is not Many, and where the text would be longer: a value spelled at
// many uses may be, and what such a text allows (an &x inlined, then
// zeroed) is seldom worth it. The declaration must be as in the input.
func InlineValue(t *tree.Tree, c tree.Candidate, l Local) (tree.Candidate, bool) {
	var uses []tree.NodeID
	for n := t.SubtreeEnd(l.Decl); n < t.SubtreeEnd(l.Scope); n++ {
		if t.Nodes[n].Kind != l.Ident || string(t.Text(n)) != l.Name || !t.Present(c, n) || c.Edited(n) {
			continue
		}
		if l.Bound(n) {
			return c, false
		}
		uses = append(uses, n)
	}
	if len(uses) == 0 || len(uses) > 1 && !l.Many {
		return c, false
	}
	text := string(t.Text(l.Value))
	if !l.Tight {
		text = "(" + text + ")"
	}
	decl := int(t.Nodes[l.Decl].End - t.Nodes[l.Decl].Start)
	if len(uses)*(len(text)-len(l.Name)) > decl {
		return c, false // longer than with the variable
	}
	out := c.Remove(l.Decl)
	for _, u := range uses {
		out = out.Replace(u, text)
	}
	return out, true
}
