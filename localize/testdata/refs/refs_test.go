package refs

import "testing"

func check(t *testing.T, r *Row, n int, want bool) {
	t.Helper()
	if got := r.Match(n); got != want {
		t.Errorf("%+v.Match(%d) = %v, want %v", *r, n, got, want)
	}
}

// TestLonger fails: a strict row of 3 does not match 5.
func TestLonger(t *testing.T) { check(t, &Row{N: 3}, 5, false) }

// TestExact passes.
func TestExact(t *testing.T) { check(t, &Row{N: 3}, 3, true) }

// TestLoose passes, and needs the other result for TestLonger's n and
// r.N: Loose, which the line does not read, tells them apart.
func TestLoose(t *testing.T) { check(t, &Row{N: 3, Loose: true}, 5, true) }
