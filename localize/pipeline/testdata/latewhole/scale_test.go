package latewhole

import (
	"os"
	"testing"
	"time"
)

func TestBig(t *testing.T) {
	if Bits(1) == 0 {
		t.Fatal("Bits(1) = 0")
	}
	if got := Scale(60); got != 100 {
		t.Errorf("Scale(60) = %d, want 100", got)
	}
}

func TestSmall(t *testing.T) {
	if Bits(1) == 0 {
		t.Fatal("Bits(1) = 0")
	}
	if got := Scale(3); got != 6 {
		t.Errorf("Scale(3) = %d, want 6", got)
	}
}

func TestGated(t *testing.T) {
	if gate := os.Getenv("FAULTLOC_LATENATIVE_GATE"); gate != "" {
		for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
			if _, err := os.Stat(gate); err == nil {
				break
			}
		}
	}
	if got := Scale(4); got != 8 {
		t.Errorf("Scale(4) = %d, want 8", got)
	}
}
