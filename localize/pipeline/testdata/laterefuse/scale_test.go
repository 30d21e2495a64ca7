package laterefuse

import (
	"fmt"
	"os"
	"testing"
	"time"
)

func TestScale(t *testing.T) {
	if got := Scale(60); got != 100 {
		t.Errorf("Scale(60) = %d, want 100", got)
	}
}

func TestTable(t *testing.T) {
	if Bits(1) == 0 {
		t.Fatal("Bits(1) = 0")
	}
	for x := range 9 {
		t.Run(fmt.Sprint(x), func(t *testing.T) {
			if got := Scale(x); got != 2*x {
				t.Errorf("Scale(%d) = %d, want %d", x, got, 2*x)
			}
		})
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
	if got := Scale(10); got != 20 {
		t.Errorf("Scale(10) = %d, want 20", got)
	}
}
