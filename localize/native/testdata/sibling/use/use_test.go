package use

import "testing"

func TestRange(t *testing.T) {
	if got := Range([]int{3, 1, 2}); got != "1..3" {
		t.Errorf("Range = %q, want 1..3", got)
	}
}

func TestEmpty(t *testing.T) {
	if got := Summary(nil); got != "0..0 mean 0" {
		t.Errorf("Summary(nil) = %q, want 0..0 mean 0", got)
	}
}

func TestSummary(t *testing.T) {
	if got := Summary([]int{2, 4}); got != "2..4 mean 3" {
		t.Errorf("Summary = %q, want 2..4 mean 3", got)
	}
}

func TestSingle(t *testing.T) {
	if got := Summary([]int{5}); got != "5..5 mean 5" { // panics in calc.Mean
		t.Errorf("Summary = %q, want 5..5 mean 5", got)
	}
}
