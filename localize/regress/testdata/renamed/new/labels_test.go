package renamed

import "testing"

func TestMarked(t *testing.T) {
	var s Style
	s.Mark = Dot
	if got := Marked("a"); got != "xa!" {
		t.Errorf("Marked(a) = %q, want %q (style %v)", got, "xa!", s)
	}
}
