package cpp

import "github.com/hddreduce/hdd/hdd/tree"

// body is C++'s Language.Body: the body of a function definition, with
// the constructor's initializer list if it has one, whose removal leaves
// a declaration. An out-of-line member definition (A::f() {...}) and a
// function whose return type is deduced (auto f() {...}) have none: the
// first would declare a member outside its class, the second could not be
// called.
func body(t *tree.Tree, id tree.NodeID) []tree.NodeID {
	if t.Nodes[id].Kind != "function_definition" {
		return nil
	}
	var out []tree.NodeID
	b := tree.NoNode
	for _, ch := range t.Children(id) {
		switch t.Nodes[ch].Kind {
		case "compound_statement":
			b = ch
		case "field_initializer_list":
			out = append(out, ch)
		case "placeholder_type_specifier":
			return nil
		case "function_declarator", "pointer_declarator", "reference_declarator":
			if qualified(t, ch) {
				return nil
			}
		}
	}
	if b == tree.NoNode || !t.CanShrink(b) {
		return nil
	}
	return append(out, b)
}

// qualified reports whether the declarator d declares a qualified name,
// A::f, through pointer and reference declarators.
func qualified(t *tree.Tree, d tree.NodeID) bool {
	for _, ch := range t.Children(d) {
		switch t.Nodes[ch].Kind {
		case "qualified_identifier":
			return true
		case "function_declarator", "pointer_declarator", "reference_declarator":
			return qualified(t, ch)
		}
	}
	return false
}
