package tree

import "testing"

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
