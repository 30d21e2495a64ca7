//go:build !cgo

package z3

import (
	"context"
	"errors"
	"testing"
)

// TestNoSolver: without cgo, every way into the solver says that this
// build has none, as a *NoSolverError naming the operation.
func TestNoSolver(t *testing.T) {
	if Available() {
		t.Fatal("Available() = true in a build without cgo")
	}
	var c *Context
	var s *Solver
	var o *Optimize
	var m *Model
	for _, tt := range []struct {
		op  string
		err error
	}{
		{"mk_context", func() error { _, err := NewContext(); return err }()},
		{"mk_solver", func() error { _, err := c.NewSolver(SimpleSolver); return err }()},
		{"mk_optimize", func() error { _, err := c.NewOptimize(); return err }()},
		{"bv_sort", func() error { _, err := c.BVSort(64); return err }()},
		{"and", func() error { _, err := c.App(OpAnd, 0, 0); return err }()},
		{"solver_assert", s.Assert(AST{})},
		{"solver_check", func() error { _, err := s.Check(context.Background(), nil); return err }()},
		{"optimize_check", func() error { _, err := o.Check(context.Background(), nil); return err }()},
		{"model_eval", func() error { _, err := m.Eval(AST{}, true); return err }()},
	} {
		var ns *NoSolverError
		if !errors.As(tt.err, &ns) || ns.Op != tt.op {
			t.Errorf("%s: error %v, want a *NoSolverError of %s", tt.op, tt.err, tt.op)
		}
	}
}
