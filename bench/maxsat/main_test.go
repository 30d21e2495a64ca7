package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/internal/tracegen"
	"github.com/faultloc/faultloc/maxsat"
)

// A peer stopped by its time limit yields a lower bound, and the report
// says so; a finished one a plain ratio.
func TestSpeedupFormat(t *testing.T) {
	ours := result{time: 2 * time.Second}
	tests := []struct {
		peer      result
		str, col  string
		wantLower bool
	}{
		{result{time: 7 * time.Second}, "3.5", "3.5x", false},
		{result{time: 7 * time.Second, partial: true}, ">= 3.5 (lower bound: z3 optimize was stopped before it finished)", ">=3.5x", true},
	}
	for _, tc := range tests {
		s := ratio(ours, tc.peer)
		if s.String() != tc.str || s.column() != tc.col || s.lower != tc.wantLower {
			t.Errorf("ratio(%v, %+v) = %q, %q, lower %v; want %q, %q, %v", ours.time, tc.peer, s, s.column(), s.lower, tc.str, tc.col, tc.wantLower)
		}
	}
	if got := timeColumn(61*time.Second, true); got != "> 1m1s" {
		t.Errorf("timeColumn of a stopped run = %q", got)
	}
	if got := timeColumn(1500*time.Millisecond, false); got != "1.5s" {
		t.Errorf("timeColumn = %q", got)
	}
}

func TestXLine(t *testing.T) {
	tests := []struct {
		v              speedup
		enumSize, size int
		want           string
	}{
		{speedup{x: 3.5}, 10000, 10000, "3.5"},
		{speedup{x: 3.5}, 3000, 10000, "3.5 (at 3000 statements, not 10000)"},
		{speedup{x: 2.25, lower: true}, 3000, 10000, ">= 2.2 (lower bound: z3 optimize was stopped before it finished) (at 3000 statements, not 10000)"},
	}
	for _, tc := range tests {
		if got := xLine(tc.v, tc.enumSize, tc.size); got != tc.want {
			t.Errorf("xLine(%+v, %d, %d) = %q, want %q", tc.v, tc.enumSize, tc.size, got, tc.want)
		}
	}
}

func TestPeerLimit(t *testing.T) {
	tests := []struct{ flag, ours, want time.Duration }{
		{0, 10 * time.Second, time.Minute},
		{0, 5 * time.Minute, 15 * time.Minute},
		{30 * time.Second, 5 * time.Minute, 30 * time.Second},
	}
	for _, tc := range tests {
		if got := peerLimit(tc.flag, tc.ours); got != tc.want {
			t.Errorf("peerLimit(%v, %v) = %v, want %v", tc.flag, tc.ours, got, tc.want)
		}
	}
}

func TestAgree(t *testing.T) {
	ours := result{mcs: []string{"s1", "s2+s3", "s4"}}
	tests := []struct {
		peer result
		ok   bool
	}{
		{result{mcs: []string{"s1", "s2+s3", "s4"}}, true},
		{result{mcs: []string{"s1", "s4"}}, false},                // finished with fewer
		{result{mcs: []string{"s1", "s4"}, partial: true}, true},  // stopped: a subset is fine
		{result{mcs: []string{"s1", "s5"}, partial: true}, false}, // but nothing we lack
	}
	for _, tc := range tests {
		if err := agree(ours, tc.peer); (err == nil) != tc.ok {
			t.Errorf("agree(%v, %+v) = %v, want ok %v", ours.mcs, tc.peer, err, tc.ok)
		}
	}
}

// A time limit too short to finish gives a partial result, not an error,
// and whatever was found is a real MCS; without a limit the same
// enumeration finishes and agrees with level search.
func TestEnumerateLimit(t *testing.T) {
	ctx := context.Background()
	st := tracegen.NewProgram(1, 40).Failing()
	ours, err := enumerate(ctx, st, maxsat.LevelSearch, 0)
	if err != nil || ours.partial || len(ours.mcs) == 0 {
		t.Fatalf("level search: %+v, %v", ours, err)
	}
	cut, err := enumerate(ctx, st, maxsat.OptimizeBlocking, time.Nanosecond)
	if err != nil {
		t.Fatal(err)
	}
	if !cut.partial || len(cut.mcs) >= len(ours.mcs) {
		t.Fatalf("optimize with 1ns: partial %v, %d of %d MCSes", cut.partial, len(cut.mcs), len(ours.mcs))
	}
	if err := agree(ours, cut); err != nil {
		t.Error(err)
	}
	full, err := enumerate(ctx, st, maxsat.OptimizeBlocking, time.Hour)
	if err != nil || full.partial {
		t.Fatalf("optimize with 1h: %+v, %v", full, err)
	}
	if err := agree(ours, full); err != nil {
		t.Error(err)
	}
	if s := ratio(ours, full).String(); strings.HasPrefix(s, ">=") {
		t.Errorf("finished peer reported as a lower bound: %s", s)
	}
}
