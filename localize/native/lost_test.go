package native

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// TestReportCoverageLost ranks testdata/overflow's TestNegative, which
// dies of a stack overflow: the native run keeps it as a failing case
// covering nothing, and its report ranks the lines of the functions on
// the crash's stack by their proximity to it: the frames' lines of
// Depth (9, 13) first, the rest of Depth (the fault, 10, among them)
// next, tied, then the test's.
func TestReportCoverageLost(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	ctx := context.Background()
	f, n := collectIn(t, "testdata/overflow", "TestNegative")
	if !n.Failed("TestNegative") || n.Failed("TestTwice") {
		t.Fatalf("native verdicts wrong (stats %+v)", n.Stats)
	}
	rep := Report(ctx, f, "test")
	if len(rep.Ranking) == 0 {
		t.Fatalf("no ranking: %s", rep.Reason)
	}
	dir, _ := filepath.Abs("testdata/overflow")
	ranks := map[trace.Line]int{}
	for _, rl := range rep.Ranking {
		ranks[rl.SourceLine()] = rl.Rank
	}
	fault := trace.Line{File: filepath.Join(dir, "depth.go"), Line: 10}
	if r, ok := ranks[fault]; !ok || r != 6 {
		t.Errorf("the fault %v ranks %d (0: not ranked), want 6 (Depth's six lines): %v", fault, r, rep.Ranking)
	}
	if r, ok := ranks[trace.Line{File: filepath.Join(dir, "depth.go"), Line: 18}]; ok && r <= ranks[fault] {
		t.Errorf("Twice, far from the crash, ranks %d, not below the fault's %d", r, ranks[fault])
	}
}

// TestReportFuzzSeedPanics ranks testdata/fuzzseed's FuzzLast seeds,
// which panic: go test prints the panic as the fuzz target's output,
// not the seed's, and the binary dies before the seed's coverage is
// written. The seed's failure takes its place from the target's output,
// so its report ranks the panicking line and the fault above it.
func TestReportFuzzSeedPanics(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	ctx := context.Background()
	f, n := collectIn(t, "testdata/fuzzseed", "FuzzLast/seed#1")
	if !n.Failed("FuzzLast/seed#1") || n.Failed("TestTwice") {
		t.Fatalf("native verdicts wrong (stats %+v)", n.Stats)
	}
	rep := Report(ctx, f, "test")
	dir, _ := filepath.Abs("testdata/fuzzseed")
	ranks := map[trace.Line]int{}
	for _, rl := range rep.Ranking {
		ranks[rl.SourceLine()] = rl.Rank
	}
	for _, line := range []int{8, 9} {
		if _, ok := ranks[trace.Line{File: filepath.Join(dir, "last.go"), Line: line}]; !ok {
			t.Errorf("last.go:%d not ranked: %v (%s)", line, rep.Ranking, rep.Reason)
		}
	}
	if _, ok := ranks[trace.Line{File: filepath.Join(dir, "last.go"), Line: 14}]; ok {
		t.Errorf("Twice, which the seed never calls, is ranked: %v", rep.Ranking)
	}
}
