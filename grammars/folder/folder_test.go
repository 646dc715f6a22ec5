package folder

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/folder/archive"
	"github.com/hddreduce/hdd/grammars/formats"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// project is a small folder of several formats.
var project = map[string]string{
	"main.c": `#include <stdio.h>
#include "util.h"
#include "unused.h"
#include "inc/deep.h"

#define LIMIT 10

int main(void) {
    int total = 0;
    for (int i = 0; i < LIMIT; i++) {
        total += twice(i);
    }
    printf("%d\n", total);
    return 0;
}
`,
	"util.h": `#ifndef UTIL_H
#define UTIL_H
static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }
#endif
`,
	"unused.h":   "typedef struct { int a, b; } pair;\nextern pair origin;\n",
	"inc/deep.h": "enum color { RED, GREEN, BLUE };\n",
	"config.json": `{"name": "demo", "flags": ["-O2", "-g"], "limits": {"depth": 3, "width": [1, 2, 3]},
 "note": "a \"quoted\" text"}
`,
	"page.xml":  "<doc>\n  <p>Some <b>bold</b> text &amp; more</p>\n  <p>Other   text</p>\n</doc>\n",
	"notes.txt": "first line\nsecond line\n\nlast line\n",
	"Makefile":  "all:\n\tcc -o demo main.c\n",
	"blank.txt": "  \n\n",
	"data.bin":  "\x00\x01\x02binary",
}

// archiveOf returns the archive of files: a path ending in "/" is an
// empty folder, a value starting with "->" a link.
func archiveOf(files map[string]string) []byte {
	var entries []archive.Entry
	for p, v := range files {
		switch {
		case strings.HasSuffix(p, "/"):
			entries = append(entries, archive.Entry{Kind: archive.Dir, Path: strings.TrimSuffix(p, "/"), Mode: 0o755})
		case strings.HasPrefix(v, "->"):
			entries = append(entries, archive.Entry{Kind: archive.Link, Path: p, Mode: 0o777, Data: []byte(v[2:])})
		default:
			entries = append(entries, archive.Entry{Kind: archive.File, Path: p, Mode: 0o644, Data: []byte(v)})
		}
	}
	slices.SortFunc(entries, func(a, b archive.Entry) int { return archive.Compare(a.Path, b.Path) })
	return archive.Encode(entries)
}

// files decodes an archive into a map as archiveOf takes.
func files(t testing.TB, b []byte) map[string]string {
	t.Helper()
	entries, _, err := archive.Decode(b)
	if err != nil {
		t.Fatalf("not an archive: %v\n%s", err, b)
	}
	m := map[string]string{}
	for _, e := range entries {
		switch e.Kind {
		case archive.Dir:
			m[e.Path+"/"] = ""
		case archive.Link:
			m[e.Path] = "->" + string(e.Data)
		default:
			m[e.Path] = string(e.Data)
		}
	}
	return m
}

func parseProject(t testing.TB, files map[string]string) (*grammars.Doc, *policy) {
	t.Helper()
	doc, fp, err := parse(context.Background(), archiveOf(files), nil)
	if err != nil {
		t.Fatal(err)
	}
	return doc, fp
}

func TestRoundTrip(t *testing.T) {
	withMore := map[string]string{"empty/": "", "link.h": "->util.h"}
	for p, v := range project {
		withMore[p] = v
	}
	doc := grammartest.RoundTrip(t, Format, archiveOf(withMore))
	// Each entry is a removable node of the top level.
	kids := doc.Tree.Children(0)
	if len(kids) != len(withMore) {
		t.Errorf("%d entries at the top, want %d", len(kids), len(withMore))
	}
	for _, k := range kids {
		if !doc.Tree.Nodes[k].Is(tree.Removable) || doc.Tree.Level(k) != 1 {
			t.Errorf("entry %s is not removable at level 1", doc.Tree.Text(k)[:20])
		}
	}
}

// fileNodes returns the node IDs of the file at p in the folder's tree:
// its own tree's nodes from base on, and that tree.
func fileNodes(t testing.TB, doc *grammars.Doc, fp *policy, p string) (tree.NodeID, *tree.Tree, *tree.Policy) {
	t.Helper()
	l := fp.layout(doc.Tree)
	i, ok := l.byPath[p]
	if !ok || l.entries[i].tree == nil {
		t.Fatalf("no parsed file %s", p)
	}
	e := l.entries[i]
	return e.base, e.tree, e.file.policy
}

// TestFileRenderedByItsOwnRules removes random nodes of one file at a time
// and checks that the file renders in the folder exactly as it does alone
// with its own format's policy: C's line-sensitive junctions, XML's
// significant white space.
func TestFileRenderedByItsOwnRules(t *testing.T) {
	doc, fp := parseProject(t, project)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, p := range []string{"main.c", "util.h", "config.json", "page.xml", "notes.txt"} {
		base, ft, fpol := fileNodes(t, doc, fp, p)
		for range 200 {
			fc := grammartest.RandomCandidate(ft, rng)
			var ids []tree.NodeID
			for id := tree.NodeID(0); id < tree.NodeID(ft.Len()); id++ {
				if fc.Removed(id) {
					ids = append(ids, base+id)
				}
			}
			got := files(t, unparse.Text(doc.Tree, doc.Policy, tree.Candidate{}.Remove(ids...)))[p]
			if want := string(unparse.Text(ft, fpol, fc)); got != want {
				t.Fatalf("%s renders in the folder as\n%q\nalone as\n%q", p, got, want)
			}
		}
	}
}

// TestCandidatesWellFormed renders random candidates of the whole folder:
// each must be an archive whose JSON is valid and whose XML is well-formed
// unless the policy's Check refuses it.
func TestCandidatesWellFormed(t *testing.T) {
	st := grammartest.Property(t, Format, archiveOf(project), 500, 7, func(b []byte) error {
		entries, _, err := archive.Decode(b)
		if err != nil {
			return err
		}
		for _, e := range entries {
			switch {
			case strings.HasSuffix(e.Path, ".json") && !json.Valid(e.Data):
				return errors.New(e.Path + ": invalid JSON")
			case strings.HasSuffix(e.Path, ".xml"):
				d := xml.NewDecoder(bytes.NewReader(e.Data))
				for {
					if _, err := d.Token(); err == io.EOF {
						break
					} else if err != nil {
						return err
					}
				}
			case e.Path == "data.bin" && string(e.Data) != project["data.bin"]:
				return errors.New("the binary file was edited")
			}
		}
		return nil
	})
	t.Logf("%+v", st)
	if st.Candidates-st.Rejected < 100 {
		t.Errorf("only %d of %d candidates accepted", st.Candidates-st.Rejected, st.Candidates)
	}
	if st.Transformed == 0 {
		t.Errorf("no transform proposed anything")
	}
}

// TestIncludeGoesWithFile removes a header: the lines that include it go
// with it, and only those.
func TestIncludeGoesWithFile(t *testing.T) {
	doc, fp := parseProject(t, project)
	lay := fp.layout(doc.Tree)
	for _, h := range []string{"unused.h", "inc/deep.h", "util.h"} {
		c := tree.Candidate{}.Remove(lay.entries[lay.byPath[h]].node)
		got := files(t, unparse.Text(doc.Tree, doc.Policy, c))
		if _, ok := got[h]; ok {
			t.Errorf("%s is still there", h)
		}
		main := got["main.c"]
		if strings.Contains(main, `"`+h+`"`) {
			t.Errorf("without %s, main.c still includes it:\n%s", h, main)
		}
		if want := strings.Replace(project["main.c"], `#include "`+h+"\"\n", "", 1); main != want {
			t.Errorf("without %s, main.c reads\n%s\nwant\n%s", h, main, want)
		}
		if err := doc.Policy.Check(unparse.Text(doc.Tree, doc.Policy, c)); err != nil {
			t.Errorf("Check refuses it: %v", err)
		}
	}
}

func TestIncludeResolution(t *testing.T) {
	lay := &layout{byPath: map[string]int{}}
	for i, p := range []string{"a.c", "inc/x.h", "src/b.c", "src/y.h", "y.h", "z/w.h", "q/w.h"} {
		lay.entries = append(lay.entries, entry{Entry: archive.Entry{Path: p}})
		lay.byPath[p] = i
	}
	tests := []struct {
		from, name string
		quoted     bool
		want       int
	}{
		{"a.c", "inc/x.h", true, 1},
		{"src/b.c", "y.h", true, 3},  // beside it first
		{"src/b.c", "y.h", false, 4}, // <y.h>: from the top
		{"src/b.c", "x.h", true, 1},  // the one path ending in /x.h
		{"a.c", "w.h", true, -1},     // two of them
		{"a.c", "nope.h", true, -1},
		{"src/b.c", "../a.c", true, 0},
	}
	for _, tc := range tests {
		if got := lay.resolve(tc.from, tc.name, tc.quoted); got != tc.want {
			t.Errorf("resolve(%q, %q, %v) = %d, want %d", tc.from, tc.name, tc.quoted, got, tc.want)
		}
	}
}

// TestInlineHeaders inlines the headers included once and checks the
// candidates.
func TestInlineHeaders(t *testing.T) {
	files2 := map[string]string{
		"main.c":  "#include \"a.h\"\n#include \"b.h\"\nint main(void) { return A + B; }\n",
		"a.h":     "#define A 1\n",
		"b.h":     "#include \"a.h\"\n#define B 2\n",
		"sub/c.c": "#include \"../b.h\"\n",
	}
	doc, fp := parseProject(t, files2)
	var tf *tree.Transform
	for i := range doc.Policy.Transforms {
		if doc.Policy.Transforms[i].Name == "inlining headers" {
			tf = &doc.Policy.Transforms[i]
		}
	}
	if tf == nil {
		t.Fatal("no header inlining")
	}
	// a.h is included twice, b.h twice: nothing to inline.
	if cands := tf.Candidates(doc.Tree, tree.Candidate{}); len(cands) != 0 {
		t.Errorf("%d candidates, want none", len(cands))
	}
	// Without sub/c.c, b.h is included once, by main.c.
	lay := fp.layout(doc.Tree)
	c := tree.Candidate{}.Remove(lay.entries[lay.byPath["sub/c.c"]].node)
	cands := tf.Candidates(doc.Tree, c)
	if len(cands) != 1 {
		t.Fatalf("%d candidates, want 1", len(cands))
	}
	got := files(t, unparse.Text(doc.Tree, doc.Policy, cands[0]))
	want := map[string]string{
		"main.c": "#include \"a.h\"\n#include \"a.h\"\n#define B 2\nint main(void) { return A + B; }\n",
		"a.h":    "#define A 1\n",
	}
	if !maps(got, want) {
		t.Errorf("inlined:\n%q\nwant\n%q", got, want)
	}
}

func maps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestFormats checks which format each file gets: by name, sniffed, lines
// for other text and for a file that does not parse as its format.
func TestFormats(t *testing.T) {
	withBad := map[string]string{"bad.json": "a: [1, 2\n", "sniffed": "  {\"x\": 1}\n"}
	for p, v := range project {
		withBad[p] = v
	}
	doc, fp := parseProject(t, withBad)
	want := map[string]string{"main.c": "c", "util.h": "c", "config.json": "json", "page.xml": "xml", "notes.txt": "lines",
		"Makefile": "lines", "bad.json": "lines", "sniffed": "json", "unused.h": "c", "inc/deep.h": "c"}
	for p, f := range want {
		if got := fp.files[p]; got == nil || got.format.Name != f {
			t.Errorf("%s: format %v, want %s", p, got, f)
		}
	}
	for _, p := range []string{"blank.txt", "data.bin"} {
		if fp.files[p] != nil {
			t.Errorf("%s is parsed, want it kept whole", p)
		}
	}
	if len(doc.Warnings) == 0 || !strings.Contains(strings.Join(doc.Warnings, "\n"), "bad.json: not valid json") {
		t.Errorf("warnings %q lack bad.json", doc.Warnings)
	}
	// An override parses every text file with one format.
	_, fp, err := parse(context.Background(), archiveOf(project), mustFormat(t, "lines"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fp.list {
		if f.format.Name != "lines" {
			t.Errorf("%s: format %s with the lines override", f.path, f.format.Name)
		}
	}
}

func mustFormat(t *testing.T, name string) *grammars.Format {
	f, err := formats.ByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestTransformsLifted checks that a format's transform proposes, in the
// folder, the candidates it proposes for its file alone, rendering the
// file alike, from random starting candidates.
func TestTransformsLifted(t *testing.T) {
	in := map[string]string{"main.c": project["main.c"], "page.xml": project["page.xml"], "config.json": project["config.json"]}
	doc, fp := parseProject(t, in)
	rng := rand.New(rand.NewPCG(3, 4))
	lifted := 0
	for _, p := range []string{"main.c", "page.xml"} {
		base, ft, fpol := fileNodes(t, doc, fp, p)
		for _, tf := range fpol.Transforms {
			var ftf *tree.Transform
			for i := range doc.Policy.Transforms {
				if doc.Policy.Transforms[i].Name == tf.Name {
					ftf = &doc.Policy.Transforms[i]
				}
			}
			if ftf == nil {
				t.Fatalf("the folder has no transform %q", tf.Name)
			}
			for range 30 {
				fc := tree.Candidate{}
				if rng.IntN(2) == 0 {
					fc = grammartest.RandomCandidate(ft, rng)
				}
				var ids []tree.NodeID
				for id := tree.NodeID(0); id < tree.NodeID(ft.Len()); id++ {
					if fc.Removed(id) {
						ids = append(ids, base+id)
					}
				}
				c := tree.Candidate{}.Remove(ids...)
				want := tf.Candidates(ft, sub(c, ft, base))
				got := ftf.Candidates(doc.Tree, c)
				if len(got) != len(want) {
					t.Fatalf("%s in %s: %d candidates in the folder, %d alone", tf.Name, p, len(got), len(want))
				}
				for i := range got {
					g := files(t, unparse.Text(doc.Tree, doc.Policy, got[i]))[p]
					if w := string(unparse.Text(ft, fpol, want[i])); g != w {
						t.Fatalf("%s in %s, candidate %d: the folder renders\n%q\nalone\n%q", tf.Name, p, i, g, w)
					}
					lifted++
				}
			}
		}
	}
	if lifted < 20 {
		t.Errorf("only %d candidates compared", lifted)
	}
}

// TestCheckAndTidies checks that a file that no longer parses as its
// format is refused by the folder's Check, naming it, and that each tidy
// applies to every file that has it, leaving binary files alone.
func TestCheckAndTidies(t *testing.T) {
	doc, _ := parseProject(t, project)
	broken := map[string]string{}
	for p, v := range project {
		broken[p] = v
	}
	broken["main.c"] = strings.Replace(project["main.c"], "int main(void) {", "int main(void) { ) ) (", 1)
	err := doc.Policy.Check(archiveOf(broken))
	if err == nil || !strings.HasPrefix(err.Error(), "main.c: ") {
		t.Errorf("Check = %v, want main.c refused", err)
	}
	if err := doc.Policy.Check(archiveOf(project)); err != nil {
		t.Errorf("Check refuses the original: %v", err)
	}
	blanks := map[string]string{"a.txt": "x\n\n\ny\n", "b.c": "int a;\n\n\nint b;\n", "c.bin": "\x00\n\n\n"}
	doc, _ = parseProject(t, blanks)
	var td *tree.Tidy
	for i := range doc.Policy.Tidies {
		if doc.Policy.Tidies[i].Name == "blank lines" {
			td = &doc.Policy.Tidies[i]
		}
	}
	if td == nil {
		t.Fatal("no blank lines tidy")
	}
	got := files(t, td.Apply(archiveOf(blanks)))
	want := map[string]string{"a.txt": "x\ny\n", "b.c": "int a;\nint b;\n", "c.bin": "\x00\n\n\n"}
	if !maps(got, want) {
		t.Errorf("tidied: %q, want %q", got, want)
	}
}

// FuzzParse parses random folders of a few files: every archive parses,
// and renders back byte for byte.
func FuzzParse(f *testing.F) {
	f.Add("int main(void) { return 0; }\n", `{"a": [1, 2]}`, "<a>b</a>", "x\ny\n")
	f.Add("#include \"b.json\"\n", "[", "<a", "\x00")
	f.Fuzz(func(t *testing.T, c, j, x, l string) {
		src := archiveOf(map[string]string{"a.c": c, "b.json": j, "d/c.xml": x, "e": l})
		doc, err := Format.Parse(context.Background(), src)
		if err != nil {
			t.Fatalf("parse: %v", err)
		}
		if got := unparse.Text(doc.Tree, doc.Policy, tree.Candidate{}); !bytes.Equal(got, src) {
			t.Fatalf("round trip: %q, want %q", got, src)
		}
	})
}

// TestAdoptedForwarded checks that the folder's Adopted tells each file's
// policy its text in the adopted candidate.
func TestAdoptedForwarded(t *testing.T) {
	doc, fp := parseProject(t, project)
	got := map[string]string{}
	for _, f := range fp.list {
		path := f.path
		f.policy.Adopted = func(best []byte) { got[path] = string(best) }
	}
	changed := map[string]string{}
	for p, v := range project {
		changed[p] = v
	}
	changed["notes.txt"] = "first line\n"
	delete(changed, "util.h")
	doc.Policy.Adopted(archiveOf(changed))
	for p, v := range changed {
		if fp.files[p] == nil {
			continue // not parsed
		}
		if got[p] != v {
			t.Errorf("%s was told %q, want %q", p, got[p], v)
		}
	}
	if _, ok := got["util.h"]; ok {
		t.Errorf("util.h, not in the candidate, was told %q", got["util.h"])
	}
}
