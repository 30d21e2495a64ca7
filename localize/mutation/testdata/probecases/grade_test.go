package probecases

import "testing"

func TestGrade50(t *testing.T) {
	if got := Grade(50); got != "pass" {
		t.Errorf("Grade(50) = %q, want pass", got)
	}
}

func TestGrade95(t *testing.T) {
	if got := Grade(95); got != "top" {
		t.Errorf("Grade(95) = %q, want top", got)
	}
}

func TestGrade30(t *testing.T) {
	if got := Grade(30); got != "fail" {
		t.Errorf("Grade(30) = %q, want fail", got)
	}
}

func TestPasses50(t *testing.T) {
	if !Passes(50) {
		t.Error("Passes(50) = false, want true")
	}
}

func TestPasses70(t *testing.T) {
	if !Passes(70) {
		t.Error("Passes(70) = false, want true")
	}
}

func TestCount(t *testing.T) {
	if got := Count([]int{20, 50, 60}); got != 2 {
		t.Errorf("Count = %d, want 2", got)
	}
}
