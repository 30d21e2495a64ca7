package slowfirst

import "testing"

// TestSpin takes the interpreter far longer than the tests that list
// this package give it.
func TestSpin(t *testing.T) {
	if got := Spin(1 << 40); got < 0 || got > 6 {
		t.Errorf("Spin = %d, want 0 to 6", got)
	}
}

func check(t *testing.T, x, want int) {
	t.Helper()
	if got := Abs(x); got != want {
		t.Errorf("Abs(%d) = %d, want %d", x, got, want)
	}
}

func TestAbs1(t *testing.T) { check(t, 1, 1) }
func TestAbs2(t *testing.T) { check(t, -2, 2) }
func TestAbs3(t *testing.T) { check(t, 3, 3) }
func TestAbs4(t *testing.T) { check(t, -4, 4) }
func TestAbs5(t *testing.T) { check(t, 0, 0) }
func TestAbs6(t *testing.T) { check(t, -6, 6) }
func TestAbs7(t *testing.T) { check(t, 7, 7) }

func TestTable(t *testing.T) {
	for _, tc := range []struct {
		name    string
		x, want int
	}{{"neg", -8, 8}, {"pos", 9, 9}} {
		t.Run(tc.name, func(t *testing.T) { check(t, tc.x, tc.want) })
	}
}
