package hdd

import (
	"bytes"
	"context"
	"hash/maphash"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// letters returns a tree of the text "a b c ... " (n letters), the root
// with one removable leaf per letter, and a search over it with jobs jobs
// and the oracle interesting.
func letters(t *testing.T, n, jobs int, interesting func(text string) bool) *search {
	t.Helper()
	var src strings.Builder
	for i := range n {
		src.WriteString(string(rune('a'+i)) + " ")
	}
	tr := tree.NewTree([]byte(src.String()))
	root := tr.Add(tree.NoNode, "list", 0, src.Len(), 0, "")
	for i := range n {
		tr.Add(root, "item", 2*i, 2*i+1, tree.Removable, "")
	}
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int64
	oracle := OracleFunc(func(c []byte) bool {
		calls.Add(1)
		time.Sleep(time.Millisecond) // so that runs overlap
		return interesting(string(c))
	})
	s := &search{r: &Reducer{Oracle: oracle, Jobs: jobs}, t: tr, p: &tree.Policy{},
		seed: maphash.MakeSeed(), cache: make(map[uint64]bool), start: time.Now()}
	s.best = tr.Src
	return s
}

// removals returns the alternatives "remove letter i" for i in 1..n-1,
// from the current candidate, and their folder.
func removals(s *search) (func(int) tree.Candidate, folder) {
	base := s.cur
	gen := func(i int) tree.Candidate { return base.Remove(tree.NodeID(i + 2)) } // letters b, c, ...
	fold := func(idx []int) (tree.Candidate, []int) {
		ids := make([]tree.NodeID, len(idx))
		for k, i := range idx {
			ids[k] = tree.NodeID(i + 2)
		}
		return base.Remove(ids...), idx
	}
	return gen, fold
}

// TestFoldAdoptsSuccesses checks that the successes found at once are
// adopted together, and exactly them: the fold removes every letter whose
// removal alone was interesting, and keeps the others.
func TestFoldAdoptsSuccesses(t *testing.T) {
	keep := "d" // removing d is not interesting; any other letter may go
	s := letters(t, 8, 8, func(c string) bool { return strings.Contains(c, keep) })
	gen, fold := removals(s)
	won, err := s.first(context.Background(), 7, gen, fold)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, 3, 4, 5, 6}; !slices.Equal(won, want) {
		t.Errorf("adopted %v, want %v (every alternative but removing d)", won, want)
	}
	if got := string(bytes.TrimSpace(s.best)); got != "a d" {
		t.Errorf("best %q, want %q", got, "a d")
	}
	if want := unparse.Text(s.t, s.p, s.cur); !bytes.Equal(want, s.best) {
		t.Errorf("the best text %q is not the rendering %q of the adopted candidate", s.best, want)
	}
	if s.stats.Folds != 1 || s.stats.Folded != 6 {
		t.Errorf("stats: %d folds of %d candidates, want 1 of 6", s.stats.Folds, s.stats.Folded)
	}
}

// TestFoldSplit checks that a fold that is not interesting is split in
// halves, the first half that is interesting adopted; and that with no
// interesting half the first success alone is.
func TestFoldSplit(t *testing.T) {
	tests := []struct {
		name        string
		interesting func(string) bool
		want        []int
		best        string
	}{
		// Every letter may go, but not e and f both
		// (b, c and d too), and g, h: the fold of all fails, its first
		// half (b c d) is adopted.
		{"first half", func(c string) bool { return strings.Contains(c, "e") || strings.Contains(c, "f") }, []int{0, 1, 2}, "a e f g h"},
		// b and c may each go, not both; likewise e and f: every fold
		// fails and the first success (b) is adopted alone.
		{"no half", func(c string) bool {
			return (strings.Contains(c, "b") || strings.Contains(c, "c")) && (strings.Contains(c, "e") || strings.Contains(c, "f")) &&
				strings.Contains(c, "d") && strings.Contains(c, "g") && strings.Contains(c, "h")
		}, []int{0}, "a c d e f g h"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := letters(t, 8, 8, tt.interesting)
			gen, fold := removals(s)
			won, err := s.first(context.Background(), 7, gen, fold)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(won, tt.want) {
				t.Errorf("adopted %v, want %v", won, tt.want)
			}
			if got := string(bytes.TrimSpace(s.best)); got != tt.best {
				t.Errorf("best %q, want %q", got, tt.best)
			}
		})
	}
}

// TestFoldRemovesMore checks that a fold is adopted only if it is shorter
// than the first success alone. The first alternative removes b c d e and
// combines with none of the others, which remove f, g and h: the fold of
// the last two is interesting but removes less, so the first is adopted.
func TestFoldRemovesMore(t *testing.T) {
	s := letters(t, 8, 8, func(c string) bool { return strings.Contains(c, "a") })
	base := s.cur
	letter := func(i int) tree.NodeID { return tree.NodeID(i + 1) } // a is 1
	gen := func(i int) tree.Candidate {
		if i == 0 {
			return base.Remove(letter(1), letter(2), letter(3), letter(4))
		}
		return base.Remove(letter(4 + i))
	}
	fold := func(idx []int) (tree.Candidate, []int) {
		if slices.Contains(idx, 0) {
			return tree.Candidate{}, nil
		}
		ids := make([]tree.NodeID, len(idx))
		for k, i := range idx {
			ids[k] = letter(4 + i)
		}
		return base.Remove(ids...), idx
	}
	won, err := s.first(context.Background(), 4, gen, fold)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(won, []int{0}) {
		t.Errorf("adopted %v, want [0]", won)
	}
	if got := strings.Join(strings.Fields(string(s.best)), " "); got != "a f g h" {
		t.Errorf("best %q, want %q", got, "a f g h")
	}
}
