package guard

import "testing"

func TestPut(t *testing.T) {
	m := map[string]any{"a": 1}
	if err := Put(m, "a", 2); err != nil {
		t.Errorf("Put(a, 2): %v", err)
	}
}
