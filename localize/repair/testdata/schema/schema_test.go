package schema

import "testing"

func TestGrade(t *testing.T) {
	for score, want := range map[int]string{10: "fail", 50: "pass", 79: "pass", 80: "good", 95: "good"} {
		if got := Grade(score); got != want {
			t.Errorf("Grade(%d) = %q, want %q", score, got, want)
		}
	}
}

func TestSum(t *testing.T) {
	if got := Sum([]int{1, 0, 2, -1, 5}); got != 3 {
		t.Errorf("Sum = %d, want 3", got)
	}
}

func TestFind(t *testing.T) {
	rows := [][]int{{1, 3}, {2, 4}, {5}}
	if got := Find(rows, 4); got != 1 {
		t.Errorf("Find(4) = %d, want 1", got)
	}
	if got := Find(rows, 6); got != -1 {
		t.Errorf("Find(6) = %d, want -1", got)
	}
}

func TestHalf(t *testing.T) {
	if h, even := Half(7); h != 3 || even {
		t.Errorf("Half(7) = %d, %v, want 3, false", h, even)
	}
}

func TestGradeTop(t *testing.T) {
	if got := Grade(100); got != "good" {
		t.Errorf("Grade(100) = %q, want good", got)
	}
}
