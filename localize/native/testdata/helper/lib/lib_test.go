package lib

import (
	"testing"

	"helper/check"
)

func TestDouble(t *testing.T) {
	if !check.Equal(Double(2), 4) {
		t.Error("Double(2) != 4")
	}
}
