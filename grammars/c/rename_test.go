package c

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestShortNamesGolden renames all the names of each input in testdata at
// once, the first candidate of short names, and compares the text, and
// Check's verdict if it refuses it, with testdata/names/NAME.golden.
func TestShortNamesGolden(t *testing.T) {
	for _, file := range testFiles(t) {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			_, doc := readDoc(t, file)
			got := ""
			if cands := shortNames(doc.Tree, tree.Candidate{}); len(cands) > 0 {
				text := unparse.Text(doc.Tree, doc.Policy, cands[0])
				if err := doc.Policy.Check(text); err != nil {
					got = fmt.Sprintf("-- refused: %v --\n", err)
				}
				got += string(text)
			}
			golden := filepath.Join("testdata", "names", strings.TrimSuffix(name, filepath.Ext(name))+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if got != string(want) {
				t.Errorf("renamed text differs from %s (go test -update rewrites it):\n%s", golden, got)
			}
		})
	}
}

// TestShortNames checks the candidates of short names: which names are
// renamed, to what, and in what blocks.
func TestShortNames(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // the first candidates' texts
		n         int      // how many
	}{
		{
			name: "one name",
			src:  "int counter;\nint main(void) { return counter; }\n",
			want: []string{"int a;\nint main(void) { return a; }\n"},
			n:    1,
		},
		{
			name: "halves down to each alone",
			src:  "int alpha, beta, gamma;\nint f(void) { return alpha + beta + gamma; }\n",
			want: []string{
				"int a, b, c;\nint f(void) { return a + b + c; }\n",
				"int a, b, gamma;\nint f(void) { return a + b + gamma; }\n",
				"int alpha, beta, c;\nint f(void) { return alpha + beta + c; }\n",
				"int a, beta, gamma;\nint f(void) { return a + beta + gamma; }\n",
				"int alpha, b, gamma;\nint f(void) { return alpha + b + gamma; }\n",
			},
			n: 5, // the block of gamma alone once
		},
		{
			name: "tags with a body, fields, typedefs, enumerators, labels, macros",
			src: "#define LIMIT 3\nstruct point { int xpos; };\ntypedef struct point point_t;\nenum color { RED };\n" +
				"int f(point_t *p) { again: if (p->xpos < LIMIT) goto again; return RED; }\n",
			want: []string{"#define a 3\nstruct b { int c; };\ntypedef struct b d;\nenum e { g };\n" +
				"int f(d *p) { h: if (p->c < a) goto h; return g; }\n"},
			n: 13, // 7 names: all; 4, 3; 2, 2, 2, 1; each alone but the last
		},
		{
			name: "not main, not what the file does not declare, not a shorter name",
			src:  "#include <stdio.h>\nstruct tm *now;\nint main(void) { printf(\"%p\", now); size_t n = 0; return n; }\n",
			want: []string{"#include <stdio.h>\nstruct tm *a;\nint main(void) { printf(\"%p\", a); size_t n = 0; return n; }\n"},
			n:    1,
		},
		{
			name: "words of the text and keywords are taken",
			src:  "int a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z, aa, ab, ac, mm;\nint dodo;\n",
			want: []string{"int a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z, aa, ab, ac, mm;\nint ad;\n"},
			n:    1,
		},
		{
			name: "in macro bodies, not in strings or comments",
			src:  "int total;\n#define ADD(x) (total += (x))\n/* total */ char *s = \"total\";\n",
			want: []string{
				"int a;\n#define b(x) (a += (x))\n/* total */ char *s = \"total\";\n",
				"int a;\n#define ADD(x) (a += (x))\n/* total */ char *s = \"total\";\n",
				"int total;\n#define b(x) (total += (x))\n/* total */ char *s = \"total\";\n",
			},
			n: 3,
		},
		{
			name: "not in an #include's path",
			src:  "#include <util.h>\nint util;\nint f(void) { return util; }\n",
			want: []string{"#include <util.h>\nint a;\nint f(void) { return a; }\n"},
			n:    1,
		},
		{
			name: "nothing to rename",
			src:  "int main(void) { int a = 0; return a; }\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := Parse(context.Background(), []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range shortNames(doc.Tree, tree.Candidate{}) {
				got = append(got, string(unparse.Text(doc.Tree, doc.Policy, c)))
			}
			if len(got) != tc.n || !slices.Equal(got[:min(len(got), len(tc.want))], tc.want) {
				t.Errorf("%d candidates:\n%q\nwant %d, the first:\n%q", len(got), got, tc.n, tc.want)
			}
		})
	}
}

// TestShortNamesEdited checks that short names renames a name in the
// texts that edits put in, and not in what they removed.
func TestShortNamesEdited(t *testing.T) {
	src := []byte("int value;\nint other;\nint f(void) { return value; }\n")
	doc, err := Parse(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	var ret, other tree.NodeID = tree.NoNode, tree.NoNode
	for id := range tr.Nodes {
		switch string(tr.Text(tree.NodeID(id))) {
		case "return value;":
			ret = tree.NodeID(id)
		case "int other;":
			other = tree.NodeID(id)
		}
	}
	c := tree.Candidate{}.Replace(ret, "return value + 1;").Remove(other)
	cands := shortNames(tr, c)
	if len(cands) == 0 {
		t.Fatal("no candidates")
	}
	want := "int a;\nint f(void) { return a + 1; }\n"
	if got := string(unparse.Text(tr, doc.Policy, cands[0])); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestShortNamesBlocks checks that of many names, short names proposes
// blocks down to about a maxBlocks-th of them, not each alone.
func TestShortNamesBlocks(t *testing.T) {
	var src strings.Builder
	for i := range 300 {
		fmt.Fprintf(&src, "int name%d;\n", i)
	}
	doc, err := Parse(context.Background(), []byte(src.String()))
	if err != nil {
		t.Fatal(err)
	}
	cands := shortNames(doc.Tree, tree.Candidate{})
	if len(cands) < maxBlocks || len(cands) > 4*maxBlocks {
		t.Errorf("%d candidates, want between %d and %d", len(cands), maxBlocks, 4*maxBlocks)
	}
	for i, c := range cands {
		text := string(unparse.Text(doc.Tree, doc.Policy, c))
		if kept := strings.Count(text, "name"); kept > 300-2 {
			t.Errorf("candidate %d renames %d names, want 2 or more", i, 300-kept)
		}
	}
	if text := string(unparse.Text(doc.Tree, doc.Policy, cands[0])); strings.Contains(text, "name") {
		t.Errorf("the first candidate keeps names:\n%.200s", text)
	}
}

// TestHalvings checks the blocks of names short names tries.
func TestHalvings(t *testing.T) {
	tests := []struct {
		n    int
		want [][2]int
	}{
		{0, nil},
		{1, [][2]int{{0, 1}}},
		{3, [][2]int{{0, 3}, {0, 2}, {2, 3}, {0, 1}, {1, 2}}},
		{5, [][2]int{{0, 5}, {0, 3}, {3, 5}, {0, 2}, {2, 4}, {4, 5}, {0, 1}, {1, 2}, {2, 3}, {3, 4}}},
	}
	for _, tc := range tests {
		if got := halvings(tc.n); !slices.Equal(got, tc.want) {
			t.Errorf("halvings(%d) = %v, want %v", tc.n, got, tc.want)
		}
	}
	if got := halvings(1000); len(got) > 4*maxBlocks || got[len(got)-1][1]-got[len(got)-1][0] < 2 {
		t.Errorf("halvings(1000): %d blocks, the last %v", len(got), got[len(got)-1])
	}
}
