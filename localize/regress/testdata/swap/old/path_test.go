package swap

import (
	"slices"
	"testing"
)

func TestModifierOptions(t *testing.T) {
	parts, pipe := Walk(`#.z.@pretty:{"sortKeys":true}`)
	if !slices.Equal(parts, []string{"#", "z"}) || pipe != `@pretty:{"sortKeys":true}` {
		t.Errorf("Walk = %q, %q; want the modifier piped after #.z", parts, pipe)
	}
}
