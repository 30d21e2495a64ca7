package main

import (
	"context"
	"testing"
)

// TestSpectrumBaselines ranks v36's fault (a #define every test executes:
// DOWNWARD_RA = 1) with Tarantula and Ochiai over the universe, whose
// interpreted outcomes must fail exactly the tests that fail natively.
func TestSpectrumBaselines(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the universe on a TCAS version in the interpreter")
	}
	ver, err := loadVersion(context.Background(), 36, selection{Sample: 1})
	if err != nil {
		t.Fatal(err)
	}
	got, failed, lines, err := spectrumBaselines(context.Background(), ver)
	if err != nil {
		t.Fatal(err)
	}
	failing, _, err := ver.v.FailingTests()
	if err != nil {
		t.Fatal(err)
	}
	if failed != len(failing) {
		t.Errorf("%d failing tests in the interpreted spectrum, %d measured natively", failed, len(failing))
	}
	for _, f := range spectraFormulas {
		s, ok := got[f]
		if !ok || s.Rank < 1 || s.Rank > float64(len(ver.exec)) || s.Exam <= 0 || s.Exam > 1 {
			t.Errorf("%s: %+v, want a rank in 1..%d", f, s, len(ver.exec))
		}
		t.Logf("%s: faulty line %v at rank %v of %d", f, ver.lines, s.Rank, len(ver.exec))
		// The line scores given to the tie policies agree with the rank:
		// ties at their worst position.
		// (Lines no test executes may be missing: they score -Inf.)
		if n := len(lines[f]); n == 0 || n > len(ver.exec) {
			t.Errorf("%s: %d line scores, want at most one per executable line (%d)", f, n, len(ver.exec))
		}
		fs := lines[f][ver.lines[0]]
		above, atLeast := 0, 0
		for _, x := range lines[f] {
			if x > fs {
				above++
			}
			if x >= fs {
				atLeast++
			}
		}
		if s.Rank != float64(atLeast) || above >= atLeast {
			t.Errorf("%s: score %v of the faulty line: %d lines above, %d at least; rank %v", f, fs, above, atLeast, s.Rank)
		}
	}
}
