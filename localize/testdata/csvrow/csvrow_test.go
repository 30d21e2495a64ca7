package csvrow

import "testing"

func TestRow(t *testing.T) {
	if got, want := Row([]string{"a", "b,c", "d"}), `a,"b,c",d`; got != want {
		t.Errorf("Row = %s, want %s", got, want)
	}
}
