package json

import (
	"bytes"
	"context"
	encjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/tidwall/gjson"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Format is the JSON format: one JSON document, or a stream of JSON values
// (JSON Lines, NDJSON, concatenated values), even one with broken lines, or
// an object or array that does not parse. Its candidates are well-formed by
// construction, but for what the input has that is not JSON, kept as it
// was, so its Docs have no Check.
var Format = &grammars.Format{
	Name:  "json",
	Exts:  []string{".json", ".jsonl", ".ndjson", ".geojson"},
	Parse: func(_ context.Context, src []byte) (*grammars.Doc, error) { return Parse(src) }, // fast: not cancelled
}

// MaxDepth is the deepest nesting of arrays and objects Parse accepts, the
// limit of encoding/json. Deeper input is a *grammars.SyntaxError.
const MaxDepth = 10000

// Parse parses src, one JSON value or a stream of them, into a Doc. See the
// package documentation for the shape of the tree. Malformed input gives a
// *grammars.SyntaxError with the line and column of the first error, but
// for a stream whose lines are mostly values, read line by line with its
// broken lines kept whole, and for an object or array, read tolerantly
// (the package documentation says when and how); empty and binary input
// give grammars.ErrEmpty and grammars.ErrBinary.
func Parse(src []byte) (*grammars.Doc, error) {
	doc, err := parse(src, FoldNodes, 1, anyJSON)
	var se *grammars.SyntaxError
	if errors.As(err, &se) && tolerable(bytes.TrimPrefix(src, bom)) {
		return parseTolerant(src, err, FoldNodes)
	}
	return doc, err
}

// Sniffed is Format for a file picked as JSON by its first byte, a bracket,
// not by its name. It reads no document tolerantly (JSON Lines with broken
// lines it reads as Format does): other text that starts with a bracket (an
// INI file's [section]) is refused, or read as lines in a folder, rather
// than taken for broken JSON.
var Sniffed = &grammars.Format{
	Name:  "json",
	Parse: func(_ context.Context, src []byte) (*grammars.Doc, error) { return parse(src, FoldNodes, 1, anyJSON) },
}

// FoldNodes is the most nodes Parse builds at once. The tree of a larger
// input stops at the deepest level that keeps it within FoldNodes (but
// reaches level 1 at least): the containers and members there are
// [tree.Folded], and the search parses what is left of the input again when
// it reaches the level below them; the candidates, and so the test runs,
// are the same as with the whole tree. A level that is over FoldNodes by
// itself has its long lists built in runs of items ([tree.Run]). A tree
// node costs about 45 bytes, so the tree of a dense 2 MB document would
// take several times the input without this.
const FoldNodes = 1 << 14

// A reading says how parse reads its input.
type reading uint8

const (
	// anyJSON reads one document or a stream of values; a stream whose
	// lines are mostly JSON values is read line by line (byLine) when
	// it does not parse whole.
	anyJSON reading = iota
	// asStream reads what is left of a stream: a stream even if it holds
	// one value, or none.
	asStream
	// byLine reads what is left of a stream read line by line: each line
	// is a stream of values, or a malformed record if it is not.
	byLine
)

// parse parses src into a tree of at most about budget nodes, folded no
// higher than level minLevel (see FoldNodes), read as r says.
func parse(src []byte, budget, minLevel int, r reading) (*grammars.Doc, error) {
	stream := r != anyJSON
	if stream && len(bytes.Trim(bytes.TrimPrefix(src, bom), jsonSpace)) == 0 {
		t := tree.NewTree(src)
		t.Add(tree.NoNode, "document", 0, len(src), 0, "")
		return &grammars.Doc{Tree: t}, t.Finish()
	}
	if err := grammars.CheckText(src); err != nil {
		return nil, err
	}
	spans, r, err := split(src, r)
	if err != nil {
		return nil, err
	}
	if r == anyJSON && len(spans) > 1 {
		r = asStream // what is left of it is parsed again as a stream
	}
	stream = r != anyJSON
	t := tree.NewTree(src)
	// The builder reads src as a string for gjson without copying it: src
	// is the tree's Src and never changes.
	b := builder{t: t, src: src, s: unsafe.String(unsafe.SliceData(src), len(src)), fold: -1, runs: -1}
	if n := estimateNodes(src, len(spans)); n <= budget {
		t.Nodes = make([]tree.Node, 0, n)
	} else {
		b.fold, b.runs, b.runLen, n = budgetPlan(levelSizes(src, spans, stream), budget, minLevel, 1)
		t.Nodes = make([]tree.Node, 0, max(n, 1))
		t.Partial = b.fold >= 0 || b.runs >= 0
	}
	root := t.Add(tree.NoNode, "document", 0, len(src), 0, "")
	values := spans
	if stream && b.runs == 1 && len(spans) > b.runLen {
		for i := 0; i < len(spans); i += b.runLen {
			last := spans[min(i+b.runLen, len(spans))-1]
			t.Add(root, "run", spans[i].start, recordEnd(src, last.end), tree.Removable|tree.Run, "")
		}
		values = nil // the records are in the runs
	}
	for _, sp := range values {
		if sp.bad {
			if err := b.badLine(root, sp); err != nil {
				return nil, err
			}
			continue
		}
		raw := b.s[sp.start:sp.end]
		if !gjson.Valid(raw) {
			return nil, b.internal(sp.start, "gjson rejects a value encoding/json accepts")
		}
		v := gjson.Parse(raw)
		v.Index = sp.start
		if len(v.Raw) != len(raw) {
			return nil, b.internal(sp.start, "gjson reads a value of %d bytes, encoding/json %d", len(v.Raw), len(raw))
		}
		parent, class, depth := root, valueClass, 1
		if stream {
			flags := tree.Removable
			if b.fold == 1 {
				flags |= tree.Folded
			}
			parent = t.Add(root, "record", sp.start, recordEnd(src, sp.end), flags, "")
			if b.fold == 1 {
				continue
			}
			depth++
		}
		err = b.value(parent, v, depth, 0, minimal(v), class)
		if err != nil {
			return nil, err
		}
	}
	if err := t.Finish(); err != nil {
		return nil, err
	}
	doc := &grammars.Doc{Tree: t, Policy: &tree.Policy{
		Fuse:  fuse,
		Units: grammars.TextUnits,
		Unfold: func(src []byte, minLevel int) (*tree.Tree, error) {
			doc, err := parse(src, budget, minLevel, r)
			if err != nil {
				return nil, err
			}
			return doc.Tree, nil
		},
		Tidies: slices.Concat(grammars.Tidies, []tree.Tidy{{Name: "compact", Apply: Compact}}),
	}}
	if slices.ContainsFunc(spans, func(sp span) bool { return sp.tolerant }) {
		// A line read tolerantly (badLine), here or in what is left
		// once the records in runs or folded are built: its words may
		// hold any byte, and its strings and values may be cut short.
		doc.Policy.Fuse, doc.Policy.Units = tolerantFuse, tolerantUnits
		doc.Policy.Accepts = map[string][]string{cutClass: {valueClass}}
	}
	switch w := malformedWarning(src, spans); {
	case w != "":
		doc.Warnings = []string{w}
	case stream:
		doc.Notes = []string{fmt.Sprintf("a stream of %d JSON values (JSON Lines, say), each a removable record", len(spans))}
	}
	return doc, nil
}

// A span is the extent [start, end) of a top-level value, or, if bad, of
// a line of a stream read line by line that is not JSON; such a line is
// read tolerantly if tolerant is set (see readsTolerantly).
type span struct {
	start, end    int
	bad, tolerant bool
}

// bom is the UTF-8 byte order mark. JSON text must not start with one,
// but RFC 8259 lets a parser ignore it, and files saved by Windows tools
// often have it: Parse takes it as the document's own bytes, so every
// candidate starts with it as the input did.
var bom = []byte("\xEF\xBB\xBF")

// split validates src with encoding/json and returns the spans of its
// top-level values, past a byte order mark, and how it read them: byLine
// if r is, or if src does not parse whole and its lines are mostly JSON
// values (see splitLines). The positions of its errors do not count the
// mark, which editors do not show.
func split(src []byte, r reading) ([]span, reading, error) {
	body, found := bytes.CutPrefix(src, bom)
	var spans []span
	var err error
	if r == byLine {
		spans, _ = splitLines(body)
	} else {
		spans, err = splitValues(body)
		var se *grammars.SyntaxError
		if errors.As(err, &se) {
			if lines, ok := splitLines(body); ok {
				spans, r, err = lines, byLine, nil
			}
		}
	}
	if found {
		for i := range spans {
			spans[i].start += len(bom)
			spans[i].end += len(bom)
		}
	}
	return spans, r, err
}

// splitLines splits src line by line: the values of each line that is a
// stream of JSON values, and a bad span for each other line that is not
// blank, from its first to its last character that is not white space.
// It reports whether the lines look like JSON Lines with some lines
// broken: two lines or more, and at least as many of JSON values as not.
// A pretty-printed document that does not parse has few lines that are
// values on their own ({, "a": 1,), and is refused with its syntax error;
// so are lines that are not JSON and start or end with a form feed or a
// vertical tab.
func splitLines(src []byte) (spans []span, ok bool) {
	good, bad := 0, 0
	lines, seen := bytes.Count(src, []byte{'\n'})+1, 0
	for start := 0; start < len(src); {
		end, next := len(src), len(src)
		if i := bytes.IndexByte(src[start:], '\n'); i >= 0 {
			end, next = start+i, start+i+1
		}
		line := src[start:end]
		if t := bytes.Trim(line, jsonSpace); len(t) > 0 {
			// mayBeValues tells most lines that are not JSON without a
			// decoder: those of a pretty-printed document ({, "a": 1,).
			var values []span
			valid := mayBeValues(t)
			if valid {
				var err error
				values, err = splitValues(line)
				valid = err == nil
			}
			if valid {
				for _, v := range values {
					spans = append(spans, span{start: start + v.start, end: start + v.end})
				}
				good++
			} else {
				from := start + len(line) - len(bytes.TrimLeft(line, jsonSpace))
				to := start + len(bytes.TrimRight(line, jsonSpace))
				if isFormSpace(src[from]) || isFormSpace(src[to-1]) {
					// The unparser takes a form feed or vertical tab at
					// the edge of a node it removes for white space, and
					// would keep it, a new malformed line.
					return nil, false
				}
				spans = append(spans, span{start: from, end: to, bad: true, tolerant: readsTolerantly(src[:to], from)})
				bad++
				if bad > good+lines-seen {
					return nil, false // more bad lines than good, whatever the rest
				}
			}
		}
		start = next
		seen++
	}
	return spans, good+bad >= 2 && good >= bad
}

// mayBeValues reports whether line, trimmed, may be a stream of JSON
// values: it starts as a value starts and ends as one ends.
func mayBeValues(line []byte) bool {
	first, last := line[0], line[len(line)-1]
	return strings.IndexByte(`{["-0123456789tfn`, first) >= 0 && strings.IndexByte(`}]"0123456789el`, last) >= 0
}

// malformedWarning says which lines of src, read line by line into spans,
// are not JSON, and what becomes of them; "" if every line is JSON.
func malformedWarning(src []byte, spans []span) string {
	body, found := bytes.CutPrefix(src, bom)
	mark := 0 // positions do not count a byte order mark, as in split
	if found {
		mark = len(bom)
	}
	var lines []string
	first := ""
	n, reduced := 0, 0
	for _, sp := range spans {
		if !sp.bad {
			continue
		}
		n++
		if sp.tolerant {
			reduced++
		}
		if n > 3 {
			continue // counted only: a position costs a scan from the start
		}
		line, col := grammars.Position(body, sp.start-mark)
		if n == 1 {
			_, err := splitValues(src[sp.start:sp.end])
			var se *grammars.SyntaxError
			if errors.As(err, &se) && se.Line == 1 {
				first = fmt.Sprintf(" (%d:%d: %s)", line, col+se.Col-1, se.Msg)
			}
		}
		lines = append(lines, strconv.Itoa(line))
	}
	var which string
	switch {
	case n == 0:
		return ""
	case n == 1:
		which = "line " + lines[0] + " is"
	case n <= 3:
		which = "lines " + strings.Join(lines[:n-1], ", ") + " and " + lines[n-1] + " are"
	default:
		which = fmt.Sprintf("lines %s and %d more are", strings.Join(lines, ", "), n-3)
	}
	each := "each is"
	if n == 1 {
		each = "it is"
	}
	var fate string
	switch {
	case reduced == 0:
		fate = "kept byte for byte as a record of its own, which the search may remove"
	case reduced == n:
		fate = "a record of its own, which the search may remove or reduce, read tolerantly (what is not JSON in it is kept byte for byte)"
	case reduced == 1:
		fate = "a record of its own, which the search may remove; the 1 that is an object or array it may also reduce, read tolerantly (what is not JSON in it is kept byte for byte), and the others it keeps byte for byte"
	default:
		fate = fmt.Sprintf("a record of its own, which the search may remove; the %d that are objects or arrays it may also reduce, read tolerantly (what is not JSON in them is kept byte for byte), and the others it keeps byte for byte", reduced)
	}
	return fmt.Sprintf("%s not JSON%s: %s %s; the other lines are reduced as JSON Lines", which, first, each, fate)
}

// splitValues is split for src without a byte order mark.
func splitValues(src []byte) ([]span, error) {
	if encjson.Valid(src) {
		// One value: the common case needs no copy of the input.
		start := len(src) - len(bytes.TrimLeft(src, jsonSpace))
		end := len(bytes.TrimRight(src, jsonSpace))
		return []span{{start: start, end: end}}, nil
	}
	dec := encjson.NewDecoder(bytes.NewReader(src))
	var spans []span
	var raw encjson.RawMessage
	for {
		raw = raw[:0]
		err := dec.Decode(&raw)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, syntaxError(src, err)
		}
		end := int(dec.InputOffset())
		start := end - len(raw)
		if start < 0 || !bytes.Equal(src[start:end], raw) {
			return nil, fmt.Errorf("internal error: encoding/json reports a value at [%d,%d) that is not there", start, end)
		}
		if n := len(spans); n > 0 && spans[n-1].end == start && wordByte(src[start-1]) && wordByte(src[start]) {
			line, col := grammars.Position(src, start)
			return nil, &grammars.SyntaxError{Line: line, Col: col,
				Msg: fmt.Sprintf("invalid character %s after top-level value", quoteAt(src, start))}
		}
		spans = append(spans, span{start: start, end: end})
	}
	if len(spans) == 0 {
		return nil, grammars.ErrEmpty
	}
	return spans, nil
}

// jsonSpace is the white space JSON allows between tokens.
const jsonSpace = " \t\n\r"

// isFormSpace reports whether c is a form feed or a vertical tab: white
// space to the unparser, not to JSON.
func isFormSpace(c byte) bool { return c == '\f' || c == '\v' }

// estimateNodes returns about the number of nodes of the tree of src, a
// little more when strings hold commas or colons, so the tree is allocated
// once: a comma and the item after it are two nodes, a colon stands for a
// member (the item after it is the member's value), and each container is
// one node.
func estimateNodes(src []byte, values int) int {
	n := 1 + 2*values +
		2*bytes.Count(src, []byte{','}) + bytes.Count(src, []byte{':'}) +
		bytes.Count(src, []byte{'['}) + bytes.Count(src, []byte{'{'})
	return min(n, 2*len(src)+2)
}

// levelSizes returns the number of nodes at each depth of the tree of src,
// whose top-level values span spans, a stream's or a document's: sizes[d]
// nodes d levels below the document. src is valid JSON.
func levelSizes(src []byte, spans []span, stream bool) []int {
	sizes := []int{1}
	count := func(d int) {
		for len(sizes) <= d {
			sizes = append(sizes, 0)
		}
		sizes[d]++
	}
	base := 1
	if stream {
		base = 2
		count(1)
		sizes[1] += len(spans) - 1
	}
	type frame struct {
		depth int  // the container's depth
		obj   bool // an object: its strings alternate between keys and values
		key   bool // in an object, the next string is a key
	}
	var stack []frame
	valueDepth := func() int {
		switch n := len(stack); {
		case n == 0:
			return base
		case stack[n-1].obj:
			return stack[n-1].depth + 2 // members come between
		default:
			return stack[n-1].depth + 1
		}
	}
	for _, sp := range spans {
		if sp.bad {
			// A malformed record, counted at level 1, and what a line read
			// tolerantly holds below it.
			if sp.tolerant {
				r := lineReader(src, sp)
				r.sizes = sizes
				r.value(tree.NoNode, 2, 0) // counted, not added
				sizes = r.sizes
			}
			continue
		}
		for i := sp.start; i < sp.end; i++ {
			switch c := src[i]; c {
			case ' ', '\t', '\n', '\r':
			case '"':
				if n := len(stack); n > 0 && stack[n-1].key {
					count(stack[n-1].depth + 1) // a member
				} else {
					count(valueDepth())
				}
				for i++; src[i] != '"'; i++ {
					if src[i] == '\\' {
						i++
					}
				}
			case '{', '[':
				d := valueDepth()
				count(d)
				stack = append(stack, frame{depth: d, obj: c == '{', key: c == '{'})
			case '}', ']':
				stack = stack[:len(stack)-1]
			case ',':
				top := &stack[len(stack)-1]
				count(top.depth + 1)
				top.key = top.obj
			case ':':
				stack[len(stack)-1].key = false
			default: // a number or a literal
				count(valueDepth())
				for i+1 < sp.end && wordByte(src[i+1]) {
					i++
				}
			}
		}
	}
	return sizes
}

// budgetPlan chooses how a tree of sizes[d] nodes at each depth d is built
// within about budget nodes, no higher than level minLevel: the depth of
// its folded nodes (grammars.FoldDepth; -1: none) and, if the levels down
// to minLevel are over the budget and minLevel is runsFrom or deeper, that
// level's long lists are built in runs of runLen items, about budget/2
// nodes in all (runs -1: none); nodes is about the number of nodes built.
func budgetPlan(sizes []int, budget, minLevel, runsFrom int) (fold, runs, runLen, nodes int) {
	fold, nodes = grammars.FoldDepth(sizes, budget, minLevel)
	runs = -1
	if minLevel < len(sizes) && nodes > budget && minLevel >= runsFrom {
		runs, runLen = minLevel, max(2, (2*sizes[minLevel]+budget-1)/budget)
		nodes += budget - sizes[minLevel]
	}
	return fold, runs, runLen, nodes
}

// badLine adds the record of the line of a stream read line by line that
// sp spans, a line that is not JSON: the line read tolerantly, if it is an
// object or array alone on its line (sp.tolerant), else a malformed
// leaf, kept byte for byte.
func (b *builder) badLine(root tree.NodeID, sp span) error {
	end := recordEnd(b.src, sp.end)
	if !sp.tolerant {
		b.t.Add(root, "malformed", sp.start, end, tree.Removable|tree.Opaque, "")
		return nil
	}
	r := lineReader(b.src, sp)
	flags := tree.Removable
	if b.fold == 1 {
		flags |= tree.Folded
	}
	rec := b.t.Add(root, "record", sp.start, end, flags, "")
	if b.fold == 1 {
		return nil
	}
	r.t, r.fold = b.t, b.fold
	id, sh, err := r.value(rec, 2, 0)
	if err != nil {
		return err
	}
	r.hoist(id, sh)
	return nil
}

// readsTolerantly reports whether the line of a stream read line by line
// that starts at from in line, a line that is not JSON and ends line, is
// read tolerantly: it is an object or array with nothing but white space
// after it. Else it is kept whole. A dry reading tells, adding nothing.
func readsTolerantly(line []byte, from int) bool {
	if c := line[from]; c != '{' && c != '[' {
		return false
	}
	dry := &tolerant{src: line, pos: from, fold: -1, runs: -1}
	_, _, err := dry.value(tree.NoNode, 2, 0)
	return err == nil && dry.blankFrom(dry.pos)
}

// lineReader returns a tolerant reader of the line that sp spans in src,
// a line read tolerantly: its input ends with the line, so what the line's
// end cuts short is cut short as by the end of an input.
func lineReader(src []byte, sp span) *tolerant {
	return &tolerant{src: src[:sp.end], pos: sp.start, fold: -1, runs: -1}
}

// recordEnd returns the end of the record of a stream value, or malformed
// line, ending at end: the value and, if the rest of its line is blank,
// that rest and the line break, so that removing the first line of JSON
// Lines leaves no blank line.
func recordEnd(src []byte, end int) int {
	i := end
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	switch {
	case i < len(src) && src[i] == '\n':
		return i + 1
	case i+1 < len(src) && src[i] == '\r' && src[i+1] == '\n':
		return i + 2
	}
	return end
}

// syntaxError turns an error of encoding/json's Decoder into a
// *grammars.SyntaxError with a line and column.
func syntaxError(src []byte, err error) error {
	var se *encjson.SyntaxError
	switch {
	case errors.As(err, &se):
		off := int(se.Offset) - 1 // the offending byte is the last one read
		off = min(max(off, 0), len(src))
		msg := se.Error()
		if strings.HasSuffix(msg, "exceeded max depth") {
			msg = fmt.Sprintf("nested more than %d levels deep", MaxDepth)
		} else if off < len(src) && src[off] >= utf8.RuneSelf {
			// encoding/json quotes a single byte as if it were a rune.
			if rest, ok := strings.CutPrefix(msg, "invalid character "+stdQuote(src[off])); ok {
				msg = "invalid character " + quoteAt(src, off) + rest
			}
		}
		line, col := grammars.Position(src, off)
		return &grammars.SyntaxError{Line: line, Col: col, Msg: msg}
	case errors.Is(err, io.ErrUnexpectedEOF):
		off := len(bytes.TrimRight(src, " \t\r\n"))
		line, col := grammars.Position(src, off)
		return &grammars.SyntaxError{Line: line, Col: col, Msg: "unexpected end of JSON input"}
	default:
		return &grammars.SyntaxError{Msg: err.Error()}
	}
}

// stdQuote quotes byte c as encoding/json's error messages do.
func stdQuote(c byte) string {
	switch c {
	case '\'':
		return `'\''`
	case '"':
		return `'"'`
	}
	s := strconv.Quote(string(rune(c)))
	return "'" + s[1:len(s)-1] + "'"
}

// quoteAt quotes the character at src[off] for an error message: the rune
// if it is valid UTF-8, the byte in hex if not.
func quoteAt(src []byte, off int) string {
	r, size := utf8.DecodeRune(src[off:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("'\\x%02x'", src[off])
	}
	return strconv.QuoteRune(r)
}

// wordByte reports whether c may be part of a number or a literal (true,
// false, null) token.
func wordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' ||
		c == '-' || c == '+' || c == '.'
}

// fuse is the policy's Fuse: two numbers or literals run together would read
// as one token.
func fuse(a, b byte) bool { return wordByte(a) && wordByte(b) }

// minimal returns the smallest value of v's type, or "" if v has no smaller
// form of its type (true, false, null).
func minimal(v gjson.Result) string { return minimalForm[kind(v)] }

// minimalForm maps the kind of a value to the smallest value of its type,
// for the kinds that have one: what a value that must stay is replaced by.
var minimalForm = map[string]string{"object": "{}", "array": "[]", "string": `""`, "number": "0"}

// kind returns the node kind of value v.
func kind(v gjson.Result) string {
	switch v.Type {
	case gjson.JSON:
		if strings.HasPrefix(v.Raw, "[") {
			return "array"
		}
		return "object"
	case gjson.String:
		return "string"
	case gjson.Number:
		return "number"
	case gjson.True:
		return "true"
	case gjson.False:
		return "false"
	}
	return "null"
}

// valueClass is the hoisting class of values: any JSON value may stand
// where another stood.
const valueClass = "value"

// A builder adds the nodes of gjson values to a tree.
type builder struct {
	t      *tree.Tree
	src    []byte
	s      string // src as a string, so gjson results share its memory
	fold   int    // the depth of the folded nodes; -1: none
	runs   int    // the depth at which long lists are built in runs; -1: none
	runLen int    // the items of a run; a list of no more is built item by item
}

// value adds v, whose Index is its absolute offset, and its descendants as
// the last child of parent, at the given depth.
func (b *builder) value(parent tree.NodeID, v gjson.Result, depth int, flags tree.Flags, replace, class string) error {
	start, end := v.Index, v.Index+len(v.Raw)
	if start < 0 || end > len(b.s) || b.s[start:end] != v.Raw {
		return b.internal(start, "a value's offset is wrong")
	}
	k := kind(v)
	if k == "string" {
		flags |= tree.Chars // a string may be cut down to a part of it
	}
	folded := depth == b.fold && v.Type == gjson.JSON && !emptyContainer(v.Raw)
	if folded {
		flags |= tree.Folded
	}
	id := b.t.Add(parent, k, start, end, flags, replace)
	b.t.SetClass(id, class)
	if v.Type != gjson.JSON || folded {
		return nil
	}
	return b.container(id, v, depth, k == "object")
}

// emptyContainer reports whether raw, an array or object, has no items.
func emptyContainer(raw string) bool {
	return strings.TrimLeft(raw[1:], jsonSpace)[0] == raw[len(raw)-1]
}

// container adds the members or elements of v, and the commas between them,
// as children of id, or runs of them when v is a long list at the depth of
// runs.
func (b *builder) container(id tree.NodeID, v gjson.Result, depth int, obj bool) error {
	if depth+1 == b.runs {
		n := 0
		v.ForEach(func(_, _ gjson.Result) bool { n++; return true })
		if n > b.runLen {
			return b.inRuns(id, v, obj)
		}
	}
	return b.items(v, obj, func(_, comma int, key, val gjson.Result) error {
		if comma >= 0 {
			b.t.Add(id, "comma", comma, comma+1, tree.Sep, "")
		}
		if !obj {
			return b.value(id, val, depth+1, tree.Removable|tree.ListItem, "", valueClass)
		}
		kend := key.Index + len(key.Raw)
		if kend > len(b.s) || b.s[key.Index:kend] != key.Raw || !strings.HasPrefix(key.Raw, `"`) {
			return b.internal(key.Index, "a key's offset is wrong")
		}
		if _, ok := b.between(kend, val.Index, ':'); !ok {
			return b.internal(kend, "expected a colon after a key")
		}
		// The key is the member's own bytes: no edit touches it alone.
		flags := tree.Removable | tree.ListItem
		if depth+1 == b.fold {
			flags |= tree.Folded
		}
		m := b.t.Add(id, "member", key.Index, val.Index+len(val.Raw), flags, "")
		if depth+1 == b.fold {
			return nil
		}
		return b.value(m, val, depth+2, 0, minimal(val), valueClass)
	})
}

// items calls item for each member or element of v, in order, with its
// index, the offset of the comma before it (-1 for the first) and, for a
// member, its key. It checks that the bytes between the items are what JSON
// allows, so a span gjson got wrong is an error, not a silent bad tree.
func (b *builder) items(v gjson.Result, obj bool, item func(i, comma int, key, val gjson.Result) error) error {
	pos := v.Index + 1 // after the opening bracket
	i := 0
	var err error
	v.ForEach(func(key, val gjson.Result) bool {
		start := val.Index
		if obj {
			start = key.Index
		}
		comma := -1
		if i > 0 {
			var ok bool
			if comma, ok = b.between(pos, start, ','); !ok {
				err = b.internal(pos, "expected one comma between items")
				return false
			}
		} else if _, ok := b.between(pos, start, 0); !ok {
			err = b.internal(pos, "unexpected bytes before the first item")
			return false
		}
		if err = item(i, comma, key, val); err != nil {
			return false
		}
		i++
		pos = val.Index + len(val.Raw)
		return true
	})
	if err != nil {
		return err
	}
	end := v.Index + len(v.Raw) - 1 // the closing bracket
	if _, ok := b.between(pos, end, 0); !ok {
		return b.internal(pos, "unexpected bytes after the last item")
	}
	return nil
}

// inRuns adds the members or elements of v as runs of b.runLen of them,
// and the commas between runs, as children of id: each run is a leaf
// standing for its items and the commas between them.
func (b *builder) inRuns(id tree.NodeID, v gjson.Result, obj bool) error {
	start, end := 0, 0
	addRun := func() { b.t.Add(id, "run", start, end, tree.Removable|tree.ListItem|tree.Run, "") }
	err := b.items(v, obj, func(i, comma int, key, val gjson.Result) error {
		if i%b.runLen == 0 {
			if i > 0 {
				addRun()
				b.t.Add(id, "comma", comma, comma+1, tree.Sep, "")
			}
			start = val.Index
			if obj {
				start = key.Index
			}
		}
		end = val.Index + len(val.Raw)
		return nil
	})
	if err != nil {
		return err
	}
	if end > 0 {
		addRun()
	}
	return nil
}

// between reports whether s[from:to] is whitespace around exactly one sep
// byte (or only whitespace, when sep is 0), and returns the offset of sep.
func (b *builder) between(from, to int, sep byte) (int, bool) {
	if from > to || to > len(b.s) {
		return 0, false
	}
	at := -1
	for i := from; i < to; i++ {
		switch c := b.s[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		case c == sep && sep != 0 && at < 0:
			at = i
		default:
			return 0, false
		}
	}
	return at, sep == 0 || at >= 0
}

// internal reports a disagreement between encoding/json and gjson, or a
// gjson result out of place: a bug, not a property of the input.
func (b *builder) internal(off int, format string, args ...any) error {
	line, col := grammars.Position(b.src, off)
	return fmt.Errorf("internal error at %d:%d: %s", line, col, fmt.Sprintf(format, args...))
}

// CompactLimit is the largest compacted result Compact produces: past it, a
// result keeps its indentation, which helps more than the bytes saved.
const CompactLimit = 160

// Compact removes the insignificant white space of a JSON document, or of
// each value of a stream (one value per line), when the result has at most
// CompactLimit bytes; otherwise it returns text unchanged. A byte order
// mark stays, and so do CRLF line breaks.
func Compact(text []byte) []byte {
	var out bytes.Buffer
	body, found := bytes.CutPrefix(text, bom)
	if found {
		out.Write(bom) // the document's own bytes, kept as they are
	}
	nl := []byte("\n")
	if bytes.Contains(body, []byte("\r\n")) {
		nl = []byte("\r\n") // the text's line breaks, CRLF
	}
	dec := encjson.NewDecoder(bytes.NewReader(body))
	for {
		var raw encjson.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			break
		}
		if err != nil || encjson.Compact(&out, raw) != nil {
			return text
		}
		out.Write(nl)
		if out.Len() > CompactLimit {
			return text
		}
	}
	return out.Bytes()
}
