package a

import (
	"testing"

	"github.com/faultloc/faultloc/trace/testdata/libinit/lib"
)

func TestDouble(t *testing.T) {
	if got := Double(2); got != 4 {
		t.Errorf("Double(2) = %d, want 4", got)
	}
}

func TestName(t *testing.T) {
	if got := lib.Name(); got != "int" {
		t.Errorf("lib.Name() = %q, want int", got)
	}
}
