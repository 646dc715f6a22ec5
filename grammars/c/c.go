package c

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	tsc "github.com/smacker/go-tree-sitter/c"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Format is the C format: files ending in .c, .h or .i (preprocessed C).
var Format = &grammars.Format{Name: "c", Exts: []string{".c", ".h", ".i"}, Parse: Parse}

// language is the tree-sitter C grammar. It is immutable and shared by all
// parsers.
var language = tsc.GetLanguage()

// mostlyErrors is the share of an input's non-space bytes in regions
// tree-sitter could not parse above which the warning gives the share: the
// input may not be C at all, or C that tree-sitter does not read (#if 0
// blocks of prose, trigraphs). It is reduced anyway, as the user named it C.
const mostlyErrors = 0.5

// Parse parses src as C; it stops with an error wrapping ctx.Err() when
// ctx is done. The root of the tree spans all of src; its
// children are the top-level items of the translation unit. Regions that
// tree-sitter cannot parse (GNU extensions it does not know, unexpanded
// macros) are kept as opaque ERROR nodes, whose lines are nodes of their
// own, and reported in the Doc's Warnings; Parse fails only for text that
// is empty or binary. It never refuses text as not C: the user named it C,
// and gcc may well read what tree-sitter cannot.
//
// The policy's Check re-parses a candidate and refuses it if it has more
// syntax errors than src.
func Parse(ctx context.Context, src []byte) (*grammars.Doc, error) {
	if err := grammars.CheckText(src); err != nil {
		return nil, err
	}
	st, err := parse(ctx, src)
	if err != nil {
		return nil, fmt.Errorf("tree-sitter: %w", err)
	}
	nerr := countErrors(st.RootNode())
	nodes, missing := copyTree(st, src)
	if err := ctx.Err(); err != nil {
		st.Close()
		return nil, err
	}

	regions, errBytes, first := errorRegions(src, nodes)
	if first < 0 && missing.count > 0 {
		first = missing.first
	}

	// The checker keeps a copy of the tree for incremental parsing; the copy
	// shares the tree's nodes but not the cache of Go wrappers that copyTree
	// filled, which may go now: it is about as large as the tree to build.
	chk := &checker{src: src, input: src, base: st.Copy(), limit: nerr}
	st.Close()
	st = nil

	b := builder{src: src, raw: nodes, t: tree.NewTree(src)}
	b.t.Nodes = make([]tree.Node, 0, len(nodes)+len(nodes)/16+1) // groups add a few
	b.build()
	if err := b.t.Finish(); err != nil {
		// The spans are clamped while copying, so this is a bug here.
		return nil, fmt.Errorf("internal error: %w", err)
	}
	doc := &grammars.Doc{Tree: b.t, Policy: &tree.Policy{
		Fuse:          Fuse,
		LineSensitive: true,
		Units:         grammars.TextUnits,
		Accepts:       accepts,
		Check:         chk.check,
		Adopted:       chk.adopted,
		Transforms: []tree.Transform{
			{Name: "macro expansion", Candidates: expandMacros},
			{Name: "parameter removal", Candidates: removeParams},
			{Name: "void returns", Candidates: voidReturns},
			{Name: "block unwrapping", Candidates: unwrapBlocks},
			{Name: "assignment dropping", Candidates: dropAssignments},
			{Name: "argument zeroing", Candidates: zeroArguments},
			{Name: "type simplification", Candidates: simplifyTypes},
		},
		Tidies: slices.Concat(grammars.Tidies, []tree.Tidy{{Name: "reindent", Apply: reindent(indentUnit(src))}}),
	}}
	if nerr > 0 {
		line, col := grammars.Position(src, first)
		var parts []string
		switch share := float64(errBytes) / float64(max(nonSpace(src), 1)); {
		case regions > 0 && share > mostlyErrors:
			parts = append(parts, fmt.Sprintf("could not parse %d%% of the file, in %s (kept as text and reduced line by line)",
				int(100*share), plural(regions, "region", "regions")))
		case regions > 0:
			parts = append(parts, "could not parse "+plural(regions, "region", "regions")+" (kept opaque)")
		}
		if missing.count > 0 {
			parts = append(parts, "found "+plural(missing.count, "missing token", "missing tokens"))
		}
		doc.Warnings = append(doc.Warnings, fmt.Sprintf("%d:%d: tree-sitter %s; the first is here",
			line, col, strings.Join(parts, " and ")))
	}
	return doc, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
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
func parse(ctx context.Context, src []byte) (*sitter.Tree, error) {
	p := sitter.NewParser()
	defer p.Close()
	p.SetLanguage(language)
	return p.ParseCtx(ctx, nil, src)
}

// errorSymbol is tree-sitter's symbol for ERROR nodes
// (ts_builtin_sym_error, (TSSymbol)-1).
const errorSymbol = sitter.Symbol(65535)

// A raw node is a tree-sitter node copied into Go memory.
type raw struct {
	*rawSym
	start, end  int
	extra       bool  // an ERROR node that tree-sitter skipped as extra
	err         bool  // an ERROR node
	first, last int32 // children, or -1
	next        int32 // next sibling, or -1
}

// A rawSym is what a raw node is, shared by the raw nodes alike: its kind,
// whether tree-sitter names it, and the field it fills in its parent.
type rawSym struct {
	kind  string
	field string // or ""
	named bool
}

// missingTokens counts the zero-width MISSING tokens tree-sitter inserted.
type missingTokens struct {
	count int
	first int // offset of the first, or -1
}

// copyTree walks the tree-sitter tree once and copies it into a slice of raw
// nodes in preorder, clamping each node's span into its parent's and after
// its previous sibling so that the spans nest. Zero-width nodes (MISSING
// tokens) are dropped and counted. The children of literals and ERROR
// nodes, which are never edited on their own, are not copied.
//
// go-tree-sitter keeps a Go wrapper of every node it hands out, in a cache
// that lives as long as the Go tree: for a large input it would hold about
// as much memory as the copy. So the top-level items are walked in batches,
// each through a fresh Go copy of the tree (the copies share tree-sitter's
// nodes), and each batch's cache can be collected after it.
func copyTree(tree *sitter.Tree, src []byte) ([]raw, missingTokens) {
	n := len(src)
	nodes := make([]raw, 0, n/3+16) // about the ratio for dense code
	missing := missingTokens{first: -1}
	cur := sitter.NewTreeCursor(tree.RootNode())
	defer func() { cur.Close() }()
	type symInfo struct {
		kind  string
		named bool
	}
	syms := map[sitter.Symbol]symInfo{}
	type symField struct {
		sym   sitter.Symbol
		field string
	}
	rawSyms := map[symField]*rawSym{}
	// Each cgo call costs about as much as the rest of the loop, so the
	// per-symbol facts are cached and the per-node ones asked only when
	// needed.
	var visit func(parent, lo, hi int)
	visit = func(parent, lo, hi int) {
		node := cur.CurrentNode()
		start, end := int(node.StartByte()), int(node.EndByte())
		if start == end {
			if node.IsMissing() {
				missing.count++
				if missing.first < 0 {
					missing.first = start
				}
			}
			return
		}
		start, end = max(start, lo), min(end, hi)
		if start >= end {
			return
		}
		start = continuation(src, lo, start)
		sym := node.Symbol()
		info, ok := syms[sym]
		if !ok {
			info = symInfo{node.Type(), node.IsNamed()}
			syms[sym] = info
		}
		kind := info.kind
		if kind == "\n" && !info.named {
			// The line break ending an #if or #elif condition is left to
			// the parent, so that it is white space before the first item.
			return
		}
		field := ""
		if parent >= 0 {
			field = cur.CurrentFieldName()
		}
		rs, ok := rawSyms[symField{sym, field}]
		if !ok {
			rs = &rawSym{kind: kind, field: field, named: info.named}
			rawSyms[symField{sym, field}] = rs
		}
		isErr := sym == errorSymbol
		id := len(nodes)
		nodes = append(nodes, raw{
			rawSym: rs,
			start:  start,
			end:    end,
			extra:  isErr && node.IsExtra(),
			err:    isErr,
			first:  -1,
			last:   -1,
			next:   -1,
		})
		if parent >= 0 {
			if p := &nodes[parent]; p.last < 0 {
				p.first = int32(id)
				p.last = int32(id)
			} else {
				nodes[p.last].next = int32(id)
				p.last = int32(id)
			}
		}
		if isErr {
			nodes = appendLines(nodes, id, src)
			return
		}
		if leafKinds[kind] || !cur.GoToFirstChild() {
			return
		}
		prev := start
		for k := 1; ; k++ {
			before := len(nodes)
			visit(id, prev, end)
			if len(nodes) > before {
				prev = nodes[before].end
			}
			if !cur.GoToNextSibling() {
				break
			}
			if parent < 0 && k%copyBatch == 0 {
				cur = recursor(cur, tree)
			}
		}
		cur.GoToParent()
	}
	visit(-1, 0, n)
	return nodes, missing
}

// errorLine is what a line of an ERROR region is.
var errorLine = &rawSym{kind: "error_line"}

// appendLines gives the ERROR node nodes[id] its lines as children, if it
// spans more than one, so that a region tree-sitter could not parse is
// still reduced line by line.
func appendLines(nodes []raw, id int, src []byte) []raw {
	start, end := nodes[id].start, nodes[id].end
	if i := bytes.IndexByte(src[start:end], '\n'); i < 0 || start+i+1 >= end {
		return nodes
	}
	for start < end {
		stop := end
		if i := bytes.IndexByte(src[start:end], '\n'); i >= 0 {
			stop = start + i + 1
		}
		line := int32(len(nodes))
		nodes = append(nodes, raw{rawSym: errorLine, start: start, end: stop, first: -1, last: -1, next: -1})
		if p := &nodes[id]; p.last < 0 {
			p.first = line
		} else {
			nodes[p.last].next = line
		}
		nodes[id].last = line
		start = stop
	}
	return nodes
}

// copyBatch is how many top-level items copyTree walks through one Go copy
// of the tree.
const copyBatch = 256

// recursor returns a cursor at the same top-level item as cur, over a fresh
// Go copy of tree, and closes cur. If the item cannot be told by its start
// (an empty item), it keeps cur.
func recursor(cur *sitter.TreeCursor, tree *sitter.Tree) *sitter.TreeCursor {
	item := cur.CurrentNode()
	start, end := item.StartByte(), item.EndByte()
	if start == end {
		return cur
	}
	fresh := sitter.NewTreeCursor(tree.Copy().RootNode())
	if fresh.GoToFirstChildForByte(start) < 0 || fresh.CurrentNode().StartByte() != start || fresh.CurrentNode().EndByte() != end {
		fresh.Close()
		return cur
	}
	cur.Close()
	return fresh
}

// continuation returns start moved back over the line continuations
// (backslash-newline) and blanks before it, down to lo. A node that vanishes
// then takes the continuation before it along: "#define F(a) \\\n body"
// less its body must not continue onto the next line.
func continuation(src []byte, lo, start int) int {
	for {
		k := start
		for k > lo && (src[k-1] == ' ' || src[k-1] == '\t' || src[k-1] == '\f' || src[k-1] == '\v') {
			k--
		}
		if k == lo || src[k-1] != '\n' {
			return start
		}
		k--
		if k > lo && src[k-1] == '\r' {
			k--
		}
		if k == lo || src[k-1] != '\\' {
			return start
		}
		start = k - 1
	}
}

// errorRegions returns the number of outermost ERROR nodes, the non-space
// bytes they cover and the offset of the first (-1 if none).
func errorRegions(src []byte, nodes []raw) (regions, size, first int) {
	first = -1
	end := -1 // end of the last region counted: nested ERRORs lie inside
	for i := range nodes {
		n := &nodes[i]
		if !n.err || n.start < end {
			continue
		}
		regions++
		size += nonSpace(src[n.start:n.end])
		end = n.end
		if first < 0 {
			first = n.start
		}
	}
	return regions, size, first
}

// Fuse reports whether the C tokens ending in a and starting with b would
// lex differently if written without a space between them: two identifier
// or number characters, an identifier and a character or string literal
// (L"x"), a number and a dot, or two operator characters that form a longer
// operator or a comment (+ +, - >, / *, < <=, ...). It errs on the side of
// fusing, since a needless space is harmless.
func Fuse(a, b byte) bool {
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
