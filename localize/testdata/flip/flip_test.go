package flip

import "testing"

// TestTen and TestLabels fail: 10 is small.
func TestTen(t *testing.T) {
	if got := Label(10); got != "small" {
		t.Errorf("Label(10) = %q, want small", got)
	}
}

func TestLabels(t *testing.T) {
	if got := Labels([]int{3, 10, 12}); got != "small small large" {
		t.Errorf("Labels = %q, want small small large", got)
	}
}

func TestNine(t *testing.T) {
	if got := Label(9); got != "small" {
		t.Errorf("Label(9) = %q, want small", got)
	}
}

func TestEleven(t *testing.T) {
	if got := Label(11); got != "large" {
		t.Errorf("Label(11) = %q, want large", got)
	}
}
