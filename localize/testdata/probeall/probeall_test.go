package probeall

import "testing"

func check(t *testing.T, score, limit int, want string) {
	t.Helper()
	if got := Grade(score, limit); got != want {
		t.Errorf("Grade(%d, %d) = %q, want %q", score, limit, got, want)
	}
}

// TestAt50 and TestAt60 fail: a score at the limit passes.
func TestAt50(t *testing.T) { check(t, 50, 50, "pass") }
func TestAt60(t *testing.T) { check(t, 60, 60, "pass") }

func TestBelow(t *testing.T) { check(t, 30, 50, "fail") }
func TestAbove(t *testing.T) { check(t, 70, 50, "pass") }

// TestAt90 breaks with a bonus of 1, which fixes the failing tests.
func TestAt90(t *testing.T) { check(t, 90, 50, "pass") }
func TestTop(t *testing.T)  { check(t, 95, 50, "top") }
