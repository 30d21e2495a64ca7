//go:build faultloc

package foo

import "testing"

// TestFoo runs Cases; testFoo fails by design.
func TestFoo(t *testing.T) {
	for _, tc := range Cases {
		t.Run(tc.Name, func(t *testing.T) {
			if got := Foo(tc.X, tc.Y); got != tc.Want {
				t.Errorf("Foo(%d, %d) = %d, want %d", tc.X, tc.Y, got, tc.Want)
			}
		})
	}
}
