package treesitter

import (
	"maps"
	"slices"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/hddreduce/hdd/hdd/tree"
)

// A Set is a set of node kinds.
type Set map[string]bool

// NewSet returns the set of kinds.
func NewSet(kinds ...string) Set {
	s := make(Set, len(kinds))
	for _, k := range kinds {
		s[k] = true
	}
	return s
}

// Add returns s with kinds added; s may be nil.
func (s Set) Add(kinds ...string) Set {
	if s == nil {
		s = Set{}
	}
	for _, k := range kinds {
		s[k] = true
	}
	return s
}

// LayoutsOf returns the layouts of the kinds listed: Items for items, List
// for lists.
func LayoutsOf(items, lists []string) map[string]Layout {
	m := make(map[string]Layout, len(items)+len(lists))
	for _, k := range items {
		m[k] = Items
	}
	for _, k := range lists {
		m[k] = List
	}
	return m
}

// Any matches any field or kind in a [Child] key.
const Any = "*"

// A Child names a position in the tree: a child of kind Kind in field Field
// of a node of kind Parent. Field is "" for a child without one; Field or
// Kind may be [Any].
type Child struct{ Parent, Field, Kind string }

// An Edit is what may happen to a node: its flags (tree.Removable: it may
// vanish) and the text it becomes when removed but it cannot vanish ("" to
// stay as it is).
type Edit struct {
	Flags   tree.Flags
	Replace string
	class   string // the class of a slot's category
}

// A Slot is a position that holds one node of a category: the field of a
// parent kind ("" for the children without a field).
type Slot struct{ Parent, Field string }

// A Category is a class of kinds that may stand in the same slots, such as
// expressions or statements, and what a member of it is replaced with in
// those slots when it cannot vanish.
type Category struct {
	Kinds   Set
	Replace string            // the replacement of a member
	ByKind  map[string]string // replacements of particular members
	Class   string            // the hoisting class of a member replaced by Replace
}

// A Layout says how the children of a node relate to each other.
type Layout uint8

const (
	// Plain children are what the table says of each.
	Plain Layout = iota
	// Items are a sequence of items that may each vanish: statements,
	// declarations, members. Delimiters (braces, keywords, labels) are
	// not items; see Table.IsItem.
	Items
	// List children are the items of a comma-separated list, whose commas
	// are separators: arguments, parameters, elements.
	List
)

// A Table says what may happen to each node of a language's trees. Most of
// it is data; the funcs at the end let a language say what the data
// cannot, and default to reading the data. A Table must not change once in
// use.
//
// The edit of a node, as the child c of p, is the first that applies of:
//
//  1. a line of a region tree-sitter could not parse may vanish; an ERROR
//     node is opaque, and may vanish where tree-sitter skipped it as
//     extra;
//  2. a kind in Anywhere may vanish;
//  3. Children's entry for (p.Kind, c.Field, c.Kind), then for
//     (p.Kind, c.Field, Any), (p.Kind, Any, c.Kind) and (p.Kind, Any, Any);
//  4. if (p.Kind, c.Field) is in Slots and c.Kind is in the slot's
//     category, the category's replacement;
//  5. Replace[c.Kind], as a replacement (or nothing: the node stays).
//
// The layout of p's children then adds to it: items of an Items parent may
// vanish, items of a List parent may vanish with one comma.
type Table struct {
	Root     string // the kind of the root, which spans the whole input
	Leaves   Set    // kinds copied without their children: strings, numbers, comments
	Anywhere Set    // kinds that may vanish wherever they are: comments, attributes

	Children   map[Child]Edit // edits by position, before slots and replacements
	Slots      map[Slot]string
	Categories map[string]Category
	Replace    map[string]string // the replacement of a kind that cannot vanish

	// Strings are the kinds whose text may be cut down (tree.Chars) where
	// their replacement is their Replace entry: string literals.
	Strings Set

	Layouts map[string]Layout // the layout of a parent kind's children; Plain if absent

	// ItemTokens are the anonymous children of an Items parent that are
	// items (a stray ";"); NotItemFields the fields of the named children
	// of an Items or List parent that are not items (the "condition" of a
	// C #if, the module a Python import is from). Labels are the
	// anonymous tokens after which an Items parent's items start (the ":"
	// of a case): before it, nothing is an item.
	ItemTokens    Set
	NotItemFields Set
	Labels        map[string]string // parent kind -> token

	// NotItems are the kinds of named children of an Items parent that
	// are not items, which the language needs where they are (Go's
	// package clause: tree-sitter reads a file without one, the Go
	// compiler does not).
	NotItems Set

	// ListTokens are the anonymous children of a List parent that are
	// items (C's "..."); NotListItems the named ones that are not
	// (comments).
	ListTokens   Set
	NotListItems Set

	// NonEmpty are the List and Items parents that must keep an item
	// (Go's expression lists, the declarators of a declaration, Python's
	// blocks): where there is one item (comments aside), it stays.
	NonEmpty Set

	// NeverEmpty are the kinds of node that must hold a named child other
	// than NotListItems, which tree-sitter reads empty without an error
	// where the language has none: Python's block, whose statements may
	// all vanish in one candidate, leaving an "if x:" that Python refuses
	// with an IndentationError. The policy's Check counts each such node
	// that holds none as a syntax error.
	NeverEmpty Set

	// Enclosed say where nodes of some kinds must stand, which the grammar
	// reads anywhere without an error: Python's return inside a function,
	// its break and continue inside a loop of the same function. A
	// candidate may hoist a function's body into its place. The policy's
	// Check counts each node that stands elsewhere as a syntax error.
	Enclosed []Enclosure

	// Malformed, if set, is a tree-sitter query whose captures are syntax
	// errors that the grammar reads without one, such as JavaScript's
	// "const x;" (a const without its value, which the table lets vanish
	// from a let's declarator). The policy's Check counts each capture as
	// a syntax error, but a capture named hdd-never-empty only where its
	// node holds nothing, as NeverEmpty's (Java's type arguments where a
	// type is declared, which a diamond's may lack).
	Malformed string

	// Optional are the slots whose child may vanish together with the
	// anonymous token before it, if any (the "else" before a Go or Java
	// else branch, the "->" before a Python return type): the two form a
	// group, of the field's kind, that may vanish. An empty token means
	// the child may vanish alone.
	Optional map[Slot]string

	// Terminated are the kinds that, followed by ";" in an Items parent,
	// form one item with it: "struct S {...};", which tree-sitter does
	// not wrap in a declaration.
	Terminated Set

	// Classes are the hoisting classes of kinds, and of kinds in a field
	// (the key's Parent is Any, and so is its Field for a class by kind
	// alone): a node may be replaced by a descendant of its class, or of
	// a class its own Accepts. A node without a class by kind has its
	// category's Class where it is replaced by the category's Replacement
	// (an operand replaced by "0" is an expression), else its class in
	// its field.
	Classes map[Child]string
	Accepts map[string][]string

	// Unreplaceable, if set, reports whether node n of src must never be
	// replaced by a node below it, such as JavaScript's labeled statement
	// whose body names its label: hoisted to its body, the label would
	// go while a break or continue still names it. Such a node gets no
	// class.
	Unreplaceable func(src []byte, n *Node) bool

	// ImplicitJoins are the classes whose nodes may hold a line break
	// between two tokens only inside brackets, or after a backslash
	// (Python's expressions, by its implicit line joining). Such a node
	// with a line break between its tokens that none of its own brackets
	// encloses, such as the 1 +\n 2 of (1 +\n 2), gets no class: hoisted
	// out of the brackets around it, its lines would fall apart.
	ImplicitJoins Set

	// IsItem reports whether child c of an Items parent p is an item;
	// afterLabel whether p's label token has been seen (or p has none).
	// Nil means the default, from ItemTokens, NotItemFields and Labels.
	IsItem func(p, c *Node, afterLabel bool) bool

	// Plan arranges the children of p after the layout did, as slots: it
	// may group consecutive slots into one (with Planner.Group) or make a
	// list (with Planner.List) where the layouts cannot say it. Nil leaves
	// the slots as they are.
	Plan func(pl *Planner, p *Node, parts []Part) []Part
}

// AddPlan makes f arrange the children of each node after the Plan t
// has, if any: a language whose table extends another's adds its own.
func (t *Table) AddPlan(f func(pl *Planner, p *Node, parts []Part) []Part) {
	plan := t.Plan
	if plan == nil {
		t.Plan = f
		return
	}
	t.Plan = func(pl *Planner, p *Node, parts []Part) []Part { return f(pl, p, plan(pl, p, parts)) }
}

// An Enclosure says that a node of a kind of Kinds must have an ancestor
// of a kind of In, and none of a kind of Not nearer than it, nor in one
// of NotFields of that ancestor (the else clause of Python's loops, which
// runs after the loop, where break has no loop of its own).
type Enclosure struct{ Kinds, In, Not, NotFields Set }

// Clone returns a copy of t whose sets and maps may be changed without
// changing t's.
func (t *Table) Clone() *Table {
	c := *t
	c.Leaves = maps.Clone(t.Leaves)
	c.Anywhere = maps.Clone(t.Anywhere)
	c.Children = maps.Clone(t.Children)
	c.Slots = maps.Clone(t.Slots)
	c.Categories = maps.Clone(t.Categories)
	c.Replace = maps.Clone(t.Replace)
	c.Strings = maps.Clone(t.Strings)
	c.Layouts = maps.Clone(t.Layouts)
	c.ImplicitJoins = maps.Clone(t.ImplicitJoins)
	c.Enclosed = slices.Clone(t.Enclosed)
	c.ItemTokens = maps.Clone(t.ItemTokens)
	c.NotItemFields = maps.Clone(t.NotItemFields)
	c.Labels = maps.Clone(t.Labels)
	c.ListTokens = maps.Clone(t.ListTokens)
	c.NotListItems = maps.Clone(t.NotListItems)
	c.NonEmpty = maps.Clone(t.NonEmpty)
	c.NotItems = maps.Clone(t.NotItems)
	c.NeverEmpty = maps.Clone(t.NeverEmpty)
	c.Terminated = maps.Clone(t.Terminated)
	c.Optional = maps.Clone(t.Optional)
	c.Classes = maps.Clone(t.Classes)
	c.Accepts = maps.Clone(t.Accepts)
	return &c
}

// edit returns the edit of child c of p by the rules in Table's doc, before
// the layout of p adds to it.
func (t *Table) edit(p, c *Node) Edit {
	switch {
	case p.Error: // a line of a region tree-sitter could not parse
		return Edit{Flags: tree.Removable}
	case c.Error:
		if c.Extra {
			return Edit{Flags: tree.Opaque | tree.Removable}
		}
		return Edit{Flags: tree.Opaque}
	case t.Anywhere[c.Kind]:
		return Edit{Flags: tree.Removable}
	}
	if len(t.Children) > 0 {
		for _, k := range [...]Child{{p.Kind, c.Field, c.Kind}, {p.Kind, c.Field, Any}, {p.Kind, Any, c.Kind}, {p.Kind, Any, Any}} {
			if e, ok := t.Children[k]; ok {
				return e
			}
		}
	}
	if cat, ok := t.Slots[Slot{p.Kind, c.Field}]; ok {
		if ct := t.Categories[cat]; ct.Kinds[c.Kind] {
			if r, ok := ct.ByKind[c.Kind]; ok {
				return Edit{Replace: r}
			}
			return Edit{Replace: ct.Replace, class: ct.Class}
		}
	}
	return Edit{Replace: t.Replace[c.Kind]}
}

// isItem reports whether child c of an Items parent p is an item.
func (t *Table) isItem(p, c *Node, afterLabel bool) bool {
	if t.IsItem != nil {
		return t.IsItem(p, c, afterLabel)
	}
	if !afterLabel {
		return false
	}
	if c.Named || c.Error {
		return !t.NotItemFields[c.Field] && !t.NotItems[c.Kind]
	}
	return t.ItemTokens[c.Kind]
}

// class returns the hoisting class of n, whose slot's category gives it
// slotClass.
func (t *Table) class(n *Node, slotClass string) string {
	if len(t.Classes) == 0 {
		return slotClass
	}
	if c, ok := t.Classes[Child{Any, Any, n.Kind}]; ok {
		return c
	}
	if slotClass != "" {
		return slotClass
	}
	return t.Classes[Child{Any, n.Field, n.Kind}]
}

// NamedKinds returns the kinds of grammar g's named nodes for which keep
// returns true: the statements of a grammar that names them all
// "..._statement", say.
func NamedKinds(g *sitter.Language, keep func(kind string) bool) Set {
	s := Set{}
	for i := range g.SymbolCount() {
		sym := sitter.Symbol(i)
		if g.SymbolType(sym) == sitter.SymbolTypeRegular && keep(g.SymbolName(sym)) {
			s[g.SymbolName(sym)] = true
		}
	}
	return s
}

// Classes returns the hoisting classes by kind of the kinds in each set of
// byClass, for Table.Classes.
func Classes(byClass map[string]Set) map[Child]string {
	m := map[Child]string{}
	for class, kinds := range byClass {
		for k := range kinds {
			m[Child{Any, Any, k}] = class
		}
	}
	return m
}
