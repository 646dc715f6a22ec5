package tstest_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/golang"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/grammars/javascript"
	"github.com/hddreduce/hdd/grammars/python"
	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestAgainstParsers shows the languages' own parsers the candidates
// Check accepts, random removals and hoists of a file of the testdata,
// as a reduction shows them to its test: at most 1 in 200 may be refused
// for their syntax (gofmt -e for Go; a Script of node's vm for
// JavaScript, beside a return or break out of place; Python's compile). tree-sitter reads some texts without an error that the
// languages refuse: a Go file without its package clause, a const
// without its value, a Python block without a statement; the tables and
// Check keep those from the test. (Before they did, of 1500 such
// candidates of sample.go, punycode.js and Python's textwrap.py, the
// parsers refused 350 of the 1203 Check accepted, 1122 of 1488 and 634
// of 1489; since 1dd2630 they refuse none of 809, 984 and 732.)
func TestAgainstParsers(t *testing.T) {
	tests := []struct {
		lang  *ts.Language
		file  string // in the testdata of grammars/
		tool  string
		count string // prints how many files of the folder in $1 the tool refuses
	}{
		{golang.Language, "golang/testdata/sample.go", "gofmt",
			`gofmt -e -l "$1" 2>&1 | grep ':[0-9]*:[0-9]*: ' | cut -d: -f1 | sort -u | wc -l`},
		{javascript.Language, "javascript/testdata/real/punycode.js", "node",
			`node -e '
const fs = require("fs"), vm = require("vm"); let bad = 0;
for (const f of fs.readdirSync(process.argv[1])) {
  try { new vm.Script(fs.readFileSync(process.argv[1] + "/" + f, "utf8")); }
  catch (e) { if (!/Illegal (return|break|continue)|Undefined label/.test(e.message)) bad++; }
}
console.log(bad);' "$1"`},
		{python.Language, "python/testdata/sample.py", "python3",
			`python3 -W ignore -c '
import glob, sys
n = 0
for name in glob.glob(sys.argv[1] + "/*"):
    try:
        compile(open(name).read(), name, "exec")
    except SyntaxError:
        n += 1
print(n)' "$1"`},
	}
	for _, tt := range tests {
		t.Run(tt.lang.Name, func(t *testing.T) {
			tstest.NeedTool(t, tt.tool)
			src, err := os.ReadFile(filepath.Join("..", "..", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			doc, err := tt.lang.Parse(context.Background(), src)
			if err != nil {
				t.Fatal(err)
			}
			tr := doc.Tree
			rng := rand.New(rand.NewPCG(7, 7))
			dir := t.TempDir()
			accepted := 0
			for i := range 1000 {
				c := grammartest.RandomCandidate(tr, rng)
				if i%2 == 0 {
					if h, ok := randomHoist(tr, doc.Policy, rng); ok {
						c = h
					}
				}
				text := unparse.Text(tr, doc.Policy, c)
				if doc.Policy.Check(text) != nil {
					continue
				}
				accepted++
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("c%d%s", i, filepath.Ext(tt.file))), text, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			out, err := exec.Command("sh", "-c", tt.count, "sh", dir).CombinedOutput()
			refused, cerr := strconv.Atoi(strings.TrimSpace(string(out)))
			if err != nil || cerr != nil {
				t.Fatalf("%s: %v %v\n%s", tt.tool, err, cerr, out)
			}
			t.Logf("%d candidates accepted, %d refused by %s", accepted, refused, tt.tool)
			if accepted < 100 || refused*200 > accepted {
				t.Errorf("%s refuses %d of the %d candidates Check accepts, want at most 1 in 200", tt.tool, refused, accepted)
			}
		})
	}
}

// randomHoist returns the hoist of a random node of tr into a random
// descendant that p lets stand for it, if it has one.
func randomHoist(tr *tree.Tree, p *tree.Policy, rng *rand.Rand) (tree.Candidate, bool) {
	s := tree.NodeID(rng.IntN(len(tr.Nodes)))
	var ds []tree.NodeID
	for d := s + 1; d < tr.SubtreeEnd(s); d++ {
		if p.CanHoist(tr.Nodes[s].Symbol.Class, tr.Nodes[d].Symbol.Class) {
			ds = append(ds, d)
		}
	}
	if len(ds) == 0 {
		return tree.Candidate{}, false
	}
	return tree.Candidate{}.Hoist(s, ds[rng.IntN(len(ds))]), true
}
