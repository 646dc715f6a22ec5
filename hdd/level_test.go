package hdd_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/tree"
)

// wrapped builds "w0 w1 ... w(n-1)" where word i is a removable atom under
// a chain of i fixed wrappers spanning the same bytes (the way a grammar's
// single-child rules wrap a token), or, when differ is set, under wrappers
// that each have a byte of their own: word i is followed by i "!", and each
// wrapper covers one "!" more than the one inside it.
func wrapped(t *testing.T, n int, differ bool) *tree.Tree {
	var b strings.Builder
	type word struct{ start, end int }
	var words []word
	for i := range n {
		if i > 0 {
			b.WriteByte(' ')
		}
		w := word{start: b.Len()}
		fmt.Fprintf(&b, "w%d", i)
		w.end = b.Len()
		if differ {
			b.WriteString(strings.Repeat("!", i))
		}
		words = append(words, w)
	}
	src := b.String()
	tr := tree.NewTree([]byte(src))
	root := tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	for i, w := range words {
		parent := root
		for j := range i {
			end := w.end
			if differ {
				end += i - j // the outermost covers all the "!"
			}
			parent = tr.Add(parent, "wrap", w.start, end, 0, "")
		}
		tr.Add(parent, "word", w.start, w.end, tree.Removable, "")
	}
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestLevelCollapsesChains checks that a chain of fixed single-child nodes
// spanning the same bytes spends no level: the words under chains of any
// length are processed together as one level, while words under wrappers
// with bytes of their own are a level deeper each.
func TestLevelCollapsesChains(t *testing.T) {
	const n = 12
	same, differ := wrapped(t, n, false), wrapped(t, n, true)
	if got := same.MaxLevel(); got != 1 {
		t.Errorf("same-span chains: got %d levels, want 1", got)
	}
	if got := differ.MaxLevel(); got != n {
		t.Errorf("chains with bytes of their own: got %d levels, want %d", got, n)
	}
	for id := range same.Len() {
		if same.Nodes[id].Kind == "word" && same.Level(tree.NodeID(id)) != 1 {
			t.Errorf("word %d at level %d, want 1", id, same.Level(tree.NodeID(id)))
		}
	}

	// One word is needed: the collapsed tree finds it with ddmin's
	// logarithmic search in one level, the deep one spends a test per level.
	oracle := contains("w5")
	tests := func(tr *tree.Tree) int {
		r := hdd.Reducer{Oracle: oracle, Algorithm: hdd.HDD}
		res, err := r.Reduce(context.Background(), tr, nil)
		if err != nil {
			t.Fatal(err)
		}
		if out := string(res.Output); strings.Count(out, "w") != 1 || !strings.Contains(out, "w5") {
			t.Errorf("got %q, want w5 and no other word", out)
		}
		return res.Stats.Tests
	}
	collapsed, deep := tests(same), tests(differ)
	t.Logf("test runs: %d with collapsed chains, %d with one level per word", collapsed, deep)
	if collapsed >= deep {
		t.Errorf("collapsed chains took %d test runs, want fewer than the %d of one level per word", collapsed, deep)
	}
}
