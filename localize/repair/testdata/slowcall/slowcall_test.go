package slowcall

import "testing"

func TestBits(t *testing.T) {
	if Bits(1<<25) < 1<<25 {
		t.Errorf("Bits(1<<25) < 1<<25")
	}
	if got := Bits(2); got != 4 {
		t.Errorf("Bits(2) = %d, want 4", got)
	}
}
