package c

// Declares is the query whose captures are the names C declarations
// declare: variables, parameters, functions and fields (by their
// declarators), struct, union and enum tags, enumerators, typedefs,
// labels and macros. Tags, typedef names and ordinary identifiers live in
// separate name spaces in C; the declarations check does not tell them
// apart, which errs on the side of testing. tree-sitter reads the
// standard library's type names (size_t, int32_t, uint8_t, ...) as
// primitive types, so their typedefs are captured apart. C++'s query adds
// to it.
const Declares = `
(type_definition declarator: (primitive_type) @name)
(_ declarator: (identifier) @name)
(_ declarator: (field_identifier) @name)
(_ declarator: (type_identifier) @name)
(struct_specifier name: (type_identifier) @name)
(union_specifier name: (type_identifier) @name)
(enum_specifier name: (type_identifier) @name)
(enumerator name: (identifier) @name)
(labeled_statement label: (statement_identifier) @name)
(preproc_def name: (identifier) @name)
(preproc_function_def name: (identifier) @name)
`
