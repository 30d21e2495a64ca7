package consistent

import "testing"

func check(t *testing.T, score, want int) {
	t.Helper()
	if got := Grade(score); got != want {
		t.Errorf("Grade(%d) = %d, want %d", score, got, want)
	}
}

// TestA92 and TestA90 fail: the bound of an A is 95.
func TestA92(t *testing.T) { check(t, 92, 3) }
func TestA90(t *testing.T) { check(t, 90, 3) }

// The others pass.
func TestB85(t *testing.T) { check(t, 85, 2) }
func TestC70(t *testing.T) { check(t, 70, 1) }
func TestA99(t *testing.T) { check(t, 99, 3) }
