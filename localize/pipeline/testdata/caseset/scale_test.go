package caseset

import (
	"fmt"
	"testing"
)

func TestBig(t *testing.T) {
	if got := Scale(60); got != 100 {
		t.Errorf("Scale(60) = %d, want 100", got)
	}
}

func TestBigger(t *testing.T) {
	if got := Scale(70); got != 100 {
		t.Errorf("Scale(70) = %d, want 100", got)
	}
}

func TestSmall(t *testing.T) {
	for x := range 30 {
		t.Run(fmt.Sprint(x), func(t *testing.T) {
			if got := Scale(x); got != 2*x {
				t.Errorf("Scale(%d) = %d, want %d", x, got, 2*x)
			}
		})
	}
}
