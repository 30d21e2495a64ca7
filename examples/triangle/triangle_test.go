//go:build faultloc

package triangle

import "testing"

// TestClassify is the paper's test suite; T8 fails by design.
func TestClassify(t *testing.T) {
	for _, tc := range Cases {
		t.Run(tc.Name, func(t *testing.T) {
			if got := Classify(tc.A, tc.B, tc.C); got != tc.Want {
				t.Errorf("Classify(%d, %d, %d) = %d, want %d", tc.A, tc.B, tc.C, got, tc.Want)
			}
		})
	}
}
