package treesitter

import (
	"bytes"
	"context"
	"fmt"
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
// trees are freed by their finalizers.
type checker struct {
	lang  *Language
	input []byte // the input as tree-sitter sees it (see Language.Hide)
	limit int    // the input's error count

	mu   sync.Mutex // guards src and base
	src  []byte     // the base text, as tree-sitter sees it
	base *sitter.Tree

	// names are the input's declarations and uses of names, if the
	// language's Declares query is set (see undeclared).
	names *names
}

// adopted makes best, a text the search adopted, the base of the parses.
func (c *checker) adopted(best []byte) {
	best, _ = c.lang.hidden(best)
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
	p := c.lang.parser()
	tree, err := p.ParseCtx(context.Background(), old, best)
	c.lang.parsers.Put(p)
	if err != nil {
		return // the old base serves, if slower
	}
	c.mu.Lock()
	c.src, c.base = best, tree
	c.mu.Unlock()
}

// check is the policy's Check.
func (c *checker) check(cand []byte) error {
	cand, _ = c.lang.hidden(cand)
	if bytes.Equal(cand, c.input) {
		return nil
	}
	// Words tell most undeclared names, without the parse.
	var names *pending
	if c.names != nil {
		var err error
		if names, err = c.undeclared(cand); err != nil {
			return err
		}
	}
	tree, err := c.parse(cand)
	if err != nil {
		return err
	}
	defer tree.Close()
	if n, first := errorCount(tree.RootNode()); n > c.limit {
		line, col := grammars.Position(cand, first)
		return &grammars.SyntaxError{Line: line, Col: col,
			Msg: fmt.Sprintf("%s, the input had %d", plural(n, "syntax error", "syntax errors"), c.limit)}
	}
	if names != nil {
		return c.declaredIn(tree, cand, names)
	}
	return nil
}

// parse parses cand, as an edit of the base's tree where that pays.
func (c *checker) parse(cand []byte) (*sitter.Tree, error) {
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
	p := c.lang.parser()
	tree, err := p.ParseCtx(context.Background(), old, cand)
	c.lang.parsers.Put(p)
	if err != nil {
		return nil, fmt.Errorf("tree-sitter: %w", err)
	}
	return tree, nil
}

// errorCount returns the number of ERROR and MISSING nodes under root and
// the offset of the first.
func errorCount(root *sitter.Node) (n, first int) {
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
	tree, err := (&checker{lang: l}).parse(seen)
	if err != nil {
		return 0, err
	}
	defer tree.Close()
	n, _ := errorCount(tree.RootNode())
	return n, nil
}
