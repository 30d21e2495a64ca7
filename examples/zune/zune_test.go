//go:build faultloc

package zune

import "testing"

// TestYear is the paper's test suite; T6 fails by design.
func TestYear(t *testing.T) {
	for _, tc := range Cases {
		t.Run(tc.Name, func(t *testing.T) {
			if got := Year(tc.Days); got != tc.Want {
				t.Errorf("Year(%d) = %d, want %d", tc.Days, got, tc.Want)
			}
		})
	}
}
