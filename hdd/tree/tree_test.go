package tree

import "testing"

// TestFoldedMustBePartial checks that Finish refuses folded nodes and runs
// in a tree not marked Partial, which the search would never parse again.
func TestFoldedMustBePartial(t *testing.T) {
	for _, f := range []Flags{Folded, Run} {
		for _, partial := range []bool{false, true} {
			tr := NewTree([]byte("(a)"))
			tr.Partial = partial
			root := tr.Add(NoNode, "doc", 0, 3, 0, "")
			tr.Add(root, "list", 0, 3, Removable|f, "")
			if err := tr.Finish(); (err == nil) != partial {
				t.Errorf("a %s node, Partial %v: Finish says %v", tr.Describe(1), partial, err)
			}
		}
	}
}
