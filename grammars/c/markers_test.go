package c

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/unparse"
)

// TestLineMarkers checks which lines LineMarkers hides: gcc's markers and
// #line, first on their line, outside comments and literals.
func TestLineMarkers(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"gcc's", "# 1 \"a.c\"\nint x =\n# 3 \"a.h\" 3 4\n 0\n# 3 \"a.c\"\n;\n", []string{`# 1 "a.c"`, `# 3 "a.h" 3 4`, `# 3 "a.c"`}},
		{"#line", "#line 7 \"b.c\"\n#line 8\n", []string{`#line 7 "b.c"`, `#line 8`}},
		{"indented", "  \t# 2 \"a.c\"\n", []string{`# 2 "a.c"`}},
		{"no space", "#4 \"a.c\"\n", []string{`#4 "a.c"`}},
		{"a line break of CR LF", "# 5 \"a.c\"\r\nint x;\r\n", []string{`# 5 "a.c"`}},
		{"the end of the text", "int x;\n# 6", []string{`# 6`}},
		{"other directives", "#define A 1\n#include <a.h>\n# define B\n#if 1\n#endif\n#linex 1\n#line\n#12a\n", nil},
		{"not first on the line", "int x; # 1 \"a.c\"\n#define A # 2\n", nil},
		{"in a comment", "/*\n# 1 \"a.c\"\n*/\n// x \\\n# 2 \"a.c\"\n", nil},
		{"in a string", "char *s = \"\\\n# 1 \\\"a.c\\\"\";\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for s := range LineMarkers([]byte(tt.src), 0) {
				if s.Kind != LineMarker {
					t.Errorf("span %+v has kind %q, want %q", s, s.Kind, LineMarker)
				}
				got = append(got, tt.src[s.Start:s.End])
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("LineMarkers(%q) = %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}

// TestMarkersStayOnTheirLines checks the file gcc -E made (testdata/
// markers.i): it parses without an opaque region around its markers, and
// gcc reads every random candidate that Check accepts without "stray
// '#'": a marker kept stays first on its line, whatever vanished around
// it.
func TestMarkersStayOnTheirLines(t *testing.T) {
	gcc := tstest.NeedTool(t, "gcc")
	src, err := os.ReadFile(filepath.Join("testdata", "markers.i"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := Parse(t.Context(), src)
	if err != nil {
		t.Fatal(err)
	}
	// The one region tree-sitter cannot read is __builtin_offsetof's
	// type argument, not a marker.
	if len(doc.Warnings) != 1 || !strings.Contains(doc.Warnings[0], "1 region") {
		t.Errorf("warnings %q, want one of one region", doc.Warnings)
	}
	markers := 0
	for _, n := range doc.Tree.Nodes {
		if n.Symbol.Kind == LineMarker {
			markers++
		}
	}
	if want := strings.Count(string(src), "\n# "); markers != want {
		t.Errorf("%d nodes of kind %s, want %d", markers, LineMarker, want)
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 4))
	var files []string
	for i := range 300 {
		text := unparse.Text(doc.Tree, doc.Policy, grammartest.RandomCandidate(doc.Tree, rng))
		if doc.Policy.Check(text) != nil {
			continue
		}
		f := filepath.Join(dir, fmt.Sprintf("c%03d.i", i))
		if err := os.WriteFile(f, text, 0o600); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) < 100 {
		t.Fatalf("Check accepted %d of 300 candidates, want 100 or more", len(files))
	}
	// A marker's line holds the marker alone.
	marker := regexp.MustCompile(`# [0-9]+ "`)
	whole := regexp.MustCompile(`^[ \t]*# [0-9]+ "[^"]*"( [1-4])*$`)
	stray, astray := 0, 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(string(b)) {
			if line = strings.TrimSuffix(line, "\n"); marker.MatchString(line) && !whole.MatchString(line) {
				if astray++; astray <= 3 {
					t.Errorf("a marker's line %q in\n%s", line, b)
				}
			}
		}
		out, _ := exec.Command(gcc, "-fsyntax-only", "-w", f).CombinedOutput()
		if strings.Contains(string(out), "stray '#'") || strings.Contains(string(out), "stray ‘#’") {
			if stray++; stray <= 3 {
				t.Errorf("gcc: %s\nof\n%s", out, b)
			}
		}
	}
	t.Logf("%d candidates, %d with a marker not alone on its line, %d with a stray '#'", len(files), astray, stray)
}
