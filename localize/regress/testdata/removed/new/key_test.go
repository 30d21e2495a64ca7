package removed

import "testing"

func TestKey(t *testing.T) {
	if got := Key("  Name "); got != "k:name" {
		t.Errorf("Key(%q) = %q, want %q", "  Name ", got, "k:name")
	}
}
