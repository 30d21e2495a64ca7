package panicky

import "testing"

func TestNegative(t *testing.T) {
	if Index([]int{1}, -1) != -1 {
		t.Error("want -1")
	}
}

func TestPastEnd(t *testing.T) {
	Index([]int{1}, 1) // panics
}

func TestTable(t *testing.T) {
	for _, tc := range []struct {
		name string
		i    int
	}{{"first", 0}, {"past end", 3}, {"negative", -2}} {
		t.Run(tc.name, func(t *testing.T) {
			Index([]int{5}, tc.i) // "past end" panics
		})
	}
}

func TestParallel(t *testing.T) {
	for _, x := range []int{1, 2} {
		t.Run("", func(t *testing.T) {
			t.Parallel()
			if Double(x) != 2*x {
				t.Error("wrong")
			}
		})
	}
}

func TestSkipped(t *testing.T) {
	t.Skip("not today")
}

var setUp bool

// TestSetup and TestOrder are order-dependent: TestOrder fails when it runs
// after TestSetup in the same process, and passes alone.
func TestSetup(t *testing.T) { setUp = true }

func TestOrder(t *testing.T) {
	if setUp {
		t.Error("ran after TestSetup")
	}
}
