package libwork

import (
	"testing"

	"github.com/faultloc/faultloc/encode/testdata/libwork/check"
)

func TestClamp(t *testing.T) {
	check.Equal(t, Clamp(11), 10)
}
