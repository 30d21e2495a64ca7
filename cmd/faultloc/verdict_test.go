package main

import (
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/spectra"
)

// TestNotRunNatively: a case the interpreter could not run has a
// verdict only if the native run ran it or, for a test function, one
// of its subtests; a stopped native run leaves the others without one.
func TestNotRunNatively(t *testing.T) {
	m := spectra.NewMatrix()
	for _, name := range []string{"TestA", "TestB/x", "TestBig"} {
		if _, err := m.Add(spectra.TestRun{Name: name}, nil); err != nil {
			t.Fatal(err)
		}
	}
	n := &native.Run{Spectrum: m}
	for _, tc := range []struct {
		names, want []string
	}{
		{nil, nil},
		{[]string{"TestA", "TestB", "TestB/x"}, nil},
		{[]string{"TestC", "TestA/y", "TestB/y", "TestBi"}, []string{"TestC", "TestA/y", "TestB/y", "TestBi"}},
	} {
		if got := notRunNatively(tc.names, n); !slices.Equal(got, tc.want) {
			t.Errorf("notRunNatively(%v) = %v, want %v", tc.names, got, tc.want)
		}
	}
	if got := notRunNatively([]string{"TestA"}, nil); got != nil {
		t.Errorf("without a native run: %v, want nil (nothing to say)", got)
	}
}

func TestIsParentOf(t *testing.T) {
	cases := []string{"TestToml/a/b", "TestX"}
	for _, tc := range []struct {
		test string
		want bool
	}{
		{"TestToml", true},
		{"TestToml/a", true},
		{"TestToml/a/b", false},
		{"TestTom", false},
		{"TestX", false},
	} {
		if got := isParentOf(tc.test, cases); got != tc.want {
			t.Errorf("isParentOf(%q) = %v, want %v", tc.test, got, tc.want)
		}
	}
}
