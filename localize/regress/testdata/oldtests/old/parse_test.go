package num

import "testing"

func TestParse(t *testing.T) {
	if got := Parse("12"); got != 12 {
		t.Errorf("Parse(12) = %d", got)
	}
}
