package json

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// A pick names a node by kind and text; N picks the N-th such node (0 is
// the first) in preorder.
type pick struct {
	Kind, Text string
	N          int
}

func (p pick) String() string { return fmt.Sprintf("%s %q #%d", p.Kind, p.Text, p.N) }

// find returns the node p picks.
func find(t *testing.T, tr *tree.Tree, p pick) tree.NodeID {
	t.Helper()
	n := 0
	for i := range tr.Nodes {
		id := tree.NodeID(i)
		if tr.Nodes[id].Kind == p.Kind && string(tr.Text(id)) == p.Text {
			if n == p.N {
				return id
			}
			n++
		}
	}
	t.Fatalf("no node %v", p)
	return tree.NoNode
}

// TestRemoval checks the exact rendering of removals on small inputs.
func TestRemoval(t *testing.T) {
	pretty := "{\n  \"a\": 1,\n  \"b\": [true, false],\n  \"c\": \"x\"\n}\n"
	tests := []struct {
		name   string
		in     string
		remove []pick
		want   string
	}{
		{"array middle", `[1, 2, 3]`, []pick{{"number", "2", 0}}, `[1, 3]`},
		{"array first", `[1, 2, 3]`, []pick{{"number", "1", 0}}, `[2, 3]`},
		{"array last", `[1, 2, 3]`, []pick{{"number", "3", 0}}, `[1, 2]`},
		{"array first two", `[1, 2, 3]`, []pick{{"number", "1", 0}, {"number", "2", 0}}, `[3]`},
		{"array all", `[1, 2, 3]`, []pick{{"number", "1", 0}, {"number", "2", 0}, {"number", "3", 0}}, `[]`},
		{"minified array middle", `[1,2,3]`, []pick{{"number", "2", 0}}, `[1,3]`},
		{"object middle member", `{"a":1,"b":2,"c":3}`, []pick{{"member", `"b":2`, 0}}, `{"a":1,"c":3}`},
		{"pretty first member", pretty, []pick{{"member", `"a": 1`, 0}},
			"{\n  \"b\": [true, false],\n  \"c\": \"x\"\n}\n"},
		{"pretty last member", pretty, []pick{{"member", `"c": "x"`, 0}},
			"{\n  \"a\": 1,\n  \"b\": [true, false]\n}\n"},
		{"pretty all members", pretty, []pick{{"member", `"a": 1`, 0}, {"member", `"b": [true, false]`, 0}, {"member", `"c": "x"`, 0}},
			"{\n}\n"},
		{"pretty inner element", pretty, []pick{{"true", "true", 0}}, "{\n  \"a\": 1,\n  \"b\": [false],\n  \"c\": \"x\"\n}\n"},
		{"CRLF first member", "{\r\n  \"a\": 1,\r\n  \"b\": 2\r\n}\r\n", []pick{{"member", `"a": 1`, 0}},
			"{\r\n  \"b\": 2\r\n}\r\n"},
		{"CRLF last member", "{\r\n  \"a\": 1,\r\n  \"b\": 2\r\n}\r\n", []pick{{"member", `"b": 2`, 0}},
			"{\r\n  \"a\": 1\r\n}\r\n"},
		{"duplicate key, second", `{"a":1,"a":2,"a":3}`, []pick{{"member", `"a":2`, 0}}, `{"a":1,"a":3}`},
		{"dotted key", `{"a.b":1,"a":{"b":2}}`, []pick{{"member", `"a.b":1`, 0}}, `{"a":{"b":2}}`},
		{"wildcard keys", `{"*":1,"?":2,"a*":3}`, []pick{{"member", `"?":2`, 0}}, `{"*":1,"a*":3}`},
		{"escaped key", `{"\u0061":1,"a":2}`, []pick{{"member", `"a":2`, 0}}, `{"\u0061":1}`},
		{"value object", `{"a": {"b": 1}}`, []pick{{"object", `{"b": 1}`, 0}}, `{"a": {}}`},
		{"value array", `{"a": [1, 2]}`, []pick{{"array", `[1, 2]`, 0}}, `{"a": []}`},
		{"value string", `{"a": "long text"}`, []pick{{"string", `"long text"`, 0}}, `{"a": ""}`},
		{"value number", `{"a": -12.5e3}`, []pick{{"number", `-12.5e3`, 0}}, `{"a": 0}`},
		{"value number, no space", `{"a":-12.5e3}`, []pick{{"number", `-12.5e3`, 0}}, `{"a":0}`},
		{"value literal stays", `{"a": false}`, []pick{{"false", `false`, 0}}, `{"a": false}`},
		{"root object", "{\"a\": 1}\n", []pick{{"object", `{"a": 1}`, 0}}, "{}\n"},
		{"root string", `"abc"`, []pick{{"string", `"abc"`, 0}}, `""`},
		{"stream middle line", "{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n", []pick{{"record", "{\"b\":2}\n", 0}}, "{\"a\":1}\n{\"c\":3}\n"},
		{"stream first line", "{\"a\":1}\n{\"b\":2}\n", []pick{{"record", "{\"a\":1}\n", 0}}, "{\"b\":2}\n"},
		{"stream first lines, CRLF", "1 \r\n2\r\n\r\n3\r\n", []pick{{"record", "1 \r\n", 0}}, "2\r\n\r\n3\r\n"},
		{"stream last line", "{\"a\":1}\n{\"b\":2}\n", []pick{{"record", "{\"b\":2}\n", 0}}, "{\"a\":1}\n"},
		{"stream last line, no final newline", "{\"a\":1}\n{\"b\":2}", []pick{{"record", "{\"b\":2}", 0}}, "{\"a\":1}\n"},
		{"stream all lines", "{\"a\":1}\n{\"b\":2}\n", []pick{{"record", "{\"a\":1}\n", 0}, {"record", "{\"b\":2}\n", 0}}, ""},
		{"stream value replaced", "{\"a\":1}\n{\"b\":2}\n", []pick{{"object", "{\"a\":1}", 0}}, "{}\n{\"b\":2}\n"},
		{"stream of numbers", `1 2 3`, []pick{{"record", "2", 0}}, `1 3`},
		{"stream of numbers, first", `1 2 3`, []pick{{"record", "1", 0}}, `2 3`},
		{"stream, no space", `1[]2`, []pick{{"record", "[]", 0}}, `1 2`},
		{"stream, literals", `true{}null`, []pick{{"record", "{}", 0}}, `true null`},
		{"stream, object between", `1{}[]`, []pick{{"record", "{}", 0}}, `1[]`},
		{"nested removal", `{"a":[{"b":1,"c":[2,3]},4]}`, []pick{{"number", "2", 0}, {"member", `"b":1`, 0}}, `{"a":[{"c":[3]},4]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse([]byte(tt.in))
			if err != nil {
				t.Fatalf("parse %q: %v", tt.in, err)
			}
			var c tree.Candidate
			for _, p := range tt.remove {
				c = c.Remove(find(t, doc.Tree, p))
			}
			got := unparse.Text(doc.Tree, doc.Policy, c)
			if string(got) != tt.want {
				t.Errorf("removing %v from %q: got %q, want %q", tt.remove, tt.in, got, tt.want)
			}
			if err := validatorFor([]byte(tt.in))(got); err != nil {
				t.Errorf("removing %v from %q: got %q, not valid: %v", tt.remove, tt.in, got, err)
			}
		})
	}
}

// TestCanShrink checks which nodes may change: values already minimal
// cannot, nor can keys.
func TestCanShrink(t *testing.T) {
	doc, err := Parse([]byte(`{"a": {}, "b": [], "c": "", "d": 0, "e": true, "f": null, "g": { }, "h": 1}`))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	var got bytes.Buffer
	for i := range tr.Nodes {
		id := tree.NodeID(i)
		if tr.Nodes[id].Kind == "member" || tr.Nodes[id].Kind == "comma" {
			continue
		}
		fmt.Fprintf(&got, "%s %s: %s\n", tr.Nodes[id].Kind, tr.Text(id), tr.Describe(id))
	}
	want := `document {"a": {}, "b": [], "c": "", "d": 0, "e": true, "f": null, "g": { }, "h": 1}: fixed
object {"a": {}, "b": [], "c": "", "d": 0, "e": true, "f": null, "g": { }, "h": 1}: replace "{}"
object {}: fixed
array []: fixed
string "": fixed shortenable
number 0: fixed
true true: fixed
null null: fixed
object { }: replace "{}"
number 1: replace "0"
`
	if got.String() != want {
		t.Errorf("got\n%s\nwant\n%s", got.String(), want)
	}
}

// TestHoist checks the rendering of hoists, which the search makes only
// between nodes of the same class.
func TestHoist(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		from, to pick
		want     string
	}{
		{"member value", `{"a": {"b": {"c": 1}}}`, pick{"object", `{"b": {"c": 1}}`, 0}, pick{"object", `{"c": 1}`, 0}, `{"a": {"c": 1}}`},
		{"root to member value", "{\"x\": [1], \"y\": 2}\n", pick{"object", `{"x": [1], "y": 2}`, 0}, pick{"array", `[1]`, 0}, "[1]\n"},
		{"root to scalar", `{"x": {"y": "z"}}`, pick{"object", `{"x": {"y": "z"}}`, 0}, pick{"string", `"z"`, 0}, `"z"`},
		{"through an array", `{"a": [{"b": {}}]}`, pick{"array", `[{"b": {}}]`, 0}, pick{"object", `{}`, 0}, `{"a": {}}`},
		{"stream record", "1\n{\"a\":[2]}\n", pick{"object", `{"a":[2]}`, 0}, pick{"array", `[2]`, 0}, "1\n[2]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse([]byte(tt.in))
			if err != nil {
				t.Fatalf("parse %q: %v", tt.in, err)
			}
			tr := doc.Tree
			from, to := find(t, tr, tt.from), find(t, tr, tt.to)
			if tr.Nodes[from].Class != "value" || tr.Nodes[to].Class != "value" {
				t.Fatalf("got classes %q and %q, want \"value\"", tr.Nodes[from].Class, tr.Nodes[to].Class)
			}
			got := unparse.Text(tr, doc.Policy, tree.Candidate{}.Hoist(from, to))
			if string(got) != tt.want {
				t.Errorf("hoisting %v to %v in %q: got %q, want %q", tt.from, tt.to, tt.in, got, tt.want)
			}
		})
	}
}

func TestCompact(t *testing.T) {
	long := "[" + strings.Repeat(`"abcdefghij", `, 20) + "1]"
	tests := []struct{ in, want string }{
		{"{\n  \"a\": [1, 2],\n  \"b\": {}\n}\n", "{\"a\":[1,2],\"b\":{}}\n"},
		{"{\"a\": 1}\n\n{\"b\": 2}\n", "{\"a\":1}\n{\"b\":2}\n"},
		{long, long},               // too long to compact
		{"{\"a\": }", "{\"a\": }"}, // not JSON: unchanged
		{"\xEF\xBB\xBF{ \"a\": 1 }\r\n", "\xEF\xBB\xBF{\"a\":1}\r\n"}, // the byte order mark stays, and CRLF
		{"{\"a\": 1}\r\n{\"b\": 2}\r\n", "{\"a\":1}\r\n{\"b\":2}\r\n"},
		{"\xEF\xBB\xBF{\"a\": }", "\xEF\xBB\xBF{\"a\": }"}, // not JSON: unchanged, mark and all
	}
	for _, tc := range tests {
		if got := string(Compact([]byte(tc.in))); got != tc.want {
			t.Errorf("Compact(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
