package b

import (
	"testing"

	"github.com/faultloc/faultloc/trace/testdata/initsnap/noisy"
)

func TestReady(t *testing.T) {
	if !noisy.Ready {
		t.Error("noisy's initializer did not run")
	}
}
