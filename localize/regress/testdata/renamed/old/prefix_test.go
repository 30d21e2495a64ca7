package renamed

import "testing"

func TestPrefix(t *testing.T) {
	if got := Label(""); got != want("") {
		t.Errorf("Label() = %q, want %q", got, want(""))
	}
}
