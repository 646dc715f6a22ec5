package json

import (
	encjson "encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// candidatesFor is the number of random candidates for an input of n bytes:
// thousands for small inputs, fewer for the large ones to keep the package
// test fast.
func candidatesFor(n int) int {
	switch {
	case n > 500_000:
		return 200
	case n > 50_000:
		return 1000
	}
	return 2000
}

// TestProperty renders random candidates of every test and benchmark input
// and checks each with encoding/json: all must be well-formed, since the
// Docs have no Check to reject any.
func TestProperty(t *testing.T) {
	files := testInputs(t)
	files = append(files, grammartest.BenchInputs("json")...)
	for i, name := range files {
		t.Run(shortName(name), func(t *testing.T) {
			src := readFile(t, name)
			n := candidatesFor(len(src))
			st := grammartest.Property(t, Format, src, n, uint64(i)+1, validatorFor(src))
			t.Logf("candidates %d, rejected %d, bad %d", st.Candidates, st.Rejected, st.Bad)
			if st.Candidates != n || st.Rejected != 0 || st.Bad != 0 {
				t.Errorf("got %d candidates, %d rejected, %d bad; want %d, 0, 0", st.Candidates, st.Rejected, st.Bad, n)
			}
		})
	}
}

// TestHoistProperty renders random candidates that remove nodes, hoist
// values into the place of values they are nested in, as the search's
// hoisting pass does, and then remove more nodes, as the next sweep does,
// and checks each with encoding/json.
func TestHoistProperty(t *testing.T) {
	files := testInputs(t)
	files = append(files, grammartest.BenchInputs("json")...)
	total := 0
	defer func() {
		if total < 100 {
			t.Errorf("got %d hoists in all, want at least 100", total)
		}
	}()
	for i, name := range files {
		t.Run(shortName(name), func(t *testing.T) {
			doc := parseFile(t, name)
			src := doc.Tree.Src
			valid := validatorFor(src)
			n := candidatesFor(len(src)) / 4
			rng := rand.New(rand.NewPCG(uint64(i), 9))
			bad, hoists := 0, 0
			for range n {
				c := grammartest.RandomCandidate(doc.Tree, rng)
				if rng.IntN(2) == 0 {
					c = tree.Candidate{}
				}
				c = randomHoists(doc.Tree, c, 1+rng.IntN(5), rng)
				if rng.IntN(2) == 0 {
					// The next sweep removes shrinkable nodes, hoisted
					// ones included.
					var ids []tree.NodeID
					for id := range doc.Tree.Nodes {
						if rng.IntN(4) == 0 && doc.Tree.CanShrink(tree.NodeID(id)) && !c.Edited(tree.NodeID(id)) {
							ids = append(ids, tree.NodeID(id))
						}
					}
					c = c.Remove(ids...)
				}
				for id := range doc.Tree.Nodes {
					if s, ok := c.Subst(tree.NodeID(id)); ok && s.Hoist != tree.NoNode {
						hoists++
					}
				}
				got := unparse.Text(doc.Tree, doc.Policy, c)
				if err := valid(got); err != nil {
					bad++
					if bad <= 3 {
						t.Errorf("candidate not well-formed: %v\n%.2000s", err, got)
					}
				}
			}
			t.Logf("candidates %d, hoists %d, bad %d", n, hoists, bad)
			total += hoists
		})
	}
}

// TestJSONLinesStrict checks that candidates of a JSON Lines file stay
// JSON Lines for a strict line-by-line reader: every line, the first one
// included, is one JSON value, with no blank lines.
func TestJSONLinesStrict(t *testing.T) {
	src := readFile(t, "testdata/stream.jsonl")
	doc, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	bad := 0
	for range 2000 {
		got := unparse.Text(doc.Tree, doc.Policy, grammartest.RandomCandidate(doc.Tree, rng))
		lines := strings.Split(string(got), "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		for i, line := range lines {
			if !encjson.Valid([]byte(line)) {
				bad++
				if bad <= 3 {
					t.Errorf("line %d of a candidate is %q, want one JSON value; candidate:\n%s", i+1, line, got)
				}
				break
			}
		}
	}
}
