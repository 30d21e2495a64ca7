package renamed

import "testing"

func TestLabel(t *testing.T) {
	if got := Label("a"); got != "xa" {
		t.Errorf("Label(a) = %q, want %q", got, "xa")
	}
}
