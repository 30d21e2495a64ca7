package sub

import "testing"

func TestScale(t *testing.T) {
	if Scale(2, 3) != 6 {
		t.Fatal("Scale")
	}
}
