package table

import "testing"

func TestThree(t *testing.T) {
	if got := Value("three"); got != 3 {
		t.Errorf("Value(%q) = %d, want 3", "three", got)
	}
}

func TestOthers(t *testing.T) {
	for _, name := range []string{"zero", "two", "ten"} {
		if Value(name) == 3 {
			t.Errorf("Value(%q) = 3", name)
		}
	}
}
