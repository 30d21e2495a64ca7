package rows

import (
	"slices"
	"testing"
)

func TestAppendNone(t *testing.T) {
	if n := new(Table).Append().Len(); n != 0 {
		t.Errorf("Append() on an empty table: %d rows, want 0", n)
	}
}

func TestAppendNoneAfterRows(t *testing.T) {
	tb := new(Table).Append("a").Append()
	if tb.Len() != 1 {
		t.Errorf("Append(a).Append(): %d rows, want 1", tb.Len())
	}
}

func TestAppendOne(t *testing.T) {
	tb := new(Table).Append("a", "b")
	if tb.Len() != 1 || !slices.Equal(tb.Row(0), []string{"a", "b"}) {
		t.Errorf("Append(a, b): %d rows, want one: a b", tb.Len())
	}
}

func TestAppendMany(t *testing.T) {
	tb := new(Table)
	for _, v := range []string{"a", "b", "c"} {
		tb.Append(v)
	}
	if tb.Len() != 3 || tb.Row(2)[0] != "c" {
		t.Errorf("three appends: %d rows, want 3, the last c", tb.Len())
	}
}
