//go:build faultloc

package tcas

import "testing"

// TestTCAS is the universe as a Go test suite, one subtest per test (t1 to
// t1608). It passes on the fault-free port and fails on the failing tests
// of a faulty version loaded through an overlay (see the package
// documentation); it is built with the faultloc tag for that reason.
func TestTCAS(t *testing.T) {
	tests, err := Universe()
	if err != nil {
		t.Fatal(err)
	}
	want, err := Expected()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.Name(), func(t *testing.T) {
			got, pv := Run(Main, tc.Args)
			if got != want[tc.Index] {
				t.Errorf("Main(%v) = %v (panic: %v), want %v", tc.Args, got, pv, want[tc.Index])
			}
			if got == Panic && !IsIndexPanic(pv) {
				t.Errorf("Main(%v) panicked with %v, want an index out of range", tc.Args, pv)
			}
		})
	}
}
