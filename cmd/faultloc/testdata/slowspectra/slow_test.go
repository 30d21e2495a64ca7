package slowspectra

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestNegative(t *testing.T) {
	if Abs(-2) != 2 {
		t.Error("Abs(-2) != 2")
	}
}

func TestPositive(t *testing.T) {
	if Abs(3) != 3 {
		t.Error("Abs(3) != 3")
	}
}

// TestSlow appends a line to $FAULTLOC_SLOW_MARK each time it starts (the
// suite's run, then its own); from its second start on, it runs for a
// minute.
func TestSlow(t *testing.T) {
	mark := os.Getenv("FAULTLOC_SLOW_MARK")
	if mark == "" {
		return
	}
	if f, err := os.OpenFile(mark, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
		f.WriteString("started\n")
		f.Close()
	}
	if b, _ := os.ReadFile(mark); strings.Count(string(b), "started") >= 2 {
		time.Sleep(time.Minute)
	}
}
