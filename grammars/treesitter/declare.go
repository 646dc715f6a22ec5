package treesitter

import (
	"fmt"
	"slices"
	"sort"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/hddreduce/hdd/grammars"
)

// names are where a text declares and names things, by the language's
// Declares and Uses queries: for each name, the sorted offsets of its
// declarations and of its words, and the declarations in text order.
type names struct {
	decls map[string][]int
	uses  map[string][]int
	order []occurrence // the declarations, by offset
}

// An occurrence is a name at an offset.
type occurrence struct {
	off  int
	name string
}

// compiled returns l's Declares and Uses queries, compiled once.
func (l *Language) compiled() ([2]*sitter.Query, error) {
	l.queriesOnce.Do(func() {
		for i, q := range []string{l.Declares, l.Uses} {
			if l.queries[i], l.queriesErr = sitter.NewQuery([]byte(q), l.Grammar); l.queriesErr != nil {
				l.queriesErr = fmt.Errorf("internal error: the %s %s query: %w", l.Name, [...]string{"Declares", "Uses"}[i], l.queriesErr)
				return
			}
		}
	})
	return l.queries, l.queriesErr
}

// names returns the declarations and uses of names in src, parsed as st,
// or nil if l has no Declares query.
func (l *Language) names(st *sitter.Tree, src []byte) (*names, error) {
	if l.Declares == "" {
		return nil, nil
	}
	qs, err := l.compiled()
	if err != nil {
		return nil, err
	}
	n := &names{decls: map[string][]int{}, uses: map[string][]int{}}
	capture(qs[0], st, src, 0, len(src), func(off int, name string) {
		n.decls[name] = append(n.decls[name], off)
		n.order = append(n.order, occurrence{off, name})
	})
	capture(qs[1], st, src, 0, len(src), func(off int, name string) {
		n.uses[name] = append(n.uses[name], off)
	})
	sort.Slice(n.order, func(i, j int) bool { return n.order[i].off < n.order[j].off })
	for _, m := range []map[string][]int{n.decls, n.uses} {
		for _, offs := range m {
			slices.Sort(offs)
		}
	}
	return n, nil
}

// capture calls f with the offset and text of each capture of q in the
// tree st of src that starts in [lo, hi).
func capture(q *sitter.Query, st *sitter.Tree, src []byte, lo, hi int, f func(off int, name string)) {
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
				f(start, string(src[start:end]))
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

// undeclared refuses cand, parsed as tree, if it names something the
// input declared but declares it no more (see Language.Declares). Only
// the span where cand differs from the input is looked at again: outside
// it, cand declares and names what the input does.
func (c *checker) undeclared(tree *sitter.Tree, cand []byte) error {
	e := edit(c.src, cand)
	lo, oldHi, newHi := int(e.StartIndex), int(e.OldEndIndex), int(e.NewEndIndex)
	// A word cut by the edit's ends changed too.
	for lo > 0 && isWord(c.src[lo-1]) {
		lo--
	}
	for oldHi < len(c.src) && newHi < len(cand) && isWord(c.src[oldHi]) {
		oldHi++
		newHi++
	}
	n := c.names
	i := sort.Search(len(n.order), func(i int) bool { return n.order[i].off >= lo })
	var lost []string // names with a declaration in the span
	for ; i < len(n.order) && n.order[i].off < oldHi; i++ {
		lost = append(lost, n.order[i].name)
	}
	if len(lost) == 0 {
		return nil
	}
	qs, err := c.lang.compiled()
	if err != nil {
		return err
	}
	added := map[string]int{}
	capture(qs[0], tree, cand, lo, newHi, func(_ int, name string) { added[name]++ })
	var gone []string // names no longer declared
	for _, name := range lost {
		if offs := n.decls[name]; added[name] == 0 && within(offs, lo, oldHi) == len(offs) && !slices.Contains(gone, name) {
			gone = append(gone, name)
		}
	}
	if len(gone) == 0 {
		return nil
	}
	used := map[string]int{}
	first := map[string]int{}
	capture(qs[1], tree, cand, lo, newHi, func(off int, name string) {
		if used[name] == 0 {
			first[name] = off
		}
		used[name]++
	})
	for _, name := range gone {
		offs := n.uses[name]
		if len(offs)-within(offs, lo, oldHi)+used[name] == 0 {
			continue
		}
		off := first[name] // a use in the span, or else the first outside it
		if used[name] == 0 {
			off = offs[0]
			if off >= lo {
				off = offs[within(offs, 0, oldHi)] - oldHi + newHi
			}
		}
		line, col := grammars.Position(cand, off)
		return &grammars.SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf("%s is no longer declared", name)}
	}
	return nil
}
