package wider

import "testing"

func check(t *testing.T, inhibit bool, up, down, seq int, want bool) {
	t.Helper()
	Inhibit, Up, Down, Seq = inhibit, up, down, seq
	if got := Climb(); got != want {
		t.Errorf("Climb() with Inhibit %v, Up %d, Down %d = %v, want %v", inhibit, up, down, got, want)
	}
}

// TestFail1 and TestFail2 fail: without Inhibit there is no bias.
func TestFail1(t *testing.T) { check(t, false, 500, 550, 1, false) }

func TestFail2(t *testing.T) { check(t, false, 500, 560, 2, false) }

// TestPass1 and TestPass2 pass, as with the fix; TestPass1 has
// TestFail1's Up and Down.
func TestPass1(t *testing.T) { check(t, true, 500, 550, 3, true) }

func TestPass2(t *testing.T) { check(t, true, 500, 700, 4, false) }

// TestOdd passes and wants what TestFail1 does not, for the same Up,
// Down and Inhibit: only Seq tells them apart.
func TestOdd(t *testing.T) { check(t, false, 500, 550, 5, true) }
