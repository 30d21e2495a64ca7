//go:build faultloc

package chops

import "testing"

// TestTaste runs Cases; "milky" and "latte" fail by design.
func TestTaste(t *testing.T) {
	for _, tc := range Cases {
		t.Run(tc.Name, func(t *testing.T) {
			if b, s := Taste(tc.Recipe); b != tc.Bitter || s != tc.Sweet {
				t.Errorf("Taste(%q) = %d, %d; want %d, %d", tc.Recipe, b, s, tc.Bitter, tc.Sweet)
			}
		})
	}
}
