package switchnested

import "testing"

func TestIsPipe(t *testing.T) {
	if !IsPipe(`@pretty:{"sortKeys":true}`) {
		t.Error(`IsPipe("@pretty:{...}") = false, want true`)
	}
}
