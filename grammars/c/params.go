package c

import (
	"github.com/hddreduce/hdd/hdd/tree"
)

// removeParams is a transform: for each function defined in the file
// whose name is only called and declared, it proposes removing a parameter
// that its body does not use together with the matching argument of every
// call and the parameter of every prototype. Pruning cannot do this: the
// parameters and the arguments are at different levels, and removing one
// without the others breaks the calls. The parameters a function does not
// use are proposed all at once first, then one by one.
func removeParams(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	for _, f := range indexFuncs(t, c) {
		if f.other || len(f.defs) != 1 {
			continue
		}
		def := f.defs[0]
		params := listItems(t, c, def.params)
		sites := [][]tree.NodeID{params} // the lists whose kth item goes with the kth parameter
		ok := true
		for _, d := range f.decls {
			ps := listItems(t, c, d.params)
			ok = ok && len(ps) == len(params)
			sites = append(sites, ps)
		}
		variadic := len(params) > 0 && t.Nodes[itemNode(t, params[len(params)-1])].Kind == "variadic_parameter"
		for _, call := range f.calls {
			args := listItems(t, c, call.args)
			ok = ok && (len(args) == len(params) || variadic && len(args) >= len(params)-1)
			sites = append(sites, args)
		}
		if !ok {
			continue
		}
		var unused []int
		knr := map[int][]tree.NodeID{} // a K&R parameter's declarator, and its declaration if it declares no other
		for k, p := range params {
			p = itemNode(t, p)
			if t.Nodes[p].Kind == "identifier" { // K&R: f(a, b) int a; char *b; {...}
				name := string(t.Text(p))
				decl, ok := knrDeclaration(t, c, def.decl, name)
				if !ok || def.body != tree.NoNode && usesName(t, c, def.body, name) {
					continue
				}
				knr[k] = decl
				unused = append(unused, k)
				continue
			}
			if t.Nodes[p].Kind != "parameter_declaration" {
				continue // ... or something odd
			}
			name := declaredName(t, p)
			if name == "" && string(t.Text(p)) == "void" {
				continue // f(void)
			}
			if name != "" && def.body != tree.NoNode && usesName(t, c, def.body, name) {
				continue
			}
			if variadic && k == len(params)-2 {
				continue // C before C23 needs a named parameter before "..."
			}
			unused = append(unused, k)
		}
		without := func(ks ...int) tree.Candidate {
			var ids []tree.NodeID
			for _, list := range sites {
				for _, k := range ks {
					ids = append(ids, list[k])
				}
			}
			// A K&R declaration goes whole where every name it declares goes.
			gone := map[tree.NodeID]int{}
			for _, k := range ks {
				if d := knr[k]; len(d) > 0 {
					ids = append(ids, d[0])
					gone[d[1]]++
				}
			}
			for decl, n := range gone {
				if n == len(knrDeclarators(t, c, decl)) {
					ids = append(ids, decl)
				}
			}
			return c.Remove(ids...)
		}
		if len(unused) > 1 {
			cands = append(cands, without(unused...))
		}
		for _, k := range unused {
			cands = append(cands, without(k))
		}
	}
	return cands
}

// knrDeclaration returns, for the K&R parameter name of the function
// definition def, the node that removes its declaration (the declarator,
// a list item, or the declaration that declares it alone) and that
// declaration, and whether there is one.
func knrDeclaration(t *tree.Tree, c tree.Candidate, def tree.NodeID, name string) ([]tree.NodeID, bool) {
	for _, d := range t.Children(def) {
		if t.Nodes[d].Kind != "declaration" || !shown(c, d) {
			continue
		}
		ds := knrDeclarators(t, c, d)
		for _, x := range ds {
			if declaratorName(t, x) != name {
				continue
			}
			if len(ds) == 1 {
				return []tree.NodeID{d, d}, true
			}
			return []tree.NodeID{x, d}, true
		}
	}
	return nil, false
}

// knrDeclarators returns the declarators of the declaration d that c
// keeps: its list items, or the declaration itself when it has one.
func knrDeclarators(t *tree.Tree, c tree.Candidate, d tree.NodeID) []tree.NodeID {
	if items := listItems(t, c, d); len(items) > 0 {
		return items
	}
	return []tree.NodeID{d}
}

// declaratorName returns the name that the declarator, list item or
// declaration id declares.
func declaratorName(t *tree.Tree, id tree.NodeID) string {
	id = itemNode(t, id)
	if t.Nodes[id].Kind == "identifier" {
		return string(t.Text(id))
	}
	return declaredName(t, id)
}
