package renamed

import "testing"

func TestMarked(t *testing.T) {
	if got := Marked("a"); got != "xa!" {
		t.Errorf("Marked(a) = %q, want %q", got, "xa!")
	}
}
