package c

import (
	"github.com/hddreduce/hdd/hdd/tree"
)

// simplifyTypes is a transform: it proposes int, C's plainest type, in place
// of each type that is spelled otherwise (unsigned long, size_t, char, a
// typedef name such as z_off_t) where a declaration, a parameter, a field or
// a cast names its type. A header or a typedef that only supplied the type
// can go in a later sweep. void is left alone: it is no value type.
func simplifyTypes(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	t.Walk(c, func(id tree.NodeID) bool {
		if !typeHolders[t.Nodes[id].Kind] || c.Edited(id) {
			return true
		}
		// The type comes before the declarators, which in a typedef are
		// type names too.
		for _, ch := range t.Children(id) {
			k := t.Nodes[ch].Kind
			if otherTypeKinds[k] {
				break // struct S, enum E: their names stay
			}
			if !typeKinds[k] {
				continue
			}
			if text := string(t.Text(ch)); !c.Edited(ch) && text != "int" && text != "void" {
				cands = append(cands, c.Replace(ch, "int"))
			}
			break
		}
		return true
	})
	return cands
}

// typeKinds are the tree-sitter kinds that spell a type by name.
var typeKinds = map[string]bool{"primitive_type": true, "sized_type_specifier": true, "type_identifier": true}

// otherTypeKinds spell a type that simplifyTypes leaves alone.
var otherTypeKinds = map[string]bool{"struct_specifier": true, "union_specifier": true, "enum_specifier": true, "macro_type_specifier": true}

// typeHolders are the kinds whose type child simplifyTypes may replace.
var typeHolders = map[string]bool{
	"declaration": true, "parameter_declaration": true, "field_declaration": true,
	"function_definition": true, "type_descriptor": true, "type_definition": true,
}
