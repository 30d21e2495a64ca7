package a

import (
	"testing"

	"github.com/faultloc/faultloc/trace/testdata/initsnap/lib"
)

func TestBump(t *testing.T) {
	if msg := lib.Bump(); msg != "" {
		t.Error(msg)
	}
	if Table[7] != 49 {
		t.Errorf("Table[7] = %d, want 49", Table[7])
	}
	t.Logf("Mode %d, Derived %d, Sel %d", Mode, Derived, Sel)
	Mode++
	Derived++
	Sel++
	Table[7]++
}
