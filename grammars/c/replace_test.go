package c

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

var full = flag.Bool("full", false, "check every node of the benchmark inputs, not a sample")

// TestSingleEdits renders, for every shrinkable node of each input, the
// candidate with only that node removed (vanished or replaced), and checks
// it with the re-parse check. Every replacement must pass: a Replace that
// breaks the syntax is a bug in the table. Removals may fail where the
// table cannot see the constraint (the last declarator of a declaration
// made of list items, say); their pass rate is logged and bounded.
func TestSingleEdits(t *testing.T) {
	files := testFiles(t)
	files = append(files, benchFilesNoSkip()...)
	for _, file := range files {
		name := filepath.Base(filepath.Dir(file)) + "/" + filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := Parse(context.Background(), src)
			if err != nil {
				t.Fatal(err)
			}
			tr := doc.Tree
			step := 1
			if !*full && len(tr.Nodes) > 5000 {
				step = len(tr.Nodes) / 2000 // a sample of about 4000 nodes
				if testing.Short() {
					step *= 10
				}
			}
			var rem, remOK, rep, repOK int
			failed := map[string]int{} // removal failures by parent and kind
			var buf []byte
			for id := range tr.Nodes {
				id := tree.NodeID(id)
				if !tr.CanShrink(id) || int(id)%step != 0 && !tr.Nodes[id].Is(tree.Opaque) {
					continue
				}
				n := &tr.Nodes[id]
				buf = unparse.Append(buf[:0], tr, doc.Policy, tree.Candidate{}.Remove(id))
				err := doc.Policy.Check(buf)
				if n.Is(tree.Removable) {
					rem++
					if err == nil {
						remOK++
					} else {
						failed[tr.Nodes[n.Parent].Kind+" > "+n.Kind]++
					}
					continue
				}
				rep++
				if err == nil {
					repOK++
				} else if rep-repOK <= 5 {
					t.Errorf("replacing %s %q (in %s) by %q: %v\n%s", n.Kind, clipText(tr.Text(id)),
						tr.Nodes[n.Parent].Kind, n.Replace, err, around(buf, n.Start))
				}
			}
			t.Logf("replacements: %d/%d pass (%.1f%%); removals: %d/%d pass (%.1f%%)",
				repOK, rep, pct(repOK, rep), remOK, rem, pct(remOK, rem))
			if len(failed) > 0 {
				t.Logf("failed removals: %s", summary(failed))
			}
			if pct(remOK, rem) < 90 {
				t.Errorf("removals pass %.1f%%, want at least 90%%", pct(remOK, rem))
			}
		})
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

// summary lists the counts of m, largest first.
func summary(m map[string]int) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] || m[keys[i]] == m[keys[j]] && keys[i] < keys[j] })
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s: %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

func clipText(b []byte) string {
	s := string(b)
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return s
}

// around returns the lines of b around offset off.
func around(b []byte, off int32) string {
	lo, hi := max(int(off)-120, 0), min(int(off)+120, len(b))
	return string(b[lo:hi])
}
