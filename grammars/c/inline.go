package c

import (
	"strings"

	"github.com/hddreduce/hdd/hdd/tree"
)

// inlineCalls is a transform: for each call that stands as a statement
// ("f(a, b);") of a function the file defines once, with no return and
// no label in its body, it proposes the call replaced by a block of the
// function's body, its parameters declared there with the arguments as
// their values: "{ int *o_f = a; int p_f = b; o_f[0] = p_f; }", as
// C-Vise's simple inliner does. The parameters take new names, so that an
// argument naming a variable of the same name still means the caller's.
// The function, called no more, may then go, and value inlining and
// block unwrapping, once the text is parsed again, make "a[0] = b;" of
// the block.
//
// A call is not inlined where the body names, besides its parameters and
// its own locals, a name the caller declares (it would mean the caller's
// there), nor where the definition or the call are edited.
func inlineCalls(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	names := map[string]bool{} // every name the candidate spells
	walkFrom(t, c, 0, func(id tree.NodeID) bool {
		if !shown(c, id) {
			return false
		}
		if k := t.Nodes[id].Kind; k == "identifier" || k == "field_identifier" || k == "type_identifier" {
			names[string(t.Text(id))] = true
		}
		return true
	})
	var cands []tree.Candidate
	for _, f := range indexFuncs(t, c) {
		if len(f.defs) != 1 || len(f.calls) == 0 {
			continue
		}
		in, ok := inlinable(t, c, f.defs[0], f.name, names)
		if !ok {
			continue
		}
		for _, call := range f.calls {
			if cand, ok := in.at(t, c, call); ok {
				cands = append(cands, cand)
			}
		}
	}
	return cands
}

// An inlining is a function's body ready to stand for its calls.
type inlining struct {
	def    funcSite
	params []string        // the parameters' declarations, renamed, without ";"
	body   string          // the body's text inside its braces, the parameters renamed
	free   map[string]bool // the names the body uses that it does not declare, but the parameters
}

// inlinable returns the inlining of the function defined by def, if its
// definition allows: as in the input, with parameters that each declare
// one name (no array), and a body without return or label.
func inlinable(t *tree.Tree, c tree.Candidate, def funcSite, name string, names map[string]bool) (inlining, bool) {
	in := inlining{def: def}
	if def.params == tree.NoNode || c.EditedWithin(def.decl, t.SubtreeEnd(def.decl)) {
		return in, false
	}
	rename := map[string]string{}
	items := listItems(t, c, def.params)
	for _, item := range items {
		p := itemNode(t, item)
		var ids []tree.NodeID
		array := false
		walkFrom(t, c, p, func(id tree.NodeID) bool {
			switch t.Nodes[id].Kind {
			case "identifier":
				ids = append(ids, id)
			case "array_declarator", "abstract_array_declarator", "variadic_parameter":
				array = true
			}
			return true
		})
		if t.Nodes[p].Kind != "parameter_declaration" || array {
			return in, false
		}
		if len(ids) == 0 && len(items) == 1 && string(t.Text(p)) == "void" {
			break // f(void)
		}
		if len(ids) != 1 {
			return in, false
		}
		old := string(t.Text(ids[0]))
		fresh := old + "_" + name
		for names[fresh] {
			fresh += "_"
		}
		rename[old] = fresh
		text, start := t.Text(p), int(t.Nodes[p].Start)
		at := int(t.Nodes[ids[0]].Start) - start
		in.params = append(in.params, string(text[:at])+fresh+string(text[at+len(old):]))
	}
	kids := t.Children(def.body)
	if len(kids) < 2 || t.Nodes[kids[0]].Kind != "{" || t.Nodes[kids[len(kids)-1]].Kind != "}" {
		return in, false
	}
	// The body, its parameters renamed; the names it declares and uses.
	declared, used := map[string]bool{}, map[string]bool{}
	var b strings.Builder
	from := int(t.Nodes[kids[0]].End)
	for id := kids[0]; id < t.SubtreeEnd(def.body); id++ {
		switch t.Nodes[id].Kind {
		case "return_statement", "labeled_statement":
			return in, false
		case "identifier":
			word := string(t.Text(id))
			if declarator(t, id) {
				if rename[word] != "" {
					return in, false // a local of a parameter's name
				}
				declared[word] = true
			}
			used[word] = true
			if fresh := rename[word]; fresh != "" {
				b.Write(t.Src[from:t.Nodes[id].Start])
				b.WriteString(fresh)
				from = int(t.Nodes[id].End)
			}
		}
	}
	b.Write(t.Src[from:t.Nodes[kids[len(kids)-1]].Start])
	in.body = dedent(strings.TrimLeft(strings.TrimRight(b.String(), " \t\n"), "\n"))
	in.free = map[string]bool{}
	for word := range used {
		if !declared[word] && rename[word] == "" {
			in.free[word] = true
		}
	}
	return in, true
}

// at returns c with the call inlined, if it stands as a statement, with
// its arguments as in the input and one for each parameter, outside the
// function itself, in a caller that declares none of the names the body
// uses freely.
func (in inlining) at(t *tree.Tree, c tree.Candidate, call callSite) (tree.Candidate, bool) {
	stmt := t.Nodes[call.call].Parent
	if t.Nodes[stmt].Kind != "expression_statement" || call.args == tree.NoNode ||
		c.EditedWithin(stmt, t.SubtreeEnd(stmt)) || !t.Present(c, stmt) ||
		call.call >= in.def.decl && call.call < t.SubtreeEnd(in.def.decl) {
		return c, false
	}
	args := listItems(t, c, call.args)
	if len(args) != len(in.params) {
		return c, false
	}
	caller := stmt
	for caller != 0 && t.Nodes[caller].Kind != "function_definition" {
		caller = t.Nodes[caller].Parent
	}
	if caller != 0 {
		for id := caller; id < t.SubtreeEnd(caller); id++ {
			if t.Nodes[id].Kind == "identifier" && declarator(t, id) && in.free[string(t.Text(id))] {
				return c, false
			}
		}
	}
	lead, _ := t.Indentation(stmt)
	indent := string(lead)
	unit := indentUnit(t.Src)
	var b strings.Builder
	b.WriteString("{\n")
	for i, p := range in.params {
		b.WriteString(indent + unit + p + " = " + string(t.Text(itemNode(t, args[i]))) + ";\n")
	}
	b.WriteString(indented(in.body, indent+unit) + "\n" + indent + "}")
	return c.Replace(stmt, b.String()), true
}

// dedent returns text with the blanks that begin each of its lines cut by
// those its least indented line begins with, but for a line that follows
// a backslash (it may continue a string).
func dedent(text string) string {
	lines := strings.Split(text, "\n")
	cut := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == "" || i > 0 && strings.HasSuffix(lines[i-1], "\\") {
			continue
		}
		if n := len(l) - len(strings.TrimLeft(l, " \t")); cut < 0 || n < cut {
			cut = n
		}
	}
	for i, l := range lines {
		if cut > 0 && len(l) >= cut && strings.TrimLeft(l[:cut], " \t") == "" && !(i > 0 && strings.HasSuffix(lines[i-1], "\\")) {
			lines[i] = l[cut:]
		}
	}
	return strings.Join(lines, "\n")
}

// indented returns text with prefix before each of its lines that is not
// blank, but for a line that follows a backslash.
func indented(text, prefix string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "" && !(i > 0 && strings.HasSuffix(lines[i-1], "\\")) {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n")
}
