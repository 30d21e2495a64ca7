package a

import (
	"testing"

	"github.com/faultloc/faultloc/trace/testdata/initsnap/lib"
)

func TestBump(t *testing.T) {
	if msg := lib.Bump(); msg != "" {
		t.Error(msg)
	}
	t.Logf("Mode %d, Derived %d", Mode, Derived)
	Mode++
	Derived++
}
