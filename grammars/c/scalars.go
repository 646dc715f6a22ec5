package c

import (
	"strings"

	"github.com/hddreduce/hdd/hdd/tree"
)

// splitAggregates is a transform: for each variable of a struct or union
// type that the file only ever uses by its members ("v x; ... x.p ...
// x.q"), it proposes one variable for each member used, declared as the
// member is, and each "x.m" spelled as that variable: "int *x_p;" and "int
// x_q;" on lines of their own and "x_p", "x_q", or "int *x;" and "x" where
// one member is used. The
// struct's definition may then go, which the next sweep tries. C-Vise's
// aggregate-to-scalar does the same.
//
// It goes by names, as the file spells them: a variable is split only if
// no other declaration in the file has its name, and a member only if its
// declaration declares it alone, with no bit-field width.
func splitAggregates(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	a := aggregatesOf(t, c)
	var cands []tree.Candidate
	for _, v := range a.vars {
		if a.decls[v.name] != 1 || a.uses[v.name] != len(v.fields) {
			continue
		}
		if cand, ok := a.split(t, c, v); ok {
			cands = append(cands, cand)
		}
	}
	return cands
}

// aggregates is what splitAggregates gathers in one walk of a candidate.
type aggregates struct {
	bodies map[string]tree.NodeID // the field lists of struct and union types, by "struct T" or typedef name
	vars   []aggregateVar         // the declarations of one variable of such a type (by name only)
	decls  map[string]int         // the declarators of each name
	uses   map[string]int         // the identifiers of each name, but those of declarators
	names  map[string]bool        // every name the file spells
}

// An aggregateVar is a declaration of one variable of a struct or union
// type spelled by name, and the member accesses of its name.
type aggregateVar struct {
	decl   tree.NodeID   // the declaration
	typ    string        // its type: "struct T", "union T" or a typedef name
	name   string        // the variable
	fields []tree.NodeID // the field_expressions x.m of its name
}

// aggregatesOf walks c and gathers the aggregates.
func aggregatesOf(t *tree.Tree, c tree.Candidate) *aggregates {
	a := &aggregates{bodies: map[string]tree.NodeID{}, decls: map[string]int{}, uses: map[string]int{}, names: map[string]bool{}}
	fields := map[string][]tree.NodeID{}
	walkFrom(t, c, 0, func(id tree.NodeID) bool {
		if !shown(c, id) {
			return false
		}
		n := &t.Nodes[id]
		switch n.Kind {
		case "identifier", "field_identifier", "type_identifier":
			name := string(t.Text(id))
			a.names[name] = true
			if n.Kind == "identifier" {
				if declarator(t, id) {
					a.decls[name]++
				} else {
					a.uses[name]++
				}
			}
		case "struct_specifier", "union_specifier":
			if tag, body, ok := aggregateBody(t, c, id); ok {
				a.bodies[tag] = body
				if p := n.Parent; t.Nodes[p].Kind == "type_definition" && !c.Edited(p) {
					for _, k := range t.Children(p) {
						if t.Nodes[k].Kind == "type_identifier" && !c.Edited(k) {
							a.bodies[string(t.Text(k))] = body
						}
					}
				}
			}
		case "declaration":
			if v, ok := aggregateDecl(t, c, id); ok {
				a.vars = append(a.vars, v)
			}
		case "field_expression":
			kids := t.Children(id)
			if len(kids) == 3 && t.Nodes[kids[0]].Kind == "identifier" && t.Nodes[kids[1]].Kind == "." &&
				t.Nodes[kids[2]].Kind == "field_identifier" && !c.EditedWithin(id, t.SubtreeEnd(id)) {
				name := string(t.Text(kids[0]))
				fields[name] = append(fields[name], id)
			}
		}
		return true
	})
	for i := range a.vars {
		a.vars[i].fields = fields[a.vars[i].name]
	}
	return a
}

// declarator reports whether the identifier id is the name a declaration,
// a parameter or a function declares: not a value or an array's size
// ("int b = a, c[n];" declares b and c).
func declarator(t *tree.Tree, id tree.NodeID) bool {
	p := t.Nodes[id].Parent
	switch t.Nodes[p].Kind {
	case "init_declarator", "array_declarator", "function_declarator":
		return t.Children(p)[0] == id
	case "declaration", "pointer_declarator", "parameter_declaration", "parenthesized_declarator":
		return true
	}
	return false
}

// aggregateBody returns the name of the struct or union specifier id ("struct
// T") and its field list, if it has both and c shows them as in the input.
func aggregateBody(t *tree.Tree, c tree.Candidate, id tree.NodeID) (tag string, body tree.NodeID, ok bool) {
	kids := t.Children(id)
	if len(kids) != 3 || t.Nodes[kids[1]].Kind != "type_identifier" || t.Nodes[kids[2]].Kind != "field_declaration_list" ||
		c.Edited(kids[1]) || c.Edited(kids[2]) {
		return "", tree.NoNode, false
	}
	return t.Nodes[kids[0]].Kind + " " + string(t.Text(kids[1])), kids[2], true
}

// aggregateDecl returns the declaration id as an aggregateVar if it
// declares one variable, with no initializer, of a type spelled by name:
// storage classes and qualifiers, then a typedef name or "struct T", then
// the name.
func aggregateDecl(t *tree.Tree, c tree.Candidate, id tree.NodeID) (v aggregateVar, ok bool) {
	if c.EditedWithin(id, t.SubtreeEnd(id)) {
		return v, false
	}
	v.decl = id
	for _, k := range t.Children(id) {
		switch kind := t.Nodes[k].Kind; {
		case kind == "storage_class_specifier" || kind == "type_qualifier":
			if v.typ != "" {
				return v, false
			}
		case kind == "type_identifier" && v.typ == "":
			v.typ = string(t.Text(k))
		case (kind == "struct_specifier" || kind == "union_specifier") && v.typ == "":
			kids := t.Children(k)
			if len(kids) != 2 || t.Nodes[kids[1]].Kind != "type_identifier" {
				return v, false
			}
			v.typ = kind[:strings.IndexByte(kind, '_')] + " " + string(t.Text(kids[1]))
		case kind == "identifier" && v.typ != "" && v.name == "":
			v.name = string(t.Text(k))
		case kind == ";" && v.name != "":
		default:
			return v, false
		}
	}
	return v, v.name != ""
}

// split returns c with the variable v split into the members it uses, if
// their declarations allow.
func (a *aggregates) split(t *tree.Tree, c tree.Candidate, v aggregateVar) (tree.Candidate, bool) {
	body, ok := a.bodies[v.typ]
	if !ok || len(v.fields) == 0 {
		return c, false
	}
	// The members used, in the order of the field list, and their new names.
	used := map[string]bool{}
	for _, f := range v.fields {
		used[string(t.Text(t.Children(f)[2]))] = true
	}
	names := map[string]string{}
	var decls []string
	for _, fd := range t.Children(body) {
		if t.Nodes[fd].Kind != "field_declaration" || c.Edited(fd) {
			continue
		}
		member, at, ok := memberOf(t, fd)
		if !ok || !used[member] {
			continue
		}
		if c.EditedWithin(fd, t.SubtreeEnd(fd)) {
			return c, false
		}
		name := v.name
		if len(used) > 1 {
			name = v.name + "_" + member
			if a.names[name] {
				return c, false
			}
		}
		names[member] = name
		text := t.Text(fd)
		start := int(t.Nodes[fd].Start)
		decls = append(decls, string(text[:at-start])+name+string(text[at-start+len(member):]))
	}
	if len(names) != len(used) {
		return c, false // a member is not declared alone, or is not the type's
	}
	// The declaration's storage classes and qualifiers stay before each.
	var prefix strings.Builder
	for _, k := range t.Children(v.decl) {
		if kind := t.Nodes[k].Kind; kind == "storage_class_specifier" || kind == "type_qualifier" {
			prefix.Write(t.Text(k))
			prefix.WriteByte(' ')
		}
	}
	for i := range decls {
		decls[i] = prefix.String() + decls[i]
	}
	indent, _ := t.Indentation(v.decl)
	out := c.Replace(v.decl, strings.Join(decls, "\n"+string(indent)))
	for _, f := range v.fields {
		out = out.Replace(f, names[string(t.Text(t.Children(f)[2]))])
	}
	return out, true
}

// memberOf returns the member that the field declaration fd declares, and
// its offset, if it declares one, with no bit-field width.
func memberOf(t *tree.Tree, fd tree.NodeID) (member string, at int, ok bool) {
	var found []tree.NodeID
	bitfield := false
	walkFrom(t, tree.Candidate{}, fd, func(id tree.NodeID) bool {
		switch t.Nodes[id].Kind {
		case "field_identifier":
			found = append(found, id)
		case "bitfield_clause":
			bitfield = true
		case "field_declaration_list":
			return false // a nested struct's members are its own
		}
		return true
	})
	if len(found) != 1 || bitfield {
		return "", 0, false
	}
	return string(t.Text(found[0])), int(t.Nodes[found[0]].Start), true
}
