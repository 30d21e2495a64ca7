package origin

import "testing"

func TestLabel(t *testing.T) {
	if got := Label("a"); got != "a" {
		t.Errorf("Label(a) = %q, want %q", got, "a")
	}
}
