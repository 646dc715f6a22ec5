package cpp

import (
	"github.com/hddreduce/hdd/hdd/tree"
)

// simplifyTypes is a transform, C++'s form of C's: it proposes int in place
// of each type a declaration, a parameter, a member, a function's result,
// a typedef or a type name (in a cast, a template argument) spells
// otherwise, template types and qualified names (std::map<int, int>)
// included: then what only that type needed, a whole class template, may
// go in a later sweep. void is left alone, as are class, struct, union and
// enum specifiers, whose names declare something.
func simplifyTypes(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	var cands []tree.Candidate
	t.Walk(c, func(id tree.NodeID) bool {
		if c.Edited(id) || !typeHolders[t.Nodes[id].Kind] {
			return true
		}
		// The type comes first, after specifiers and qualifiers; what
		// follows it are declarators, which in a typedef are type names
		// too.
		for _, ch := range t.Children(id) {
			k := t.Nodes[ch].Kind
			if beforeType[k] {
				continue
			}
			if text := string(t.Text(ch)); typeKinds[k] && !c.Edited(ch) && text != "int" && text != "void" {
				cands = append(cands, c.Replace(ch, "int"))
			}
			break
		}
		return true
	})
	return cands
}

// typeKinds are the kinds that spell a type simplifyTypes may replace.
var typeKinds = map[string]bool{
	"primitive_type": true, "sized_type_specifier": true, "type_identifier": true, "template_type": true,
	"qualified_identifier": true, "dependent_type": true, "decltype": true, "placeholder_type_specifier": true,
}

// beforeType are the kinds that may come before the type.
var beforeType = map[string]bool{
	"typedef": true, "storage_class_specifier": true, "type_qualifier": true, "attribute_specifier": true,
	"attribute_declaration": true, "virtual": true, "explicit_function_specifier": true, "extension": true,
	"ms_declspec_modifier": true, "alignas_qualifier": true, "comment": true,
}

// typeHolders are the kinds whose type simplifyTypes may replace.
var typeHolders = map[string]bool{
	"declaration": true, "parameter_declaration": true, "optional_parameter_declaration": true,
	"field_declaration": true, "function_definition": true, "type_descriptor": true, "type_definition": true,
}
