package unread

import "testing"

func TestEmpty(t *testing.T) {
	if got := Label(""); got == "" {
		t.Errorf("Label(\"\") = %q, want a mark", got)
	}
}

func TestLabel(t *testing.T) {
	if got := Label("a"); got != "a!" {
		t.Errorf("Label(a) = %q, want a!", got)
	}
}
