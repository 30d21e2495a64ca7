package renamed

import "testing"

func want(s string) string { return "x" + s }

func TestLabel(t *testing.T) {
	if got := Label("a"); got != want("a") {
		t.Errorf("Label(a) = %q, want %q", got, want("a"))
	}
}
