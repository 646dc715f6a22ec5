package tree

import "slices"

// A Policy is what a format says about its texts, beyond the tree: how
// tokens join where something vanished, what a text is made of, which
// classes of node may stand for which, how to parse a text again, which
// candidates may be shown to the test, and the format's own edits and
// tidies. An adapter supplies one with each document it parses; the search
// (package hdd) and the unparser take it whole.
//
// The zero Policy, like a nil *Policy, is that of a format with no such
// rules: no tokens fuse, line breaks do not matter, white space is not
// content, texts are not cut, a node is hoisted only to one of its own
// class, nothing is refused, and there are no transforms or tidies. A
// Policy must not change once in use; its funcs must be safe for
// concurrent use.
type Policy struct {
	// Fuse reports whether the bytes a and b would merge into one token if
	// they became adjacent where something was removed between them. The
	// unparser then puts a space between them. Nil means never.
	Fuse func(a, b byte) bool

	// LineSensitive says line breaks matter between tokens (C preprocessor
	// lines, line comments): where a removed region held a line break and
	// neither side of the junction has one, the unparser emits a newline.
	LineSensitive bool

	// Reindent says a line's indentation is syntax (Python's blocks): the
	// lines of a node hoisted into another's place take that node's
	// indentation. Each line of the hoisted node's text that starts with
	// the indentation of the hoisted node's first line starts with that of
	// the node it replaces instead; a node that does not begin its line
	// keeps its lines as they are.
	Reindent bool

	// SpaceIsText says white space between nodes may be content (XML mixed
	// content): the unparser keeps each kept node's own leading white space
	// instead of trading it for the shorter white space of a vanished
	// neighbour.
	SpaceIsText bool

	// Units splits text, the text of a Chars leaf, into the parts the
	// search keeps whole when it cuts the leaf down: open, a prefix of
	// text, and close, a suffix (a string's quotes, say), always stay, and
	// between them, in body = text[len(open):len(text)-len(close)], each
	// unit (a character, an escape, an entity) may go. Unit i is
	// body[ends[i-1]:ends[i]] (from 0 for the first), and the last ends
	// at len(body). Ends take 4 bytes a unit where subslices take 24: a
	// text may have millions. Nil means Chars leaves are not cut.
	Units func(text []byte) (open, close []byte, ends []int32)

	// Accepts widens hoisting: a node of class K may also be replaced by a
	// descendant whose class is listed in Accepts[K] (in C, a statement by
	// a block). Nil means same class only.
	Accepts map[string][]string

	// Unfold parses src, the text of a candidate of a Partial tree of this
	// document, into a tree whose levels above min are complete and whose
	// level min is there, perhaps in runs: its Folded and Run nodes, if
	// any, are at level min or deeper. The search calls it when it reaches
	// the level below a Partial tree's FoldLevel, after it has pruned the
	// runs of a level, and when a large Partial tree's text is no longer
	// the best, so a large input's lower levels and long lists are built
	// only for what is left of them. It must be set if the tree is Partial.
	Unfold func(src []byte, min int) (*Tree, error)

	// Reparse, if set, parses a text of this document's format again,
	// into a tree of its own that this policy serves too (its Check,
	// transforms and tidies judge texts). HDD* parses its best text again
	// when a sweep changes nothing, and sweeps the fresh tree, whose
	// structure may offer what the edits hid (a node a hoist moved, a
	// type a transform simplified), until a sweep of a fresh tree changes
	// nothing either.
	Reparse func(src []byte) (*Tree, error)

	// Check, if set, refuses candidates that must not reach the test: not
	// well-formed, or more malformed than the original. A refused
	// candidate counts as uninteresting and costs no test run.
	Check func(candidate []byte) error

	// Adopted, if set, is told each text the search adopts as its best
	// candidate, so that Check may compare the next candidates, all made
	// from it, with it rather than with the input (C parses a candidate
	// as one edit of the best text, where it was many edits of the
	// input). It is called from the search's goroutine, and must be safe
	// to call while Check runs.
	Adopted func(best []byte)

	// Unused, if set, returns the nodes of candidate c of t that nothing
	// else in c needs by the format's rules, such as declarations of C++
	// names that the rest of c never names, given that the nodes for which
	// keep reports true stay: the outermost such nodes, in order, in
	// groups that go together (the declarations of one name). The search
	// tries to remove them all at once between levels, so that what only
	// a removed part of the text named goes early, before the levels below
	// spend tests on it. It must be safe for concurrent use.
	Unused func(t *Tree, c Candidate, keep func(NodeID) bool) [][]NodeID

	// Bodies, if set, returns, for each function definition of candidate
	// c of t, the nodes whose removal leaves a declaration (its body,
	// which is not Removable and whose Replace is such as ";", and what
	// cannot stay without it), the outermost definitions, in order.
	// Before the levels below the first, the search tries to remove them
	// all at once, so that what only bodies name becomes unused (see
	// Unused). It must be safe for concurrent use.
	Bodies func(t *Tree, c Candidate) [][]NodeID

	// Transforms are format-specific edits the search tries after
	// hoisting in each sweep, such as expanding a C macro.
	Transforms []Transform

	// Tidies are rewrites of the whole text tried once on the result, in
	// order.
	Tidies []Tidy

	// Render, if set, renders candidate c of t, appending to dst, in
	// place of the generic unparser (package unparse), which then reads
	// none of Fuse, LineSensitive, Reindent and SpaceIsText: for a document
	// made of documents of several formats, such as a folder whose files
	// each follow their own format's rules. The empty Candidate must render as
	// t.Src. Nil means the generic unparser.
	Render func(dst []byte, t *Tree, c Candidate) []byte
}

// CanHoist reports whether a node of class x may be replaced by a node of
// class d: d is x, or listed in p.Accepts[x]. An empty class hoists
// nothing.
func (p *Policy) CanHoist(x, d string) bool {
	if x == "" || d == "" {
		return false
	}
	return x == d || p != nil && slices.Contains(p.Accepts[x], d)
}

// A Transform proposes format-specific edits of a candidate: candidates
// that each make one change a pruning or hoisting step cannot, such as
// removing a macro definition together with its uses. Candidates returns
// them in the order they should be tried; the first interesting one is
// adopted and Candidates is called again. The search then goes on from the
// adopted candidate's index, not from the first again (a linear pass, as
// the greedy minimizer does): a transform's candidates should keep their
// order when one of them is adopted. It stops when none from there is
// interesting; the next sweep starts from the first again.
type Transform struct {
	Name       string
	Candidates func(t *Tree, c Candidate) []Candidate
}

// A Tidy is a rewrite of the whole text, tried once on the result after
// the search: it is kept if it is smaller, passes the Policy's Check and
// is still interesting. Tidies make the result read well (no blank-line
// runs, no trailing blanks) and may shrink it further.
type Tidy struct {
	Name  string
	Apply func(text []byte) []byte
}
