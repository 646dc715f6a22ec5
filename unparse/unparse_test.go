package unparse_test

import (
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// wordsFuse is the policy of the test trees whose words would fuse, and
// wordLines that of those whose line breaks matter too.
var (
	wordsFuse = &tree.Policy{Fuse: func(a, b byte) bool { return isWord(a) && isWord(b) }}
	wordLines = &tree.Policy{Fuse: wordsFuse.Fuse, LineSensitive: true}
)

// list builds a tree for "<open>item<sep>item...<close>" where the items are
// the given words and seps, removable list items separated by Sep leaves
// (",") or followed by removable Trailing ones (",~", matching ",");
// its policy is wordsFuse.
// src must contain each item and separator in order; spans are found by
// searching src from left to right.
func list(t *testing.T, src, open string, parts []string) *tree.Tree {
	t.Helper()
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	pos := strings.Index(src, open) + len(open)
	for _, p := range parts {
		i := strings.Index(src[pos:], strings.TrimSuffix(p, "~"))
		if i < 0 {
			t.Fatalf("%q not found in %q after %d", p, src, pos)
		}
		start := pos + i
		switch p {
		case ",":
			tr.Add(root, "comma", start, start+1, tree.Sep, "")
		case ",~":
			tr.Add(root, "comma", start, start+1, tree.Removable|tree.Trailing, "")
			pos = start + 1
			continue
		default:
			tr.Add(root, "item", start, start+len(p), tree.Removable|tree.ListItem, "")
		}
		pos = start + len(p)
	}
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	return tr
}

func isWord(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

func TestSeparators(t *testing.T) {
	parts := []string{"1", ",", "2", ",", "3"}
	tests := []struct {
		name   string
		src    string
		remove []int // indices into parts
		want   string
	}{
		{"none", "[1, 2, 3]", nil, "[1, 2, 3]"},
		{"middle", "[1, 2, 3]", []int{2}, "[1, 3]"},
		{"first", "[1, 2, 3]", []int{0}, "[2, 3]"},
		{"last", "[1, 2, 3]", []int{4}, "[1, 2]"},
		{"first two", "[1, 2, 3]", []int{0, 2}, "[3]"},
		{"outer two", "[1, 2, 3]", []int{0, 4}, "[2]"},
		{"all", "[1, 2, 3]", []int{0, 2, 4}, "[]"},
		{"spaces before commas", "[1 , 2 , 3]", []int{2}, "[1 , 3]"},
		{"pretty middle", "[\n  1,\n  2,\n  3\n]", []int{2}, "[\n  1,\n  3\n]"},
		{"pretty last", "[\n  1,\n  2,\n  3\n]", []int{4}, "[\n  1,\n  2\n]"},
		{"pretty first", "[\n  1,\n  2,\n  3\n]", []int{0}, "[\n  2,\n  3\n]"},
		{"pretty all", "[\n  1,\n  2,\n  3\n]", []int{0, 2, 4}, "[\n]"},
		{"trailing comma", "f(1, 2, 3,)", []int{4}, "f(1, 2)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := parts
			if tc.name == "trailing comma" {
				p = append(append([]string{}, parts...), ",")
			}
			tr := list(t, tc.src, tc.src[:1], p)
			var ids []tree.NodeID
			for _, i := range tc.remove {
				ids = append(ids, tree.NodeID(i+1))
			}
			if got := string(unparse.Text(tr, wordsFuse, tree.Candidate{}.Remove(ids...))); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestTrailingSeparators(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		parts  []string
		remove []int // indices into parts
		want   string
	}{
		{"none", "[1, 2,]", []string{"1", ",", "2", ",~"}, nil, "[1, 2,]"},
		{"last item", "[1, 2,]", []string{"1", ",", "2", ",~"}, []int{2}, "[1,]"},
		{"first item", "[1, 2,]", []string{"1", ",", "2", ",~"}, []int{0}, "[2,]"},
		{"every item", "[1, 2,]", []string{"1", ",", "2", ",~"}, []int{0, 2}, "[]"},
		{"the comma", "[1, 2,]", []string{"1", ",", "2", ",~"}, []int{3}, "[1, 2]"},
		{"doubled, its item", "[1,,2]", []string{"1", ",~", ",~", "2"}, []int{0}, "[2]"},
		{"doubled, the other", "[1,,2]", []string{"1", ",~", ",~", "2"}, []int{3}, "[1,,]"},
		{"doubled, one comma", "[1,,2]", []string{"1", ",~", ",~", "2"}, []int{1}, "[1,2]"},
		{"one item", "[1,]", []string{"1", ",~"}, []int{0}, "[]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := list(t, tc.src, "[", tc.parts)
			var ids []tree.NodeID
			for _, i := range tc.remove {
				ids = append(ids, tree.NodeID(i+1))
			}
			if got := string(unparse.Text(tr, wordsFuse, tree.Candidate{}.Remove(ids...))); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// words builds "a b c ..." with each word a removable leaf, and lines for
// words followed by line breaks (\n, \r\n); its policy is wordLines.
func words(t *testing.T, src string) *tree.Tree {
	t.Helper()
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	for i := 0; i < len(src); {
		if src[i] == ' ' || src[i] == '\n' || src[i] == '\r' {
			i++
			continue
		}
		j := i
		for j < len(src) && src[j] != ' ' && src[j] != '\n' && src[j] != '\r' {
			j++
		}
		flags := tree.Removable
		repl := ""
		if strings.HasPrefix(src[i:j], "E") { // an expression: replaced by 0
			flags, repl = 0, "0"
		}
		tr.Add(root, "word", i, j, flags, repl)
		i = j
	}
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestJunctions(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		remove []tree.NodeID
		want   string
		reason string
	}{
		{"fuse", "a+ b c", []tree.NodeID{2}, "a+ c", "the gap before the vanished word is kept"},
		{"line kept", "#define X 1\nfoo bar\nbaz", []tree.NodeID{4, 5}, "#define X 1\nbaz", "the line break that separated the lines stays"},
		{"comment line", "x // c\ny z", []tree.NodeID{4}, "x // c\nz", "z must not move into the comment"},
		{"CRLF line", "x // c\r\ny z", []tree.NodeID{4}, "x // c\r\nz", "the CRLF line break stays, not doubled"},
		{"CRLF mended", "a b\r\nc d", []tree.NodeID{2, 3}, "a\r\n d", "a line break put back is of the source's kind"},
		{"LF mended", "a b\nc d\r\n", []tree.NodeID{2, 3}, "a\n d\r\n", "the source's first line break is its kind"},
		{"replace", "return E1 ;", []tree.NodeID{2}, "return 0 ;", "a replacement keeps the leading space"},
		{"replace fused", "return\nEx;", []tree.NodeID{2}, "return\n0", "a replacement keeps its line"},
		{"first word", "a b", []tree.NodeID{1}, "b", "no leading space is left"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := words(t, tc.src)
			if got := string(unparse.Text(tr, wordLines, tree.Candidate{}.Remove(tc.remove...))); got != tc.want {
				t.Errorf("got %q, want %q (%s)", got, tc.want, tc.reason)
			}
		})
	}
}

func TestFuseAfterVanish(t *testing.T) {
	// "a(b)c": removing "(b)" must not fuse a and c.
	src := "a(b)c"
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	tr.Add(root, "w", 0, 1, 0, "")
	tr.Add(root, "paren", 1, 4, tree.Removable, "")
	tr.Add(root, "w", 4, 5, 0, "")
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	if got, want := string(unparse.Text(tr, wordsFuse, tree.Candidate{}.Remove(2))), "a c"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestFuseAtHoistEdges(t *testing.T) {
	// "return(f(x))else(y)z": the parenthesized nodes are hoisted to what
	// they hold; a word must not run into the hoisted text on either side.
	src := "return(f(x))else(y)z"
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	tr.Add(root, "w", 0, 6, 0, "")
	paren := tr.Add(root, "paren", 6, 12, 0, "")
	call := tr.Add(paren, "call", 7, 11, 0, "")
	tr.Add(root, "w", 12, 16, 0, "")
	paren2 := tr.Add(root, "paren", 16, 19, 0, "")
	y := tr.Add(paren2, "w", 17, 18, 0, "")
	tr.Add(root, "w", 19, 20, 0, "")
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	checkRenderings(t, tr, wordsFuse, []rendering{
		{"before", tree.Candidate{}.Hoist(paren, call), "return f(x)else(y)z"},
		{"both sides", tree.Candidate{}.Hoist(paren2, y), "return(f(x))else y z"},
		{"replaced", tree.Candidate{}.Replace(paren, "0"), "return 0 else(y)z"},
		{"unedited", tree.Candidate{}, src},
	})
	// Without a policy nothing fuses, and no space is added.
	checkRenderings(t, tr, nil, []rendering{{"before, no policy", tree.Candidate{}.Hoist(paren, call), "returnf(x)else(y)z"}})
}

// A rendering is a candidate and the text it must render as.
type rendering struct {
	name string
	c    tree.Candidate
	want string
}

// checkRenderings renders each candidate of tr by policy p.
func checkRenderings(t *testing.T, tr *tree.Tree, p *tree.Policy, rs []rendering) {
	t.Helper()
	for _, r := range rs {
		if got := string(unparse.Text(tr, p, r.c)); got != r.want {
			t.Errorf("%s: got %q, want %q", r.name, got, r.want)
		}
	}
}

func TestSubstitutions(t *testing.T) {
	// (x (y z))
	src := "(x (y z))"
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	outer := tr.Add(root, "list", 0, 9, tree.Removable, "")
	tr.Add(outer, "atom", 1, 2, tree.Removable, "")
	inner := tr.Add(outer, "list", 3, 8, tree.Removable, "")
	y := tr.Add(inner, "atom", 4, 5, tree.Removable, "")
	z := tr.Add(inner, "atom", 6, 7, tree.Removable, "")
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	checkRenderings(t, tr, nil, []rendering{
		{"hoist inner", tree.Candidate{}.Hoist(outer, inner), "(y z)"},
		{"hoist leaf with edit inside", tree.Candidate{}.Hoist(outer, inner).Remove(y), "(z)"},
		{"replace", tree.Candidate{}.Replace(inner, "()"), "(x ())"},
		{"hoist deep", tree.Candidate{}.Hoist(outer, z), "z"},
	})
	// Present follows hoists.
	c := tree.Candidate{}.Hoist(outer, inner)
	for id, want := range map[tree.NodeID]bool{outer: true, inner: true, y: true, 2: false} {
		if got := tr.Present(c, id); got != want {
			t.Errorf("Present(%d) = %v, want %v", id, got, want)
		}
	}
}

func TestAppendReusesBuffer(t *testing.T) {
	tr := words(t, "a b c")
	buf := make([]byte, 0, 64)
	out := unparse.Append(buf[:0], tr, wordLines, tree.Candidate{}.Remove(2))
	if string(out) != "a c" {
		t.Fatalf("got %q", out)
	}
	out = unparse.Append([]byte("x:"), tr, wordLines, tree.Candidate{})
	if string(out) != "x:a b c" {
		t.Errorf("got %q, want %q", out, "x:a b c")
	}
}

// TestRenderHook checks that a policy's Render renders the candidate in
// place of the generic rules, for Text and Append alike.
func TestRenderHook(t *testing.T) {
	tr := list(t, "(a, b)", "(", []string{"a", ",", "b"})
	upper := &tree.Policy{Render: func(dst []byte, t *tree.Tree, c tree.Candidate) []byte {
		text := unparse.Text(t, wordsFuse, c) // the generic rules, then a change of its own
		return append(dst, strings.ToUpper(string(text))...)
	}}
	if got := string(unparse.Text(tr, upper, tree.Candidate{}.Remove(1))); got != "(B)" {
		t.Errorf("Text = %q, want %q", got, "(B)")
	}
	if got := string(unparse.Append([]byte("x"), tr, upper, tree.Candidate{})); got != "x(A, B)" {
		t.Errorf("Append = %q, want %q", got, "x(A, B)")
	}
}

// TestNewlineAfterCarriageReturn checks that a line-sensitive junction
// after a node ending in a carriage return gets its line feed: a carriage
// return alone ends no line, and with the line feed it is a CRLF break.
func TestNewlineAfterCarriageReturn(t *testing.T) {
	src := "x\r y\nz"
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	tr.Add(root, "word", 0, 2, tree.Removable, "") // "x\r"
	tr.Add(root, "word", 3, 5, tree.Removable, "") // "y\n", the line break its own
	tr.Add(root, "word", 5, 6, tree.Removable, "") // "z"
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	if got := string(unparse.Text(tr, wordLines, tree.Candidate{}.Remove(2))); got != "x\r\nz" {
		t.Errorf("got %q, want %q", got, "x\r\nz")
	}
}
