package c

// Declares is the query whose captures are the names C declarations
// declare: variables, parameters, functions and fields (by their
// declarators), struct, union and enum tags, enumerators, typedefs,
// labels and macros. Tags, typedef names and ordinary identifiers live in
// separate name spaces in C; the declarations check does not tell them
// apart, which errs on the side of testing. C++'s query adds to it.
const Declares = `
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
