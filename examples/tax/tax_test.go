//go:build faultloc

package tax

import "testing"

// TestTax fails: the tax on 100 is 20.
func TestTax(t *testing.T) {
	if got := Tax(100); got != 20 {
		t.Errorf("Tax(100) = %d, want 20", got)
	}
}

// TestNet fails: 120 with tax included is 100 net.
func TestNet(t *testing.T) {
	if got := Net(120); got != 100 {
		t.Errorf("Net(120) = %d, want 100", got)
	}
}

// TestZero passes: no tax on nothing.
func TestZero(t *testing.T) {
	if got := Tax(0); got != 0 {
		t.Errorf("Tax(0) = %d, want 0", got)
	}
}
