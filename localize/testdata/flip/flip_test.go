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

// TestZero and TestCount fail: zero is not positive.
func TestZero(t *testing.T) {
	if Positive(0) {
		t.Error("Positive(0) = true")
	}
}

func TestCount(t *testing.T) {
	if got := CountPositive([]int{-2, 0, 5}); got != 1 {
		t.Errorf("CountPositive = %d, want 1", got)
	}
}

func TestPositive(t *testing.T) {
	if !Positive(3) || Positive(-3) {
		t.Error("Positive(3) or Positive(-3) wrong")
	}
}
