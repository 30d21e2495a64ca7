package runonce

import "testing"

func TestTotal(t *testing.T) {
	if got := Label(Total(20, 150)); got != "27.00" {
		t.Errorf("Label(Total(20, 150)) = %q, want %q", got, "27.00")
	}
}
