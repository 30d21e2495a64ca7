package main

import (
	"testing"
	"time"
)

func TestKept(t *testing.T) {
	for _, tt := range []struct {
		name    string
		bound   time.Duration
		elapsed time.Duration
		partial bool
		want    bool
	}{
		{"on time", 5 * time.Second, 5 * time.Second, true, true},
		{"within 2 s of a short bound", 5 * time.Second, 6900 * time.Millisecond, true, true},
		{"past 2 s of a short bound", 5 * time.Second, 7100 * time.Millisecond, true, false},
		{"within 10% of a long bound", time.Minute, 65 * time.Second, true, true},
		{"past 10% of a long bound", time.Minute, 67 * time.Second, true, false},
		{"on time, nothing returned", 5 * time.Second, 5 * time.Second, false, false},
	} {
		r := result{row: row{bound: tt.bound}, elapsed: tt.elapsed, partial: tt.partial}
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
