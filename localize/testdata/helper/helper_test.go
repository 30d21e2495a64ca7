package helper

import (
	"testing"

	"github.com/faultloc/faultloc/localize/testdata/helper/internal/testutil"
)

func TestLow(t *testing.T) { testutil.Equal(t, Clamp(-1, 0, 3), 0) }

func TestMid(t *testing.T) { testutil.Equal(t, Clamp(2, 0, 3), 2) }

func TestHigh(t *testing.T) { testutil.Equal(t, Clamp(5, 0, 3), 3) }
