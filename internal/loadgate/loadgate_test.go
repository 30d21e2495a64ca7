package loadgate

import (
	"fmt"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want float64
	}{
		{"0.49 0.84 1.99 1/372 12345\n", 0.49},
		{"17.25 9.08 6.72 3/400 99", 17.25},
		{"", 0},
		{"\n", 0},
		{"busy 1 2", 0},
		{"-1 0 0", 0},
	} {
		if got := parse(tt.in); got != tt.want {
			t.Errorf("parse(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestQuiet(t *testing.T) {
	for _, tt := range []struct {
		load float64
		cpus int
		want bool
	}{
		{0, 2, true},
		{4, 2, true},
		{4.01, 2, false},
		{17, 2, false},
		{17, 16, true},
		{2, 0, true}, // a CPU count below one counts as one
		{2.5, 0, false},
	} {
		if got := Quiet(tt.load, tt.cpus); got != tt.want {
			t.Errorf("Quiet(%v, %d) = %v, want %v", tt.load, tt.cpus, got, tt.want)
		}
	}
}

// recorder is a T that keeps what it is told.
type recorder struct{ errors, logs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func TestReport(t *testing.T) {
	for _, tt := range []struct {
		load         float64
		cpus         int
		errors, logs []string
	}{
		{1.5, 2, []string{"late by 3s (load 1.5)"}, nil},
		{4, 2, []string{"late by 3s (load 4.0)"}, nil},
		{17.3, 2, nil, []string{"late by 3s (load 17.3)"}},
	} {
		var r recorder
		report(&r, tt.load, tt.cpus, "late by %v", "3s")
		if fmt.Sprint(r.errors) != fmt.Sprint(tt.errors) || fmt.Sprint(r.logs) != fmt.Sprint(tt.logs) {
			t.Errorf("load %v on %d CPUs: errors %q, logs %q; want %q, %q", tt.load, tt.cpus, r.errors, r.logs, tt.errors, tt.logs)
		}
	}
}
