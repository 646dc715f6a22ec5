package treesitter

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"maps"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/hddreduce/hdd/grammars"
)

// A checker is the policy's Check of one input: it re-parses candidates and
// refuses those with more syntax errors than the input.
//
// To save time it parses incrementally: the tree-sitter tree of a base
// text is kept, and each candidate is parsed as one edit of it, from the
// first byte where they differ to the last, so that tree-sitter reuses the
// subtrees outside that range. The base is the input at first, then each
// text the search adopts (see adopted): the candidates are made from the
// best text, and differ from it in one span where they differ from the
// input in many. A tree-sitter tree is not safe for concurrent use, so
// each call edits a copy (which is cheap: copies share their nodes). The
// trees are freed by their finalizers. The declarations check (see
// undeclared) looks at the same span, against the base's declarations;
// and a text adopted has its declarations found again only where its
// tree differs from the base's (see namesAfter).
type checker struct {
	lang  *Language
	input []byte // the input as tree-sitter sees it (see Language.Hide)
	limit int    // the input's error count

	mu sync.Mutex // guards the base
	b  base
}

// A base is the text candidates are compared with: the input at first,
// then each text the search adopts.
type base struct {
	raw   []byte       // the text
	spans []Span       // its spans (see Language.Hide)
	src   []byte       // as tree-sitter sees it
	tree  *sitter.Tree // its parse
	names *names       // its declarations and words, if declared is set
	gone  bool         // it no longer declares some name of declared

	// declared are the names that the input or a text adopted since
	// declares, if the language's Declares query is set (see
	// undeclared); else nil. A transform may declare new names (short
	// names renames them), which the check then keeps declared too.
	// Never modified: a base with more names has a map of its own.
	declared map[string]bool
}

// current returns the current base, with a copy of its tree that the
// caller closes.
func (c *checker) current() base {
	c.mu.Lock()
	b := c.b
	c.mu.Unlock()
	if b.tree != nil {
		b.tree = b.tree.Copy()
	}
	return b
}

// adopted makes best, a text the search adopted, the base of the checks.
func (c *checker) adopted(raw []byte) {
	b := c.current()
	if b.tree == nil {
		return
	}
	defer b.tree.Close()
	best, spans := c.hidden(b, raw)
	if bytes.Equal(best, b.src) {
		return
	}
	e := edit(b.src, best)
	tree, err := c.parseEdited(b, best, e)
	if err != nil {
		return // the old base serves, if slower
	}
	nb := base{raw: raw, spans: spans, src: best, tree: tree, declared: b.declared}
	if nb.declared != nil {
		if b.names != nil && incremental(e, len(best)) {
			// parseFrom edited b.tree by e.
			if nb.names, err = c.lang.namesAfter(b.names, b.tree, tree, e, best); err != nil {
				return
			}
		}
		if nb.names == nil {
			if nb.names, err = c.lang.names(tree, best); err != nil {
				return
			}
		}
		nb.declared = withNames(b.declared, nb.names.decls)
		for name := range nb.declared {
			if nb.names.decls[name] == nil {
				nb.gone = true
				break
			}
		}
	}
	c.mu.Lock()
	c.b = nb
	c.mu.Unlock()
}

// withNames returns declared with the names of decls added: declared
// itself if it holds them all, else a copy.
func withNames[V any](declared map[string]bool, decls map[string]V) map[string]bool {
	out := declared
	for name := range decls {
		if !out[name] {
			if len(out) == len(declared) {
				out = maps.Clone(declared)
			}
			out[name] = true
		}
	}
	return out
}

// check is the policy's Check.
func (c *checker) check(raw []byte) error {
	b := c.current()
	if b.tree != nil {
		defer b.tree.Close()
	}
	cand, _ := c.hidden(b, raw)
	if bytes.Equal(cand, c.input) {
		return nil
	}
	e := edit(b.src, cand)
	if c.lang.Refuses != nil {
		if off, msg := c.lang.Refuses(cand, int(e.StartIndex), int(e.NewEndIndex)); off >= 0 {
			line, col := grammars.Position(cand, off)
			return &grammars.SyntaxError{Line: line, Col: col, Msg: msg}
		}
	}
	// Words tell most undeclared names, without the parse.
	var names *pending
	if b.declared != nil {
		var err error
		if names, err = c.undeclared(b, cand, e); err != nil {
			return err
		}
	}
	tree, err := c.parseEdited(b, cand, e)
	if err != nil {
		return err
	}
	defer tree.Close()
	n, first, err := c.lang.errorCount(tree, cand)
	if err != nil {
		return err
	}
	if n > c.limit {
		line, col := grammars.Position(cand, first)
		return &grammars.SyntaxError{Line: line, Col: col,
			Msg: fmt.Sprintf("%s, the input had %d", grammars.Plural(n, "syntax error"), c.limit)}
	}
	if names != nil {
		return c.declaredIn(tree, cand, names)
	}
	return nil
}

// hidden returns the text tree-sitter parses for raw and its spans (see
// Language.hidden), scanning only where raw differs from b's text.
func (c *checker) hidden(b base, raw []byte) ([]byte, []Span) {
	if b.raw == nil {
		return c.lang.hidden(raw)
	}
	return c.lang.hiddenAfter(b.raw, b.spans, raw)
}

// parseFrom parses cand, as an edit of b's tree where that pays. It
// edits b's tree, which must be the caller's copy.
func (c *checker) parseFrom(b base, cand []byte) (*sitter.Tree, error) {
	var e sitter.EditInput
	if b.tree != nil {
		e = edit(b.src, cand)
	}
	return c.parseEdited(b, cand, e)
}

// parseEdited is parseFrom given e, edit(b.src, cand), when b has a tree.
func (c *checker) parseEdited(b base, cand []byte, e sitter.EditInput) (*sitter.Tree, error) {
	var old *sitter.Tree
	if b.tree != nil && incremental(e, len(cand)) {
		old = b.tree
		old.Edit(e)
	}
	p := c.lang.parser()
	tree, err := p.ParseCtx(context.Background(), old, cand)
	c.lang.parsers.Put(p)
	if err != nil {
		return nil, fmt.Errorf("tree-sitter: %w", err)
	}
	return tree, nil
}

// errorCount returns the number of syntax errors of st, the tree of src:
// ERROR and MISSING nodes, the nodes of Table.NeverEmpty's kinds that
// hold nothing, the captures of Table.Malformed, the nodes out of their
// Table.Enclosed place and what Validate counts; and the offset of the
// first.
func (l *Language) errorCount(st *sitter.Tree, src []byte) (n, first int, err error) {
	n, first = walkCount(st.RootNode())
	// add counts k more errors, the first at off.
	add := func(k, off int) {
		if n == 0 || off < first {
			first = off
		}
		n += k
	}
	if l.Validate != nil {
		if vn, vfirst := l.Validate(st.RootNode(), src); vn > 0 {
			add(vn, vfirst)
		}
	}
	if len(l.Table.NeverEmpty) == 0 && l.Table.Malformed == "" && len(l.Table.Enclosed) == 0 {
		return n, first, nil
	}
	q, err := l.malformedQuery()
	if err != nil {
		return 0, 0, err
	}
	count := func(off int) { add(1, off) }
	var placed []placedNode
	qc := sitter.NewQueryCursor()
	defer qc.Close()
	qc.Exec(q, st.RootNode())
	for {
		m, ok := qc.NextMatch()
		if !ok {
			break
		}
		for _, c := range m.Captures {
			switch name := q.CaptureNameForId(c.Index); {
			case name == enclosedCapture:
				placed = append(placed, placedNode{kind: c.Node.Type(), start: int(c.Node.StartByte()), end: int(c.Node.EndByte())})
			case strings.HasPrefix(name, notFieldCapture):
				i, _ := strconv.Atoi(name[len(notFieldCapture):])
				placed = append(placed, placedNode{barrier: i + 1, start: int(c.Node.StartByte()), end: int(c.Node.EndByte())})
			case name == emptyCapture:
				if l.holdsNothing(c.Node) {
					count(int(c.Node.StartByte()))
				}
			default:
				count(int(c.Node.StartByte()))
			}
		}
	}
	for _, off := range l.misplaced(placed) {
		count(off)
	}
	return n, first, nil
}

// A placedNode is a node that Table.Enclosed names: its kind and span;
// or, with a barrier, i+1, a node in one of the NotFields of enclosure i.
type placedNode struct {
	kind       string
	barrier    int
	start, end int
}

// misplaced returns the offsets of the nodes of nodes that are not where
// Table.Enclosed puts them. Nodes holds every node of st of a kind the
// enclosures name.
func (l *Language) misplaced(nodes []placedNode) []int {
	// Outer nodes before inner ones, then a stack of the nodes that hold
	// the one at hand.
	slices.SortStableFunc(nodes, func(a, b placedNode) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return b.end - a.end
	})
	var offs []int
	var stack []placedNode
	for _, nd := range nodes {
		for len(stack) > 0 && stack[len(stack)-1].end <= nd.start {
			stack = stack[:len(stack)-1]
		}
		for ei, e := range l.Table.Enclosed {
			if !e.Kinds[nd.kind] {
				continue
			}
			ok, skip := false, false
		search:
			for i := len(stack) - 1; i >= 0; i-- {
				switch k := stack[i].kind; {
				case stack[i].barrier == ei+1:
					skip = true // the In node that holds it does not count
				case e.Not[k]:
					break search
				case e.In[k] && skip:
					skip = false
				case e.In[k]:
					ok = true
					break search
				}
			}
			if !ok {
				offs = append(offs, nd.start)
				break
			}
		}
		stack = append(stack, nd)
	}
	return offs
}

// holdsNothing reports whether n has no named child but NotListItems.
func (l *Language) holdsNothing(n *sitter.Node) bool {
	for i, k := 0, int(n.NamedChildCount()); i < k; i++ {
		if !l.Table.NotListItems[n.NamedChild(i).Type()] {
			return false
		}
	}
	return true
}

// emptyCapture names the captures of malformedQuery that are malformed
// only if they hold nothing; enclosedCapture those of the kinds that
// Table.Enclosed names.
const (
	emptyCapture    = "hdd-never-empty"
	enclosedCapture = "hdd-enclosed"
	notFieldCapture = "hdd-not-field-" // and the enclosure's index
)

// malformedQuery returns, compiled once, the query of Table.Malformed
// followed by one that captures the nodes of Table.NeverEmpty's kinds as
// emptyCapture, and one that captures those of the kinds Table.Enclosed
// names as enclosedCapture.
func (l *Language) malformedQuery() (*sitter.Query, error) {
	l.malformedOnce.Do(func() {
		var b strings.Builder
		b.WriteString(l.Table.Malformed)
		if len(l.Table.NeverEmpty) > 0 {
			b.WriteString("\n[")
			for _, k := range slices.Sorted(maps.Keys(l.Table.NeverEmpty)) {
				fmt.Fprintf(&b, "(%s)", k)
			}
			b.WriteString("] @" + emptyCapture)
		}
		kinds := Set{}
		for _, e := range l.Table.Enclosed {
			for _, set := range []Set{e.Kinds, e.In, e.Not} {
				for k := range set {
					kinds[k] = true
				}
			}
		}
		if len(kinds) > 0 {
			b.WriteString("\n[")
			for _, k := range slices.Sorted(maps.Keys(kinds)) {
				fmt.Fprintf(&b, "(%s)", k)
			}
			b.WriteString("] @" + enclosedCapture)
		}
		for i, e := range l.Table.Enclosed {
			for _, k := range slices.Sorted(maps.Keys(e.In)) {
				for _, f := range slices.Sorted(maps.Keys(e.NotFields)) {
					fmt.Fprintf(&b, "\n(%s %s: (_) @%s%d)", k, f, notFieldCapture, i)
				}
			}
		}
		if l.malformed, l.malformedErr = sitter.NewQuery([]byte(b.String()), l.Grammar); l.malformedErr != nil {
			l.malformedErr = fmt.Errorf("internal error: the %s query of malformed nodes: %w", l.Name, l.malformedErr)
		}
	})
	return l.malformed, l.malformedErr
}

// walkCount returns the number of ERROR and MISSING nodes under root and
// the offset of the first.
func walkCount(root *sitter.Node) (n, first int) {
	if !root.HasError() {
		return 0, 0
	}
	first = -1
	walkErrors(root, func(off int) {
		if first < 0 {
			first = off
		}
		n++
	})
	return n, first
}

// incremental reports whether to parse a candidate of n bytes as edit e
// of the base. Only an edit that takes text away or replaces it with no
// more text is: tree-sitter's C++ grammar recovers from errors
// differently in a text parsed afresh and in one where a long text was
// inserted into a tree (TestUndeclaredAgrees found such candidates, with
// syntax errors only in the incremental parse), and the search's
// candidates take text away from the base. Nor is an edit that spans much
// of the candidate: tree-sitter reuses little of the tree, and the
// bookkeeping costs more than it saves.
func incremental(e sitter.EditInput, n int) bool {
	removed, inserted := int(e.OldEndIndex-e.StartIndex), int(e.NewEndIndex-e.StartIndex)
	return inserted <= removed && float64(removed+inserted) < maxIncremental*float64(n)
}

// maxIncremental bounds the size of an edit, relative to the candidate,
// that Check parses incrementally (measured with BenchmarkCheck).
var maxIncremental = 1.5

// edit describes cand as one edit of src: the bytes between their common
// prefix and their common suffix are replaced.
func edit(src, cand []byte) sitter.EditInput {
	pre := commonPrefix(src, cand)
	suf := commonSuffix(src[pre:], cand[pre:])
	oldEnd, newEnd := len(src)-suf, len(cand)-suf
	return sitter.EditInput{
		StartIndex:  uint32(pre),
		OldEndIndex: uint32(oldEnd),
		NewEndIndex: uint32(newEnd),
		StartPoint:  point(src, pre),
		OldEndPoint: point(src, oldEnd),
		NewEndPoint: point(cand, newEnd),
	}
}

// commonPrefix returns the length of the longest common prefix of a and
// b. It compares eight bytes at a time: texts of megabytes are compared
// with their base for every candidate.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// commonSuffix returns the length of the longest common suffix of a and b.
func commonSuffix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := binary.BigEndian.Uint64(a[len(a)-i-8:]) ^ binary.BigEndian.Uint64(b[len(b)-i-8:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}

// point returns the row and byte column of offset off in src, from 0.
func point(src []byte, off int) sitter.Point {
	row := bytes.Count(src[:off], []byte{'\n'})
	col := off - (bytes.LastIndexByte(src[:off], '\n') + 1)
	return sitter.Point{Row: uint32(row), Column: uint32(col)}
}

// walkErrors calls f with the offset of each ERROR and MISSING node under
// n, in preorder, visiting only subtrees that contain errors.
func walkErrors(n *sitter.Node, f func(off int)) {
	if n.IsError() || n.IsMissing() {
		f(int(n.StartByte()))
	}
	for i, k := 0, int(n.ChildCount()); i < k; i++ {
		c := n.Child(i)
		if c.HasError() || c.IsMissing() {
			walkErrors(c, f)
		}
	}
}

// Errors returns the number of ERROR and MISSING nodes of a fresh parse of
// src, as the policy's Check counts them: the independent check of the
// property tests.
func (l *Language) Errors(src []byte) (int, error) {
	seen, _ := l.hidden(src)
	tree, err := (&checker{lang: l}).parseFrom(base{}, seen)
	if err != nil {
		return 0, err
	}
	defer tree.Close()
	n, _, err := l.errorCount(tree, seen)
	return n, err
}
