package flip

import (
	"math"
	"testing"
)

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

// TestRatioZero and TestRatiosZero fail: a ratio over zero is NaN.
func TestRatioZero(t *testing.T) {
	if got := Ratio(1, 0); !math.IsNaN(got) {
		t.Errorf("Ratio(1, 0) = %v, want NaN", got)
	}
}

func TestRatiosZero(t *testing.T) {
	for _, a := range []float64{-2, 3} {
		if got := Ratio(a, 0); !math.IsNaN(got) {
			t.Errorf("Ratio(%v, 0) = %v, want NaN", a, got)
		}
	}
}

func TestRatio(t *testing.T) {
	if got := Ratio(1, 4); got != 0.25 {
		t.Errorf("Ratio(1, 4) = %v, want 0.25", got)
	}
}

// TestLastOne and TestLastThree fail: the last of n is n - 1.
func TestLastOne(t *testing.T) {
	if got := Last(1); got != 0 {
		t.Errorf("Last(1) = %d, want 0", got)
	}
}

func TestLastThree(t *testing.T) {
	if got := Last(3); got != 2 {
		t.Errorf("Last(3) = %d, want 2", got)
	}
}

// TestTriples and TestMoreTriples fail: each row expects another value,
// which no one replacement of Triple's result gives.
func TestTriples(t *testing.T) {
	for _, c := range []struct{ n, want int }{{1, 3}, {2, 6}} {
		if got := Triple(c.n); got != c.want {
			t.Errorf("Triple(%d) = %d, want %d", c.n, got, c.want)
		}
	}
}

func TestMoreTriples(t *testing.T) {
	for _, c := range []struct{ n, want int }{{4, 12}, {5, 15}} {
		if got := Triple(c.n); got != c.want {
			t.Errorf("Triple(%d) = %d, want %d", c.n, got, c.want)
		}
	}
}

// TestTripled fails: forcing Tripled's return or Triple's to 12 passes,
// and Triple's computes the value Tripled's passes on.
func TestTripled(t *testing.T) {
	if got := Tripled(4); got != 12 {
		t.Errorf("Tripled(4) = %d, want 12", got)
	}
}

// TestDiscount fails: 4 items at 30 reach 100. Only a total across the
// threshold passes, which no replacement by zero or one off gives.
func TestDiscount(t *testing.T) {
	if got := Discount(4, 30, 100); got != 10 {
		t.Errorf("Discount(4, 30, 100) = %d, want 10", got)
	}
}
