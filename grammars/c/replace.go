package c

import (
	"strings"

	"github.com/hddreduce/hdd/hdd/tree"
)

// This file holds the per-node policy: which nodes may vanish, which are
// list items and separators, and what a node that cannot vanish is replaced
// with. The grammar's node-types metadata is not shipped with the
// tree-sitter module, so the table is written out here; the tests check
// that every replacement re-parses without new errors.
//
// The policy in short:
//
//   - Items vanish: top-level items, block items (statements, declarations,
//     preprocessor lines), the statements of a case, field declarations,
//     the contents of #if/#ifdef/#else blocks, the declarations of a K&R
//     parameter list. A lone "struct S {...}" and the ";" after it form one
//     item.
//   - List items vanish with one comma: parameters, arguments, initializer
//     list items, enumerators, macro parameters, asm operands, and the
//     declarators of a declaration that has several (but not the first of
//     a typedef). A comment after a comma goes with the comma; a trailing
//     comma goes with the last item, and may also vanish on its own.
//   - Anywhere: comments, preprocessor directives, storage classes, type
//     qualifiers, attributes, bit-field widths, else clauses, the value of
//     a #define, and the first and third clauses of a for.
//   - Replacements: a block that is a body becomes "{}", any other
//     statement that is a body becomes ";", an expression in an operand or
//     value slot becomes "0" (a string becomes ""), an array size "1", a
//     parameter or argument list "()", a struct body "{}", an initializer
//     list "{0}".
//   - ERROR regions are opaque leaves; they vanish where an item could, or
//     where tree-sitter skipped them as extras.

// leafKinds are copied without their children: nothing inside them can be
// edited on its own.
var leafKinds = map[string]bool{
	"string_literal":    true,
	"char_literal":      true,
	"system_lib_string": true,
	"number_literal":    true,
	"preproc_arg":       true,
	"comment":           true,
}

// anywhere are kinds that may vanish wherever they occur.
var anywhere = map[string]bool{
	"comment":                   true,
	"preproc_include":           true,
	"preproc_def":               true,
	"preproc_function_def":      true,
	"preproc_call":              true,
	"preproc_if":                true,
	"preproc_ifdef":             true,
	"preproc_else":              true,
	"preproc_elif":              true,
	"preproc_elifdef":           true,
	"storage_class_specifier":   true,
	"type_qualifier":            true,
	"attribute_specifier":       true,
	"attribute_declaration":     true,
	"ms_declspec_modifier":      true,
	"alignas_qualifier":         true,
	"gnu_asm_qualifier":         true,
	"bitfield_clause":           true,
	"else_clause":               true,
	"ms_call_modifier":          true,
	"ms_pointer_modifier":       true,
	"ms_unaligned_ptr_modifier": true,
}

// exprKinds are the expressions that "0" (or "" for strings) may stand for.
var exprKinds = map[string]bool{
	"identifier":                  true,
	"number_literal":              true,
	"char_literal":                true,
	"string_literal":              true,
	"concatenated_string":         true,
	"true":                        true,
	"false":                       true,
	"null":                        true,
	"binary_expression":           true,
	"unary_expression":            true,
	"update_expression":           true,
	"pointer_expression":          true,
	"cast_expression":             true,
	"sizeof_expression":           true,
	"alignof_expression":          true,
	"offsetof_expression":         true,
	"conditional_expression":      true,
	"assignment_expression":       true,
	"comma_expression":            true,
	"call_expression":             true,
	"subscript_expression":        true,
	"field_expression":            true,
	"compound_literal_expression": true,
	"parenthesized_expression":    true,
	"generic_expression":          true,
	"preproc_defined":             true,
}

// A slotKey names a child position: the parent's kind and the child's field
// name ("" for a child without one).
type slotKey struct{ parent, field string }

// exprSlots are the positions where any expression may be replaced by "0"
// without breaking the syntax. Left-hand sides, callees, the operands of
// & * ++ -- . -> and case labels are left alone: "0" there is a syntax
// error or never compiles.
var exprSlots = map[slotKey]bool{
	{"binary_expression", "left"}:             true,
	{"binary_expression", "right"}:            true,
	{"unary_expression", "argument"}:          true,
	{"cast_expression", "value"}:              true,
	{"conditional_expression", "condition"}:   true,
	{"conditional_expression", "consequence"}: true,
	{"conditional_expression", "alternative"}: true,
	{"assignment_expression", "right"}:        true,
	{"subscript_expression", "index"}:         true,
	{"init_declarator", "value"}:              true,
	{"initializer_pair", "value"}:             true,
	{"enumerator", "value"}:                   true,
	{"comma_expression", "left"}:              true,
	{"comma_expression", "right"}:             true,
	{"sizeof_expression", "value"}:            true,
	{"for_statement", "condition"}:            true,
	{"preproc_if", "condition"}:               true,
	{"preproc_elif", "condition"}:             true,
	{"parenthesized_expression", ""}:          true,
	{"return_statement", ""}:                  true,
}

// stmtKinds are the statements that ";" may stand for in a body slot.
var stmtKinds = map[string]bool{
	"expression_statement": true,
	"if_statement":         true,
	"while_statement":      true,
	"for_statement":        true,
	"do_statement":         true,
	"switch_statement":     true,
	"return_statement":     true,
	"break_statement":      true,
	"continue_statement":   true,
	"goto_statement":       true,
	"labeled_statement":    true,
	"attributed_statement": true,
	"seh_try_statement":    true,
	"seh_leave_statement":  true,
}

// stmtSlots are the positions that hold one statement.
var stmtSlots = map[slotKey]bool{
	{"if_statement", "consequence"}: true,
	{"while_statement", "body"}:     true,
	{"for_statement", "body"}:       true,
	{"do_statement", "body"}:        true,
	{"else_clause", ""}:             true,
	{"labeled_statement", ""}:       true,
	{"attributed_statement", ""}:    true,
}

// replacements are the texts of kinds that cannot vanish but can shrink.
var replacements = map[string]string{
	"compound_statement":     "{}",
	"field_declaration_list": "{}",
	"parameter_list":         "()",
	"argument_list":          "()",
	"initializer_list":       "{0}",
	"string_literal":         `""`,
	"concatenated_string":    `""`,
}

// keepStrings are the parents whose strings are not replaced by "": an
// #include path, a linkage ("C") and asm operand constraints, which mean
// nothing when empty.
var keepStrings = map[string]bool{
	"preproc_include":        true,
	"linkage_specification":  true,
	"gnu_asm_output_operand": true,
	"gnu_asm_input_operand":  true,
}

// specifierKinds are the type specifiers that, followed by ";", form a
// declaration tree-sitter does not wrap in a node of its own.
var specifierKinds = map[string]bool{
	"struct_specifier":     true,
	"union_specifier":      true,
	"enum_specifier":       true,
	"primitive_type":       true,
	"sized_type_specifier": true,
	"type_identifier":      true,
	"macro_type_specifier": true,
}

// policy returns the flags and replacement of child c of p that follow from
// the two nodes alone; the context rules in plan add to them.
func (b *builder) policy(p, c *raw) (tree.Flags, string) {
	switch {
	case p.err: // a line of a region tree-sitter could not parse
		return tree.Removable, ""
	case c.err:
		if c.extra {
			return tree.Opaque | tree.Removable, ""
		}
		return tree.Opaque, ""
	case anywhere[c.kind]:
		return tree.Removable, ""
	case p.kind == "preproc_def" || p.kind == "preproc_function_def" || p.kind == "preproc_call":
		if c.kind == "preproc_arg" {
			return tree.Removable, ""
		}
	case p.kind == "for_statement":
		switch c.field {
		case "initializer":
			if c.kind == "declaration" {
				return 0, ";"
			}
			return tree.Removable, ""
		case "update":
			return tree.Removable, ""
		}
	case p.kind == "function_definition" && c.kind == "declaration":
		return tree.Removable, "" // a K&R parameter declaration
	}
	key := slotKey{p.kind, c.field}
	switch {
	case c.kind == "string_literal" && keepStrings[p.kind]:
		return 0, ""
	case c.kind == "compound_statement":
		return 0, "{}"
	case stmtSlots[key] && stmtKinds[c.kind]:
		return 0, ";"
	case exprSlots[key] && exprKinds[c.kind]:
		if r, ok := replacements[c.kind]; ok {
			return 0, r
		}
		return 0, "0"
	case p.kind == "array_declarator" && c.field == "size" && exprKinds[c.kind]:
		return 0, "1"
	}
	return 0, replacements[c.kind]
}

// A slot is a child of a node as it goes into the hdd tree: one raw node,
// or a group of consecutive raw siblings under a synthetic node.
type slot struct {
	raw     int // index into builder.raw, or -1 for a group
	flags   tree.Flags
	replace string
	kind    string // a group's kind
	members []slot // a group's members
}

// A layout says how the children of a node relate to each other.
type layout uint8

const (
	plain    layout = iota
	items           // a sequence of items that may each vanish
	list            // a comma-separated list
	declList        // the declarators of a declaration, comma-separated
)

// layoutOf returns the layout of p's children.
func layoutOf(p *raw) layout {
	switch p.kind {
	case "translation_unit", "compound_statement", "declaration_list", "field_declaration_list",
		"preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef",
		"case_statement":
		return items
	case "parameter_list", "argument_list", "initializer_list", "enumerator_list",
		"preproc_params", "gnu_asm_output_operand_list", "gnu_asm_input_operand_list",
		"gnu_asm_clobber_list", "gnu_asm_goto_list":
		return list
	case "declaration", "field_declaration", "type_definition":
		return declList
	}
	return plain
}

// isItem reports whether child c of p (in an items context) is an item:
// not a brace, not a directive keyword, not an #if condition, not a case
// label. afterColon says whether a case's ":" has been seen.
func isItem(p, c *raw, afterColon bool) bool {
	if c.named || c.err {
		switch {
		case p.kind == "case_statement":
			return afterColon
		case strings.HasPrefix(p.kind, "preproc_"):
			return c.field != "condition" && c.field != "name"
		}
		return true
	}
	switch c.kind {
	case "{", "}", ":", "\n", "case", "default":
		return false
	}
	if strings.HasPrefix(c.kind, "#") {
		return false
	}
	if p.kind == "case_statement" {
		return afterColon
	}
	return true // a stray ";"
}

// plan returns the slots of p's children. They are pushed on b.slots, which
// the caller pops when it is done with them; a later push may move the
// stack, but the returned slice keeps the slots it was given.
func (b *builder) plan(pi int) []slot {
	p := &b.raw[pi]
	mark := len(b.slots)
	for ci := int(p.first); ci >= 0; ci = int(b.raw[ci].next) {
		f, r := b.policy(p, &b.raw[ci])
		b.slots = append(b.slots, slot{raw: ci, flags: f, replace: r})
	}
	slots := b.slots[mark:len(b.slots):len(b.slots)]
	switch layoutOf(p) {
	case items:
		return b.planItems(p, slots)
	case list:
		return b.planList(slots, func(s slot) bool {
			c := &b.raw[s.raw]
			if c.named || c.err {
				return c.kind != "comment"
			}
			return c.kind == "..." // a K&R or preprocessor variadic parameter
		})
	case declList:
		// A field's declarator and its bit-field width are one item.
		for i := 0; i+1 < len(slots); i++ {
			if slots[i].raw >= 0 && slots[i+1].raw >= 0 &&
				b.raw[slots[i].raw].field == "declarator" && b.raw[slots[i+1].raw].kind == "bitfield_clause" {
				g := slot{raw: -1, kind: "bitfield_declarator", members: []slot{slots[i], slots[i+1]}}
				slots = append(slots[:i], append([]slot{g}, slots[i+2:]...)...)
			}
		}
		isDecl := func(s slot) bool {
			return s.raw < 0 && s.kind == "bitfield_declarator" || s.raw >= 0 && b.raw[s.raw].field == "declarator"
		}
		n := 0
		for _, s := range slots {
			if isDecl(s) {
				n++
			}
		}
		if n < 2 {
			return slots
		}
		slots = b.planList(slots, isDecl)
		if p.kind == "type_definition" {
			// A typedef needs a declarator: the first stays.
			for i := range slots {
				if slots[i].Is(tree.ListItem) {
					slots[i].flags &^= tree.Removable
					break
				}
			}
		}
		return slots
	}
	return slots
}

// planItems marks the items of an items context removable and groups a
// type specifier with the ";" after it.
func (b *builder) planItems(p *raw, slots []slot) []slot {
	afterColon := false
	out := slots[:0]
	for i := 0; i < len(slots); i++ {
		s := slots[i]
		c := &b.raw[s.raw]
		if c.kind == ":" && !c.named {
			afterColon = true
		}
		if !isItem(p, c, afterColon) {
			out = append(out, s)
			continue
		}
		if specifierKinds[c.kind] && i+1 < len(slots) {
			if next := &b.raw[slots[i+1].raw]; next.kind == ";" && !next.named {
				out = append(out, slot{raw: -1, kind: "declaration", flags: tree.Removable,
					members: []slot{s, slots[i+1]}})
				i++
				continue
			}
		}
		s.flags |= tree.Removable
		out = append(out, s)
	}
	return out
}

// planList marks the items of a comma-separated list and the commas between
// them. A comma after the last item (allowed in initializer and enumerator
// lists) may vanish on its own. Whatever follows a separator before the next
// item (comments, attributes) is grouped with the separator, so that the
// separator is rendered in its place.
func (b *builder) planList(slots []slot, item func(slot) bool) []slot {
	isItem := make([]bool, len(slots))
	last := -1
	for i, s := range slots {
		if item(s) {
			isItem[i] = true
			last = i
		}
	}
	isComma := func(s slot) bool { return s.raw >= 0 && b.raw[s.raw].kind == "," && !b.raw[s.raw].named }
	out := make([]slot, 0, len(slots))
	seen := false
	for i := 0; i < len(slots); i++ {
		s := slots[i]
		switch {
		case isItem[i]:
			s.flags |= tree.Removable | tree.ListItem
			seen = true
			out = append(out, s)
		case isComma(s) && seen && i < last:
			s.flags = tree.Sep
			j := i + 1
			for j < len(slots) && !isItem[j] && !isComma(slots[j]) {
				j++
			}
			if j == i+1 {
				out = append(out, s)
				continue
			}
			g := slot{raw: -1, kind: ",", flags: tree.Sep, members: append([]slot{{raw: s.raw}}, slots[i+1:j]...)}
			out = append(out, g)
			i = j - 1
		case isComma(s) && seen && i > last:
			// A trailing comma goes with the last item, so that a list
			// that loses all its items does not keep it: "{ a, b, }" less
			// b reads "{ a }". The comma may vanish on its own too.
			k := len(out) - 1
			for !out[k].Is(tree.ListItem) {
				k--
			}
			s.flags |= tree.Removable
			members := append(append([]slot{}, out[k:]...), s)
			members[0].flags &^= tree.Removable | tree.ListItem
			out = append(out[:k], slot{raw: -1, kind: "list_item", flags: out[k].flags, members: members})
		default:
			out = append(out, s)
		}
	}
	return out
}

// Is reports whether all of f are set on s.
func (s slot) Is(f tree.Flags) bool { return s.flags&f == f }

// A builder copies raw nodes into an hdd tree, applying the policy.
type builder struct {
	src   []byte
	raw   []raw
	t     *tree.Tree
	slots []slot // a stack: the slots of the nodes being added, outer first
}

// build adds the root, spanning all of the source, and everything below.
func (b *builder) build() {
	root := b.t.Add(tree.NoNode, "translation_unit", 0, len(b.src), 0, "")
	if len(b.raw) == 0 {
		return
	}
	b.children(root, 0)
}

// children adds the children of raw node ri under id.
func (b *builder) children(id tree.NodeID, ri int) {
	if b.raw[ri].first < 0 {
		return
	}
	mark := len(b.slots)
	for _, s := range b.plan(ri) {
		b.add(id, s)
	}
	b.slots = b.slots[:mark]
}

func (b *builder) add(parent tree.NodeID, s slot) {
	if s.raw < 0 {
		first, last := s.members[0], s.members[len(s.members)-1]
		for last.raw < 0 {
			last = last.members[len(last.members)-1]
		}
		for first.raw < 0 {
			first = first.members[0]
		}
		g := b.t.Add(parent, s.kind, b.raw[first.raw].start, b.raw[last.raw].end, s.flags, s.replace)
		for _, m := range s.members {
			b.add(g, m)
		}
		return
	}
	r := &b.raw[s.raw]
	id := b.t.Add(parent, r.kind, r.start, r.end, s.flags, s.replace)
	b.t.SetClass(id, class(r.kind, r.field, s.replace))
	if r.kind == "string_literal" && s.replace == `""` {
		b.t.SetFlags(id, b.t.Nodes[id].Flags|tree.Chars) // a string in a value slot may be cut down
	}
	b.children(id, s.raw)
}

// class returns the hoisting class of a node of the given kind, in the
// given field of its parent, whose replacement is replace: a block may take
// the place of a block, a statement of a statement (or a block: see
// accepts), an expression in an operand or value slot (one replaced by "0")
// of such an expression, and a declarator with an initializer of the
// declarator inside it ("int x = 1" becomes "int x").
func class(kind, field, replace string) string {
	switch {
	case kind == "compound_statement":
		return "block"
	case stmtKinds[kind]:
		return "stmt"
	case exprKinds[kind] && replace == "0":
		return "expr"
	case kind == "init_declarator",
		field == "declarator" && (kind == "identifier" || kind == "pointer_declarator" || kind == "array_declarator"):
		return "declarator"
	}
	return ""
}

// accepts widens hoisting: a block is a statement too.
var accepts = map[string][]string{"stmt": {"block"}}
