package native

import (
	"context"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// TestProgressSnapshot: Options.Progress's Snapshot, taken while Collect
// runs (when the cases First selects are done) and after it, has the
// cases done by then with the call graph the scorers read, for a run of
// Collect's own and for one Start began.
func TestProgressSnapshot(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	prog, pkg := loadNativeOnly(t)
	cfg := &trace.Config{Dir: "testdata/nativeonly", Tests: true} // as loadNativeOnly loaded it
	const first = "^TestDistance$"
	for _, early := range []bool{false, true} {
		name := "own run"
		if early {
			name = "started"
		}
		t.Run(name, func(t *testing.T) {
			p := &Progress{}
			if n, so := p.Snapshot(); n != nil || so.Cases != 0 {
				t.Errorf("before Collect: %v, %+v; want nothing", n, so)
			}
			var mid *Run
			opts := &Options{First: first, Progress: p, FirstDone: func(*Run) { mid, _ = p.Snapshot() }}
			if early {
				var err error
				if opts.Started, err = Start(context.Background(), cfg, ".", &Options{First: first}); err != nil {
					t.Fatal(err)
				}
			}
			whole, err := Collect(context.Background(), prog, pkg, opts)
			if err != nil {
				t.Fatal(err)
			}
			if mid == nil || mid.Spectrum.NumTests() != 1 || !mid.Failed("TestDistance") || len(mid.Distance("TestDistance")) == 0 || mid.Early != early || !mid.partial {
				t.Errorf("snapshot when First's cases were done: %v; want TestDistance alone, failing, with its distances, early %v, partial", mid, early)
			}
			end, so := p.Snapshot()
			if end == nil || end.Spectrum.NumTests() != whole.Spectrum.NumTests() || !so.Whole || so.Listed != so.Cases || so.Cases != whole.Spectrum.NumTests() {
				t.Fatalf("snapshot after Collect: %v, %+v; want the whole run's %d cases, all listed", end, so, whole.Spectrum.NumTests())
			}
			if end.partial {
				t.Error("snapshot after Collect is partial; want it whole")
			}
			for i := range whole.Spectrum.NumTests() {
				if end.Spectrum.Test(i).Name != whole.Spectrum.Test(i).Name {
					t.Errorf("snapshot's case %d is %s; want the whole run's %s", i, end.Spectrum.Test(i).Name, whole.Spectrum.Test(i).Name)
				}
			}
		})
	}
}
