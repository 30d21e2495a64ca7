package failfirst

import "testing"

func TestPreds(t *testing.T) {
	if got := Sum([]Node{Pred{1}, Pred{2}}); got != 3 {
		t.Errorf("Sum = %d, want 3", got)
	}
}

func TestNested(t *testing.T) {
	if got := Sum([]Node{And{And{Pred{1}, Pred{2}}, Pred{3}}}); got != 6 {
		t.Errorf("Sum = %d, want 6", got)
	}
}
