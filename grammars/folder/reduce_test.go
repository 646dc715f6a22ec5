package folder

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/folder/archive"
	"github.com/hddreduce/hdd/hdd"
)

// reduce reduces the folder files with oracle, which sees the candidate's
// files, and returns the result's files and the log.
func reduce(t *testing.T, files map[string]string, jobs int, oracle func(map[string]string) bool) (map[string]string, []string) {
	t.Helper()
	doc, err := Format.Parse(context.Background(), archiveOf(files))
	if err != nil {
		t.Fatal(err)
	}
	var log []string
	r := hdd.Reducer{
		Jobs: jobs,
		Oracle: hdd.OracleFunc(func(b []byte) bool {
			entries, _, err := archive.Decode(b)
			if err != nil {
				t.Errorf("a candidate is not an archive: %v", err)
				return false
			}
			m := map[string]string{}
			for _, e := range entries {
				m[e.Path] = string(e.Data)
			}
			return oracle(m)
		}),
		Log: func(m string) { log = append(log, m) },
	}
	res, err := r.Reduce(context.Background(), doc.Tree, doc.Policy)
	if err != nil {
		t.Fatal(err)
	}
	return filesOf(t, res.Output), log
}

func filesOf(t *testing.T, b []byte) map[string]string {
	m := files(t, b)
	return m
}

// compiles stands for a compiler: main.c must call twice(), which one of
// the files must define, in a file main.c includes or in main.c itself.
func compiles(m map[string]string) bool {
	main, ok := m["main.c"]
	if !ok || !strings.Contains(main, "twice(i)") {
		return false
	}
	if strings.Contains(main, "int twice(") {
		return true
	}
	for p, text := range m {
		if strings.Contains(text, "int twice(") && strings.Contains(main, `#include "`+p+`"`) {
			return true
		}
	}
	return false
}

func TestReduceProject(t *testing.T) {
	got, log := reduce(t, project, 1, compiles)
	t.Logf("%s\n%q", strings.Join(log, "\n"), got)
	for p := range got {
		if p != "main.c" && p != "util.h" {
			t.Errorf("%s is left:\n%q", p, got[p])
		}
	}
	if len(got["main.c"]) >= len(project["main.c"])/2 {
		t.Errorf("main.c is barely reduced:\n%s", got["main.c"])
	}
	if _, ok := got["util.h"]; ok && strings.Contains(got["util.h"], "thrice") {
		t.Errorf("util.h keeps thrice:\n%s", got["util.h"])
	}
	// With four jobs: interesting, and the same every time.
	got4, _ := reduce(t, project, 4, compiles)
	again, _ := reduce(t, project, 4, compiles)
	if !compiles(got4) || fmt.Sprint(got4) != fmt.Sprint(again) {
		t.Errorf("-j 4 gives\n%q\nthen\n%q", got4, again)
	}
}

// TestReduceInlines reduces a folder whose header must keep its contents:
// the header is inlined into the one file that includes it.
func TestReduceInlines(t *testing.T) {
	in := map[string]string{
		"main.c": "#include \"util.h\"\nint main(void) {\n  int i = 1;\n  return twice(i);\n}\n",
		"util.h": "static int twice(int x) { return 2 * x; }\nstatic int other(int x) { return x; }\n",
	}
	got, log := reduce(t, in, 1, compiles)
	t.Logf("%s\n%q", strings.Join(log, "\n"), got)
	if len(got) != 1 || !strings.Contains(got["main.c"], "int twice(") {
		t.Errorf("got %q, want util.h inlined into main.c", got)
	}
}

// TestReduceLargeFile reduces a folder with a JSON file too large to be
// built whole: the search parses it again level by level.
func TestReduceLargeFile(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := range 30000 {
		if i > 0 {
			b.WriteString(",")
		}
		if i == 21234 {
			b.WriteString(`{"id": "needle", "v": [1, 2]}`)
			continue
		}
		fmt.Fprintf(&b, `{"id": %d, "v": [%d]}`, i, i)
	}
	b.WriteString("]\n")
	in := map[string]string{"data.json": b.String(), "main.c": "int main(void) { return 0; }\n", "other.txt": "x\ny\n"}
	doc, err := Format.Parse(context.Background(), archiveOf(in))
	if err != nil {
		t.Fatal(err)
	}
	if !doc.Tree.Partial {
		t.Fatal("the tree is not Partial: the test needs a larger file")
	}
	got, log := reduce(t, in, 1, func(m map[string]string) bool {
		return strings.Contains(m["data.json"], "needle") && strings.Contains(m["main.c"], "main")
	})
	if !strings.Contains(strings.Join(log, "\n"), "parsed the") {
		t.Errorf("the tree was never parsed again:\n%s", strings.Join(log, "\n"))
	}
	if len(got) != 2 || len(got["data.json"]) > 40 {
		t.Errorf("got %q", got)
	}
}
