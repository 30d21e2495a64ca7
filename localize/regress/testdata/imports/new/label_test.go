package label

import "testing"

func TestLabel(t *testing.T) {
	if got := Label(3); got != "item 3" {
		t.Errorf("Label(3) = %q, want %q", got, "item 3")
	}
}
