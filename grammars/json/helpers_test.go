package json

import (
	"bytes"
	encjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd/tree"
)

// testInputs returns the files of testdata/.
func testInputs(t testing.TB) []string {
	t.Helper()
	return grammartest.Inputs(t, "testdata", Format.Exts...)
}

// benchInputs returns the inputs of the public benchmark corpus, skipping
// the test when the corpus is absent.
func benchInputs(t testing.TB) []string {
	t.Helper()
	files := grammartest.BenchInputs("json")
	if len(files) == 0 {
		t.Skip("benchmark corpus (../shared/bench/cases/json) not found")
	}
	return files
}

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// parseFile parses the file name, failing t if it cannot be read or
// parsed.
func parseFile(t testing.TB, name string) *grammars.Doc {
	t.Helper()
	doc, err := Parse(readFile(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// shortName is a file name for subtest names: "testdata/keys.json" or
// "iso639-jq-null-key/input.json".
func shortName(name string) string {
	return filepath.Join(filepath.Base(filepath.Dir(name)), filepath.Base(name))
}

// validDocument is the independent check for a single JSON document.
func validDocument(b []byte) error {
	if !encjson.Valid(b) {
		var v any
		if err := encjson.Unmarshal(b, &v); err != nil {
			return err
		}
		return errors.New("encoding/json.Valid rejects the candidate")
	}
	return nil
}

// validStream is the independent check for a stream of JSON values (JSON
// Lines, concatenated values): encoding/json decodes it value by value, and
// two numbers or literals are never run together (jq would read "1 2" as two
// values, "12" as one and "truenull" as an error). An empty stream is valid.
func validStream(b []byte) error {
	dec := encjson.NewDecoder(bytes.NewReader(b))
	prevEnd := -1
	for {
		var raw encjson.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		end := int(dec.InputOffset())
		start := end - len(raw)
		if start == prevEnd && isTokenByte(b[start-1]) && isTokenByte(b[start]) {
			return fmt.Errorf("values run together at offset %d: %q", start, b[max(start-10, 0):min(start+10, len(b))])
		}
		prevEnd = end
	}
}

func isTokenByte(c byte) bool {
	return bytes.IndexByte([]byte("0123456789+-.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"), c) >= 0
}

// validatorFor returns the independent check that fits src: one document
// or a stream, after the input's byte order mark if it has one.
func validatorFor(src []byte) func([]byte) error {
	body := bytes.TrimPrefix(src, bom)
	valid := validStream
	switch {
	case encjson.Valid(body):
		valid = validDocument
	case validStream(body) != nil:
		valid = validLines(badLines(body))
	}
	return keepsMark(src, valid)
}

// badLines returns the lines of src that are not blank and not a stream of
// JSON values, from their first to their last character that is not
// white space.
func badLines(src []byte) map[string]bool {
	bad := map[string]bool{}
	for _, line := range strings.Split(string(src), "\n") {
		if l := strings.Trim(line, jsonSpace); l != "" && validStream([]byte(l)) != nil {
			bad[l] = true
		}
	}
	return bad
}

// keepsMark returns valid for an input without a byte order mark; for one
// with it, a check that a candidate starts with the mark and that valid
// accepts the rest.
func keepsMark(src []byte, valid func([]byte) error) func([]byte) error {
	if !bytes.HasPrefix(src, bom) {
		return valid
	}
	return func(b []byte) error {
		rest, ok := bytes.CutPrefix(b, bom)
		if !ok {
			return errors.New("the input's byte order mark is gone")
		}
		return valid(rest)
	}
}

// lineStart returns the start of the line of src holding offset i.
func lineStart(src []byte, i int) int {
	return bytes.LastIndexByte(src[:i], '\n') + 1
}

// validLines is the check for a stream read line by line: every line that
// is not blank is a stream of JSON values, or ends with one of bad, the
// input's lines that are not JSON, after such a stream (removing the last
// of several values on a line takes its line break, as in any stream, and
// so joins the next line to the values before it). A bad line read
// tolerantly (an object or array alone on its line) may also end it
// reduced: broken only as that line is (see breakageCheck).
func validLines(bad map[string]bool) func([]byte) error {
	var reduced []func([]byte) error
	for s := range bad {
		if readsTolerantly([]byte(s), 0) {
			check, err := breakageCheck([]byte(s))
			if err != nil {
				panic(err) // the line was read once already
			}
			reduced = append(reduced, check)
		}
	}
	ends := func(l string) bool {
		for p := range len(l) + 1 {
			rest, tail := l[:p], strings.Trim(l[p:], jsonSpace)
			if strings.Trim(rest, jsonSpace) != "" && validStream([]byte(rest)) != nil {
				continue
			}
			if bad[tail] {
				return true
			}
			for _, check := range reduced {
				if tail != "" && check([]byte(tail)) == nil {
					return true
				}
			}
		}
		return false
	}
	return func(b []byte) error {
		for i, line := range strings.Split(string(b), "\n") {
			l := strings.Trim(line, jsonSpace)
			if l == "" || validStream([]byte(l)) == nil {
				continue
			}
			if !ends(l) {
				return fmt.Errorf("line %d, %q, is neither JSON nor ends with a malformed line of the input", i+1, line)
			}
		}
		return nil
	}
}

// malformedLines returns the texts of the records of t that are not JSON,
// malformed leaves or lines read tolerantly: the lines of its input that
// are not JSON, or nil if it has none.
func malformedLines(t *tree.Tree) map[string]bool {
	var bad map[string]bool
	for _, id := range t.Children(0) {
		if n := &t.Nodes[id]; n.Kind == "malformed" || n.Kind == "record" && validStream(t.Text(id)) != nil {
			if bad == nil {
				bad = map[string]bool{}
			}
			bad[strings.Trim(string(t.Text(tree.NodeID(id))), jsonSpace)] = true
		}
	}
	return bad
}

// checkTree verifies the shape of a parsed tree independently of the
// parser: every node's text is what its kind says, the bytes a node owns
// between its children are brackets, colons and whitespace only, and the
// flags and replacements follow the package documentation.
func checkTree(t testing.TB, doc *grammars.Doc) {
	t.Helper()
	tr := doc.Tree
	if doc.Policy.Check != nil {
		t.Errorf("got a Check, want nil")
	}
	root := tr.Nodes[0]
	if root.Kind != "document" || root.Start != 0 || int(root.End) != len(tr.Src) || root.Flags != 0 {
		t.Fatalf("root: got %s [%d,%d) flags %b, want document [0,%d) flags 0", root.Kind, root.Start, root.End, root.Flags, len(tr.Src))
	}
	stream := len(tr.Children(0)) > 1
	if len(tr.Children(0)) == 0 {
		t.Fatalf("got a document with no values")
	}
	fail := 0
	errorf := func(id tree.NodeID, format string, args ...any) {
		fail++
		if fail <= 5 {
			n := tr.Nodes[id]
			t.Errorf("node %d (%s %q): %s", id, n.Kind, clip(tr.Text(id)), fmt.Sprintf(format, args...))
		}
	}
	// The lines of a stream read tolerantly are checked by checkTolerant's
	// rules (TestMalformedLines), not these: their records, alone, here.
	tolerantRec := map[tree.NodeID]bool{} // such records
	below := map[tree.NodeID]bool{}       // the nodes below them
	for i := range tr.Nodes {
		id := tree.NodeID(i)
		n := &tr.Nodes[id]
		if n.Parent == 0 && n.Kind == "record" && validStream(tr.Text(id)) != nil {
			tolerantRec[id] = true
		}
		if n.Parent != tree.NoNode && (tolerantRec[n.Parent] || below[n.Parent]) {
			below[id] = true
			continue
		}
		kids := tr.Children(id)
		text := tr.Text(id)
		gaps := ownBytes(tr, id)
		var parent *tree.Node
		if n.Parent != tree.NoNode {
			parent = &tr.Nodes[n.Parent]
		}
		// A folded node of a large input stands for its subtree: TestFold
		// compares folded trees with the full ones.
		flags := n.Flags &^ tree.Folded
		if n.Is(tree.Folded) {
			if len(kids) != 0 {
				errorf(id, "a folded node with children")
			}
			if n.Kind == "member" {
				text = append(append([]byte("{"), text...), '}')
			}
			if (len(bytes.TrimSpace(text)) == 0 || !encjson.Valid(text)) && !tolerantRec[id] {
				errorf(id, "a folded node is not JSON")
			}
			want := map[string]struct {
				parent string
				flags  tree.Flags
			}{"member": {"object", tree.Removable | tree.ListItem}, "record": {"document", tree.Removable}}
			if w, ok := want[n.Kind]; ok {
				if parent.Kind != w.parent || flags != w.flags {
					errorf(id, "got parent %s flags %b, want %s and %b", parent.Kind, flags, w.parent, w.flags)
				}
				continue
			}
		}
		switch n.Kind {
		case "document":
			if id != 0 {
				errorf(id, "a document below the root")
			}
			if len(bytes.TrimPrefix(gaps, bom)) != 0 || bytes.HasPrefix(tr.Src, bom) != bytes.HasPrefix(gaps, bom) {
				errorf(id, "got own bytes %q, want whitespace only, after the input's byte order mark", gaps)
			}
			for _, c := range kids {
				if k := tr.Nodes[c].Kind; stream != (k == "record" || k == "run" || k == "malformed") {
					errorf(id, "got a %s child in a document of %d values", k, len(kids))
				}
			}
		case "record":
			if parent.Kind != "document" || !stream || flags != tree.Removable || n.Replace != "" {
				errorf(id, "got parent %s flags %b replace %q, want a removable child of a stream", parent.Kind, flags, n.Replace)
			}
			if len(kids) != 1 {
				errorf(id, "got %d children, want one value", len(kids))
				continue
			}
			if tolerantRec[id] {
				if line := bytes.Trim(text, jsonSpace); line[0] != '{' && line[0] != '[' {
					errorf(id, "a line read tolerantly that is not an object or array")
				}
				continue
			}
			v := tr.Nodes[kids[0]]
			rest := string(tr.Src[v.End:n.End])
			if v.Start != n.Start || len(gaps) != 0 || rest != "" && !strings.HasSuffix(rest, "\n") {
				errorf(id, "got %q after the value, want nothing or the rest of the line", rest)
			}
		case "malformed": // a line of a stream read line by line that is not JSON
			line := bytes.TrimRight(text, jsonSpace)
			rest := text[len(line):]
			ls := lineStart(tr.Src, int(n.Start))
			if ls == 0 && bytes.HasPrefix(tr.Src, bom) {
				ls = len(bom) // the input's byte order mark is not the line's
			}
			full := bytes.TrimRight(tr.Src[ls:n.End], jsonSpace) // the whole line
			if parent.Kind != "document" || !stream || n.Flags != tree.Removable|tree.Opaque || n.Replace != "" || len(kids) != 0 {
				errorf(id, "got parent %s flags %b replace %q and %d children, want a removable opaque leaf of a stream", parent.Kind, n.Flags, n.Replace, len(kids))
			}
			if len(line) == 0 || len(bytes.TrimLeft(line, jsonSpace)) != len(line) || bytes.ContainsAny(line, "\n") ||
				len(rest) > 0 && (!bytes.HasSuffix(rest, []byte("\n")) || bytes.Count(rest, []byte("\n")) > 1) ||
				validStream(full) == nil || len(bytes.Trim(tr.Src[ls:n.Start], jsonSpace)) > 0 {
				errorf(id, "want a line that is not JSON, from its first to its last character")
			}
		case "object", "array", "string", "number", "true", "false", "null":
			if n.Class != valueClass {
				errorf(id, "got class %q, want %q", n.Class, valueClass)
			}
			if !encjson.Valid(text) {
				errorf(id, "the text is not a JSON value")
				continue
			}
			if got := valueKind(text); got != n.Kind {
				errorf(id, "the text is a %s", got)
			}
			switch {
			case n.Is(tree.Folded):
			case n.Kind == "object":
				if string(gaps) != "{}" {
					errorf(id, "got own bytes %q, want {}", gaps)
				}
				checkItems(tr, id, "member", errorf)
			case n.Kind == "array":
				if string(gaps) != "[]" {
					errorf(id, "got own bytes %q, want []", gaps)
				}
				checkItems(tr, id, "", errorf)
			default:
				if len(kids) != 0 {
					errorf(id, "a scalar with children")
				}
			}
			var chars tree.Flags // strings may be cut down
			if n.Kind == "string" {
				chars = tree.Chars
			}
			switch {
			case parent.Kind == "document" || parent.Kind == "member" || parent.Kind == "record":
				if flags != chars || n.Replace != wantReplace[n.Kind] {
					errorf(id, "got flags %b replace %q, want %b and %q", flags, n.Replace, chars, wantReplace[n.Kind])
				}
			case parent.Kind == "array":
				if flags != tree.Removable|tree.ListItem|chars || n.Replace != "" {
					errorf(id, "got flags %b replace %q, want removable list item", flags, n.Replace)
				}
			default:
				errorf(id, "a value in a %s", parent.Kind)
			}
		case "member":
			if parent.Kind != "object" || n.Flags != tree.Removable|tree.ListItem || n.Replace != "" {
				errorf(id, "got parent %s flags %b, want object, removable list item", parent.Kind, n.Flags)
			}
			if len(kids) != 1 {
				errorf(id, "got %d children, want the value", len(kids))
				continue
			}
			var key string
			if v := tr.Nodes[kids[0]]; v.End != n.End || text[0] != '"' || !bytes.HasSuffix(gaps, []byte(":")) ||
				encjson.Unmarshal(gaps[:len(gaps)-1], &key) != nil {
				errorf(id, "got own bytes %q, value end %d; want a key, a colon and the member's end", gaps, v.End)
			}
		case "run": // a run of a long list's items (TestRuns checks them)
			want := tree.Removable | tree.ListItem | tree.Run
			if parent.Kind == "document" {
				want = tree.Removable | tree.Run
			}
			if n.Flags != want || len(kids) != 0 {
				errorf(id, "got flags %b and %d children, want %b and none", n.Flags, len(kids), want)
			}
		case "comma":
			if string(text) != "," || n.Flags != tree.Sep || len(kids) != 0 {
				errorf(id, "got flags %b, want a \",\" separator leaf", n.Flags)
			}
		default:
			errorf(id, "unknown kind")
		}
		if n.Class != "" && n.Class != "value" {
			errorf(id, "got class %q", n.Class)
		}
	}
}

// randomHoists returns c with up to k random hoists added, as the search's
// hoisting pass makes them: an unedited node with a class replaced by an
// unedited descendant of the same class (any, not only the nearest).
func randomHoists(tr *tree.Tree, c tree.Candidate, k int, rng *rand.Rand) tree.Candidate {
	for range k {
		x := tree.NodeID(rng.IntN(tr.Len()))
		class := tr.Nodes[x].Class
		if class == "" || c.Edited(x) {
			continue
		}
		var ds []tree.NodeID
		for d := x + 1; int(d) < tr.Len() && tr.Depth(d) > tr.Depth(x); d++ {
			if tr.Nodes[d].Class == class && !c.Edited(d) {
				ds = append(ds, d)
			}
		}
		if len(ds) > 0 {
			c = c.Hoist(x, ds[rng.IntN(len(ds))])
		}
	}
	return c
}

var wantReplace = map[string]string{"object": "{}", "array": "[]", "string": `""`, "number": "0"}

// checkItems checks that the children of a container alternate item, comma,
// item, ..., item; itemKind "" means any value.
func checkItems(tr *tree.Tree, id tree.NodeID, itemKind string, errorf func(tree.NodeID, string, ...any)) {
	ch := tr.Children(id)
	if len(ch) > 0 && len(ch)%2 == 0 {
		errorf(id, "got %d children, want an odd number", len(ch))
		return
	}
	for i, c := range ch {
		k := tr.Nodes[c].Kind
		switch {
		case i%2 == 1 && k != "comma":
			errorf(id, "child %d is a %s, want a comma", i, k)
		case i%2 == 0 && (k == "comma" || itemKind != "" && k != itemKind):
			errorf(id, "child %d is a %s, want an item", i, k)
		}
	}
}

// ownBytes returns the bytes of node id outside its children, whitespace
// left out.
func ownBytes(tr *tree.Tree, id tree.NodeID) []byte {
	n := &tr.Nodes[id]
	var out []byte
	pos := n.Start
	add := func(b []byte) {
		for _, c := range b {
			if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
				out = append(out, c)
			}
		}
	}
	for _, c := range tr.Children(id) {
		add(tr.Src[pos:tr.Nodes[c].Start])
		pos = tr.Nodes[c].End
	}
	add(tr.Src[pos:n.End])
	return out
}

// valueKind returns the kind of the JSON value text.
func valueKind(text []byte) string {
	switch c := text[0]; {
	case c == '{':
		return "object"
	case c == '[':
		return "array"
	case c == '"':
		return "string"
	case c == 't':
		return "true"
	case c == 'f':
		return "false"
	case c == 'n':
		return "null"
	}
	return "number"
}

func clip(b []byte) []byte {
	if len(b) > 40 {
		return b[:40]
	}
	return b
}
