package treesitter

import (
	"bytes"
	"context"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// errorSymbol is tree-sitter's symbol for ERROR nodes
// (ts_builtin_sym_error, (TSSymbol)-1).
const errorSymbol = sitter.Symbol(65535)

// A Node is a tree-sitter node copied into Go memory, as the [Table]'s
// funcs see it.
type Node struct {
	*Sym
	Start, End int
	Extra      bool // an ERROR node that tree-sitter skipped as extra
	Error      bool // an ERROR node

	first, last int32 // children, or -1
	next        int32 // next sibling, or -1
}

// A Sym is what a node is, shared by the nodes alike: its kind, whether
// tree-sitter names it, and the field it fills in its parent.
type Sym struct {
	Kind  string
	Field string // or ""
	Named bool
}

// ErrorLine is the kind of a line of a region tree-sitter could not parse.
const ErrorLine = "error_line"

// errorLine is what a line of an ERROR region is.
var errorLine = &Sym{Kind: ErrorLine}

// missingTokens counts the zero-width MISSING tokens tree-sitter inserted.
type missingTokens struct {
	count int
	first int // offset of the first, or -1
}

// copyTree walks the tree-sitter tree once and copies it into a slice of
// nodes in preorder, clamping each node's span into its parent's and after
// its previous sibling so that the spans nest. Zero-width nodes (MISSING
// tokens) are dropped and counted, and so are anonymous tokens of white
// space alone (the line break that ends a C #if condition, a Go statement),
// which are left to the parent, as white space before the next child. The
// children of the table's Leaves and of ERROR nodes, which are never
// edited on their own, are not copied; but an ERROR root's children are,
// each parsed alone to see if it is an item (until ctx is done).
//
// go-tree-sitter keeps a Go wrapper of every node it hands out, in a cache
// that lives as long as the Go tree: for a large input it would hold about
// as much memory as the copy. So the top-level items are walked in batches,
// each through a fresh Go copy of the tree (the copies share tree-sitter's
// nodes), and each batch's cache can be collected after it.
func (l *Language) copyTree(ctx context.Context, st *sitter.Tree, src []byte) ([]Node, missingTokens) {
	n := len(src)
	leaves := l.Table.Leaves
	nodes := make([]Node, 0, n/3+16) // about the ratio for dense code
	missing := missingTokens{first: -1}
	cur := sitter.NewTreeCursor(st.RootNode())
	defer func() { cur.Close() }()
	type symInfo struct {
		kind  string
		named bool
		blank bool // an anonymous token of white space
	}
	syms := map[sitter.Symbol]symInfo{}
	type symField struct {
		sym   sitter.Symbol
		field string
	}
	shared := map[symField]*Sym{}
	// Each cgo call costs about as much as the rest of the loop, so the
	// per-symbol facts are cached and the per-node ones asked only when
	// needed.
	var visit func(parent, lo, hi int)
	var children func(id int, regions bool)
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
		if end-start > 1 && src[end-1] == '\r' && end < len(src) && src[end] == '\n' {
			// The carriage return of a CRLF line break that a token running
			// to the end of its line took (a comment in most grammars) goes
			// with the line feed: removing the token leaves the line break
			// whole.
			end--
		}
		if start >= end {
			return
		}
		start = continuation(src, lo, start)
		sym := node.Symbol()
		info, ok := syms[sym]
		if !ok {
			info = symInfo{kind: node.Type(), named: node.IsNamed()}
			info.blank = !info.named && strings.TrimSpace(info.kind) == ""
			syms[sym] = info
		}
		if info.blank {
			return
		}
		field := ""
		if parent >= 0 {
			field = cur.CurrentFieldName()
		}
		s, ok := shared[symField{sym, field}]
		if !ok {
			s = &Sym{Kind: info.kind, Field: field, Named: info.named}
			shared[symField{sym, field}] = s
		}
		isErr := sym == errorSymbol
		id := len(nodes)
		nodes = append(nodes, Node{
			Sym:   s,
			Start: start,
			End:   end,
			Extra: isErr && node.IsExtra(),
			Error: isErr,
			first: -1,
			last:  -1,
			next:  -1,
		})
		if parent >= 0 {
			link(nodes, parent, id)
		}
		regions := false
		if isErr && parent < 0 && l.Table.Root != "" {
			// tree-sitter gave up on the file as a whole: its items are
			// children of an ERROR root, mostly whole. Those that stand
			// alone are items of a root of the language's own kind, and the
			// pieces between them ERROR regions of their own.
			nodes[id].Sym = &Sym{Kind: l.Table.Root, Named: true}
			nodes[id].Error = false
			isErr, regions = false, true
		}
		if isErr {
			nodes = appendLines(nodes, id, src)
			return
		}
		if leaves[info.kind] || !cur.GoToFirstChild() {
			return
		}
		children(id, regions)
		cur.GoToParent()
	}
	// children copies the children of nodes[id], the cursor at the first.
	// With regions (the children of an ERROR root), those that do not
	// parse alone as themselves go, each run of them, into an ERROR region.
	children = func(id int, regions bool) {
		var p *sitter.Parser
		if regions {
			// Not one of the pool's: a canceled parse leaves its parser
			// to resume it on the next call.
			p = sitter.NewParser()
			defer p.Close()
			p.SetLanguage(l.Grammar)
		}
		prev, end := nodes[id].Start, nodes[id].End
		run := -1 // the open ERROR region, or -1
		for k := 1; ; k++ {
			node := cur.CurrentNode()
			start, stop := max(int(node.StartByte()), prev), min(int(node.EndByte()), end)
			if regions && start < stop && !standsAlone(ctx, p, src[start:stop], node.Type()) {
				if run < 0 {
					run = len(nodes)
					nodes = append(nodes, Node{Sym: errorSym, Start: start, End: stop, Error: true, first: -1, last: -1, next: -1})
					link(nodes, id, run)
				}
				nodes[run].End = stop
				prev = stop
			} else {
				if run >= 0 {
					nodes = appendLines(nodes, run, src)
					run = -1
				}
				before := len(nodes)
				visit(id, prev, end)
				if len(nodes) > before {
					prev = nodes[before].End
				}
			}
			if !cur.GoToNextSibling() {
				break
			}
			if id == 0 && k%copyBatch == 0 {
				cur = recursor(cur, st)
			}
		}
		if run >= 0 {
			nodes = appendLines(nodes, run, src)
		}
	}
	visit(-1, 0, n)
	return nodes, missing
}

// errorSym is what an ERROR region is that copyTree makes of the pieces
// between the items of an ERROR root.
var errorSym = &Sym{Kind: "ERROR", Named: true}

// standsAlone reports whether text, a child of kind of an ERROR root,
// parses alone, by p, without error, as a root of one named child of that
// kind spanning it: an item tree-sitter read whole, which its failure
// elsewhere in the file left without a root to hang on. A child with
// errors of its own may have swallowed the rest of the file in its
// recovery, so it is left to the lines of an ERROR region. Once ctx is
// done, nothing stands alone.
func standsAlone(ctx context.Context, p *sitter.Parser, text []byte, kind string) bool {
	if ctx.Err() != nil {
		return false
	}
	t, err := p.ParseCtx(ctx, nil, text)
	if err != nil {
		return false
	}
	defer t.Close()
	root := t.RootNode()
	if root.HasError() || root.NamedChildCount() != 1 {
		return false
	}
	c := root.NamedChild(0)
	return c.Type() == kind &&
		len(bytes.TrimSpace(text[:c.StartByte()])) == 0 && len(bytes.TrimSpace(text[c.EndByte():])) == 0
}

// link makes nodes[id] the last child of nodes[parent].
func link(nodes []Node, parent, id int) {
	if p := &nodes[parent]; p.last < 0 {
		p.first = int32(id)
		p.last = int32(id)
	} else {
		nodes[p.last].next = int32(id)
		p.last = int32(id)
	}
}

// appendLines gives the ERROR node nodes[id] its lines as children, if it
// spans more than one, so that a region tree-sitter could not parse is
// still reduced line by line.
func appendLines(nodes []Node, id int, src []byte) []Node {
	start, end := nodes[id].Start, nodes[id].End
	if i := bytes.IndexByte(src[start:end], '\n'); i < 0 || start+i+1 >= end {
		return nodes
	}
	for start < end {
		stop := end
		if i := bytes.IndexByte(src[start:end], '\n'); i >= 0 {
			stop = start + i + 1
		}
		nodes = append(nodes, Node{Sym: errorLine, Start: start, End: stop, first: -1, last: -1, next: -1})
		link(nodes, id, len(nodes)-1)
		start = stop
	}
	return nodes
}

// copyBatch is how many top-level items copyTree walks through one Go copy
// of the tree.
const copyBatch = 256

// recursor returns a cursor at the same top-level item as cur, over a fresh
// Go copy of st, and closes cur. If the item cannot be told by its start
// (an empty item), it keeps cur.
func recursor(cur *sitter.TreeCursor, st *sitter.Tree) *sitter.TreeCursor {
	item := cur.CurrentNode()
	start, end := item.StartByte(), item.EndByte()
	if start == end {
		return cur
	}
	fresh := sitter.NewTreeCursor(st.Copy().RootNode())
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
// less its body must not continue onto the next line, nor a Python
// expression less its last operand.
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
func errorRegions(src []byte, nodes []Node) (regions, size, first int) {
	first = -1
	end := -1 // end of the last region counted: nested ERRORs lie inside
	for i := range nodes {
		n := &nodes[i]
		if !n.Error || n.Start < end {
			continue
		}
		regions++
		size += nonSpace(src[n.Start:n.End])
		end = n.End
		if first < 0 {
			first = n.Start
		}
	}
	return regions, size, first
}
