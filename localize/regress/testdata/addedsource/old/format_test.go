package addedsource

import "testing"

func TestFormat(t *testing.T) {
	if got := Format(nil); got != "n=0;0:[]" {
		t.Errorf("Format(nil) = %q, want %q", got, "n=0;0:[]")
	}
}
