package ordinal

import "testing"

type list []struct{ name, got, want string }

func (l list) check(t *testing.T) {
	for _, c := range l {
		if c.got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, c.got, c.want)
		}
	}
}

func TestOrdinal(t *testing.T) {
	list{
		{"1", Ordinal(1), "1st"},
		{"2", Ordinal(2), "2nd"},
	}.check(t)
}
