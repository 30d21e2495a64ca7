package predicate

import "testing"

func check(t *testing.T, rate, own, other int, want bool) {
	t.Helper()
	Rate, Own, Other = rate, own, other
	if got := Climb(); got != want {
		t.Errorf("Climb() with Rate %d, Own %d, Other %d = %v, want %v", rate, own, other, got, want)
	}
}

// TestFail1 and TestFail2 fail: not below, so no climb.
func TestFail1(t *testing.T) { check(t, 200, 10, 5, false) }

func TestFail2(t *testing.T) { check(t, 300, 20, 6, false) }

// The passing tests pass, as with the fix; TestPass1 has TestFail1's
// Rate, TestPass2 TestFail2's. Own and Other take more values than a
// flag.
func TestPass1(t *testing.T) { check(t, 200, 1, 5, true) }

func TestPass2(t *testing.T) { check(t, 300, 2, 30, true) }

func TestPass3(t *testing.T) { check(t, 50, 40, 7, false) }

func TestPass4(t *testing.T) { check(t, 50, 3, 8, false) }

// TestOdd passes and wants what the fix would not: not below, and a
// climb, at TestFail1's Rate.
func TestOdd(t *testing.T) { check(t, 200, 11, 5, true) }
