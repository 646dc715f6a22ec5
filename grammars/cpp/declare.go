package cpp

import "github.com/hddreduce/hdd/grammars/c"

// declares is the query whose captures are the names C++ declarations
// declare: variables, parameters, functions and members (by their
// declarators, qualified or not), classes, structs, unions, enums and
// their enumerators, typedefs and aliases, namespaces, template
// parameters, concepts, structured bindings, labels and macros.
// Operators, destructors and specializations declare no new name. It is
// C's query and C++'s additions.
const declares = c.Declares + `
(_ declarator: (qualified_identifier name: (identifier) @name))
(_ declarator: (qualified_identifier name: (qualified_identifier name: (identifier) @name)))
(class_specifier name: (type_identifier) @name)
(alias_declaration name: (type_identifier) @name)
(namespace_definition name: (namespace_identifier) @name)
(namespace_alias_definition name: (namespace_identifier) @name)
(type_parameter_declaration (type_identifier) @name)
(variadic_type_parameter_declaration (type_identifier) @name)
(optional_type_parameter_declaration name: (type_identifier) @name)
(concept_definition name: (identifier) @name)
(structured_binding_declarator (identifier) @name)
`
