package json

import (
	"bytes"
	encjson "encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

var update = flag.Bool("update", false, "update the golden files")

// brokenInputs returns the documents of testdata/broken/, which do not
// parse as JSON.
func brokenInputs(t testing.TB) []string {
	t.Helper()
	return grammartest.Inputs(t, filepath.Join("testdata", "broken"), ".json")
}

// readTolerantly reports whether doc was read tolerantly, by its warning.
func readTolerantly(doc *grammars.Doc) bool {
	return len(doc.Warnings) == 1 && strings.HasPrefix(doc.Warnings[0], "not valid JSON (")
}

// TestTolerantGolden checks the tree and warning of each broken document
// against its golden dump (testdata/broken/*.tree; -update rewrites them),
// and that the tree renders the input back byte for byte.
func TestTolerantGolden(t *testing.T) {
	for _, name := range brokenInputs(t) {
		t.Run(filepath.Base(name), func(t *testing.T) {
			src := readFile(t, name)
			doc := grammartest.RoundTrip(t, Format, src)
			if !readTolerantly(doc) {
				t.Fatalf("got warnings %q, want one saying the input was read tolerantly", doc.Warnings)
			}
			var got bytes.Buffer
			fmt.Fprintf(&got, "%s\n", doc.Warnings[0])
			if err := doc.Tree.Dump(&got); err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(name, ".json") + ".tree"
			if *update {
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want := readFile(t, golden)
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("tree differs from %s (go test -run TestTolerantGolden -update rewrites it):\ngot:\n%s", golden, got.Bytes())
			}
		})
	}
}

// TestTolerantAgrees checks that on valid JSON documents the tolerant
// reading builds the tree Parse builds, node for node: kinds, spans, flags,
// replacements and classes.
func TestTolerantAgrees(t *testing.T) {
	inputs := map[string][]byte{}
	for _, name := range testInputs(t) {
		inputs[shortName(name)] = readFile(t, name)
	}
	for i, s := range []string{
		`{}`, `[]`, ` [ ] `, `{"a":{"b":[1,{"c":null}]},"d":"x\"y","e":-1.5e3,"f":true,"g":false}`,
		"[\n  [[]],\r\n  {\"\": \"\"}\n]\n", `{"a":[1,2,3],"a":[]}`, "\xEF\xBB\xBF[\"bom\"]",
	} {
		inputs[fmt.Sprint("string ", i)] = []byte(s)
	}
	for name, src := range inputs {
		t.Run(name, func(t *testing.T) {
			agree(t, src)
		})
	}
}

// agree checks that src, a valid JSON document or stream, is read
// tolerantly into the tree Parse builds, if Parse reads it as one document
// whose tree is whole.
func agree(t *testing.T, src []byte) {
	t.Helper()
	strict, err := Parse(src)
	if err != nil || len(strict.Tree.Children(0)) != 1 || strict.Tree.Partial || readTolerantly(strict) {
		return // a stream, a folded tree, or not JSON: nothing to compare
	}
	tol, err := readTolerant(src, math.MaxInt, 1, false)
	if err != nil {
		t.Fatalf("the tolerant reading fails: %v", err)
	}
	a, b := strict.Tree, tol.t
	if len(tol.broken) != 0 || tol.unclosed != 0 {
		t.Errorf("got %d broken parts and %d brackets never closed in valid JSON", len(tol.broken), tol.unclosed)
	}
	if a.Len() != b.Len() {
		t.Fatalf("got %d nodes, Parse builds %d", b.Len(), a.Len())
	}
	for i := range a.Nodes {
		x, y := &a.Nodes[i], &b.Nodes[i]
		if x.Kind != y.Kind || x.Start != y.Start || x.End != y.End || x.Parent != y.Parent ||
			x.Flags != y.Flags || x.Replace != y.Replace || x.Class != y.Class {
			t.Fatalf("node %d: got %s [%d,%d) parent %d flags %b replace %q class %q, Parse builds %s [%d,%d) parent %d flags %b replace %q class %q",
				i, y.Kind, y.Start, y.End, y.Parent, y.Flags, y.Replace, y.Class,
				x.Kind, x.Start, x.End, x.Parent, x.Flags, x.Replace, x.Class)
		}
	}
}

// TestTolerantCandidates checks random candidates of each broken document,
// with removals, replacements and hoists: none is broken in a way the input
// is not (see noNewBreakage).
func TestTolerantCandidates(t *testing.T) {
	for _, name := range brokenInputs(t) {
		t.Run(filepath.Base(name), func(t *testing.T) {
			doc := parseFile(t, name)
			checkTolerant(t, doc, 300, 1)
		})
	}
}

// checkTolerant checks the leaves of a tree read tolerantly, and n of its
// random candidates, half of them with hoists, with noNewBreakage.
func checkTolerant(t testing.TB, doc *grammars.Doc, n int, seed uint64) {
	t.Helper()
	tr := doc.Tree
	for i := range tr.Nodes {
		id := tree.NodeID(i)
		nd := &tr.Nodes[id]
		if nd.Class == cutClass && len(bytes.TrimRight(tr.Src[nd.End:], jsonSpace+"\f\v")) > 0 {
			t.Errorf("node %d: of class cut, but followed by %q", id, clip(tr.Src[nd.End:]))
		}
		switch nd.Kind {
		case "malformed":
			quoted := bytes.HasPrefix(tr.Text(id), []byte(`"`)) || bytes.HasPrefix(tr.Text(id), []byte("'"))
			if !nd.Is(tree.Opaque) || len(tr.Children(id)) != 0 || nd.Class != "" && (nd.Class != cutClass || !quoted) {
				t.Errorf("node %d: a malformed node that is not an opaque leaf without a class (a string cut short by the end aside): %s", id, tr.Describe(id))
			}
		case "comment":
			text := tr.Text(id)
			if nd.Flags != tree.Removable || !bytes.HasPrefix(text, []byte("//")) && !bytes.HasPrefix(text, []byte("/*")) {
				t.Errorf("node %d: got comment %q, %s", id, text, tr.Describe(id))
			}
		}
	}
	valid := noNewBreakage(t, tr)
	rng := rand.New(rand.NewPCG(seed, 3))
	for i := range n {
		c := grammartest.RandomCandidate(tr, rng)
		if i%2 == 1 {
			c = randomHoists(tr, c, 3, rng)
		}
		if got := unparse.Text(tr, doc.Policy, c); valid(got) != nil {
			t.Fatalf("candidate %q: %v", got, valid(got))
		}
	}
}

// noNewBreakage returns a check that a candidate of tr, a tree read
// tolerantly, is broken only as the input is: it is JSON, or read
// tolerantly again it has no more parts that are not JSON and no more
// brackets never closed than the input, and the text of each of its
// malformed leaves is in the input (a bare key of the input may stand as a
// bare value in a candidate), or is a string of the input cut short by its
// end, cut down. (The check reads the candidate with
// the reader under test: it checks that what the search does to a tree
// keeps the breakage of the input and adds none, not the reading itself,
// which TestTolerantAgrees and the golden trees check.)
func noNewBreakage(t testing.TB, tr *tree.Tree) func([]byte) error {
	t.Helper()
	check, err := breakageCheck(tr.Src)
	if err != nil {
		t.Fatal(err)
	}
	return check
}

// breakageCheck returns noNewBreakage's check for an input src.
func breakageCheck(src []byte) (func([]byte) error, error) {
	in, err := readTolerant(src, math.MaxInt, 1, false)
	if err != nil {
		return nil, err
	}
	return func(b []byte) error {
		if validStream(bytes.TrimPrefix(b, bom)) == nil {
			return nil
		}
		r, err := readTolerant(b, math.MaxInt, 1, false)
		switch {
		case err != nil:
			return err
		case len(r.broken) > len(in.broken):
			return fmt.Errorf("%d parts that are not JSON, the input %d", len(r.broken), len(in.broken))
		case r.unclosed > in.unclosed:
			return fmt.Errorf("%d brackets never closed, the input %d", r.unclosed, in.unclosed)
		case loneCommas(r.t) > loneCommas(in.t):
			return fmt.Errorf("%d commas with no item before them in their list, the input %d", loneCommas(r.t), loneCommas(in.t))
		}
		for i := range r.t.Nodes {
			s := r.t.Text(tree.NodeID(i))
			if r.t.Nodes[i].Kind != "malformed" || bytes.Contains(src, s) {
				continue
			}
			if !r.blankFrom(int(r.t.Nodes[i].End)) || !cutDown(s, in) {
				return fmt.Errorf("a malformed part %q that the input does not hold", s)
			}
		}
		return nil
	}, nil
}

// loneCommas counts the malformed commas of t with no item before them in
// their list ({,} or [,1]), which JSON5 and JavaScript refuse.
func loneCommas(t *tree.Tree) int {
	n := 0
	for i := range t.Nodes {
		id := tree.NodeID(i)
		if t.Nodes[id].Kind != "malformed" || string(t.Text(id)) != "," {
			continue
		}
		lone := true
		for _, sib := range t.Children(t.Nodes[id].Parent) {
			if sib == id {
				break
			}
			if t.Nodes[sib].Is(tree.ListItem) {
				lone = false
			}
		}
		if lone {
			n++
		}
	}
	return n
}

// cutDown reports whether s, a string cut short by the end of a candidate,
// is one of the input's, read by in, cut down: its quote, then some of the
// characters that follow that quote in the input's, in order.
func cutDown(s []byte, in *tolerant) bool {
	for i := range in.t.Nodes {
		n := &in.t.Nodes[i]
		if n.Kind != "malformed" || !n.Is(tree.Chars) {
			continue // not a string cut short by the end
		}
		orig := in.t.Text(tree.NodeID(i))
		if orig[0] != s[0] {
			continue
		}
		rest := s[1:]
		for _, c := range orig[1:] {
			if len(rest) > 0 && rest[0] == c {
				rest = rest[1:]
			}
		}
		if len(rest) == 0 {
			return true
		}
	}
	return false
}

// TestTolerantEdges checks small documents, each broken in one way: the
// kinds of the nodes in preorder, and whether the policy is line-sensitive.
func TestTolerantEdges(t *testing.T) {
	tests := []struct {
		name, in string
		kinds    string
		lines    bool
	}{
		{"trailing comma", `[1,]`, "document array number malformed", false},
		{"doubled comma", `[1,,2]`, "document array number comma malformed number", false},
		{"leading comma", `[,1]`, "document array malformed number", false},
		{"missing comma", `[1 2]`, "document array number number", false},
		{"cut in a string", `{"a": "b`, "document object member malformed", false},
		{"string cut by a line break", "[\"a\n]", "document array malformed", true},
		{"line comment", "[1, // one\n2]", "document array number comma comment number", true},
		{"block comment never closed", "[1 /* 2]", "document array number comment", false},
		{"member without a value", `{"a": , "b": 1}`, "document object member comma member number", false},
		{"member without a colon", `{"a" 1}`, "document object member member", false},
		{"key without quotes", `{a: 1}`, "document object member number", false},
		{"value without a key", `{"a": 1, [2]}`, "document object member number comma array number", false},
		{"a closer of an outer container", `[{"a": 1]`, "document array object member number", false},
		{"a closer of no container", `[1, }]`, "document array number comma malformed", false},
		{"values after the document", `{} {} x`, "document object object malformed", false},
		{"closer after the document", `[]]`, "document array malformed", false},
		{"a number JSON refuses", `[01, 1.]`, "document array malformed comma malformed", false},
		{"a bare slash", `[a/b]`, "document array malformed", false},
		{"comment first", "/* c */ [1", "document comment array number", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := grammartest.RoundTrip(t, Format, []byte(tt.in))
			if !readTolerantly(doc) {
				t.Fatalf("got warnings %q, want it read tolerantly", doc.Warnings)
			}
			var kinds []string
			for _, n := range doc.Tree.Nodes {
				kinds = append(kinds, n.Kind)
			}
			if got := strings.Join(kinds, " "); got != tt.kinds {
				t.Errorf("got kinds %q, want %q", got, tt.kinds)
			}
			if doc.Policy.LineSensitive != tt.lines {
				t.Errorf("got LineSensitive %v, want %v", doc.Policy.LineSensitive, tt.lines)
			}
			checkTolerant(t, doc, 50, 2)
		})
	}
}

// TestTolerantRefused checks that input that does not start with an object
// or an array is still refused with its syntax error.
func TestTolerantRefused(t *testing.T) {
	for _, in := range []string{"a: 1\nb: [2]\n", "\"cut", "NaN", "// only a comment\n", "id,name\n1,x\n"} {
		if doc, err := Parse([]byte(in)); err == nil {
			t.Errorf("Parse(%q): got a tree of %d nodes and warnings %q, want an error", in, doc.Tree.Len(), doc.Warnings)
		}
	}
}

// TestTolerantLineBreakKept checks the line-sensitive policy: a string cut
// short by its line's end keeps its line break when what followed it on
// the next line goes, and the closing bracket stays outside it.
func TestTolerantLineBreakKept(t *testing.T) {
	src := []byte("[\"cut\n, 1]")
	doc, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	var c tree.Candidate
	for i, n := range doc.Tree.Nodes {
		if n.Kind == "number" {
			c = c.Remove(tree.NodeID(i))
		}
	}
	got := unparse.Text(doc.Tree, doc.Policy, c)
	if want := "[\"cut\n]"; string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestTolerantTouching checks which values may be hoisted: none that a
// word or another value touches, since what is hoisted into its place
// could run into it.
func TestTolerantTouching(t *testing.T) {
	tests := []struct {
		in        string
		hoistable []string // the texts of the values with the class "value", in order
		hoisted   string   // every array of one item hoisted to the item
	}{
		{`[[0][1]]`, []string{"[[0][1]]", "[0]", "0", "[1]", "1"}, "[0 1]"},
		{`[[0], [1] ]`, []string{"[[0], [1] ]", "[0]", "0", "[1]", "1"}, "[0, 1 ]"},
		{`{"a":[0][1]}`, []string{`{"a":[0][1]}`, "[0]", "0", "[1]", "1"}, `{"a":0 1}`},
		{`[x[0], [1]y]`, []string{`[x[0], [1]y]`, "[0]", "0", "[1]", "1"}, "[x 0, 1 y]"},
		{`["s"[0]`, []string{`"s"`, "[0]", "0"}, `["s"0`},
		{`2[1]`, []string{"2", "[1]", "1"}, "2 1"},
		{`{"a": [1, 2}`, []string{`{"a": [1, 2}`, "1", "2"}, `{"a": [1, 2}`},
		{`{"a": NaN, "b": [{"c": 1}]}`, []string{`{"a": NaN, "b": [{"c": 1}]}`, `[{"c": 1}]`, `{"c": 1}`, "1"}, `{"a": NaN, "b": {"c": 1}}`},
	}
	for _, tt := range tests {
		doc, err := Parse([]byte(tt.in))
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		tr := doc.Tree
		var got []string
		c := tree.Candidate{}
		for i, n := range tr.Nodes {
			if n.Class != valueClass {
				continue
			}
			id := tree.NodeID(i)
			got = append(got, string(tr.Text(id)))
			if kids := tr.Children(id); n.Kind == "array" && len(kids) == 1 && tr.Nodes[kids[0]].Class == valueClass {
				c = c.Hoist(id, kids[0])
			}
		}
		if strings.Join(got, " ") != strings.Join(tt.hoistable, " ") {
			t.Errorf("Parse(%q): got hoistable %q, want %q", tt.in, got, tt.hoistable)
		}
		// A hoisted value that touches a word or another value is kept
		// apart from it by a space, and the candidate is broken only as
		// the input is.
		text := unparse.Text(tr, doc.Policy, c)
		if string(text) != tt.hoisted {
			t.Errorf("Parse(%q) with its arrays of one item hoisted: got %q, want %q", tt.in, text, tt.hoisted)
		}
		if err := noNewBreakage(t, tr)(text); err != nil {
			t.Errorf("Parse(%q) with its arrays of one item hoisted: %v", tt.in, err)
		}
	}
}

// TestTolerantWarning checks the warning's account of what was kept, the
// first broken part by its place in the input.
func TestTolerantWarning(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{a: NaN}`, "not valid JSON (1:2: invalid character 'a' looking for beginning of object key string): read tolerantly, keeping byte for byte 2 parts that are not JSON (the first at 1:2)"},
		{"[1, 2 /* two */ // end", "not valid JSON (1:7: invalid character '/' after array element): read tolerantly, keeping byte for byte 1 bracket never closed, with 2 comments as removable nodes"},
		{"\xEF\xBB\xBF[\n\f1]", "not valid JSON (2:1: invalid character '\\f' looking for beginning of value): read tolerantly, keeping byte for byte 1 part that is not JSON (at 2:1)"},
	}
	for _, tt := range tests {
		doc, err := Parse([]byte(tt.in))
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		if len(doc.Warnings) != 1 || doc.Warnings[0] != tt.want {
			t.Errorf("Parse(%q): got warnings %q, want %q", tt.in, doc.Warnings, tt.want)
		}
	}
}

// TestTolerantCut checks the values cut short by the end of the input:
// they have the class cut, a value or another cut value may stand in their
// place, and a string cut short keeps its opening quote when shortened.
func TestTolerantCut(t *testing.T) {
	src := []byte("{\"a\": [1, \"bc\n")
	doc, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	byText := map[string]tree.NodeID{}
	var cut []string
	for i := range tr.Nodes {
		id := tree.NodeID(i)
		byText[string(tr.Text(id))] = id
		if tr.Nodes[id].Class == cutClass {
			cut = append(cut, string(tr.Text(id)))
		}
	}
	if want := []string{`{"a": [1, "bc`, `[1, "bc`, `"bc`}; strings.Join(cut, " ") != strings.Join(want, " ") {
		t.Errorf("got cut values %q, want %q", cut, want)
	}
	obj := byText[`{"a": [1, "bc`]
	for _, tt := range []struct{ hoisted, want string }{
		{`[1, "bc`, "[1, \"bc\n"},
		{`"bc`, "\"bc\n"},
		{"1", "1\n"},
	} {
		d := byText[tt.hoisted]
		if !doc.Policy.CanHoist(tr.Nodes[obj].Class, tr.Nodes[d].Class) {
			t.Errorf("%q may not stand for the object", tt.hoisted)
		}
		if got := unparse.Text(tr, doc.Policy, tree.Candidate{}.Hoist(obj, d)); string(got) != tt.want {
			t.Errorf("hoisting %q: got %q, want %q", tt.hoisted, got, tt.want)
		}
	}
	if doc.Policy.CanHoist(valueClass, cutClass) {
		t.Errorf("a cut value may stand where a closed one stood")
	}
	open, close, ends := doc.Policy.Units([]byte(`"bc`))
	if string(open) != `"` || close != nil || len(ends) != 2 {
		t.Errorf(`Units("bc): got %q %q %v, want the quote kept and two units`, open, close, ends)
	}
}

// TestTolerantReduce reduces each broken document with hdd*, the test
// being that the candidate is still not JSON and still holds the text of
// the input's first malformed part: every candidate the search makes,
// hoists, shortened texts and tidies included, must be broken only as the
// input is, and the result must be interesting and smaller.
func TestTolerantReduce(t *testing.T) {
	for _, name := range brokenInputs(t) {
		t.Run(filepath.Base(name), func(t *testing.T) {
			doc := parseFile(t, name)
			var want []byte
			for i, n := range doc.Tree.Nodes {
				if n.Kind == "malformed" {
					want = doc.Tree.Text(tree.NodeID(i))
					break
				}
			}
			interesting := func(c []byte) bool { return !encjson.Valid(c) && bytes.Contains(c, want) }
			valid := noNewBreakage(t, doc.Tree)
			seen, out, err := grammartest.Reduce(doc, hdd.Reducer{Algorithm: hdd.HDDStar}, interesting)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range seen {
				if err := valid([]byte(c)); err != nil {
					t.Fatalf("the search made candidate %q: %v", c, err)
				}
			}
			if !interesting(out) || len(out) >= len(doc.Tree.Src) {
				t.Errorf("got result %q, want a smaller one holding %q that is not JSON", out, want)
			}
			t.Logf("%d bytes -> %q in %d test runs", len(doc.Tree.Src), out, len(seen))
		})
	}
}

// FuzzTolerantReduce reduces documents read tolerantly with hdd* and a test
// that says yes to about two candidates in three (by a hash of the text,
// and always to the input): every candidate the search makes must be
// broken only as the input is.
func FuzzTolerantReduce(f *testing.F) {
	for _, name := range brokenInputs(f) {
		f.Add(readFile(f, name))
	}
	for _, s := range []string{`{"a": [1, "bc`, "[1 2 // x\n, 'q']", `{a: NaN, "b": {"c": [0][1]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 400 {
			return // a few hundred tests at most
		}
		doc, err := Parse(src)
		if err != nil || !readTolerantly(doc) {
			return
		}
		valid := noNewBreakage(t, doc.Tree)
		interesting := func(c []byte) bool {
			h := uint32(2166136261)
			for _, b := range c {
				h = (h ^ uint32(b)) * 16777619
			}
			return bytes.Equal(c, src) || h%3 != 0
		}
		seen, _, err := grammartest.Reduce(doc, hdd.Reducer{Algorithm: hdd.HDDStar, MaxTests: 300}, interesting)
		if err != nil && !errors.Is(err, hdd.ErrBudget) {
			t.Fatal(err)
		}
		for _, c := range seen {
			if err := valid([]byte(c)); err != nil {
				t.Fatalf("the search made candidate %q: %v", c, err)
			}
		}
	})
}

// brokenFoldInputs returns the inputs of the tolerant folding tests: the
// broken documents, and random documents cut short or given junk, each an
// object or array that does not parse.
func brokenFoldInputs(t *testing.T) map[string][]byte {
	inputs := map[string][]byte{}
	for _, name := range brokenInputs(t) {
		inputs[filepath.Base(name)] = readFile(t, name)
	}
	junk := []string{",", "]", "}", "NaN", "'q'", "// c\n", "/* c */", ":", `"cut`}
	for i := range 300 {
		src := randomInput(i)
		rng := rand.New(rand.NewPCG(uint64(i), 9))
		p := rng.IntN(len(src) + 1)
		if i%2 == 0 {
			src = src[:p]
		} else {
			src = slices.Concat(src[:p], []byte(junk[rng.IntN(len(junk))]), src[p:])
		}
		if doc, err := Parse(src); err == nil && readTolerantly(doc) {
			inputs[fmt.Sprint("random ", i)] = src
		}
	}
	return inputs
}

// fullTolerant reads src tolerantly with no folding.
func fullTolerant(t *testing.T, src []byte) *tree.Tree { return unlimited(t, parseTolerantAt(src)) }

// TestTolerantFold checks the pass that counts the nodes of each level
// against the full trees, and each folded tree against the full one: the
// nodes down to the fold depth, the same in the same order, and Folded on
// those of them that have children in the full tree.
func TestTolerantFold(t *testing.T) {
	inputs := brokenFoldInputs(t)
	if len(inputs) < 100 {
		t.Fatalf("only %d broken inputs", len(inputs))
	}
	for name, src := range inputs {
		whole := fullTolerant(t, src)
		count := &tolerant{src: src, fold: -1, sizes: []int{}}
		if err := count.read(); err != nil {
			t.Fatal(err)
		}
		if want := grammartest.LevelSizes(whole); !slices.Equal(count.sizes, want) {
			t.Errorf("%s: level sizes %v, want %v", name, count.sizes, want)
		}
		checkFoldLevels(t, name, whole, func(fold int) (*tree.Tree, error) {
			r, err := readTolerant(src, 1, fold, false)
			if err != nil {
				return nil, err
			}
			return r.t, nil
		})
	}
}

// TestTolerantFoldedReduction reduces each broken input twice with hdd*,
// from its full tree and from a tree folded at level 1 that the search
// unfolds a level at a time. What is left is read again from its text, and
// where the input's items touch (no commas between them), removing them
// one read apart leaves other white space than removing them together, so
// the test may see other texts: every candidate of the folded reduction
// must be broken only as the input is, its result no larger, and its test
// runs no more than a fifth more (plus two). Most reductions see the same
// candidates in the same order.
func TestTolerantFoldedReduction(t *testing.T) {
	unfolded, same, reductions := 0, 0, 0
	for name, src := range brokenFoldInputs(t) {
		// The test wants the input's first malformed part and a JSON
		// scalar of a few bytes, if it has one.
		whole := fullTolerant(t, src)
		var want [][]byte
		for id := range whole.Nodes {
			n := &whole.Nodes[id]
			if n.Kind == "malformed" && len(want) == 0 || n.Kind == "string" && n.End-n.Start > 2 && len(want) == 1 {
				want = append(want, whole.Text(tree.NodeID(id)))
			}
		}
		interesting := containsAll(want)
		outs, seen, folded := reduceTwice(t, name, 1, parseTolerantAt(src), hdd.Reducer{Algorithm: hdd.HDDStar}, interesting)
		if folded {
			unfolded++
		}
		reductions++
		if slices.Equal(seen[0], seen[1]) {
			same++
		}
		if len(outs[1]) > len(outs[0]) {
			t.Errorf("%s: folded, the result is %q, want one no larger than %q", name, outs[1], outs[0])
		}
		if len(seen[1]) > len(seen[0])*6/5+2 {
			t.Errorf("%s: folded, %d test runs, against %d from the full tree", name, len(seen[1]), len(seen[0]))
		}
		valid := noNewBreakage(t, whole)
		for _, c := range seen[1] {
			if err := valid([]byte(c)); err != nil {
				t.Fatalf("%s: folded, the search made candidate %q: %v", name, c, err)
			}
		}
	}
	if unfolded == 0 {
		t.Fatal("no folded tree: the test checks nothing")
	}
	if same < reductions*9/10 {
		t.Errorf("only %d of %d folded reductions saw the candidates of the full tree", same, reductions)
	}
	t.Logf("%d reductions, %d unfolded, %d with the same candidates in the same order", reductions, unfolded, same)
}

// brokenLongLists returns the long lists of longLists broken: cut short
// at four fifths, and with junk (NaN, a trailing comma, a comment) in the
// middle of the list; the stream, whose values are the top level, is left
// out, as tolerant trees have no runs there.
func brokenLongLists() map[string][]byte {
	inputs := map[string][]byte{}
	for name, src := range longLists() {
		if name == "stream" {
			continue
		}
		inputs[name+", cut"] = src[:len(src)*4/5]
		mid := bytes.IndexByte(src[len(src)/2:], ',') + len(src)/2
		inputs[name+", junk"] = slices.Concat(src[:mid], []byte(", NaN,, /* c */"), src[mid:])
	}
	return inputs
}

// parseTolerantAt returns parseTolerant of src within a budget.
func parseTolerantAt(src []byte) func(budget int) (*grammars.Doc, error) {
	return func(budget int) (*grammars.Doc, error) { return parseTolerant(src, errors.New("test"), budget) }
}

// containsAll returns a test that says yes to a candidate holding every
// text of want.
func containsAll(want [][]byte) func([]byte) bool {
	return func(c []byte) bool {
		for _, w := range want {
			if !bytes.Contains(c, w) {
				return false
			}
		}
		return true
	}
}

// TestTolerantRuns checks the trees of broken documents with long lists
// built in runs, as TestRuns does valid ones: they round-trip, each run
// stands for whole consecutive items (as many in each run of a list but
// its last), the candidates are broken only as the input is, and unfolding
// makes progress to the full tree; and a reduction from them ends as one
// from the full tree, for about as many test runs.
func TestTolerantRuns(t *testing.T) {
	for name, src := range brokenLongLists() {
		whole := fullTolerant(t, src)
		valid := noNewBreakage(t, whole)
		doc, err := parseTolerant(src, errors.New("test"), 40)
		if err != nil {
			t.Fatal(err)
		}
		runs := checkUnfolding(t, name, doc, src, whole, true, valid, 5)
		if runs == 0 {
			t.Errorf("%s: no runs", name)
		}
		// A reduction whose test wants a scalar three fifths of the way
		// through, and the input's first malformed part, if any.
		var want [][]byte
		for id := range whole.Nodes {
			n := &whole.Nodes[id]
			if len(whole.Children(tree.NodeID(id))) == 0 && n.Kind == "number" && int(n.Start) < len(src)*3/5 {
				want = append(want[:0], whole.Text(tree.NodeID(id)))
			}
		}
		for id := range whole.Nodes {
			if whole.Nodes[id].Kind == "malformed" {
				want = append(want, whole.Text(tree.NodeID(id)))
				break
			}
		}
		interesting := containsAll(want)
		outs, seen, _ := reduceTwice(t, name, 40, parseTolerantAt(src), hdd.Reducer{Algorithm: hdd.HDDStar}, interesting)
		tests := [2]int{len(seen[0]), len(seen[1])}
		if len(outs[1]) > len(outs[0]) {
			t.Errorf("%s: in runs, the result is %q, want one no larger than %q", name, outs[1], outs[0])
		}
		// "numbers, junk" takes 49 runs in runs, and 31 from the full
		// tree, whose trailing commas go with the items before them (34
		// when they did not).
		if tests[1] > tests[0]*8/5 {
			t.Errorf("%s: in runs, %d test runs, against %d from the full tree", name, tests[1], tests[0])
		}
		t.Logf("%s: %q, %d test runs from the full tree, %d in runs", name, outs[0], tests[0], tests[1])
	}
}
