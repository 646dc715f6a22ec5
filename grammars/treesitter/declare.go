package treesitter

import (
	"bytes"
	"fmt"
	"slices"
	"sort"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/hddreduce/hdd/grammars"
)

// names are where a text declares and names things: for each name, the
// sorted offsets of its declarations (the captures of the language's
// Declares query) and of the words that use it (see uses), and the
// declarations in text order.
type names struct {
	decls map[string][]int
	words map[string][]int
	order []occurrence // the declarations, by offset
}

// An occurrence is a name at an offset.
type occurrence struct {
	off  int
	name string
}

// query returns l's Declares query, compiled once.
func (l *Language) query() (*sitter.Query, error) {
	l.declaresOnce.Do(func() {
		if l.declares, l.declaresErr = sitter.NewQuery([]byte(l.Declares), l.Grammar); l.declaresErr != nil {
			l.declaresErr = fmt.Errorf("internal error: the %s declarations query: %w", l.Name, l.declaresErr)
		}
	})
	return l.declares, l.declaresErr
}

// names returns the declarations and words of src, parsed as st, or nil
// if l has no Declares query.
func (l *Language) names(st *sitter.Tree, src []byte) (*names, error) {
	if l.Declares == "" {
		return nil, nil
	}
	q, err := l.query()
	if err != nil {
		return nil, err
	}
	n := &names{decls: map[string][]int{}, words: map[string][]int{}}
	l.capture(q, st, src, 0, len(src), func(off int, name string) {
		n.decls[name] = append(n.decls[name], off)
		n.order = append(n.order, occurrence{off, name})
	})
	n.addWords(l, src, 0, len(src))
	sort.Slice(n.order, func(i, j int) bool { return n.order[i].off < n.order[j].off })
	for _, offs := range n.decls {
		slices.Sort(offs)
	}
	return n, nil
}

// addWords adds to n's words the offsets of the words of src[lo:hi] that
// name something n declares (see usesIn).
func (n *names) addWords(l *Language, src []byte, lo, hi int) {
	l.usesIn(src, lo, hi, func(start, end int) {
		if w := src[start:end]; n.decls[string(w)] != nil {
			n.words[string(w)] = append(n.words[string(w)], start)
		}
	})
}

// uses calls f with the span of each word of text (see Words) that uses
// what it names: not one that may name something declared implicitly
// (see Implicit).
func (l *Language) uses(text []byte, f func(start, end int)) { l.usesIn(text, 0, len(text), f) }

// usesIn is uses over the words of text[lo:hi], lo and hi between tokens,
// with their spans in text: whether a word is named implicitly is judged
// in the whole text.
func (l *Language) usesIn(text []byte, lo, hi int, f func(start, end int)) {
	l.Words(text[lo:hi], func(start, end int) {
		if start, end = start+lo, end+lo; l.Implicit == nil || !l.Implicit(text, end) {
			f(start, end)
		}
	})
}

// capture calls f with the offset and the name (see DeclaredName) of each
// capture of q in the tree st of src that starts in [lo, hi).
func (l *Language) capture(q *sitter.Query, st *sitter.Tree, src []byte, lo, hi int, f func(off int, name string)) {
	qc := sitter.NewQueryCursor()
	defer qc.Close()
	if lo > 0 || hi < len(src) {
		qc.SetPointRange(point(src, lo), point(src, hi))
	}
	qc.Exec(q, st.RootNode())
	for {
		m, ok := qc.NextMatch()
		if !ok {
			return
		}
		for _, c := range m.Captures {
			start, end := int(c.Node.StartByte()), int(c.Node.EndByte())
			if lo <= start && start < hi && end <= len(src) {
				name := string(src[start:end])
				if l.DeclaredName != nil {
					name = l.DeclaredName(name)
				}
				f(start, name)
			}
		}
	}
}

// within returns how many of the sorted offsets lie in [lo, hi).
func within(offs []int, lo, hi int) int {
	i, _ := slices.BinarySearch(offs, lo)
	j, _ := slices.BinarySearch(offs, hi)
	return j - i
}

// A pending check of declarations: names that lost their declarations
// and are still words in the span [lo, hi) of a candidate, which must
// declare them there (first: where each is named first).
type pending struct {
	names  []string
	first  map[string]int
	lo, hi int
}

// undeclared refuses cand, edit e of b's text, if it has a word that the input declared and
// cand declares no more (see Language.Declares), as far as words can
// tell; it returns the names it cannot judge without a parse (see
// declaredIn). Only the span where cand differs from the base b is
// looked at: outside it, cand declares and names what b does. b is the
// input or a text the search adopted, which passed this check: it names
// nothing the input declared that it does not declare itself, so a name
// b no longer declares is lost wherever cand names it.
func (c *checker) undeclared(b base, cand []byte, e sitter.EditInput) (*pending, error) {
	src, n := b.src, b.names
	lo, oldHi, newHi := int(e.StartIndex), int(e.OldEndIndex), int(e.NewEndIndex)
	// The span starts at a line's start (where no string is open) and
	// ends after a word the edit may have cut.
	lo = bytes.LastIndexByte(src[:lo], '\n') + 1
	for oldHi < len(src) && newHi < len(cand) && isWord(src[oldHi]) {
		oldHi++
		newHi++
	}
	i := sort.Search(len(n.order), func(i int) bool { return n.order[i].off >= lo })
	var lost []string // names of the input whose every declaration lies in the span
	isLost := map[string]bool{}
	for ; i < len(n.order) && n.order[i].off < oldHi; i++ {
		name := n.order[i].name
		if offs := n.decls[name]; !isLost[name] && b.declared[name] && within(offs, lo, oldHi) == len(offs) {
			lost = append(lost, name)
			isLost[name] = true
		}
	}
	gone := b.gone
	if len(lost) == 0 && !gone {
		return nil, nil
	}
	p := &pending{first: map[string]int{}, lo: lo, hi: newHi}
	span := cand[lo:newHi]
	used := map[string]bool{} // the lost names a word of the span uses
	c.lang.Words(span, func(start, end int) {
		w := span[start:end]
		use := c.lang.Implicit == nil || !c.lang.Implicit(cand, lo+end) // judged in the whole text, as usesIn does
		if !isLost[string(w)] {
			if !use || !gone || !b.declared[string(w)] || n.decls[string(w)] != nil {
				return
			}
			lost = append(lost, string(w))
			isLost[string(w)] = true
		}
		if _, ok := p.first[string(w)]; !ok {
			p.first[string(w)] = lo + start
		}
		used[string(w)] = used[string(w)] || use
	})
	for _, name := range lost {
		offs := n.words[name]
		_, named := p.first[name]
		switch outside := len(offs) - within(offs, lo, oldHi); {
		case named && (used[name] || outside > 0):
			p.names = append(p.names, name) // declared in the span, perhaps
		case named:
			// Named in the span, used nowhere: nothing to declare.
		case outside > 0:
			first := offs[0] // a word outside the span: before it, or after it
			if first >= lo {
				first = offs[within(offs, 0, oldHi)] - oldHi + newHi
			}
			if c.lang.DeclaredName != nil {
				// A declaration whose name is no word (an import's
				// path) may still be in the span: the parse tells.
				p.first[name] = first
				p.names = append(p.names, name)
				continue
			}
			return nil, undeclaredError(cand, first, name)
		}
	}
	if len(p.names) == 0 {
		return nil, nil
	}
	return p, nil
}

// declaredIn refuses cand, parsed as tree, if a name of p is not declared
// in p's span.
func (c *checker) declaredIn(tree *sitter.Tree, cand []byte, p *pending) error {
	q, err := c.lang.query()
	if err != nil {
		return err
	}
	declared := map[string]bool{}
	c.lang.capture(q, tree, cand, p.lo, p.hi, func(_ int, name string) { declared[name] = true })
	for _, name := range p.names {
		if !declared[name] {
			return undeclaredError(cand, p.first[name], name)
		}
	}
	return nil
}

func undeclaredError(cand []byte, off int, name string) error {
	line, col := grammars.Position(cand, off)
	return &grammars.SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf("%s is no longer declared", name)}
}

// namesAfter returns the names of src, parsed as st from oldTree, the
// tree of the text whose names are old, edited by e into src: old's
// names outside the span where the two trees differ (see changedSpan),
// moved by the edit, and those a query and a scan of that span find. It
// returns nil if it cannot tell that span, or if the span declares a
// name old does not (a rename): the words of that name outside the span
// were never counted, and the caller takes the names of the whole text.
// An adopted candidate differs from the last in one span, where a query
// over a whole input of hundreds of kilobytes took a quarter of hdd's
// time.
func (l *Language) namesAfter(old *names, oldTree, st *sitter.Tree, e sitter.EditInput, src []byte) (*names, error) {
	lo, oldHi, newHi := int(e.StartIndex), int(e.OldEndIndex), int(e.NewEndIndex)
	winLo, winHi, ok := changedSpan(oldTree.RootNode(), st.RootNode(), lo, newHi)
	if !ok {
		return nil, nil
	}
	winLo, winHi = min(winLo, lo), max(winHi, newHi)
	delta := newHi - oldHi
	oldWinHi := winHi - delta // the end of the span in the old text
	q, err := l.query()
	if err != nil {
		return nil, err
	}
	var span []occurrence
	fresh := false
	l.capture(q, st, src, winLo, winHi, func(off int, name string) {
		span = append(span, occurrence{off, name})
		fresh = fresh || old.decls[name] == nil
	})
	if fresh {
		return nil, nil
	}
	slices.SortFunc(span, func(a, b occurrence) int { return a.off - b.off })
	n := &names{decls: map[string][]int{}, words: map[string][]int{}}
	add := func(o occurrence) {
		n.decls[o.name] = append(n.decls[o.name], o.off)
		n.order = append(n.order, o)
	}
	i := 0
	for ; i < len(old.order) && old.order[i].off < winLo; i++ {
		add(old.order[i])
	}
	for _, o := range span {
		add(o)
	}
	for ; i < len(old.order); i++ {
		if o := old.order[i]; o.off >= oldWinHi {
			add(occurrence{o.off + delta, o.name})
		}
	}
	for name, offs := range old.words {
		if n.decls[name] == nil {
			continue
		}
		var kept []int
		for _, off := range offs {
			if off < winLo {
				kept = append(kept, off)
			} else if off >= oldWinHi {
				kept = append(kept, off+delta)
			}
		}
		if kept != nil {
			n.words[name] = kept
		}
	}
	n.addWords(l, src, winLo, winHi)
	for _, offs := range n.words {
		slices.Sort(offs)
	}
	return n, nil
}

// changedSpan returns the span [lo2, hi2) of the text of tree n outside
// which n and o, the tree of the text before an edit that replaced
// [lo, hi) of n's text (o edited by it, so that its offsets are n's),
// have the same nodes: going down from the roots while the edit lies
// within one child of each, alike, it stops at the first node whose
// children the edit changes, and spans those children and one unchanged
// child on either side (so that a pattern of the query that looks at a
// node's next sibling finds it). It reports false if the two trees
// differ outside that span as far as it looks (the number of children
// before and after the edit, and the neighbors).
func changedSpan(o, n *sitter.Node, lo, hi int) (lo2, hi2 int, ok bool) {
	for {
		if !alike(o, n) {
			return 0, 0, false
		}
		oc, nc := int(o.ChildCount()), int(n.ChildCount())
		// The children before the edit end at lo or before it, those
		// after it start at hi or after it, and neither is empty there:
		// the edit leaves the children it removed from o empty at lo.
		endsAfter := func(p *sitter.Node, k int) int {
			return sort.Search(k, func(i int) bool {
				start, end := int(p.Child(i).StartByte()), int(p.Child(i).EndByte())
				return end > lo || end == lo && start == lo
			})
		}
		startsAfter := func(p *sitter.Node, k int) int {
			return sort.Search(k, func(i int) bool {
				start, end := int(p.Child(i).StartByte()), int(p.Child(i).EndByte())
				return start > hi || start == hi && end > hi
			})
		}
		// The children that both trees have before the edit and after
		// it; a child that the edit cut short may end at lo in o alone.
		i := min(endsAfter(n, nc), endsAfter(o, oc))
		after := min(nc-startsAfter(n, nc), oc-startsAfter(o, oc))
		j, jo := nc-after, oc-after
		if j < i || jo < i {
			return 0, 0, false
		}
		if j-i == 1 && jo-i == 1 && n.Child(i).ChildCount() > 0 && alike(o.Child(i), n.Child(i)) {
			o, n = o.Child(i), n.Child(i)
			continue
		}
		lo2, hi2 = int(n.StartByte()), int(n.EndByte())
		if i > 0 {
			if !alike(o.Child(i-1), n.Child(i-1)) {
				return 0, 0, false
			}
			lo2 = int(n.Child(i - 1).StartByte())
		}
		if j < nc {
			if !alike(o.Child(jo), n.Child(j)) {
				return 0, 0, false
			}
			hi2 = int(n.Child(j).EndByte())
		}
		return lo2, hi2, true
	}
}

// alike reports whether nodes a and b have the same symbol and span.
func alike(a, b *sitter.Node) bool {
	return a.Symbol() == b.Symbol() && a.StartByte() == b.StartByte() && a.EndByte() == b.EndByte()
}
