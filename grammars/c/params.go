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
		for k, p := range params {
			p = itemNode(t, p)
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
