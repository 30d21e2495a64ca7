package chops

import (
	"testing"

	"github.com/faultloc/faultloc/examples"
)

// TestCases checks the data: expected values come from Spec, and a case is
// marked as failing exactly when Taste disagrees with Spec on it.
func TestCases(t *testing.T) {
	for _, tc := range Cases {
		b, s := Spec(tc.Recipe)
		if b != tc.Bitter || s != tc.Sweet {
			t.Errorf("%s: Spec(%q) = %d, %d; the case says %d, %d", tc.Name, tc.Recipe, b, s, tc.Bitter, tc.Sweet)
		}
		tb, ts := Taste(tc.Recipe)
		if fails := tb != b || ts != s; fails != tc.FailsWithTheFault {
			t.Errorf("%s: Taste fails = %v, the case says %v", tc.Name, fails, tc.FailsWithTheFault)
		}
		if tb != b {
			t.Errorf("%s: the fault changed the bitterness (%d, want %d); it must affect only the sweetness", tc.Name, tb, b)
		}
	}
}

// TestFaultMarker pins the subject's known fault, as the pipeline tests
// expect it.
func TestFaultMarker(t *testing.T) {
	faults, err := examples.FaultLines(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(faults) != 1 || faults[0].String() != "chops.go:45: should be sweet++" {
		t.Errorf("FaultLines = %v, want the one fault at chops.go:45", faults)
	}
}
