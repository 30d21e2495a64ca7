package switchfix

import "testing"

func TestPiped(t *testing.T) {
	if !Piped(`@pretty:{"sortKeys":true}`) {
		t.Error(`Piped("@pretty:{...}") = false, want true`)
	}
}
