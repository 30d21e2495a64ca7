package pure

import "testing"

func TestSite(t *testing.T) {
	Limit = 1
	if got := Site(2); got != 3 {
		t.Errorf("Site(2) = %d, want 3", got)
	}
}
