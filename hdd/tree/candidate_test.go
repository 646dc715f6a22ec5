package tree

import (
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
