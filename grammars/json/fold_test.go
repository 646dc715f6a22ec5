package json

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// foldInputs returns the inputs the folding tests run on: random documents
// and streams, and the files of testdata/.
func foldInputs(t *testing.T) map[string][]byte {
	inputs := make(map[string][]byte)
	for i := range 500 {
		inputs[fmt.Sprintf("random %d", i)] = randomInput(i)
	}
	for _, name := range testInputs(t) {
		inputs[shortName(name)] = readFile(t, name)
	}
	return inputs
}

// full parses src with no folding.
func full(t *testing.T, src []byte) *tree.Tree { return unlimited(t, parseAt(src)) }

// unlimited reads a document with parse, given no limit on nodes, and
// checks that nothing was folded.
func unlimited(t *testing.T, parse func(budget int) (*grammars.Doc, error)) *tree.Tree {
	t.Helper()
	doc, err := parse(math.MaxInt)
	if err != nil {
		t.Fatal(err)
	}
	if doc.Tree.FoldLevel() != -1 {
		t.Fatalf("an unlimited reading folded level %d", doc.Tree.FoldLevel())
	}
	return doc.Tree
}

// TestLevelSizes checks the prescan that chooses the fold depth against
// the trees themselves: the count of nodes at each depth is exact.
func TestLevelSizes(t *testing.T) {
	for name, src := range foldInputs(t) {
		want := grammartest.LevelSizes(full(t, src))
		spans, _, err := split(src, anyJSON)
		if err != nil {
			t.Fatal(err)
		}
		if got := levelSizes(src, spans, len(spans) > 1); !slices.Equal(got, want) {
			t.Errorf("%s: level sizes %v, want %v\n%s", name, got, want, clip(src))
		}
	}
}

// TestFold checks each folded tree against the full one: the nodes down to
// the fold depth, the same in the same order, and Folded on those of them
// that have children in the full tree.
func TestFold(t *testing.T) {
	for name, src := range foldInputs(t) {
		checkFoldLevels(t, name, full(t, src), func(fold int) (*tree.Tree, error) {
			doc, err := parse(src, 1, fold, anyJSON)
			if err != nil {
				return nil, err
			}
			return doc.Tree, nil
		})
	}
}

// checkFoldLevels checks the tree folded at each level that at builds,
// with a budget of one node, against the full tree whole
// (grammartest.CheckFolded).
func checkFoldLevels(t *testing.T, name string, whole *tree.Tree, at func(fold int) (*tree.Tree, error)) {
	t.Helper()
	for fold := 1; fold < whole.MaxDepth(); fold++ {
		tr, err := at(fold)
		if err != nil {
			t.Fatal(err)
		}
		if err := grammartest.CheckFolded(whole, tr, fold); err != nil {
			t.Fatalf("%s folded at %d: %v", name, fold, err)
		}
	}
}

// TestFoldedReduction reduces each input twice, from its full tree and from
// a tree folded at level 1 that the search unfolds a level at a time: the
// test sees the same candidates in the same order, and the results are the
// same.
func TestFoldedReduction(t *testing.T) {
	algorithms := []struct {
		name string
		r    hdd.Reducer
	}{
		{"hdd", hdd.Reducer{Algorithm: hdd.HDD, NoHoist: true, NoShorten: true}},
		{"hdd*", hdd.Reducer{Algorithm: hdd.HDDStar}},
	}
	reductions, unfolded := 0, 0
	for name, src := range foldInputs(t) {
		whole := full(t, src)
		// The test wants one scalar of the input, the last of a few bytes.
		var want []byte
		for id := range whole.Nodes {
			if n := &whole.Nodes[id]; len(whole.Children(tree.NodeID(id))) == 0 && n.End-n.Start > 2 && n.Kind != "comma" {
				want = whole.Text(tree.NodeID(id))
			}
		}
		if want == nil {
			continue
		}
		for _, alg := range algorithms {
			outs, seen, folded := reduceTwice(t, name+", "+alg.name, 1, parseAt(src), alg.r, containsAll([][]byte{want}))
			if folded {
				unfolded++
			}
			reductions++
			if !bytes.Equal(outs[0], outs[1]) {
				t.Errorf("%s, %s: folded, the result is\n%s\nwant\n%s", name, alg.name, outs[1], outs[0])
			}
			if !slices.Equal(seen[0], seen[1]) {
				t.Errorf("%s, %s: folded, the test saw %d candidates, want the %d of the full tree in the same order", name, alg.name, len(seen[1]), len(seen[0]))
			}
		}
	}
	if unfolded == 0 {
		t.Fatal("no folded tree: the test checks nothing")
	}
	t.Logf("%d reductions, %d of them unfolded", reductions, unfolded)
}

// TestUnfoldEmptyStream reduces a folded stream with a test that accepts
// anything: every record goes at level 1, and the empty stream left is
// parsed again as a tree with no records.
func TestUnfoldEmptyStream(t *testing.T) {
	src := []byte("{\"a\": [1, 2]}\n[3, {\"b\": 4}]\n")
	doc, err := parse(src, 1, 1, anyJSON)
	if err != nil {
		t.Fatal(err)
	}
	if doc.Tree.FoldLevel() != 1 {
		t.Fatalf("FoldLevel %d, want 1", doc.Tree.FoldLevel())
	}
	r := hdd.Reducer{Oracle: hdd.OracleFunc(func([]byte) bool { return true })}
	res, err := r.Reduce(context.Background(), doc.Tree, doc.Policy)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Output) != 0 {
		t.Errorf("got %q, want the empty stream", res.Output)
	}
	for _, text := range []string{"", " \n"} {
		tr, err := doc.Policy.Unfold([]byte(text), 2)
		if err != nil || tr.Len() != 1 || tr.FoldLevel() != -1 {
			t.Errorf("Unfold(%q) = %v, %v; want a tree of the document alone", text, tr, err)
		}
	}
}

// longLists returns inputs with lists too long to build whole under a
// small budget: flat arrays, an object of many members, lists nested in
// objects and arrays, and streams of many values.
func longLists() map[string][]byte {
	list := func(n int, sep func(i int) string, item func(i int) string) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteString(sep(i))
			}
			b.WriteString(item(i))
		}
		return b.String()
	}
	commas := func(i int) string { return []string{",", ", ", ",\n  ", " ,"}[i%4] }
	lines := func(i int) string { return []string{"\n", "\n", " ", "\r\n"}[i%4] }
	return map[string][]byte{
		"numbers": []byte("[" + list(500, commas, func(i int) string { return fmt.Sprint(i * 7) }) + "]\n"),
		"members": []byte("{\n  " + list(300, commas, func(i int) string { return fmt.Sprintf(`"k%d": [%d, "v"]`, i, i) }) + "\n}"),
		"rows": []byte(`{"meta": {"n": 1}, "rows": [` + list(200, commas, func(i int) string {
			return fmt.Sprintf(`{"id": %d, "xs": [%s]}`, i, list(5, commas, func(j int) string { return fmt.Sprint(i + j) }))
		}) + "]}"),
		"pairs":  []byte("[" + list(400, commas, func(i int) string { return fmt.Sprintf("[%d,%d]", i, -i) }) + "]"),
		"inner":  []byte("[[" + list(600, commas, func(i int) string { return fmt.Sprint(i) }) + "]]"),
		"stream": []byte(list(300, lines, func(i int) string { return fmt.Sprintf(`{"n": %d, "s": "x%d"}`, i, i) }) + "\n"),
	}
}

// itemCounts returns, for each run of tr, the number of items of the full
// tree whole that it stands for: the items of the list (or records of the
// stream) whose bytes lie in the run, the ends of the run being the ends
// of two of them; with junk, a run of a document read tolerantly, it may
// end instead where any child of the list does (what is not JSON after its
// last item: a comma that separates nothing, a comment), not inside an
// item.
func itemCounts(t *testing.T, tr, whole *tree.Tree, junk bool) []int {
	t.Helper()
	starts, ends := make(map[int32]tree.NodeID), make(map[int32]bool)
	for id := 1; id < whole.Len(); id++ {
		n := &whole.Nodes[id]
		if isItem(n) {
			starts[n.Start], ends[n.End] = tree.NodeID(id), true
		} else if junk {
			ends[n.End] = true
		}
	}
	var counts []int
	for id := range tr.Nodes {
		n := &tr.Nodes[id]
		if !n.Is(tree.Run) {
			continue
		}
		first, ok := starts[n.Start]
		if n.Kind != "run" || !ok || !ends[n.End] || len(tr.Children(tree.NodeID(id))) != 0 {
			t.Fatalf("run %d [%d,%d) does not span whole items", id, n.Start, n.End)
		}
		count := 0
		for c := first; c < tree.NodeID(whole.Len()) && whole.Nodes[c].Start < n.End; c = whole.SubtreeEnd(c) {
			if cn := &whole.Nodes[c]; cn.Parent == whole.Nodes[first].Parent && isItem(cn) {
				if cn.End > n.End {
					t.Fatalf("run %d [%d,%d) ends inside an item", id, n.Start, n.End)
				}
				count++
			}
		}
		counts = append(counts, count)
	}
	return counts
}

// isItem reports whether n is an item of a list or a record of a stream.
func isItem(n *tree.Node) bool { return n.Is(tree.ListItem) || n.Kind == "record" }

// TestRuns checks trees built in runs: they round-trip, each run stands for
// whole consecutive items (as many in each run of a list but its last), the
// candidates are valid JSON, and unfolding makes progress to the full tree.
func TestRuns(t *testing.T) {
	for name, src := range longLists() {
		whole := full(t, src)
		valid := validatorFor(src)
		for _, budget := range []int{40, 150} {
			doc, err := parse(src, budget, 1, anyJSON)
			if err != nil {
				t.Fatal(err)
			}
			checkTree(t, doc)
			if records := len(whole.Children(0)); records > 1 {
				if w := fmt.Sprintf("a stream of %d JSON values", records); len(doc.Warnings) != 0 || len(doc.Notes) != 1 || !strings.Contains(doc.Notes[0], w) {
					t.Errorf("%s, budget %d: warnings %q, notes %q, want no warning and a note saying %q", name, budget, doc.Warnings, doc.Notes, w)
				}
			}
			runs := checkUnfolding(t, fmt.Sprintf("%s, budget %d", name, budget), doc, src, whole, false, valid, uint64(budget))
			if runs == 0 && budget == 40 {
				t.Errorf("%s, budget %d: no runs", name, budget)
			}
		}
	}
}

// checkUnfolding follows the tree of doc, a document of src, as the
// search unfolds it, down to the full tree whole: at each step the tree
// renders src back, its runs stand for whole consecutive items (as many in
// each run of a list but its last; see itemCounts, with junk), 50 random
// candidates (rand seed) pass valid, and Unfold makes progress. It returns
// the number of runs seen.
func checkUnfolding(t *testing.T, name string, doc *grammars.Doc, src []byte, whole *tree.Tree, junk bool, valid func([]byte) error, seed uint64) int {
	t.Helper()
	tr, min, runs := doc.Tree, 1, 0
	for steps := 0; tr.FoldLevel() >= 0 || tr.RunLevel() >= 0; steps++ {
		if steps > 20 {
			t.Fatalf("%s: no full tree after 20 unfoldings", name)
		}
		if got := string(unparse.Text(tr, doc.Policy, tree.Candidate{})); got != string(src) {
			t.Fatalf("%s: the tree renders as\n%s", name, clip([]byte(got)))
		}
		counts := itemCounts(t, tr, whole, junk)
		runs += len(counts)
		for i, c := range counts {
			if c < 1 || i > 0 && c > counts[0] {
				t.Errorf("%s: runs of %v items", name, counts)
				break
			}
		}
		rng := rand.New(rand.NewPCG(seed, uint64(steps)))
		for range 50 {
			if text := unparse.Text(tr, doc.Policy, grammartest.RandomCandidate(tr, rng)); valid(text) != nil {
				t.Fatalf("%s: a candidate is not valid: %v\n%s", name, valid(text), clip(text))
			}
		}
		// Unfold as the search does: past the runs, or below the
		// folded level.
		if tr.RunLevel() >= 0 && (tr.FoldLevel() < 0 || tr.RunLevel() <= tr.FoldLevel()) {
			min = tr.RunLevel() + 1
		} else {
			min = tr.FoldLevel() + 1
		}
		var err error
		if tr, err = doc.Policy.Unfold(src, min); err != nil {
			t.Fatal(err)
		}
		if tr.FoldLevel() >= 0 && tr.FoldLevel() < min || tr.RunLevel() >= 0 && tr.RunLevel() < min {
			t.Fatalf("%s: Unfold(%d) gave folds at %d, runs at %d", name, min, tr.FoldLevel(), tr.RunLevel())
		}
	}
	if tr.Len() != whole.Len() {
		t.Errorf("%s: unfolded to %d nodes, want %d", name, tr.Len(), whole.Len())
	}
	return runs
}

// reduceTwice reduces the document that at builds within no budget and the
// one it builds within budget, with r and the test interesting: the two
// results, the candidates the test saw in each, and whether the second
// tree is folded.
func reduceTwice(t *testing.T, name string, budget int, at func(budget int) (*grammars.Doc, error),
	r hdd.Reducer, interesting func([]byte) bool) (outs [2][]byte, seen [2][]string, folded bool) {
	t.Helper()
	for i, b := range []int{math.MaxInt, budget} {
		doc, err := at(b)
		if err != nil {
			t.Fatal(err)
		}
		folded = doc.Tree.FoldLevel() >= 0
		if seen[i], outs[i], err = grammartest.Reduce(doc, r, interesting); err != nil {
			t.Fatalf("%s, budget %d: %v", name, b, err)
		}
	}
	return outs, seen, folded
}

// parseAt returns parse of src within a budget, from level 1.
func parseAt(src []byte) func(budget int) (*grammars.Doc, error) {
	return func(budget int) (*grammars.Doc, error) { return parse(src, budget, 1, anyJSON) }
}

// TestRunsReduction reduces each input with long lists from its full tree
// and from trees built in runs: the results are the same, for about as
// many test runs.
func TestRunsReduction(t *testing.T) {
	for name, src := range longLists() {
		whole := full(t, src)
		// The test wants a scalar three fifths of the way through.
		var want []byte
		for id := range whole.Nodes {
			if n := &whole.Nodes[id]; len(whole.Children(tree.NodeID(id))) == 0 && n.Kind != "comma" && int(n.Start) < len(src)*3/5 {
				want = whole.Text(tree.NodeID(id))
			}
		}
		outs, seen, _ := reduceTwice(t, name, 40, parseAt(src), hdd.Reducer{Algorithm: hdd.HDDStar}, containsAll([][]byte{want}))
		tests := [2]int{len(seen[0]), len(seen[1])}
		if !bytes.Equal(outs[0], outs[1]) {
			t.Errorf("%s: in runs, the result is %q, want %q", name, outs[1], outs[0])
		}
		if tests[1] > tests[0]*3/2 {
			t.Errorf("%s: in runs, %d test runs, against %d from the full tree", name, tests[1], tests[0])
		}
		t.Logf("%s: %q, %d test runs from the full tree, %d in runs", name, outs[0], tests[0], tests[1])
	}
}
