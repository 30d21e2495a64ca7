package num

import "testing"

func TestParse(t *testing.T) {
	if got := Parse("ff", 16); got != 255 {
		t.Errorf("Parse(ff, 16) = %d", got)
	}
}
