package latenative

import (
	"os"
	"testing"
	"time"
)

func TestLow(t *testing.T) {
	if got := Clamp(-1, 0, 3); got != 0 {
		t.Errorf("Clamp(-1, 0, 3) = %d, want 0", got)
	}
}

func TestHigh(t *testing.T) {
	if got := Clamp(5, 0, 3); got != 3 {
		t.Errorf("Clamp(5, 0, 3) = %d, want 3", got)
	}
}

func TestHigher(t *testing.T) {
	if got := Clamp(9, 1, 4); got != 4 {
		t.Errorf("Clamp(9, 1, 4) = %d, want 4", got)
	}
}

func TestGated(t *testing.T) {
	if Bits(1) == 0 {
		t.Fatal("Bits(1) = 0")
	}
	if gate := os.Getenv("FAULTLOC_LATENATIVE_GATE"); gate != "" {
		for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
			if _, err := os.Stat(gate); err == nil {
				break
			}
		}
	}
	if got := Clamp(7, 0, 3); got != 3 {
		t.Errorf("Clamp(7, 0, 3) = %d, want 3", got)
	}
}
