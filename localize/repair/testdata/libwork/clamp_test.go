package libwork

import (
	"testing"

	"github.com/faultloc/faultloc/encode/testdata/libwork/check"
)

func TestClamp(t *testing.T) {
	check.Equal(t, Clamp(11), 10)
}

func TestClampRange(t *testing.T) {
	check.Equal(t, Clamp(-3), 0)
	check.Equal(t, Clamp(4), 4)
	check.Equal(t, Clamp(25), 10)
}
