package treesitter

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
)

// A Language is one tree-sitter grammar as hdd reduces it: the grammar,
// the table that says what may happen to each node, and the rest of the
// format's policy. A Language is used by pointer and must not change once
// it has parsed.
type Language struct {
	Name    string   // the -format name: "cpp", "go", "python"
	Exts    []string // the file name extensions that select it
	Grammar *sitter.Language
	Table   *Table

	// Fuse reports whether two tokens of the language ending in a and
	// starting with b would lex as one if written without a space (see
	// tree.Policy.Fuse). Nil means [FuseWords].
	Fuse func(a, b byte) bool

	// LineSensitive says line breaks between tokens matter: the C
	// preprocessor's lines, Python's statements, Go's implicit semicolons
	// (see tree.Policy.LineSensitive).
	LineSensitive bool

	// Reindent says a line's indentation is syntax: a statement hoisted
	// into another's place takes its indentation (Python; see
	// tree.Policy.Reindent).
	Reindent bool

	// Hide, if set, returns the spans of src that tree-sitter is not to
	// see, disjoint, and the places where it looked without finding one
	// (see Span), by their Start, from offset from on. From is 0, or the Start of a span
	// that Hide gave for another text whose bytes are those of src up to
	// that Start and up to the End of every span before it: the scan from
	// there then finds what a scan from 0 finds.
	Hide func(src []byte, from int) iter.Seq[Span]

	// Declares, if set, is a tree-sitter query whose captures are the
	// names a text's declarations declare, and Words calls its func with
	// the span of each word of a text that may name something
	// (identifiers, outside comments and literals). The policy's Check
	// then refuses a candidate that still names something the input
	// declared but no longer declares it: such a removal would fail to
	// compile, and is refused without a test run. A name declared more
	// than once stays declared while one declaration does, whatever their
	// scopes: the check errs on the side of testing.
	Declares string
	Words    func(text []byte, f func(start, end int))

	// DeclaredName, if set, returns the name that a capture of Declares
	// whose text is text declares: the text itself, but for captures that
	// are no word, such as a Go import's path, whose last element names
	// its package.
	DeclaredName func(text string) string

	// Implicit, if set, reports whether the word of text that ends at
	// end may name something the compiler declares by itself when it is
	// not declared (a C function at its call): such a word is no use that
	// keeps a declaration.
	Implicit func(text []byte, end int) bool

	// Refuses, if set, returns the offset of a syntax error that the
	// grammar reads without one, in or at the edges of text[lo:hi], the
	// span where a candidate differs from the text adopted last, and
	// what it is; or -1. C's empty enum, say: where a query of the whole
	// tree would cost too much for each candidate, a scan of the edit's
	// bytes does. The policy's Check refuses such a candidate.
	Refuses func(text []byte, lo, hi int) (int, string)

	// Validate, if set, counts the errors of a text, parsed as root, that
	// neither tree-sitter nor the table's queries see, such as Python's
	// nonlocal without a binding, and returns the offset of the first:
	// they count with its syntax errors, so that the policy's Check
	// refuses a candidate with more than the input has.
	Validate func(root *sitter.Node, text []byte) (n, first int)

	// Unused, with Declares, makes the policy offer Unused (see
	// tree.Policy.Unused): declarations that nothing else names, removed
	// at once between levels. Locals are the kinds inside which
	// declarations are local, such as function bodies: Unused leaves them
	// to the levels (a loop that declares its counter is no dead
	// declaration).
	Unused bool
	Locals Set

	// Tied are the kinds of declarations that the language refuses once
	// nothing uses them, as Go refuses an unused import: Unused puts such
	// a declaration in the group of the unused nodes that name it, so
	// that they go together or not at all.
	Tied Set

	// Body, if set, returns the nodes of the function definition id
	// whose removal leaves a declaration of the function (its body, which
	// the table replaces by ";", and what cannot stay without it), or nil
	// if id is no such definition: the policy's Bodies offers them.
	Body func(t *tree.Tree, id tree.NodeID) []tree.NodeID

	// Reopens are the kinds whose declarations add to an entity declared
	// before, such as C++ namespaces: for Unused, their names are uses of
	// the entity, and they own no declaration.
	Reopens Set

	declares     *sitter.Query // Declares, compiled
	declaresErr  error
	declaresOnce sync.Once

	malformed     *sitter.Query // of Table.Malformed and Table.NeverEmpty, compiled
	malformedErr  error
	malformedOnce sync.Once

	// Transforms are the language's own edits (see tree.Policy.Transforms).
	Transforms []tree.Transform

	// Tidies returns the tidies of an input, after the format-independent
	// ones (grammars.Tidies); nil means those alone.
	Tidies func(src []byte) []tree.Tidy

	parsers sync.Pool // idle *sitter.Parser of this grammar, for Check
}

// Format returns the grammars.Format that parses l.
func (l *Language) Format() *grammars.Format {
	return &grammars.Format{Name: l.Name, Exts: l.Exts, Parse: l.Parse}
}

// mostlyErrors is the share of an input's non-space bytes in regions
// tree-sitter could not parse above which the warning gives the share: the
// input may not be in the language at all, or in a dialect tree-sitter
// does not read. It is reduced anyway, as the user named the language.
const mostlyErrors = 0.5

// Parse parses src; it stops with an error wrapping ctx.Err() when ctx is
// done. The root of the tree spans all of src. Regions that tree-sitter
// cannot parse are kept as opaque ERROR nodes, whose lines are nodes of
// their own, and reported in the Doc's Warnings; Parse fails only for text
// that is empty or binary. It never refuses text as not in the language:
// the user named it, and the compiler may well read what tree-sitter
// cannot.
//
// The policy's Check re-parses a candidate and refuses it if it has more
// syntax errors than src.
func (l *Language) Parse(ctx context.Context, src []byte) (*grammars.Doc, error) {
	if err := grammars.CheckText(src); err != nil {
		return nil, err
	}
	seen, spans := l.hidden(src)
	st, err := l.parse(ctx, seen)
	if err != nil {
		return nil, fmt.Errorf("tree-sitter: %w", err)
	}
	nerr, _, err := l.errorCount(st, seen)
	if err != nil {
		st.Close()
		return nil, err
	}
	nodes, missing := l.copyTree(ctx, st, seen)
	if err := ctx.Err(); err != nil {
		st.Close()
		return nil, err
	}
	regions, errBytes, first := errorRegions(seen, nodes)
	nodes = l.insertSpans(nodes, spans)
	if first < 0 && missing.count > 0 {
		first = missing.first
	}

	// The checker keeps a copy of the tree for incremental parsing; the copy
	// shares the tree's nodes but not the cache of Go wrappers that copyTree
	// filled, which may go now: it is about as large as the tree to build.
	chk := &checker{lang: l, input: seen, limit: nerr, b: base{raw: src, spans: spans, src: seen, tree: st.Copy()}}
	if chk.b.names, err = l.names(st, seen); err != nil {
		return nil, err
	}
	if chk.b.names != nil {
		chk.b.declared = withNames(map[string]bool{}, chk.b.names.decls)
	}
	st.Close()
	st = nil

	b := builder{table: l.Table, src: src, raw: nodes, t: tree.NewTree(src)}
	b.t.Nodes = make([]tree.Node, 0, len(nodes)+len(nodes)/16+1) // groups add a few
	b.build()
	if err := b.t.Finish(); err != nil {
		// The spans are clamped while copying, so this is a bug here.
		return nil, fmt.Errorf("internal error: %w", err)
	}
	fuse := l.Fuse
	if fuse == nil {
		fuse = FuseWords
	}
	tidies := grammars.Tidies
	if l.Tidies != nil {
		tidies = slices.Concat(grammars.Tidies, l.Tidies(src))
	}
	doc := &grammars.Doc{Tree: b.t, Policy: &tree.Policy{
		Fuse:          fuse,
		LineSensitive: l.LineSensitive,
		Reindent:      l.Reindent,
		Units:         grammars.CodeUnits,
		Accepts:       l.Table.Accepts,
		Check:         chk.check,
		Adopted:       chk.adopted,
		Transforms:    l.Transforms,
		Tidies:        tidies,
	}}
	if names := chk.b.names; names != nil && l.Unused {
		hidden := Set{}
		for _, s := range spans {
			hidden[s.Kind] = true
		}
		u := sync.OnceValue(func() *usage { return newUsage(b.t, names, l, hidden) })
		doc.Policy.Unused = func(t *tree.Tree, c tree.Candidate, keep func(tree.NodeID) bool) [][]tree.NodeID {
			return u().unused(t, c, keep)
		}
	}
	if l.Body != nil {
		doc.Policy.Bodies = l.bodies
	}
	doc.Policy.Reparse = func(src []byte) (*tree.Tree, error) {
		d, err := l.Parse(context.Background(), src)
		if err != nil {
			return nil, err
		}
		return d.Tree, nil
	}
	if regions > 0 || missing.count > 0 {
		doc.Warnings = append(doc.Warnings, warning(src, first, regions, errBytes, missing.count))
	}
	return doc, nil
}

// warning says where tree-sitter failed and how much.
func warning(src []byte, first, regions, errBytes, missing int) string {
	line, col := grammars.Position(src, first)
	var parts []string
	switch share := float64(errBytes) / float64(max(nonSpace(src), 1)); {
	case regions > 0 && share > mostlyErrors:
		parts = append(parts, fmt.Sprintf("could not parse %d%% of the file, in %s (kept as text and reduced line by line)",
			int(100*share), grammars.Plural(regions, "region")))
	case regions > 0:
		parts = append(parts, "could not parse "+grammars.Plural(regions, "region")+" (kept opaque)")
	}
	if missing > 0 {
		parts = append(parts, "found "+grammars.Plural(missing, "missing token"))
	}
	return fmt.Sprintf("%d:%d: tree-sitter %s; the first is here", line, col, strings.Join(parts, " and "))
}

// nonSpace counts the bytes of src that are not white space.
func nonSpace(src []byte) int {
	n := 0
	for _, c := range src {
		if !isSpace(c) {
			n++
		}
	}
	return n
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// parse runs a fresh tree-sitter parser over src, until ctx is done.
func (l *Language) parse(ctx context.Context, src []byte) (*sitter.Tree, error) {
	p := sitter.NewParser()
	defer p.Close()
	p.SetLanguage(l.Grammar)
	return p.ParseCtx(ctx, nil, src)
}

// parser returns an idle parser of l's grammar; put it back with
// l.parsers.Put. A parser is not safe for concurrent use; parsers dropped
// by the pool are freed by their finalizers.
func (l *Language) parser() *sitter.Parser {
	if p, ok := l.parsers.Get().(*sitter.Parser); ok {
		return p
	}
	p := sitter.NewParser()
	p.SetLanguage(l.Grammar)
	return p
}

// FuseWords is the Fuse of a language whose tokens are words and
// punctuation, as in C: two identifier or number characters fuse, an
// identifier and a quote (a prefixed string: L"x", b'x', f"x"), a number
// and a dot, and two operator characters that may form a longer operator
// or a comment (+ +, - >, / *, < <=, ...). It errs on the side of fusing,
// since a needless space is harmless.
func FuseWords(a, b byte) bool {
	switch {
	case isWord(a):
		return isWord(b) || b == '"' || b == '\'' || b == '.' && isDigit(a) ||
			(a == 'e' || a == 'E' || a == 'p' || a == 'P') && (b == '+' || b == '-')
	case a == '.':
		return isDigit(b) || b == '.'
	case isOp(a):
		return isOp(b)
	}
	return false
}

func isWord(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || isDigit(c) || c >= 0x80
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isOp reports whether c can begin or continue a multi-character
// punctuator: the digraphs <: :> <% %> %: and the C23 [[ ]] :: included.
func isOp(c byte) bool {
	return strings.IndexByte("+-*/%<>=!&|^#:[].?", c) >= 0
}
