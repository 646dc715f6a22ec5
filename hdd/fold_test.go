package hdd_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/tree"
)

// TestFoldedSearch reduces each case from its full tree and from trees
// folded at each depth, which the search parses again level by level: the
// oracle sees the same candidates in the same order, whatever the
// algorithm, and the results are the same.
func TestFoldedSearch(t *testing.T) {
	unfolded := 0
	for _, tc := range reduceCases {
		for _, alg := range []hdd.Algorithm{hdd.HDD, hdd.HDDPlus, hdd.HDDStar} {
			reduce := func(tr *tree.Tree) ([]string, []byte) {
				var seen []string
				r := hdd.Reducer{Algorithm: alg, Oracle: hdd.OracleFunc(func(c []byte) bool {
					seen = append(seen, string(c))
					return tc.oracle(c)
				})}
				res, err := r.Reduce(context.Background(), tr, sexpPolicy)
				if err != nil {
					t.Fatalf("%s/%v: %v", tc.name, alg, err)
				}
				return seen, res.Output
			}
			wantSeen, want := reduce(sexp(t, tc.src))
			for fold := 1; ; fold++ {
				tr, err := foldedSexp(tc.src, fold)
				if err != nil {
					t.Fatal(err)
				}
				if tr.FoldLevel() < 0 {
					break
				}
				unfolded++
				seen, got := reduce(tr)
				if string(got) != string(want) || !slices.Equal(seen, wantSeen) {
					t.Errorf("%s/%v folded at %d: %q after %d candidates, want %q after the %d of the full tree, in the same order",
						tc.name, alg, fold, got, len(seen), want, len(wantSeen))
				}
			}
		}
	}
	if unfolded == 0 {
		t.Fatal("no case folds")
	}
}

// TestUnfoldErrors checks that a bad Unfold stops the search with an error
// rather than looping or reducing the wrong text.
func TestUnfoldErrors(t *testing.T) {
	const src = "(a (b c) (d (e f)))"
	tests := []struct {
		name   string
		unfold func(src []byte, min int) (*tree.Tree, error)
		want   string
	}{
		{"fails", func([]byte, int) (*tree.Tree, error) { return nil, errors.New("bad input") },
			"parsing the reduced text again to reach level 2: bad input"},
		{"no progress", func(src []byte, min int) (*tree.Tree, error) { return foldedSexp(string(src), min-1) },
			"Unfold folded level 1, above level 2"},
		{"other text", func(_ []byte, min int) (*tree.Tree, error) { return foldedSexp("(x)", min) },
			"Unfold returned a tree of another text"},
	}
	for _, tt := range tests {
		tr, err := foldedSexp(src, 1)
		if err != nil {
			t.Fatal(err)
		}
		r := hdd.Reducer{Oracle: contains("f")}
		_, err = r.Reduce(context.Background(), tr, &tree.Policy{Fuse: sexpPolicy.Fuse, Unfold: tt.unfold})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got error %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestPartialNeedsUnfold checks that the search refuses a Partial tree
// whose policy cannot parse it again.
func TestPartialNeedsUnfold(t *testing.T) {
	tr, err := foldedSexp("(a (b c))", 1)
	if err != nil {
		t.Fatal(err)
	}
	r := hdd.Reducer{Oracle: contains("c")}
	if _, err := r.Reduce(context.Background(), tr, &tree.Policy{Fuse: sexpPolicy.Fuse}); err == nil || !strings.Contains(err.Error(), "needs the policy's Unfold") {
		t.Errorf("got error %v, want one about the missing Unfold", err)
	}
}

// runsPolicy is the policy of runsTree's trees: its Unfold gives the full
// tree (sexp's).
var runsPolicy = &tree.Policy{
	Fuse:   sexpPolicy.Fuse,
	Unfold: func(src []byte, min int) (*tree.Tree, error) { return foldedSexp(string(src), -1) },
}

// runsTree returns the tree of the atoms of src, a list of words, built in
// runs of k words: each run a removable leaf standing for its words. Its
// policy is runsPolicy.
func runsTree(t *testing.T, src string, k int) *tree.Tree {
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	words := strings.Fields(src)
	at := 0
	for i := 0; i < len(words); i += k {
		start := strings.Index(src[at:], words[i]) + at
		end := start
		for _, w := range words[i:min(i+k, len(words))] {
			end = strings.Index(src[end:], w) + end + len(w)
		}
		tr.Add(root, "run", start, end, tree.Removable|tree.Run, "")
		at = end
	}
	tr.Partial = true
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestRunsSearch reduces a list built in runs: the search prunes the runs,
// parses what is left again and prunes its words, reaching the result the
// full tree gives.
func TestRunsSearch(t *testing.T) {
	const src = "w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15"
	for _, k := range []int{2, 3, 5} {
		for _, alg := range []hdd.Algorithm{hdd.HDD, hdd.HDDPlus, hdd.HDDStar} {
			var logs []string
			r := hdd.Reducer{Algorithm: alg, Oracle: contains("w9", "w11"),
				Log: func(m string) { logs = append(logs, m) }}
			res, err := r.Reduce(context.Background(), runsTree(t, src, k), runsPolicy)
			if err != nil {
				t.Fatalf("runs of %d, %v: %v", k, alg, err)
			}
			if got := string(res.Output); got != "w9 w11" {
				t.Errorf("runs of %d, %v: got %q, want %q", k, alg, got, "w9 w11")
			}
			if !slices.ContainsFunc(logs, func(m string) bool { return strings.Contains(m, "parsed the") }) {
				t.Errorf("runs of %d, %v: the runs were never parsed again: %q", k, alg, logs)
			}
		}
	}
	// Unfolding that leaves runs where the search needs items is an error.
	again := &tree.Policy{Unfold: func(src []byte, min int) (*tree.Tree, error) { return runsTree(t, string(src), 2), nil }}
	r := hdd.Reducer{Oracle: contains("w9")}
	if _, err := r.Reduce(context.Background(), runsTree(t, src, 2), again); err == nil || !strings.Contains(err.Error(), "left runs at level 1, above level 2") {
		t.Errorf("got error %v, want one about runs left", err)
	}
}

// TestStaleTreeParsedAgain checks that once the best text of a large input
// is no longer the tree's, the search parses it again before the next
// level, though nothing is folded there, so the old text can go.
func TestStaleTreeParsedAgain(t *testing.T) {
	var b strings.Builder
	b.WriteString("(keep (")
	for i := 0; b.Len() < 1<<20+1000; i++ {
		fmt.Fprintf(&b, "a%d ", i)
	}
	b.WriteString(")) (drop)")
	src := b.String()
	tr, err := foldedSexp(src, 2)
	if err != nil {
		t.Fatal(err)
	}
	var logs []string
	r := hdd.Reducer{Algorithm: hdd.HDD, NoHoist: true, NoShorten: true,
		Oracle: contains("keep", "a7 "), Log: func(m string) { logs = append(logs, m) }}
	res, err := r.Reduce(context.Background(), tr, sexpPolicy)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(res.Output); got != "(keep (a7 ))" {
		t.Errorf("got %q", got)
	}
	if !slices.ContainsFunc(logs, func(m string) bool { return strings.Contains(m, "again for level 2") }) {
		t.Errorf("the text was not parsed again for level 2:\n%s", strings.Join(logs, "\n"))
	}
}
