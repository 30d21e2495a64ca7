package renamed

import "testing"

func TestPrefix(t *testing.T) {
	if got := Label(""); got != Prefix+Suffix {
		t.Errorf("Label() = %q, want %q", got, Prefix+Suffix)
	}
}
