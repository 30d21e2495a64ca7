package check_test

import (
	"testing"

	"example.com/testsonly/lib"
)

func TestDouble(t *testing.T) {
	if got := lib.Double(3); got != 6 {
		t.Errorf("Double(3) = %d, want 6", got)
	}
}
