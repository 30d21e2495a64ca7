package slowsuite

import (
	"os"
	"testing"
	"time"
)

func TestSlow(t *testing.T) {
	if d, err := time.ParseDuration(os.Getenv("SLOWSUITE_SLEEP")); err == nil {
		time.Sleep(d)
	}
	if Negative(1) {
		t.Error("Negative(1) = true, want false")
	}
}

func TestNegative(t *testing.T) {
	if !Negative(-1) {
		t.Error("Negative(-1) = false, want true")
	}
}
