package main

import (
	"testing"
	"time"

	"github.com/faultloc/faultloc/internal/loadgate"
	"github.com/faultloc/faultloc/internal/longtest"
)

func TestKept(t *testing.T) {
	for _, tt := range []struct {
		name     string
		bound    time.Duration
		elapsed  time.Duration
		partial  bool
		complete bool
		want     bool
	}{
		{"on time", 5 * time.Second, 5 * time.Second, true, false, true},
		{"within 2 s of a short bound", 5 * time.Second, 6900 * time.Millisecond, true, false, true},
		{"past 2 s of a short bound", 5 * time.Second, 7100 * time.Millisecond, true, false, false},
		{"within 10% of a long bound", time.Minute, 65 * time.Second, true, false, true},
		{"past 10% of a long bound", time.Minute, 67 * time.Second, true, false, false},
		{"on time, nothing returned", 5 * time.Second, 5 * time.Second, false, false, false},
		{"complete before the bound", 5 * time.Second, 1 * time.Second, false, true, true},
		{"complete, past the margin", 5 * time.Second, 8 * time.Second, false, true, false},
	} {
		r := result{row: row{bound: tt.bound}, elapsed: tt.elapsed, partial: tt.partial, complete: tt.complete}
		if got := r.kept(); got != tt.want {
			t.Errorf("%s: kept = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestOverText(t *testing.T) {
	for _, tt := range []struct {
		over, bound time.Duration
		want        string
	}{
		{-time.Second, 5 * time.Second, "-"},
		{0, 5 * time.Second, "-"},
		{time.Second, 5 * time.Second, "1s (20%)"},
	} {
		if got := overText(tt.over, tt.bound); got != tt.want {
			t.Errorf("overText(%v, %v) = %q, want %q", tt.over, tt.bound, got, tt.want)
		}
	}
}

// TestLibraryBoundsKept calls each library API of the report with its
// short bound (AgxFaults, the diagnosis, the package pipeline under a
// context deadline and under Options.Timeout, regress.Explain,
// repair.Repair, sattar.Run), and with the build tag long also with its
// long bound (the -long rows), and checks
// that each returns within its bound complete, or a partial result
// within its bound's margin (10% or 2 s) on a quiet machine (loadgate;
// on a loaded one the overshoot is logged: the steps that cannot stop
// at once stretch). The commands' rows are cmd/faultloc's
// TestCommandsKeepBounds. Its default rows "localize -deadline" and
// "repair -deadline" stop pipeline.Run (with its native stage besides)
// and repair.Repair on the same package (testdata/long) by a context
// deadline of the same bound, with the same margin, counted from the
// process's start, the load included: stricter than the library rows,
// counted from after the load. So the library's "pipeline" and
// "repair" rows, which would check that again for the CPU of their
// bounds, run here only with the build tag long (.ci/run), as the -long
// rows do.
//
// The default run calls the sampled rows with the shorter bounds of
// sampleBounds: what it checks, that the call comes back within the
// bound's margin with a result, does not depend on the bound's length
// (the subjects take far longer than either), and waiting out the
// report's bounds took most of the package's time. It leaves out the
// "diagnose" row, whose diagnose.Run stopped by its context
// cmd/faultloc's default row "localize -all SIGTERM" checks, the
// command's process start included. -tags long calls every row with
// the report's own bound.
func TestLibraryBoundsKept(t *testing.T) {
	if testing.Short() {
		t.Skip("each row runs for seconds")
	}
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	e := &env{root: root}
	for _, r := range rows {
		switch r.name {
		case "agx", "pipeline-timeout", "regress", "sattar":
		case "agx-long", "diagnose", "diagnose-long", "pipeline-long", "pipeline", "repair":
			if !longtest.Enabled {
				continue
			}
		default:
			continue
		}
		if b, ok := sampleBounds[r.name]; ok && !longtest.Enabled {
			r.bound = b
		}
		t.Run(r.name, func(t *testing.T) {
			res := r.run(e, r.bound)
			res.row = r
			if !res.partial && !res.complete {
				t.Fatalf("%s: nothing came back after %v, bound %v: %s", r.call, res.elapsed.Round(time.Millisecond), r.bound, res.outcome)
			}
			if !res.kept() {
				loadgate.Errorf(t, "%s returned %v after its start, bound %v: %s", r.call, res.elapsed.Round(time.Millisecond), r.bound, res.outcome)
				return
			}
			t.Logf("%s: %v, bound %v: %s", r.call, res.elapsed.Round(time.Millisecond), r.bound, res.outcome)
		})
	}
}

// sampleBounds are the bounds of the rows the default run calls shorter
// than the report's (3 s, 5 s, 9 s): long enough that each call has a
// partial result to return (agx an interrupted encoding's candidates,
// SAT-TAR the cores of the runs it made, the pipeline a report per case
// in a second each), short enough that the waits no longer dominate go
// test ./.... regress keeps its 2 s: its bound covers the go command's
// loads.
var sampleBounds = map[string]time.Duration{
	"agx":              time.Second,
	"sattar":           2 * time.Second,
	"pipeline-timeout": 3 * time.Second,
}
