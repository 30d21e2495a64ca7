package recovered

import "testing"

func TestPad(t *testing.T) {
	if _, err := Pad("abcdef", 3); err != nil {
		t.Fatal(err)
	}
}
