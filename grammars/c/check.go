package c

import (
	"bytes"
	"context"
	"fmt"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/hddreduce/hdd/grammars"
)

// parsers holds idle tree-sitter parsers for Check. A parser is not safe
// for concurrent use, so each call takes one of its own; parsers dropped by
// the pool are freed by their finalizers.
var parsers = sync.Pool{New: func() any {
	p := sitter.NewParser()
	p.SetLanguage(language)
	return p
}}

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
// trees are freed by their finalizers.
type checker struct {
	mu    sync.Mutex // guards src and base
	src   []byte     // the base text
	base  *sitter.Tree
	input []byte // the input's text
	limit int    // the input's error count
}

// adopted makes best, a text the search adopted, the base of the parses.
func (c *checker) adopted(best []byte) {
	c.mu.Lock()
	src, base := c.src, c.base
	c.mu.Unlock()
	if bytes.Equal(best, src) || base == nil {
		return
	}
	var old *sitter.Tree
	if e := edit(src, best); incremental(e, len(best)) {
		old = base.Copy()
		defer old.Close()
		old.Edit(e)
	}
	p := parsers.Get().(*sitter.Parser)
	tree, err := p.ParseCtx(context.Background(), old, best)
	parsers.Put(p)
	if err != nil {
		return // the old base serves, if slower
	}
	c.mu.Lock()
	c.src, c.base = best, tree
	c.mu.Unlock()
}

// check is the policy's Check.
func (c *checker) check(cand []byte) error {
	if bytes.Equal(cand, c.input) {
		return nil
	}
	n, first, err := c.errorCount(cand)
	if err != nil {
		return err
	}
	if n > c.limit {
		line, col := grammars.Position(cand, first)
		return &grammars.SyntaxError{Line: line, Col: col,
			Msg: fmt.Sprintf("%s, the input had %d", plural(n, "syntax error", "syntax errors"), c.limit)}
	}
	return nil
}

// errorCount parses cand and returns its number of ERROR and MISSING nodes
// and the offset of the first.
func (c *checker) errorCount(cand []byte) (n, first int, err error) {
	c.mu.Lock()
	src, base := c.src, c.base
	if base != nil {
		base = base.Copy()
	}
	c.mu.Unlock()
	var old *sitter.Tree
	if base != nil {
		defer base.Close()
		if e := edit(src, cand); incremental(e, len(cand)) {
			old = base
			old.Edit(e)
		}
	}
	p := parsers.Get().(*sitter.Parser)
	tree, err := p.ParseCtx(context.Background(), old, cand)
	parsers.Put(p)
	if err != nil {
		return 0, 0, fmt.Errorf("tree-sitter: %w", err)
	}
	defer tree.Close()
	root := tree.RootNode()
	if !root.HasError() {
		return 0, 0, nil
	}
	first = -1
	walkErrors(root, func(off int) {
		if first < 0 {
			first = off
		}
		n++
	})
	return n, first, nil
}

// incremental reports whether parsing a candidate of n bytes as edit e of
// the input is likely to be faster than parsing it afresh: when the edit
// spans much of the candidate, tree-sitter reuses little and the
// bookkeeping costs more than it saves.
func incremental(e sitter.EditInput, n int) bool {
	changed := int(e.OldEndIndex-e.StartIndex) + int(e.NewEndIndex-e.StartIndex)
	return float64(changed) < maxIncremental*float64(n)
}

// maxIncremental bounds the size of an edit, relative to the candidate,
// that Check parses incrementally (measured with BenchmarkCheck).
var maxIncremental = 1.5

// edit describes cand as one edit of src: the bytes between their common
// prefix and their common suffix are replaced.
func edit(src, cand []byte) sitter.EditInput {
	pre := 0
	for pre < len(src) && pre < len(cand) && src[pre] == cand[pre] {
		pre++
	}
	suf := 0
	for suf < len(src)-pre && suf < len(cand)-pre && src[len(src)-1-suf] == cand[len(cand)-1-suf] {
		suf++
	}
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

// point returns the row and byte column of offset off in src, from 0.
func point(src []byte, off int) sitter.Point {
	row := bytes.Count(src[:off], []byte{'\n'})
	col := off - (bytes.LastIndexByte(src[:off], '\n') + 1)
	return sitter.Point{Row: uint32(row), Column: uint32(col)}
}

// countErrors returns the number of ERROR and MISSING nodes under root.
func countErrors(root *sitter.Node) int {
	n := 0
	if root.HasError() {
		walkErrors(root, func(int) { n++ })
	}
	return n
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
