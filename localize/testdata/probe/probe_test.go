package probe

import "testing"

func check(t *testing.T, score int, want string) {
	t.Helper()
	if got := Grade(score); got != want {
		t.Errorf("Grade(%d) = %q, want %q", score, got, want)
	}
}

func TestGrade50(t *testing.T) { check(t, 50, "pass") }
func TestGrade30(t *testing.T) { check(t, 30, "fail") }
func TestGrade70(t *testing.T) { check(t, 70, "pass") }
func TestGrade90(t *testing.T) { check(t, 90, "pass") }
func TestGrade95(t *testing.T) { check(t, 95, "top") }
