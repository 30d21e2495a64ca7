package native

import (
	"context"
	"testing"

	"github.com/faultloc/faultloc/localize"
)

// TestScorersLeaveTestFilesOut: the native run measures the package's
// test files too (their lines are the failure's places, from which
// distances are counted), but no scorer of the native evidence ranks a
// line of a _test.go file, as the interpreter's scorers rank none: the
// failing test's own lines, which only it runs, would otherwise top the
// spectrum, and raise the best score by which Fuse finds weak lines.
func TestScorersLeaveTestFilesOut(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	ctx := context.Background()
	f, n := collectIn(t, "testdata/plumbing", "TestMissing")
	tests := 0
	for l := range n.Distance("TestMissing") {
		if localize.IsTestFile(l.File) {
			tests++
		}
	}
	if tests == 0 {
		t.Fatal("the failure's distances name no line of a test file: the premise does not hold")
	}
	for _, s := range append([]localize.Scorer{SpectrumScorer{}, ProximityScorer{}}, Scorers()...) {
		ls, err := s.Score(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		for l := range ls {
			if localize.IsTestFile(l.File) {
				t.Errorf("%T scores %s:%d, a line of a test file", s, l.File, l.Line)
			}
		}
	}
	rep := Report(ctx, f, "test")
	for _, rl := range rep.Ranking {
		if localize.IsTestFile(rl.File) {
			t.Errorf("the native report ranks %v, a line of a test file", rl.Position)
		}
	}
}
