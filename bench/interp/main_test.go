package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/internal/workload"
)

// TestEngines runs every workload on every engine at tiny sizes and
// checks that each engine computes native's result and that the report
// ends with the speedup line.
func TestEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages and runs four engines")
	}
	ws := workloads(10_000) // n = 1000, 10, 10
	var progress bytes.Buffer
	rows, err := measureAll(context.Background(), ws, 1, &progress)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(ws) {
		t.Fatalf("%d rows for %d workloads", len(rows), len(ws))
	}
	for _, r := range rows {
		want := r.w.native(r.w.n)
		for e := native; e < numEngines; e++ {
			if got := r.m[e].result; got != want {
				t.Errorf("%s(%d) on %s = %d, want %d", r.w.fn, r.w.n, engineNames[e], got, want)
			}
		}
		for _, e := range []engine{traceCold, traceOn} {
			if on := r.m[e]; on.events == 0 || on.bytes == 0 || on.events != r.m[traceCold].events {
				t.Errorf("%s: %s recorded %d events (cold: %d), %d bytes", r.w.fn, engineNames[e], on.events, r.m[traceCold].events, on.bytes)
			}
		}
		if off := r.m[traceOff]; off.events != 0 {
			t.Errorf("%s: recording off recorded %d events", r.w.fn, off.events)
		}
	}
	var out bytes.Buffer
	report(&out, rows, 1)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "speedup vs x/tools interp (recording on): ") {
		t.Errorf("report ends with %q", last)
	}
}

// TestXToolsDetectsWrongResult checks that the x/tools engine reports what
// the interpreted program computed, not a constant: a workload whose
// native function disagrees with its source is caught.
func TestXToolsDetectsWrongResult(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages")
	}
	w := task{name: "wrong", fn: "SumSquares", n: 10, native: func(n int) int { return workload.SumSquares(n) + 1 }}
	_, err := measureAll(context.Background(), []task{w}, 1, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "x/tools interp computes 285, native 286") {
		t.Fatalf("err = %v, want a mismatch of x/tools' 285 against native's 286", err)
	}
}
