package flexsolve

import "testing"

// TestBulk passes with k = 30 at Bulk's first line, and with k = 1000
// (n = 980).
func TestBulk(t *testing.T) {
	if !Bulk(10) {
		t.Error("Bulk(10) = false, want true")
	}
}

// TestTriple passes with k = 21 at Triple's first line only.
func TestTriple(t *testing.T) {
	if !Triple(3) {
		t.Error("Triple(3) = false, want true")
	}
}

// TestFull passes with k = -1 at Full's first line only.
func TestFull(t *testing.T) {
	if !Full(-1) {
		t.Error("Full(-1) = false, want true")
	}
}
