// Package grammars defines how an input format plugs into hdd: a [Format]
// parses bytes into a [Doc], a lossless [tree.Tree] with what may happen to
// each node, and the format's [tree.Policy]: how its tokens join, what its
// texts are made of, which candidates are well-formed, its own edits and
// tidies. It also holds what the adapters share: [CheckText], [FoldDepth],
// the text units of [TextUnits] and the format-independent [Tidies].
//
// The adapters live in subpackages (grammars/c, grammars/xml,
// grammars/json, grammars/lines); grammars/formats lists them and picks
// one for a file.
package grammars

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hddreduce/hdd/hdd/tree"
)

// A Format parses one input language. Formats are values; package formats
// lists the available ones.
type Format struct {
	Name string   // value of the -format flag: "c", "xml", "json"
	Exts []string // file name extensions that select this format: ".c", ".h"
	// Parse parses src. A long parse (C's, of a large input) stops when
	// ctx is done and returns an error wrapping ctx.Err(); the fast ones
	// run to the end.
	Parse func(ctx context.Context, src []byte) (*Doc, error)
}

// A Doc is a parsed input: its tree, and the policy the search and the
// unparser apply to it.
type Doc struct {
	Tree   *tree.Tree
	Policy *tree.Policy

	// Warnings are things the user should know about the parse, such as
	// regions kept opaque because the parser could not read them.
	Warnings []string

	// Notes say how the input was read where that is as it should be,
	// such as a stream of JSON values (JSON Lines): shown with the
	// progress, not as warnings.
	Notes []string
}

// A SyntaxError reports input that a Format could not parse.
type SyntaxError struct {
	Line, Col int // 1-based; 0 when unknown
	Msg       string
}

func (e *SyntaxError) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg)
}

// ErrEmpty is returned for an empty or blank input: there is nothing to
// reduce.
var ErrEmpty = errors.New("the input is empty or blank: there is nothing to reduce")

// ErrBinary is returned for input that looks like binary data.
var ErrBinary = errors.New("the input looks like binary data, not text")

// CheckText rejects inputs no format can reduce: empty files and binary data
// (NUL bytes). Text in a legacy 8-bit encoding is accepted.
func CheckText(src []byte) error {
	if len(bytes.TrimSpace(src)) == 0 {
		return ErrEmpty
	}
	if i := bytes.IndexByte(src, 0); i >= 0 {
		line, col := Position(src, i)
		return fmt.Errorf("%w (a NUL byte at %d:%d)", ErrBinary, line, col)
	}
	return nil
}

// Position returns the 1-based line and column (in bytes) of offset off.
func Position(src []byte, off int) (line, col int) {
	off = min(max(off, 0), len(src))
	line = 1 + bytes.Count(src[:off], []byte{'\n'})
	col = off - bytes.LastIndexByte(src[:off], '\n')
	return line, col
}

// Plural returns n and noun for a message, the noun in the plural unless
// n is 1: "1 test", "2 tests", "3 processes", "4 run directories".
func Plural(n int, noun string) string {
	switch {
	case n == 1:
		return "1 " + noun
	case strings.HasSuffix(noun, "s"):
		return fmt.Sprintf("%d %ses", n, noun)
	case len(noun) > 1 && noun[len(noun)-1] == 'y' && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])):
		return fmt.Sprintf("%d %sies", n, noun[:len(noun)-1])
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// FoldDepth chooses where the tree of a large input stops, given the number
// of its nodes at each depth (sizes[0] is the root's 1): the deepest depth
// whose nodes and those above keep within budget nodes, but least at the
// least, and the number of nodes down to it. At least budget/2 nodes may
// lie below least, however many lie above it: a document nested
// thousands deep, parsed again for a level far down, would otherwise be
// parsed again every level or few. It returns -1 and the number of all
// nodes when the whole tree fits, or when no depth is deeper than least.
// The nodes at the depth returned are the tree's tree.Folded ones.
func FoldDepth(sizes []int, budget, least int) (depth, nodes int) {
	above := 0
	for d := 0; d <= least && d < len(sizes); d++ {
		above += sizes[d]
	}
	budget = max(budget, above+budget/2)
	depth = -1
	for d, n := range sizes {
		if nodes+n > budget && d > least {
			return depth, nodes
		}
		nodes += n
		depth = d
	}
	return -1, nodes
}
