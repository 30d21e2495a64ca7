package pipeline

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/internal/loadgate"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/trace"
)

// neverDone loads testdata/latenative for a test whose native stage
// never ends (TestGated's gate opens only when the test does), its share
// ending once the selected cases' runs are done (shareOnFirst); the test
// runs in parallel (see loadGated).
func neverDone(t *testing.T) (prog *trace.Program, pkg string) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	t.Parallel() // it waits most of its time
	prog, pkg, gate := loadLateNative(t)
	t.Cleanup(func() { open(t, gate) }) // a run Run left behind ends
	shareOnFirst(t, prog)
	return prog, pkg
}

// TestNativeLateSoFar: a case ranked before the native stage was done
// (with the selected case's native run alone), whose stage is not done
// by the end of the case's bound either (TestGated's gate never opens),
// is fused again with the cases the run has done by then (TestHigh, then
// TestLow and TestHigher, run before TestGated), not left as it was
// ranked: its report stays partial and says how many cases it had.
func TestNativeLateSoFar(t *testing.T) {
	prog, pkg := neverDone(t)
	tech := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		return localize.NewReport(f.Case.Name(), "stand-in", "failed", nil), nil
	})
	// The bound leaves the go test build and the four cases' runs time
	// on a busy machine.
	const bound = 15 * time.Second
	start := time.Now()
	res, err := Run(context.Background(), prog, pkg, &Options{Run: "^TestHigh$", Timeout: bound, Start: start, Technique: tech, Refiners: []localize.Refiner{}})
	if err != nil {
		t.Fatal(err)
	}
	overBound(t, start, bound)
	if len(res.Reports) != 1 || res.Reports[0].Test != "TestHigh" {
		t.Fatalf("%d reports (errors %v); want TestHigh's", len(res.Reports), res.Errors)
	}
	rep := res.Reports[0]
	const want = "native evidence fused again with the cases its run had done when the case's bound ended, "
	if !rep.Partial || !strings.Contains(rep.Reason, want) || strings.Contains(rep.Reason, errNativeLate.Error()) {
		t.Fatalf("report partial %v, reason %q; want it partial, saying %q instead of %q", rep.Partial, rep.Reason, want, errNativeLate)
	}
	if !strings.Contains(rep.Reason, want+"3 of at least 4") {
		loadgate.Errorf(t, "reason %q; want TestHigh's, TestLow's and TestHigher's runs of at least 4 cases", rep.Reason)
	}
}

// TestNativeStopSoFar: a run stopped while the native stage goes on
// (TestGated's gate never opens) ranks the selected case it did not
// localize from the cases the native run has done by then (TestHigh,
// then TestLow and TestHigher), not from the selected case's run alone,
// and says how many.
func TestNativeStopSoFar(t *testing.T) {
	prog, pkg := neverDone(t)
	events := hearNative(t, prog)
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	stop := errors.New("stopped by the test")
	stopping := techniqueFunc(func(context.Context, *localize.Failure) (*localize.Report, error) {
		// Time for the native run to do the cases before TestGated,
		// which then waits for its gate.
		time.Sleep(3 * time.Second)
		cancel(stop)
		return nil, stop
	})
	res, err := Run(ctx, prog, pkg, &Options{Run: "^TestHigh$", Timeout: time.Minute, Technique: stopping})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want the context's", err)
	}
	select {
	case e := <-events:
		if e == "done" {
			t.Fatal("the native stage ended: its gate opened")
		}
	default:
	}
	if len(res.Reports) != 1 || res.Reports[0].Test != "TestHigh" || res.Reports[0].Mode != native.Mode {
		t.Fatalf("%d reports (errors %v); want TestHigh's, ranked natively", len(res.Reports), res.Errors)
	}
	rep := res.Reports[0]
	const want = " cases the native run had done when it stopped"
	if !strings.Contains(rep.Reason, "stopped by the test") || !strings.Contains(rep.Reason, want) || !ranks(rep, faultLine(t, "testdata/latenative/clamp.go")) {
		t.Fatalf("reason %q, ranking %v; want it to name the stop, say %q and rank the faulty line", rep.Reason, rep.Ranking, want)
	}
	if !strings.Contains(rep.Reason, "ranked from the 3 of at least 4"+want) {
		loadgate.Errorf(t, "reason %q; want TestHigh's, TestLow's and TestHigher's runs of at least 4 cases", rep.Reason)
	}
}
