package kind

import "testing"

func TestKind(t *testing.T) {
	if got := Kind("key=a#b"); got != "value" {
		t.Errorf("Kind(%q) = %q, want value", "key=a#b", got)
	}
}
