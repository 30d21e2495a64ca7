package trunc

import "testing"

func TestTruncateCut(t *testing.T) {
	if got := Truncate("abcdef", 3); got != "abc…" {
		t.Errorf("Truncate(abcdef, 3) = %q, want abc…", got)
	}
}

func TestTruncateExact(t *testing.T) {
	if got := Truncate("abc", 3); got != "abc" {
		t.Errorf("Truncate(abc, 3) = %q, want abc", got)
	}
}
