package cpp

// declares is the query whose captures are the names C++ declarations
// declare: variables, parameters, functions and members (by their
// declarators, qualified or not), classes, structs, unions, enums and
// their enumerators, typedefs and aliases, namespaces, template
// parameters, concepts, structured bindings, labels and macros.
// Operators, destructors and specializations declare no new name.
const declares = `
(_ declarator: (identifier) @name)
(_ declarator: (field_identifier) @name)
(_ declarator: (type_identifier) @name)
(_ declarator: (qualified_identifier name: (identifier) @name))
(_ declarator: (qualified_identifier name: (qualified_identifier name: (identifier) @name)))
(class_specifier name: (type_identifier) @name)
(struct_specifier name: (type_identifier) @name)
(union_specifier name: (type_identifier) @name)
(enum_specifier name: (type_identifier) @name)
(enumerator name: (identifier) @name)
(alias_declaration name: (type_identifier) @name)
(namespace_definition name: (namespace_identifier) @name)
(namespace_alias_definition name: (namespace_identifier) @name)
(type_parameter_declaration (type_identifier) @name)
(variadic_type_parameter_declaration (type_identifier) @name)
(optional_type_parameter_declaration name: (type_identifier) @name)
(concept_definition name: (identifier) @name)
(structured_binding_declarator (identifier) @name)
(labeled_statement label: (statement_identifier) @name)
(preproc_def name: (identifier) @name)
(preproc_function_def name: (identifier) @name)
`

// words calls f with the span of each identifier of text outside comments
// and string and character literals, preprocessor lines included.
func words(text []byte, f func(start, end int)) {
	idents(text, true, func(i, j int) int { f(i, j); return j })
}

// idents calls f with the span [i, j) of each identifier of text outside
// comments and string and character literals, and outside preprocessor
// lines if directives is false; f returns where the scan goes on, j or
// further.
func idents(text []byte, directives bool, f func(i, j int) int) {
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '/' && i+1 < len(text) && text[i+1] == '/':
			i = skipLine(text, i)
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			i = skipComment(text, i)
		case c == '\'' && i > 0 && isIdent(text[i-1]):
			i++ // a digit separator, 1'000, or the prefix of u8'x': no literal starts here
		case c == '"' || c == '\'':
			i = skipQuoted(text, i)
		case c == '#' && !directives:
			i = skipLine(text, i)
		case isIdentStart(c):
			j := i + 1
			for j < len(text) && isIdent(text[j]) {
				j++
			}
			if i == 0 || !isIdent(text[i-1]) {
				j = f(i, j)
			}
			i = j
		default:
			i++
		}
	}
}
