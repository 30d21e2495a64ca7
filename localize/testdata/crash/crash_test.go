package crash

import "testing"

func TestWindow(t *testing.T) {
	if got := Window([]int{1, 2, 3, 4}, 1, 2); len(got) != 2 || got[0] != 2 {
		t.Errorf("Window = %v, want [2 3]", got)
	}
}

func TestSum(t *testing.T) {
	var l List
	for _, v := range []int{1, 2, 3} {
		l.Push(v)
	}
	if got := l.Sum(); got != 6 {
		t.Errorf("Sum = %d, want 6", got)
	}
}

func TestEvens(t *testing.T) {
	if got := Evens(5); got != 3 {
		t.Errorf("Evens(5) = %d, want 3", got)
	}
}

func TestDigits(t *testing.T) {
	if got := Digits("1234"); got != 4 {
		t.Errorf("Digits = %d, want 4", got)
	}
}

func TestAt(t *testing.T) {
	if got := At([]int{1, 2, 3}, 2); got != 3 {
		t.Errorf("At = %d, want 3", got)
	}
}

func TestPasses(t *testing.T) {
	if Window([]int{1, 2}, 0, 0) == nil && Evens(4) != 2 {
		t.Error("unexpected")
	}
}
