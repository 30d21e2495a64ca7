package slowshared

import (
	"testing"
	"time"
)

func TestAbs(t *testing.T) {
	if got := Abs(-1); got != 1 {
		t.Errorf("Abs(-1) = %d, want 1", got)
	}
}

// TestSleep sleeps under go test; under the interpreter it does not.
func TestSleep(t *testing.T) {
	time.Sleep(time.Minute)
	if Abs(2) != 2 {
		t.Error("Abs(2) != 2")
	}
}

// TestSpin takes the interpreter far longer than the bounds of the
// tests that use it (and go test, which reaches it only after TestSleep,
// a few seconds).
func TestSpin(t *testing.T) {
	if got := Spin(1 << 33); got < 0 || got > 6 {
		t.Errorf("Spin = %d, want 0 to 6", got)
	}
}
