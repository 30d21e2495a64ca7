//go:build faultloc

package loops

import "testing"

// TestLoops runs Cases; the "...Fails" cases fail by design.
func TestLoops(t *testing.T) {
	for _, tc := range Cases {
		t.Run(tc.Name, func(t *testing.T) {
			if got := Run(tc); got != tc.Want {
				t.Errorf("%s(%d, %d) = %d, want %d", tc.Func, tc.N, tc.X, got, tc.Want)
			}
		})
	}
}
