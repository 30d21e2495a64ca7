package a

import (
	"testing"

	"github.com/faultloc/faultloc/trace/testdata/support/helper"
	"github.com/faultloc/faultloc/trace/testdata/support/internal/testutil"
)

func TestDouble(t *testing.T) {
	testutil.Equal(t, Double(helper.Three()), 6)
}
