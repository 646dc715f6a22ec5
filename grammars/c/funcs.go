package c

import (
	"strings"

	"github.com/hddreduce/hdd/hdd/tree"
)

// This file indexes the functions of a candidate for the transforms that
// change a function and its calls together (params.go, returns.go): where
// each function is defined and declared, where it is called, and whether
// its name is used otherwise (its address taken, say), in which case its
// signature must stay.

// A funcSite is a definition or a prototype of a function.
type funcSite struct {
	decl   tree.NodeID // the function_definition or declaration
	fdecl  tree.NodeID // its function_declarator
	params tree.NodeID // the function_declarator's parameter_list, or NoNode when replaced
	typ    tree.NodeID // the type specifier before the declarator, or NoNode
	direct bool        // the declarator is the function_declarator itself: no pointer to return
	body   tree.NodeID // a definition's compound_statement, else NoNode
}

// A callSite is a call of a function by its name.
type callSite struct {
	call tree.NodeID // the call_expression
	args tree.NodeID // its argument_list, or NoNode when replaced
}

// A funcInfo is what a candidate holds of one function.
type funcInfo struct {
	name  string
	defs  []funcSite // definitions (one, unless the input is odd)
	decls []funcSite // prototypes
	calls []callSite
	other bool // the name is used other than as a callee or a declarator
}

// indexFuncs returns the functions of candidate c defined or declared at
// the top level, in the order of their first definition or declaration,
// with their calls. Nodes that are removed or replaced by a text are not
// looked into.
func indexFuncs(t *tree.Tree, c tree.Candidate) []*funcInfo {
	byName := map[string]*funcInfo{}
	var order []*funcInfo
	get := func(name string) *funcInfo {
		f := byName[name]
		if f == nil {
			f = &funcInfo{name: name}
			byName[name] = f
		}
		return f
	}
	var idents []tree.NodeID // identifier leaves, classified at the end
	t.Walk(c, func(id tree.NodeID) bool {
		if !shown(c, id) {
			return false
		}
		n := &t.Nodes[id]
		switch n.Kind {
		case "function_definition", "declaration":
			if n.Parent != 0 && !isTopLevelGroup(t, n.Parent) {
				break
			}
			if s, name, ok := funcSiteOf(t, c, id); ok {
				f := get(name)
				if len(f.defs) == 0 && len(f.decls) == 0 {
					order = append(order, f)
				}
				if s.body != tree.NoNode {
					f.defs = append(f.defs, s)
				} else {
					f.decls = append(f.decls, s)
				}
			}
		case "call_expression":
			if kids := t.Children(id); len(kids) == 2 && t.Nodes[kids[0]].Kind == "identifier" && !c.Edited(kids[0]) {
				cs := callSite{call: id, args: tree.NoNode}
				if shown(c, kids[1]) && !c.Edited(kids[1]) {
					cs.args = kids[1]
				}
				f := get(string(t.Text(kids[0])))
				f.calls = append(f.calls, cs)
			}
		case "identifier":
			idents = append(idents, id)
		}
		return true
	})
	for _, id := range idents {
		f := byName[string(t.Text(id))]
		if f == nil {
			continue
		}
		p := t.Nodes[id].Parent
		kids := t.Children(p)
		switch pk := t.Nodes[p].Kind; {
		case (pk == "call_expression" || pk == "function_declarator") && kids[0] == id:
		default:
			f.other = true
		}
	}
	return order
}

// isTopLevelGroup reports whether node id is a group of top-level items:
// an #if block, a linkage specification's body, and the like.
func isTopLevelGroup(t *tree.Tree, id tree.NodeID) bool {
	for ; id != 0; id = t.Nodes[id].Parent {
		switch t.Nodes[id].Kind {
		case "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef",
			"linkage_specification", "declaration_list":
		default:
			return false
		}
	}
	return true
}

// shown reports whether node id, reached by a walk of c, is rendered as in
// the input or with edits below it: it is neither removed nor replaced by a
// text.
func shown(c tree.Candidate, id tree.NodeID) bool {
	if c.Removed(id) {
		return false
	}
	s, ok := c.Subst(id)
	return !ok || s.Hoist != tree.NoNode
}

// funcSiteOf returns the function that the function_definition or
// declaration decl defines or declares, and its name; ok is false when decl
// is no function's (a variable, a function pointer, several declarators).
func funcSiteOf(t *tree.Tree, c tree.Candidate, decl tree.NodeID) (s funcSite, name string, ok bool) {
	s = funcSite{decl: decl, fdecl: tree.NoNode, params: tree.NoNode, typ: tree.NoNode, body: tree.NoNode, direct: true}
	for _, ch := range t.Children(decl) {
		if !shown(c, ch) {
			continue
		}
		switch k := t.Nodes[ch].Kind; {
		case typeKinds[k] || otherTypeKinds[k] || t.Nodes[ch].Is(tree.Opaque) && primitiveWords(t.Text(ch)):
			if sub, ok := c.Subst(ch); ok && sub.Text == "" {
				continue // a macro expanded to nothing ("local int f()")
			}
			if s.fdecl == tree.NoNode {
				s.typ = ch // the last before the declarator
			}
		case k == "function_declarator" || k == "pointer_declarator" || k == "parenthesized_declarator" || k == "attributed_declarator":
			if s.fdecl != tree.NoNode {
				return s, "", false // int f(void), g(void);
			}
			s.fdecl = ch
		case k == "compound_statement":
			s.body = ch
		case k == "init_declarator", k == "identifier" && s.typ != tree.NoNode:
			return s, "", false
		}
	}
	// Down to the function_declarator: through pointers (int *f(void))
	// and parentheses, but not into a function pointer (int (*f)(void)),
	// whose function_declarator has the pointer inside.
	for s.fdecl != tree.NoNode && t.Nodes[s.fdecl].Kind != "function_declarator" {
		if c.Edited(s.fdecl) {
			return s, "", false
		}
		s.direct = false
		next := tree.NoNode
		for _, ch := range t.Children(s.fdecl) {
			switch t.Nodes[ch].Kind {
			case "function_declarator", "pointer_declarator", "parenthesized_declarator", "attributed_declarator":
				next = ch
			}
		}
		s.fdecl = next
	}
	if s.fdecl == tree.NoNode || c.Edited(s.fdecl) {
		return s, "", false
	}
	kids := t.Children(s.fdecl)
	if len(kids) < 2 || t.Nodes[kids[0]].Kind != "identifier" || c.Edited(kids[0]) {
		return s, "", false
	}
	for _, ch := range kids[1:] {
		if t.Nodes[ch].Kind == "parameter_list" && shown(c, ch) && !c.Edited(ch) {
			s.params = ch
		}
	}
	return s, string(t.Text(kids[0])), true
}

// primitiveWords reports whether text is made of the words of C's
// primitive types: tree-sitter leaves "int" in "local int f()", where local
// is a macro, as an ERROR node.
func primitiveWords(text []byte) bool {
	words := strings.Fields(string(text))
	for _, w := range words {
		switch w {
		case "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool":
		default:
			return false
		}
	}
	return len(words) > 0
}

// listItems returns the present items of the list node id (parameters,
// arguments): its ListItem children that are not removed, to be removed
// whole. The item itself is itemNode of each. The items of a list
// replaced as a whole are none.
func listItems(t *tree.Tree, c tree.Candidate, id tree.NodeID) []tree.NodeID {
	if id == tree.NoNode {
		return nil
	}
	var out []tree.NodeID
	for _, ch := range t.Children(id) {
		if t.Nodes[ch].Is(tree.ListItem) && !c.Removed(ch) {
			out = append(out, ch)
		}
	}
	return out
}

// itemNode returns the node the list item id stands for: the item itself,
// or in a group of the last item and a trailing comma, the item.
func itemNode(t *tree.Tree, id tree.NodeID) tree.NodeID {
	if t.Nodes[id].Kind == "list_item" {
		return t.Children(id)[0]
	}
	return id
}

// walkFrom calls f for node id and the nodes below it that are present in
// c, in preorder, as tree.Tree.Walk does from the root: it does not descend
// into removed nodes or nodes replaced by a text, and follows hoists. If f
// returns false, the children of that node are skipped.
func walkFrom(t *tree.Tree, c tree.Candidate, id tree.NodeID, f func(tree.NodeID) bool) {
	if !f(id) || c.Removed(id) {
		return
	}
	if s, ok := c.Subst(id); ok {
		if s.Hoist != tree.NoNode {
			walkFrom(t, c, s.Hoist, f)
		}
		return
	}
	for _, ch := range t.Children(id) {
		walkFrom(t, c, ch, f)
	}
}

// usesName reports whether an identifier spelled name is present in c
// under node id.
func usesName(t *tree.Tree, c tree.Candidate, id tree.NodeID, name string) bool {
	found := false
	walkFrom(t, c, id, func(n tree.NodeID) bool {
		if found || !shown(c, n) {
			return false
		}
		if t.Nodes[n].Kind == "identifier" && string(t.Text(n)) == name {
			found = true
		}
		return !found
	})
	return found
}

// declaredName returns the name a parameter declares (the first identifier
// of its declarator, outside any nested parameter list), or "" for an
// abstract one (int, void, ...).
func declaredName(t *tree.Tree, param tree.NodeID) string {
	var name string
	var visit func(id tree.NodeID)
	visit = func(id tree.NodeID) {
		for _, ch := range t.Children(id) {
			if name != "" {
				return
			}
			switch t.Nodes[ch].Kind {
			case "identifier":
				name = string(t.Text(ch))
			case "parameter_list":
			default:
				visit(ch)
			}
		}
	}
	visit(param)
	return name
}
