package maxsat

import (
	"errors"
	"testing"
)

// TestNoSolver: NewSolver works where Available says the build has the
// solver, and returns a *NoSolverError where it has not (CGO_ENABLED=0;
// CI runs this test so).
func TestNoSolver(t *testing.T) {
	s, err := NewSolver(nil)
	if Available() {
		if err != nil {
			t.Fatalf("NewSolver: %v, with the solver available", err)
		}
		s.Close()
		return
	}
	var ns *NoSolverError
	if !errors.As(err, &ns) || s != nil {
		t.Fatalf("NewSolver without the solver: %v, %v; want a *NoSolverError", s, err)
	}
}
