package tree

import (
	"hash/maphash"
	"slices"
	"testing"
)

func TestEditedWithin(t *testing.T) {
	c := Candidate{}.Remove(5, 64, 130).Replace(200, "x")
	tests := []struct {
		from, to NodeID
		want     bool
	}{
		{0, 5, false}, {0, 6, true}, {5, 6, true}, {6, 64, false}, {6, 65, true},
		{65, 130, false}, {65, 131, true}, {131, 200, false}, {131, 201, true}, {201, 1000, false},
		{63, 64, false}, {64, 64, false},
	}
	for _, tc := range tests {
		if got := c.EditedWithin(tc.from, tc.to); got != tc.want {
			t.Errorf("EditedWithin(%d, %d) = %v, want %v", tc.from, tc.to, got, tc.want)
		}
	}
}

// TestNextEdited checks NextEdited against EditedWithin at every node of
// a candidate with removals in several words and a replacement and a
// hoist among them.
func TestNextEdited(t *testing.T) {
	c := Candidate{}.Remove(5, 63, 64, 130, 300).Replace(200, "x").Hoist(7, 9)
	for from := NodeID(0); from < 400; from++ {
		want := NoNode
		for id := from; id < 400; id++ {
			if c.EditedWithin(id, id+1) {
				want = id
				break
			}
		}
		if got := c.NextEdited(from); got != want {
			t.Errorf("NextEdited(%d) = %d, want %d", from, got, want)
		}
	}
	if got := (Candidate{}).NextEdited(0); got != NoNode {
		t.Errorf("NextEdited of no edits = %d, want NoNode", got)
	}
}

func TestMerge(t *testing.T) {
	base := Candidate{}.Remove(1).Replace(2, "x")
	tests := []struct {
		name   string
		c, d   Candidate
		ok     bool
		remove []NodeID
		subst  map[NodeID]Subst
	}{
		{"disjoint removals", base.Remove(5), base.Remove(70), true, []NodeID{1, 5, 70}, map[NodeID]Subst{2: {Text: "x", Hoist: NoNode}}},
		{"removal and hoist", base.Remove(5), base.Hoist(9, 11), true, []NodeID{1, 5}, map[NodeID]Subst{2: {Text: "x", Hoist: NoNode}, 9: {Hoist: 11}}},
		{"same edit twice", base.Replace(3, "y"), base.Replace(3, "y"), true, []NodeID{1}, map[NodeID]Subst{2: {Text: "x", Hoist: NoNode}, 3: {Text: "y", Hoist: NoNode}}},
		{"two texts for one node", base.Replace(3, "y"), base.Replace(3, "z"), false, nil, nil},
		{"removed and replaced", base.Remove(3), base.Replace(3, "z"), false, nil, nil},
		{"replaced and removed", base.Hoist(3, 4), base.Remove(3), false, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, ok := tt.c.Merge(tt.d)
			if ok != tt.ok {
				t.Fatalf("got ok %v, want %v", ok, tt.ok)
			}
			if !ok {
				return
			}
			for id := NodeID(0); id < 128; id++ {
				want := slices.Contains(tt.remove, id)
				if m.Removed(id) != want {
					t.Errorf("node %d: removed %v, want %v", id, m.Removed(id), want)
				}
				s, has := m.Subst(id)
				ws, wantHas := tt.subst[id]
				if has != wantHas || s != ws {
					t.Errorf("node %d: subst %v %v, want %v %v", id, s, has, ws, wantHas)
				}
			}
			if tt.c.Removed(70) || tt.c.Edited(9) {
				t.Errorf("Merge changed its receiver")
			}
		})
	}
}

func TestDiffHash(t *testing.T) {
	seed := maphash.MakeSeed()
	a := Candidate{}.Remove(1)
	b := Candidate{}.Remove(1, 70).Replace(2, "x")
	tests := []struct {
		name   string
		c, d   Candidate // the candidates
		cb, db Candidate // and their bases
		same   bool
	}{
		{"a removal over two bases", a.Remove(5), b.Remove(5), a, b, true},
		{"a removal over itself", b.Remove(5), b.Remove(5), b, b, true},
		{"a base's own edits count for nothing", b.Remove(5), Candidate{}.Remove(5), b, Candidate{}, true},
		{"two removals", a.Remove(5), a.Remove(6), a, a, false},
		{"removals in two words", a.Remove(5), a.Remove(69), a, a, false},
		{"a removal and its node's replacement", a.Remove(5), a.Replace(5, ""), a, a, false},
		{"two texts", b.Replace(3, "y"), b.Replace(3, "z"), b, b, false},
		{"a text changed from the base's", b.Replace(2, "y"), a.Replace(2, "y"), b, a, true},
		{"the base's text again", b.Replace(2, "x"), a, b, a, true},
		{"a hoist and a text", a.Hoist(3, 4), a.Replace(3, ""), a, a, false},
		{"two hoists", a.Hoist(3, 4), a.Hoist(3, 5), a, a, false},
		{"more removals", a.Remove(5, 6), a.Remove(5), a, a, false},
	}
	for _, tt := range tests {
		h, hok := tt.c.DiffHash(seed, tt.cb)
		k, kok := tt.d.DiffHash(seed, tt.db)
		if (h == k && hok == kok) != tt.same {
			t.Errorf("%s: hashes equal %v, want %v", tt.name, h == k && hok == kok, tt.same)
		}
	}
	for _, tt := range []struct {
		name    string
		c, base Candidate
		edits   bool
	}{
		{"no edits", Candidate{}, Candidate{}, false},
		{"the base's own edits", b, b, false},
		{"the base's text again", b.Replace(2, "x"), b, false},
		{"a removal", b.Remove(5), b, true},
		{"another text", b.Replace(2, "y"), b, true},
		{"a hoist", a.Hoist(3, 4), a, true},
	} {
		if _, ok := tt.c.DiffHash(seed, tt.base); ok != tt.edits {
			t.Errorf("%s: DiffHash reports edits %v, want %v", tt.name, ok, tt.edits)
		}
	}
}

func TestDiffNodes(t *testing.T) {
	a := Candidate{}.Remove(1)
	b := Candidate{}.Remove(1, 70).Replace(2, "x")
	type edit struct {
		id      NodeID
		removed bool
	}
	tests := []struct {
		name    string
		c, base Candidate
		want    []edit
	}{
		{"no edits", Candidate{}, Candidate{}, nil},
		{"the base's own edits", b, b, nil},
		{"removals in two words, in ID order", a.Remove(130, 5, 64), a, []edit{{5, true}, {64, true}, {130, true}}},
		{"a removal over a base removing less", b, a, []edit{{70, true}, {2, false}}},
		{"another text", b.Replace(2, "y"), b, []edit{{2, false}}},
		{"the base's text again", b.Replace(2, "x"), b, nil},
		{"a hoist and a text", a.Hoist(9, 10).Replace(3, ""), a, []edit{{3, false}, {9, false}}},
	}
	for _, tt := range tests {
		var got []edit
		tt.c.DiffNodes(tt.base, func(id NodeID, removed bool) { got = append(got, edit{id, removed}) })
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: DiffNodes gives %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestSame checks that Same holds for a candidate and its copies only,
// and that an edit gives a candidate that is not the same, even one
// that replaces a hoist by another of the same node.
func TestSame(t *testing.T) {
	base := Candidate{}.Remove(3).Hoist(5, 7)
	copied := base
	tests := []struct {
		name string
		a, b Candidate
		want bool
	}{
		{"zero values", Candidate{}, Candidate{}, true},
		{"a copy", base, copied, true},
		{"no new removal", base, base.Remove(), true},
		{"a removal", base, base.Remove(4), false},
		{"the same removal again", base, base.Remove(3), false},
		{"another hoist of the same node", base, base.Hoist(5, 8), false},
		{"a replacement", base, base.Replace(9, "0"), false},
		{"equal edits built apart", Candidate{}.Remove(1), Candidate{}.Remove(1), false},
	}
	for _, tt := range tests {
		if got := tt.a.Same(tt.b); got != tt.want {
			t.Errorf("%s: Same = %v, want %v", tt.name, got, tt.want)
		}
		if got := tt.b.Same(tt.a); got != tt.want {
			t.Errorf("%s, swapped: Same = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// nested returns the tree of "(a (b (c d) e) f)": the root (0) holds a
// (1), the list (2) of b (3), the list (4) of c (5) and d (6), and e (7);
// then f (8).
func nested(t *testing.T) *Tree {
	t.Helper()
	tr := NewTree([]byte("(a (b (c d) e) f)"))
	root := tr.Add(NoNode, "list", 0, 17, 0, "")
	tr.Add(root, "atom", 1, 2, Removable, "")
	bl := tr.Add(root, "list", 3, 14, Removable, "")
	tr.Add(bl, "atom", 4, 5, Removable, "")
	cl := tr.Add(bl, "list", 6, 11, Removable, "")
	tr.Add(cl, "atom", 7, 8, Removable, "")
	tr.Add(cl, "atom", 9, 10, Removable, "")
	tr.Add(bl, "atom", 12, 13, Removable, "")
	tr.Add(root, "atom", 15, 16, Removable, "")
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestIsAncestor checks IsAncestor against a walk up the parents, for
// every pair of nodes and NoNode.
func TestIsAncestor(t *testing.T) {
	tr := nested(t)
	for a := NoNode; a < NodeID(tr.Len()); a++ {
		for id := NoNode; id < NodeID(tr.Len()); id++ {
			want := false
			for n := id; n != NoNode && a != NoNode; n = tr.Nodes[n].Parent {
				want = want || n == a
			}
			if got := tr.IsAncestor(a, id); got != want {
				t.Errorf("IsAncestor(%d, %d) = %v, want %v", a, id, got, want)
			}
		}
	}
}

// TestPresent checks which nodes a candidate reaches when rendered.
func TestPresent(t *testing.T) {
	tr := nested(t)
	for _, tt := range []struct {
		name    string
		c       Candidate
		present []NodeID
	}{
		{"no edits", Candidate{}, []NodeID{0, 1, 2, 3, 4, 5, 6, 7, 8}},
		{"b's list removed", Candidate{}.Remove(2), []NodeID{0, 1, 2, 8}},
		{"c's list replaced", Candidate{}.Replace(4, "x"), []NodeID{0, 1, 2, 3, 4, 7, 8}},
		{"b's list hoisted to c's", Candidate{}.Hoist(2, 4), []NodeID{0, 1, 2, 4, 5, 6, 8}},
		{"hoists in a row", Candidate{}.Hoist(0, 4).Hoist(4, 6), []NodeID{0, 4, 6}},
		{"removed under a hoist", Candidate{}.Hoist(2, 4).Remove(5), []NodeID{0, 1, 2, 4, 5, 6, 8}},
	} {
		var got []NodeID
		for id := range NodeID(tr.Len()) {
			if tr.Present(tt.c, id) {
				got = append(got, id)
			}
		}
		if !slices.Equal(got, tt.present) {
			t.Errorf("%s: present %v, want %v", tt.name, got, tt.present)
		}
	}
}

// TestSubstAll checks that ReplaceAll and HoistAll make the candidate
// that one Replace or Hoist a node would, over a candidate with edits of
// its own, one of them made again, and that they leave their receiver as
// it was.
func TestSubstAll(t *testing.T) {
	base := Candidate{}.Remove(3).Replace(9, "x").Hoist(20, 22)
	texts := map[NodeID]string{40: "a", 9: "y", 5: "b", 100: "c"}
	hoists := map[NodeID]NodeID{40: 41, 20: 21, 5: 7, 100: 104}
	for _, tt := range []struct {
		name string
		all  func(Candidate) Candidate
		one  func(c Candidate, id NodeID) Candidate
		ids  []NodeID // the keys of the edits all makes
	}{
		{"ReplaceAll", func(c Candidate) Candidate { return c.ReplaceAll(texts) },
			func(c Candidate, id NodeID) Candidate { return c.Replace(id, texts[id]) },
			[]NodeID{5, 9, 40, 100}},
		{"HoistAll", func(c Candidate) Candidate { return c.HoistAll(hoists) },
			func(c Candidate, id NodeID) Candidate { return c.Hoist(id, hoists[id]) },
			[]NodeID{5, 20, 40, 100}},
	} {
		got := tt.all(base)
		want := base
		for _, id := range tt.ids {
			want = tt.one(want, id)
		}
		if !slices.Equal(got.substed, want.substed) {
			t.Errorf("%s: keys %v, want %v", tt.name, got.substed, want.substed)
		}
		for _, id := range want.substed {
			if g, w := got.subst[id], want.subst[id]; g != w {
				t.Errorf("%s: node %d: %+v, want %+v", tt.name, id, g, w)
			}
		}
		if !got.Removed(3) || got.Removed(5) {
			t.Errorf("%s: removals changed: %v", tt.name, got.removed)
		}
		if s, _ := base.Subst(9); s.Text != "x" || len(base.substed) != 2 {
			t.Errorf("%s: the receiver changed: %v", tt.name, base.subst)
		}
	}
	if c := base.ReplaceAll(nil); !c.Same(base) {
		t.Error("no texts: not the receiver")
	}
	if c := base.HoistAll(nil); !c.Same(base) {
		t.Error("no hoists: not the receiver")
	}
}
