package boxheap

import "testing"

func TestCheapest(t *testing.T) {
	if got := Cheapest([][2]int{{3, 4}, {2, 5}, {10, 1}}); got != 20 {
		t.Errorf("Cheapest = %d, want 20", got)
	}
}
