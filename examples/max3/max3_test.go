//go:build faultloc

package max3

import "testing"

// TestMax3 fails by design on the paper's input.
func TestMax3(t *testing.T) {
	for _, tc := range Cases {
		t.Run(tc.Name, func(t *testing.T) {
			if got := Max3(tc.X, tc.Y, tc.Z); got != tc.Want {
				t.Errorf("Max3(%d, %d, %d) = %d, want %d", tc.X, tc.Y, tc.Z, got, tc.Want)
			}
		})
	}
}
