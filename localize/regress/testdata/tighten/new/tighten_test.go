package tighten

import "testing"

func TestPad(t *testing.T) {
	if got := Pad("ab", 4); got != "ab  " {
		t.Errorf("Pad(ab, 4) = %q, want %q", got, "ab  ")
	}
}

func TestOr(t *testing.T) {
	if got := Or("", "x"); got != "" {
		t.Errorf("Or(\"\", x) = %q, want \"\"", got)
	}
}
