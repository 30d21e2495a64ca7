package table

import "testing"

func TestNumeric(t *testing.T) {
	if !Numeric("-0700") {
		t.Errorf("Numeric(-0700) = false, want true")
	}
}
