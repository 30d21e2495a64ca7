package main

import (
	"context"
	"testing"
	"time"

	"github.com/faultloc/faultloc/trace"
)

func TestCaseBoundsOver(t *testing.T) {
	b := caseBounds{CPU: 2 * time.Second, Wall: 10 * time.Second}
	s := time.Second
	tests := []struct {
		name          string
		b             caseBounds
		cpu, wall, gr time.Duration
		want          string // the bound's kind, "" for none
	}{
		{"within both", b, 1 * s, 5 * s, 0, ""},
		{"at the CPU bound", b, 2 * s, 5 * s, 0, ""},
		{"past the CPU bound", b, 2*s + 1, 5 * s, 0, "CPU"},
		{"past the wall bound only", b, 1 * s, 11 * s, 0, "wall"},
		{"past both: CPU first", b, 3 * s, 11 * s, 0, "CPU"},
		{"loaded machine: slow wall, little CPU", b, 1 * s, 9 * s, 0, ""},
		{"past the CPU bound, within its grace", b, 3 * s, 5 * s, 15 * s, ""},
		{"past the CPU bound and its grace", b, 18 * s, 5 * s, 15 * s, "CPU"},
		{"past the wall bound and its grace", b, 1 * s, 26 * s, 15 * s, "wall"},
		{"no CPU bound", caseBounds{Wall: 10 * s}, 100 * s, 5 * s, 0, ""},
		{"no CPU bound, past the wall", caseBounds{Wall: 10 * s}, 1 * s, 11 * s, 0, "wall"},
		{"no wall bound", caseBounds{CPU: 2 * s}, 1 * s, time.Hour, 0, ""},
	}
	for _, tt := range tests {
		e := tt.b.over(tt.cpu, tt.wall, tt.gr)
		got := ""
		if e != nil {
			got = e.Kind
			want := tt.b.CPU
			if e.Kind == "wall" {
				want = tt.b.Wall
			}
			if e.Limit != want {
				t.Errorf("%s: limit %v, want %v", tt.name, e.Limit, want)
			}
		}
		if got != tt.want {
			t.Errorf("%s: over(%v, %v, %v) = %q, want %q", tt.name, tt.cpu, tt.wall, tt.gr, got, tt.want)
		}
	}
	if got, want := (&boundError{Kind: "CPU", Limit: 20 * s}).Error(), "over the per-case CPU time bound (20s)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestNewCaseBounds(t *testing.T) {
	s := time.Second
	tests := []struct {
		cpu, wall time.Duration
		want      caseBounds
		err       bool
	}{
		{30 * s, 0, caseBounds{CPU: 30 * s, Wall: 150 * s}, false},
		{20 * s, time.Minute, caseBounds{CPU: 20 * s, Wall: time.Minute}, false},
		{20 * s, 10 * s, caseBounds{CPU: 20 * s, Wall: 10 * s}, false},
		{0, time.Minute, caseBounds{}, true},
		{-s, 0, caseBounds{}, true},
		{s, -s, caseBounds{}, true},
	}
	for _, tt := range tests {
		got, err := newCaseBounds(tt.cpu, tt.wall)
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("newCaseBounds(%v, %v) = %+v, %v; want %+v, error %v", tt.cpu, tt.wall, got, err, tt.want, tt.err)
		}
	}
}

// TestRunCaseBounds runs a case that burns CPU and never ends
// (testdata/order's TestSlow): under a small CPU bound and a far wall
// bound it is cut by the CPU bound, having used at least that much CPU,
// and reported so; under a large CPU bound and a small wall bound, by
// the wall bound.
func TestRunCaseBounds(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a package with the go command")
	}
	ctx := context.Background()
	p, err := trace.Load(ctx, &trace.Config{Dir: "testdata/order", Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	// An exact step budget far beyond what the bounds allow: the default
	// budget grows only for a few seconds of wall time, which a loaded
	// machine can end before the CPU bound is reached.
	p.SetMaxSteps(1 << 50)
	slow := nativeCase{Name: "TestSlow", Verdict: "pass"}
	t.Run("CPU", func(t *testing.T) {
		if !cpuMeasured {
			t.Skip("the process's CPU time is not measured on this system")
		}
		b := caseBounds{CPU: 500 * time.Millisecond, Wall: 10 * time.Minute}
		r := runCase(ctx, p, &job{ImportPath: "example.com/order", Bounds: b}, slow)
		if want := "over the per-case CPU time bound (500ms)"; r.Ran || r.Error != want {
			t.Errorf("ran %v, error %q; want not run, %q", r.Ran, r.Error, want)
		}
		if r.CPU < b.CPU {
			t.Errorf("cut after %v of CPU time, under its bound %v", r.CPU, b.CPU)
		}
		t.Logf("cut after %v of CPU time, %v of wall time", r.CPU, r.Wall)
	})
	t.Run("wall", func(t *testing.T) {
		b := caseBounds{CPU: time.Hour, Wall: 500 * time.Millisecond}
		r := runCase(ctx, p, &job{ImportPath: "example.com/order", Bounds: b}, slow)
		if want := "over the per-case wall time bound (500ms)"; r.Ran || r.Error != want {
			t.Errorf("ran %v, error %q; want not run, %q", r.Ran, r.Error, want)
		}
		if r.Wall < b.Wall {
			t.Errorf("cut after %v of wall time, under its bound %v", r.Wall, b.Wall)
		}
	})
}
