package json

import (
	"bytes"
	encjson "encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
)

// This file reads a JSON document that does not parse: a payload cut
// short, one with comments, trailing commas, NaN, single quotes or keys
// without quotes, a bracket that does not match. Neither encoding/json nor
// gjson can help here: the first stops at the first error, and the second
// gives no spans for what it cannot read, so the reading is by hand. It
// builds the tree Parse builds for a valid document wherever the input is
// JSON (TestTolerantAgrees checks that node for node), and keeps what is
// not JSON byte for byte.

// tolerable reports whether body, a document without its byte order mark
// that does not parse, is read tolerantly: it starts, past white space and
// comments, with an object or an array. Anything else (YAML, CSV, prose
// named .json) is refused with its syntax error.
func tolerable(body []byte) bool {
	r := tolerant{src: body}
	i := r.next(0)
	return i < len(body) && (body[i] == '{' || body[i] == '[')
}

// A shape says what a value read tolerantly is, for hoisting.
type shape uint8

const (
	// broken: not JSON, or holding a bracket or string never closed
	// before the end of the input; never hoisted, nor hoisted into.
	broken shape = iota
	// sound: JSON, closed, of the hoisting class "value".
	sound
	// cut: cut short by the end of the input, a container never closed or
	// a string whose quote is not, of the hoisting class "cut": only the
	// end of the input follows it, so a value, or another cut value, may
	// stand in its place (see hoist).
	cut
)

// cutClass is the hoisting class of values cut short by the end of the
// input. The policy lets a value of either class stand where one of it
// stood: what follows is the end of the input in both cases.
const cutClass = "cut"

// A tolerant reader builds the tree of a document that does not parse. A
// reader whose tree is nil adds nothing: it counts the nodes of each level
// (sizes), or reads a line to see whether it is read tolerantly.
type tolerant struct {
	t        *tree.Tree
	src      []byte
	pos      int    // the next byte to read
	end      int    // the end of the last token read
	open     []byte // the closing brackets of the containers open, innermost last
	broken   []int  // the offsets of the parts that are not JSON
	unclosed int    // containers never closed
	comments int    // comments, each a removable leaf
	fold     int    // the depth of the folded containers and members; -1: none
	quiet    int    // > 0 within a folded node: nothing is added
	hidden   int    // the nodes not added within folded nodes
	sizes    []int  // if not nil, the nodes are counted by depth, not added
	runs     int    // the depth at which long lists are built in runs; -1: none
	runLen   int    // the items of a run; a list of no more is built item by item
	items    int    // the items of the container read last
	// stream is set when the top-level values are removable: there are
	// two or more, or the input read was what is left of such a stream.
	stream bool
	// lineEnd is set when a node ends where a line break must follow it
	// (a // comment, a string cut short by the line's end): the policy is
	// then line-sensitive, so that no candidate runs the next line into it.
	lineEnd bool
}

// parseTolerant reads src, a document that does not parse as JSON (err
// says why) but is tolerable, into a Doc: the tree Parse builds for JSON,
// with the parts that are not JSON as opaque leaves of kind "malformed",
// comments as removable leaves of kind "comment", and containers never
// closed spanning what they hold, folded to keep within about budget nodes
// as Parse's are (see FoldNodes). See the package documentation.
func parseTolerant(src []byte, err error, budget int) (*grammars.Doc, error) {
	r, rerr := readTolerant(src, budget, 1, false)
	if rerr != nil {
		return nil, rerr
	}
	doc := &grammars.Doc{Tree: r.t, Policy: &tree.Policy{
		Fuse:          tolerantFuse,
		LineSensitive: r.lineEnd,
		Units:         tolerantUnits,
		Accepts:       map[string][]string{cutClass: {valueClass}},
		Tidies:        slices.Concat(grammars.Tidies, []tree.Tidy{{Name: "compact", Apply: Compact}}),
		// What is left is read tolerantly again, even if it is JSON now:
		// the tree is then the same as Parse's, and a stream's values stay
		// removable top-level nodes, not records, however many are left.
		Unfold: func(src []byte, minLevel int) (*tree.Tree, error) {
			r, err := readTolerant(src, budget, minLevel, r.stream)
			if err != nil {
				return nil, err
			}
			return r.t, nil
		},
	}}
	doc.Warnings = []string{r.warning(err)}
	return doc, nil
}

// readTolerant reads src into a tree, whatever it holds, of at most about
// budget nodes, folded no higher than level minLevel: a first pass counts
// the nodes of each level when src may hold more (estimateNodes), and the
// containers and members at the level grammars.FoldDepth chooses are then
// tree.Folded leaves. If stream is set, src is what is left of a stream of
// values, whose top-level values are removable even if one or none is
// left.
func readTolerant(src []byte, budget, minLevel int, stream bool) (*tolerant, error) {
	fold, nodes := -1, estimateNodes(src, 1)
	runs, runLen := -1, 0
	if nodes > budget {
		count := &tolerant{src: src, fold: -1, runs: -1, sizes: []int{}}
		if err := count.read(); err != nil {
			return nil, err
		}
		// Not the top-level values of a stream in runs: from level 2.
		fold, runs, runLen, nodes = budgetPlan(count.sizes, budget, minLevel, 2)
	}
	r := &tolerant{t: tree.NewTree(src), src: src, fold: fold, runs: runs, runLen: runLen, stream: stream}
	r.t.Nodes = make([]tree.Node, 0, nodes)
	if err := r.read(); err != nil {
		return nil, err
	}
	r.t.Partial = fold >= 0 || runs >= 0
	if err := r.t.Finish(); err != nil {
		return nil, err
	}
	return r, nil
}

// read reads the whole input: the root and its values.
func (r *tolerant) read() error {
	if bytes.HasPrefix(r.src, bom) {
		r.pos = len(bom)
	}
	root := r.add(tree.NoNode, 0, "document", 0, len(r.src), 0, "")
	var top []tree.NodeID
	var topShape shape // that of the last top-level value
	for {
		r.space(root, 1)
		if r.pos >= len(r.src) {
			break
		}
		if c := r.src[r.pos]; c == ',' || c == '}' || c == ']' || c == ':' {
			top = append(top, r.malformed(root, 1, r.pos+1, 0))
			continue
		}
		id, sh, err := r.value(root, 1, 0)
		if err != nil {
			return err
		}
		top, topShape = append(top, id), sh
	}
	if r.t == nil {
		return nil
	}
	r.stream = r.stream || len(top) > 1
	if !r.stream && len(top) == 1 {
		r.hoist(top[0], topShape)
	} else if r.stream {
		for _, id := range top {
			r.t.SetFlags(id, r.t.Nodes[id].Flags|tree.Removable)
		}
	}
	return nil
}

// add adds a node at depth as the last child of parent, as tree.Tree.Add
// does, and returns its ID; within a folded node, or when counting, it
// adds nothing and returns tree.NoNode.
func (r *tolerant) add(parent tree.NodeID, depth int, kind string, start, end int, flags tree.Flags, replace string) tree.NodeID {
	if r.sizes != nil {
		for len(r.sizes) <= depth {
			r.sizes = append(r.sizes, 0)
		}
		r.sizes[depth]++
	}
	if r.quiet > 0 {
		r.hidden++
	}
	if r.t == nil || r.quiet > 0 {
		return tree.NoNode
	}
	return r.t.Add(parent, kind, start, end, flags, replace)
}

// unfold starts the reading of what folded node id, of flags, holds:
// read, and not added. The func it returns ends it, and takes the flag
// Folded back if the node holds nothing (an empty container, a member
// with no value): a folded node stands for its children.
func (r *tolerant) unfold(id tree.NodeID, flags tree.Flags) func() {
	r.quiet++
	hidden := r.hidden
	return func() {
		r.quiet--
		if r.hidden == hidden && id != tree.NoNode {
			r.t.SetFlags(id, flags&^tree.Folded)
		}
	}
}

// setEnd sets the end of node id, added before its end was known.
func (r *tolerant) setEnd(id tree.NodeID, end int) {
	if id != tree.NoNode {
		r.t.Nodes[id].End = int32(end)
	}
}

// warning says how the document was read; err is why it does not parse.
func (r *tolerant) warning(err error) string {
	var kept []string
	if n := len(r.broken); n > 0 {
		// A member is found broken once read, after what it holds.
		first := slices.Min(r.broken)
		line, col := grammars.Position(r.src[r.bomLen():], first-r.bomLen())
		if n == 1 {
			kept = append(kept, fmt.Sprintf("1 part that is not JSON (at %d:%d)", line, col))
		} else {
			kept = append(kept, fmt.Sprintf("%d parts that are not JSON (the first at %d:%d)", n, line, col))
		}
	}
	if r.unclosed > 0 {
		kept = append(kept, grammars.Plural(r.unclosed, "bracket")+" never closed")
	}
	msg := fmt.Sprintf("not valid JSON (%v): read tolerantly", err)
	if len(kept) > 0 {
		msg += ", keeping byte for byte " + strings.Join(kept, " and ")
	}
	if r.comments > 0 {
		msg += ", with " + grammars.Plural(r.comments, "comment") + " as removable nodes"
	}
	return msg
}

// bomLen returns the length of the input's byte order mark, 0 if none.
func (r *tolerant) bomLen() int {
	if bytes.HasPrefix(r.src, bom) {
		return len(bom)
	}
	return 0
}

// next returns the offset of the first byte from i on that is not white
// space or part of a comment.
func (r *tolerant) next(i int) int {
	for i < len(r.src) {
		switch c := r.src[i]; {
		case isBlank(c):
			i++
		case commentAt(r.src, i):
			i = r.commentEnd(i)
		default:
			return i
		}
	}
	return i
}

// commentAt reports whether a comment, // or /*, starts at src[i].
func commentAt(src []byte, i int) bool {
	return i+1 < len(src) && src[i] == '/' && (src[i+1] == '/' || src[i+1] == '*')
}

// commentEnd returns the end of the comment at i: before the line break
// (\n or \r\n) of a // comment, past the */ of a /* comment, or the end
// of the input.
func (r *tolerant) commentEnd(i int) int {
	rest := r.src[i+2:]
	if r.src[i+1] == '/' {
		if j := bytes.IndexByte(rest, '\n'); j >= 0 {
			return crlfStart(r.src, i+2, i+2+j)
		}
		return len(r.src)
	}
	if j := bytes.Index(rest, []byte("*/")); j >= 0 {
		return i + 2 + j + 2
	}
	return len(r.src)
}

// crlfStart returns the start of the line break whose line feed is at
// src[nl]: the carriage return before it, if there is one at from or after.
func crlfStart(src []byte, from, nl int) int {
	if nl > from && src[nl-1] == '\r' {
		return nl - 1
	}
	return nl
}

// space reads white space and comments, each comment a removable leaf of
// parent, at depth.
func (r *tolerant) space(parent tree.NodeID, depth int) {
	for {
		i := r.pos
		form := false // a form feed or vertical tab in this run
		for i < len(r.src) && isBlank(r.src[i]) {
			if isFormSpace(r.src[i]) && !form {
				form = true
				r.broken = append(r.broken, i)
			}
			i++
		}
		r.pos = i
		if !commentAt(r.src, i) {
			return
		}
		end := r.commentEnd(i)
		if r.src[i+1] == '/' {
			r.lineEnd = true
		} else if !bytes.HasSuffix(r.src[i+2:end], []byte("*/")) {
			r.broken = append(r.broken, i) // a comment never closed
		}
		r.add(parent, depth, "comment", i, end, tree.Removable, "")
		r.comments++
		r.pos, r.end = end, end
	}
}

// isBlank reports whether c is white space to the unparser, which drops
// it with a node it removes: JSON's white space, and the form feed and
// vertical tab, which JSON refuses and a tolerant reading takes for white
// space (each run of them is a part that is not JSON).
func isBlank(c byte) bool { return isJSONSpace(c) || isFormSpace(c) }

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// nextItem returns the offset of the first byte from i on that is not
// white space, part of a comment or a comma.
func (r *tolerant) nextItem(i int) int {
	for i = r.next(i); i < len(r.src) && r.src[i] == ','; i = r.next(i + 1) {
	}
	return i
}

// closes reports whether c closes a container open.
func (r *tolerant) closes(c byte) bool {
	return (c == '}' || c == ']') && bytes.IndexByte(r.open, c) >= 0
}

// startsItem reports whether the byte at i starts an item of a container:
// it is not the end of the input, a comma or a bracket that closes a
// container open.
func (r *tolerant) startsItem(i int) bool {
	return i < len(r.src) && r.src[i] != ',' && !r.closes(r.src[i])
}

// malformed adds a leaf of kind malformed for src[r.pos:end] at depth,
// removable if flags say so, and reads past it.
func (r *tolerant) malformed(parent tree.NodeID, depth, end int, flags tree.Flags) tree.NodeID {
	r.broken = append(r.broken, r.pos)
	id := r.add(parent, depth, "malformed", r.pos, end, flags|tree.Opaque, "")
	r.pos, r.end = end, end
	return id
}

// value reads the value at r.pos, a non-space byte that starts an item, as
// the last child of parent: an element if flags hold ListItem, else a
// member's value or the top-level value (flags 0, replaced by its minimal
// form). It reports the value's shape.
func (r *tolerant) value(parent tree.NodeID, depth int, flags tree.Flags) (tree.NodeID, shape, error) {
	switch c := r.src[r.pos]; {
	case c == '{' || c == '[':
		return r.container(parent, depth, flags)
	case c == '"':
		end, closed := r.stringEnd(r.pos)
		if closed && encjson.Valid(r.src[r.pos:end]) {
			id := r.addValue(parent, depth, "string", r.pos, end, flags|tree.Chars)
			r.pos, r.end = end, end
			return id, sound, nil
		}
		return r.quoted(parent, depth, end, closed, flags)
	case c == '\'':
		end, closed := r.stringEnd(r.pos)
		return r.quoted(parent, depth, end, closed, flags)
	case c == ':' || c == '}' || c == ']':
		return r.malformed(parent, depth, r.pos+1, flags), broken, nil
	}
	end := r.wordEnd(r.pos)
	word := r.src[r.pos:end]
	if encjson.Valid(word) {
		kind := string(word) // true, false, null
		if c := word[0]; c == '-' || c >= '0' && c <= '9' {
			kind = "number"
		}
		id := r.addValue(parent, depth, kind, r.pos, end, flags)
		r.pos, r.end = end, end
		return id, sound, nil
	}
	return r.malformed(parent, depth, end, flags), broken, nil
}

// addValue adds a value of kind as add does: replaced by its minimal form
// (minimalForm) when removed, unless it is an item, which vanishes.
func (r *tolerant) addValue(parent tree.NodeID, depth int, kind string, start, end int, flags tree.Flags) tree.NodeID {
	replace := ""
	if flags&tree.ListItem == 0 {
		replace = minimalForm[kind]
	}
	return r.add(parent, depth, kind, start, end, flags, replace)
}

// quoted adds the string at r.pos, ending at end, that is not JSON: one in
// single quotes, holding what JSON does not allow, or not closed. One cut
// short by the end of the input (only white space follows it) may be cut
// down further, its opening quote kept (see tolerantUnits).
func (r *tolerant) quoted(parent tree.NodeID, depth, end int, closed bool, flags tree.Flags) (tree.NodeID, shape, error) {
	if closed || !r.blankFrom(end) {
		return r.malformed(parent, depth, end, flags), broken, nil
	}
	return r.malformed(parent, depth, end, flags|tree.Chars), cut, nil
}

// blankFrom reports whether only white space follows src[:i].
func (r *tolerant) blankFrom(i int) bool {
	for ; i < len(r.src); i++ {
		if !isBlank(r.src[i]) {
			return false
		}
	}
	return true
}

// tolerantUnits is the policy's Units: TextUnits, but a string cut short
// by the end of the input keeps its opening quote.
func tolerantUnits(text []byte) (open, close []byte, ends []int32) {
	open, close, ends = grammars.TextUnits(text)
	if open == nil && len(text) > 0 && (text[0] == '"' || text[0] == '\'') {
		_, _, ends = grammars.TextUnits(text[1:])
		return text[:1], nil, ends
	}
	return open, close, ends
}

// hoist gives value id of shape sh its hoisting class: "value" if sound,
// "cut" if cut, none if broken. A token touching it is no bar: where a
// hoisted value would run into a word beside it (a number hoisted into the
// place of the [1] of 2[1]), the unparser puts a space between them.
func (r *tolerant) hoist(id tree.NodeID, sh shape) {
	switch {
	case sh == broken || id == tree.NoNode:
	case sh == cut:
		r.t.SetClass(id, cutClass)
	default:
		r.t.SetClass(id, valueClass)
	}
}

// stringEnd returns the end of the string quoted by the byte at i, and
// whether it is closed: past its closing quote, or before the line break
// (\n or \r\n, as to the unparser: a carriage return alone ends no line)
// or end of input that cuts it short (JSON strings hold no line break).
func (r *tolerant) stringEnd(i int) (int, bool) {
	q := r.src[i]
	for j := i + 1; j < len(r.src); j++ {
		switch r.src[j] {
		case q:
			return j + 1, true
		case '\\':
			if j+1 < len(r.src) && r.src[j+1] != '\n' {
				j++
			}
		case '\n':
			r.lineEnd = true
			return crlfStart(r.src, i+1, j), false
		}
	}
	return len(r.src), false
}

// wordEnd returns the end of the word at i: a number, a literal, or any
// other run of bytes that are not white space, brackets, commas, colons,
// quotes or the start of a comment.
func (r *tolerant) wordEnd(i int) int {
	j := i
	for j < len(r.src) && wordPart(r.src, j) {
		j++
	}
	return max(j, i+1)
}

// wordPart reports whether src[j] is part of a word: a bare byte that
// does not start a comment.
func wordPart(src []byte, j int) bool { return bareByte(src[j]) && !commentAt(src, j) }

// tolerantFuse is the Fuse of a document read tolerantly: two bytes of
// words (numbers, literals, bare words) would run together, and a slash
// before one could start a comment.
func tolerantFuse(a, b byte) bool { return bareByte(a) && bareByte(b) }

// bareByte reports whether c may be part of a word: it is not white space,
// a bracket, a comma, a colon or a quote.
func bareByte(c byte) bool { return !isBlank(c) && strings.IndexByte("{}[],:\"'", c) < 0 }

// container reads the object or array at r.pos as the last child of
// parent, with flags, and replaced by its minimal form unless it is an
// item. It reports its shape: sound if it is closed, cut if the end of the
// input cuts it short, broken if a bracket closes an outer container
// before it.
func (r *tolerant) container(parent tree.NodeID, depth int, flags tree.Flags) (tree.NodeID, shape, error) {
	if len(r.open) >= MaxDepth {
		line, col := grammars.Position(r.src, r.pos-r.bomLen())
		return 0, broken, &grammars.SyntaxError{Line: line, Col: col,
			Msg: fmt.Sprintf("nested more than %d levels deep", MaxDepth)}
	}
	obj := r.src[r.pos] == '{'
	kind, closer := "array", byte(']')
	if obj {
		kind, closer = "object", '}'
	}
	folded := depth == r.fold
	if folded {
		flags |= tree.Folded
	}
	id := r.addValue(parent, depth, kind, r.pos, r.pos, flags)
	run := r.inRuns(id, depth+1)
	if folded {
		defer r.unfold(id, flags)()
	}
	r.pos++
	r.end = r.pos
	r.open = append(r.open, closer)
	defer func() { r.open = r.open[:len(r.open)-1] }()
	items, afterComma := 0, false
	sh := cut // unless a bracket closes an outer container first
	for {
		r.space(id, depth+1)
		if r.pos >= len(r.src) {
			break
		}
		c := r.src[r.pos]
		if c == closer {
			run.close()
			r.pos++
			r.end = r.pos
			r.setEnd(id, r.pos)
			r.items = items
			return id, sound, nil
		}
		if r.closes(c) {
			sh = broken // it closes an outer container: this one is never closed
			break
		}
		if c == ',' {
			// A comma between two items is a separator; any other (a
			// trailing comma, a doubled one) is not JSON.
			if items > 0 && !afterComma && r.startsItem(r.nextItem(r.pos+1)) {
				if run.full() {
					run.close() // a separator between runs
				}
				r.add(id, depth+1, "comma", r.pos, r.pos+1, tree.Sep, "")
				r.pos++
				r.end = r.pos
			} else {
				flags := tree.Removable
				if items > 0 {
					// A trailing or doubled comma goes when the items
					// before it do: no candidate has {,} or [,1].
					flags |= tree.Trailing
				}
				r.malformed(id, depth+1, r.pos+1, flags)
			}
			afterComma = true
			continue
		}
		if items > 0 && !afterComma {
			r.broken = append(r.broken, r.pos) // no comma before the item
		}
		run.item()
		var err error
		if obj && c != '{' && c != '[' {
			err = r.member(id, depth+1)
		} else {
			if obj {
				r.broken = append(r.broken, r.pos) // a value without a key
			}
			var vid tree.NodeID
			var vsh shape
			vid, vsh, err = r.value(id, depth+1, tree.Removable|tree.ListItem)
			if err == nil {
				r.hoist(vid, vsh)
			}
		}
		if err != nil {
			return 0, broken, err
		}
		items++
		afterComma = false
	}
	run.close()
	r.unclosed++
	r.setEnd(id, r.end)
	r.items = items
	return id, sh, nil
}

// A runState builds the items of a long list in runs: leaves of kind
// "run", each standing for runLen items, what lies between them, and
// what follows the last of them before the next separator, as Parse's
// runs do. A nil *runState builds no runs.
type runState struct {
	r      *tolerant
	parent tree.NodeID
	depth  int
	id     tree.NodeID // the run open, if open
	open   bool
	n      int // the items of the run open
}

// inRuns returns the runState of the container id at r.pos, whose items
// are at depth, if they are at the depth of runs and more than a run holds
// (a dry reading counts them), else nil.
func (r *tolerant) inRuns(id tree.NodeID, depth int) *runState {
	if depth != r.runs || r.t == nil || r.quiet > 0 {
		return nil
	}
	dry := &tolerant{src: r.src, pos: r.pos, fold: -1, runs: -1, open: slices.Clone(r.open)}
	if _, _, err := dry.container(tree.NoNode, depth-1, tree.ListItem); err != nil || dry.items <= r.runLen {
		return nil
	}
	return &runState{r: r, parent: id, depth: depth}
}

// item starts an item: in the run open, or in a new one if the open one is
// full or none is.
func (s *runState) item() {
	if s == nil {
		return
	}
	if s.full() {
		s.close()
	}
	if !s.open {
		s.id = s.r.add(s.parent, s.depth, "run", s.r.pos, s.r.pos, tree.Removable|tree.ListItem|tree.Run, "")
		s.r.quiet++ // its items are read, and not added
		s.open, s.n = true, 0
	}
	s.n++
}

// full reports whether the run open holds runLen items.
func (s *runState) full() bool { return s != nil && s.open && s.n == s.r.runLen }

// close ends the run open, if any, after what was read last.
func (s *runState) close() {
	if s == nil || !s.open {
		return
	}
	s.r.quiet--
	s.r.setEnd(s.id, s.r.end)
	s.open = false
}

// member reads the member of an object at r.pos: its key (a string, or
// what stands for one), a colon and a value, as far as they are there. A
// member that lacks one of them, or whose key is not a JSON string, is one
// part that is not JSON.
func (r *tolerant) member(parent tree.NodeID, depth int) error {
	start := r.pos
	flags := tree.Removable | tree.ListItem
	if depth == r.fold {
		flags |= tree.Folded
	}
	m := r.add(parent, depth, "member", start, start, flags, "")
	if depth == r.fold {
		defer r.unfold(m, flags)()
	}
	ok := true
	switch c := r.src[r.pos]; c {
	case ':':
		ok = false // no key
	case '"', '\'':
		end, closed := r.stringEnd(r.pos)
		ok = closed && c == '"' && encjson.Valid(r.src[r.pos:end])
		r.pos, r.end = end, end
	default:
		ok = false // a bare word for a key
		r.pos = r.wordEnd(r.pos)
		r.end = r.pos
	}
	if i := r.next(r.pos); i < len(r.src) && r.src[i] == ':' {
		r.space(m, depth+1)
		r.pos++
		r.end = r.pos
		if i := r.next(r.pos); r.startsItem(i) && r.src[i] != ':' {
			r.space(m, depth+1)
			id, sh, err := r.value(m, depth+1, 0)
			if err != nil {
				return err
			}
			r.hoist(id, sh)
		} else {
			ok = false // no value
		}
	} else if r.src[start] != ':' {
		ok = false // no colon
	}
	if !ok {
		r.broken = append(r.broken, start)
	}
	r.setEnd(m, r.end)
	return nil
}
