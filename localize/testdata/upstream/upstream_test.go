package upstream

import "testing"

func TestLeast(t *testing.T) {
	if got := Least(1, 5, 7); got != 1 {
		t.Errorf("Least(1, 5, 7) = %d, want 1", got)
	}
}

func TestWidest(t *testing.T) {
	if got := Widest(200, 100); got != 200 {
		t.Errorf("Widest(200, 100) = %d, want 200", got)
	}
}

func TestMiddle(t *testing.T) {
	if mid, odd := Middle(-7, -3); mid != -5 || !odd {
		t.Errorf("Middle(-7, -3) = %d, %v, want -5, true", mid, odd)
	}
}

func TestDigits(t *testing.T) {
	if got := Digits(123); got != 3 {
		t.Errorf("Digits(123) = %d, want 3", got)
	}
}

func TestOdd(t *testing.T) {
	if !Odd(7) {
		t.Errorf("Odd(7) = false, want true")
	}
}
