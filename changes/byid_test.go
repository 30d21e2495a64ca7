package changes

import "testing"

func TestByID(t *testing.T) {
	a, b, c := &Change{ID: "c1"}, &Change{ID: "c2"}, &Change{ID: "c3"}
	ordered := &Set{Changes: []*Change{a, b, c}}
	byHand := &Set{Changes: []*Change{c, a}} // not in the IDs' order
	for _, tc := range []struct {
		set  *Set
		id   string
		want *Change
	}{
		{ordered, "c2", b},
		{ordered, "c3", c},
		{ordered, "c4", nil},
		{ordered, "c0", nil},
		{ordered, "x", nil},
		{ordered, "", nil},
		{byHand, "c1", a},
		{byHand, "c3", c},
		{byHand, "c2", nil},
	} {
		if got := tc.set.ByID(tc.id); got != tc.want {
			t.Errorf("ByID(%q) = %v, want %v", tc.id, got, tc.want)
		}
	}
}
