//go:build !cgo

package z3

import (
	"context"
	"time"
)

// This file is the binding in a build without cgo: the same API, every
// call answered with a *NoSolverError, so that maxsat and the packages
// above it build and say plainly that the solver is missing.

// available: this build has no libz3 (see Available).
const available = false

func noSolver(op string) error { return &NoSolverError{Op: op} }

// Context is a Z3 context. Without cgo none can be made: NewContext
// returns a *NoSolverError.
type Context struct{}

// AST is a Z3 term. The zero AST is invalid.
type AST struct{ p *byte }

// IsZero reports whether a is the zero (invalid) AST.
func (a AST) IsZero() bool { return a.p == nil }

// Sort is a Z3 sort. The zero Sort is invalid.
type Sort struct{ p *byte }

// NewContext returns a *NoSolverError: this build has no libz3.
func NewContext() (*Context, error) { return nil, noSolver("mk_context") }

// Close does nothing.
func (c *Context) Close() {}

// AbandonWhen does nothing: there are no checks.
func (c *Context) AbandonWhen(done <-chan struct{}) {}

// BoolSort returns a *NoSolverError.
func (c *Context) BoolSort() (Sort, error) { return Sort{}, noSolver("bool_sort") }

// IntSort returns a *NoSolverError.
func (c *Context) IntSort() (Sort, error) { return Sort{}, noSolver("int_sort") }

// StringSort returns a *NoSolverError.
func (c *Context) StringSort() (Sort, error) { return Sort{}, noSolver("string_sort") }

// FloatSort returns a *NoSolverError.
func (c *Context) FloatSort(width int) (Sort, error) { return Sort{}, noSolver("fpa_sort") }

// StringVal returns a *NoSolverError.
func (c *Context) StringVal(v string) (AST, error) { return AST{}, noSolver("mk_string") }

// BVSort returns a *NoSolverError.
func (c *Context) BVSort(width int) (Sort, error) { return Sort{}, noSolver("bv_sort") }

// Const returns a *NoSolverError.
func (c *Context) Const(name string, s Sort) (AST, error) { return AST{}, noSolver("mk_const") }

// Fresh returns a *NoSolverError.
func (c *Context) Fresh(prefix string, s Sort) (AST, error) {
	return AST{}, noSolver("mk_fresh_const")
}

// BoolVal returns a *NoSolverError.
func (c *Context) BoolVal(v bool) (AST, error) { return AST{}, noSolver("mk_bool") }

// Uint64 returns a *NoSolverError.
func (c *Context) Uint64(v uint64, s Sort) (AST, error) { return AST{}, noSolver("mk_unsigned_int64") }

// Numeral returns a *NoSolverError.
func (c *Context) Numeral(dec string, s Sort) (AST, error) { return AST{}, noSolver("mk_numeral") }

// App returns a *NoSolverError.
func (c *Context) App(op Op, p1, p2 int, args ...AST) (AST, error) {
	return AST{}, noSolver(op.String())
}

// PBLe returns a *NoSolverError.
func (c *Context) PBLe(args []AST, coeffs []int, k int) (AST, error) {
	return AST{}, noSolver("mk_pble")
}

// String returns "<no solver>".
func (c *Context) String(a AST) string { return "<no solver>" }

// NewSolver returns a *NoSolverError.
func (c *Context) NewSolver(kind SolverKind) (*Solver, error) { return nil, noSolver("mk_solver") }

// NewOptimize returns a *NoSolverError.
func (c *Context) NewOptimize() (*Optimize, error) { return nil, noSolver("mk_optimize") }

// Version returns "none (built without cgo)".
func Version() string { return "none (built without cgo)" }

// Model is a satisfying assignment; without cgo there is none.
type Model struct{}

// Close does nothing.
func (m *Model) Close() {}

// Eval returns a *NoSolverError.
func (m *Model) Eval(a AST, completion bool) (Value, error) { return Value{}, noSolver("model_eval") }

// EvalBools returns a *NoSolverError.
func (m *Model) EvalBools(as []AST) ([]int8, error) { return nil, noSolver("model_eval") }

// String returns "<no solver>".
func (m *Model) String() string { return "<no solver>" }

// Solver is a Z3 solver; without cgo there is none.
type Solver struct{}

// Close does nothing.
func (s *Solver) Close() {}

// SetTimeout returns a *NoSolverError.
func (s *Solver) SetTimeout(d time.Duration) error { return noSolver("solver_set_params") }

// SetParam returns a *NoSolverError.
func (s *Solver) SetParam(name string, value any) error { return noSolver("solver_set_params") }

// Assert returns a *NoSolverError.
func (s *Solver) Assert(a AST) error { return noSolver("solver_assert") }

// Push returns a *NoSolverError.
func (s *Solver) Push() error { return noSolver("solver_push") }

// Pop returns a *NoSolverError.
func (s *Solver) Pop(n int) error { return noSolver("solver_pop") }

// NumScopes returns 0.
func (s *Solver) NumScopes() int { return 0 }

// Check returns Unknown and a *NoSolverError.
func (s *Solver) Check(ctx context.Context, assumptions []AST) (Result, error) {
	return Unknown, noSolver("solver_check")
}

// ReasonUnknown says that there is no solver.
func (s *Solver) ReasonUnknown() string { return (&NoSolverError{Op: "solver_check"}).Error() }

// UnsatCore returns a *NoSolverError.
func (s *Solver) UnsatCore(dst []AST) ([]AST, error) { return dst, noSolver("solver_get_unsat_core") }

// Model returns a *NoSolverError.
func (s *Solver) Model() (*Model, error) { return nil, noSolver("solver_get_model") }

// Statistics returns nil.
func (s *Solver) Statistics() map[string]float64 { return nil }

// String returns "<no solver>".
func (s *Solver) String() string { return "<no solver>" }

// Optimize is Z3's optimization context; without cgo there is none.
type Optimize struct{}

// Close does nothing.
func (o *Optimize) Close() {}

// SetTimeout returns a *NoSolverError.
func (o *Optimize) SetTimeout(d time.Duration) error { return noSolver("optimize_set_params") }

// Assert returns a *NoSolverError.
func (o *Optimize) Assert(a AST) error { return noSolver("optimize_assert") }

// AssertSoft returns a *NoSolverError.
func (o *Optimize) AssertSoft(a AST, weight uint64, id string) (int, error) {
	return 0, noSolver("optimize_assert_soft")
}

// Push returns a *NoSolverError.
func (o *Optimize) Push() error { return noSolver("optimize_push") }

// Pop returns a *NoSolverError.
func (o *Optimize) Pop() error { return noSolver("optimize_pop") }

// Check returns Unknown and a *NoSolverError.
func (o *Optimize) Check(ctx context.Context, assumptions []AST) (Result, error) {
	return Unknown, noSolver("optimize_check")
}

// Model returns a *NoSolverError.
func (o *Optimize) Model() (*Model, error) { return nil, noSolver("optimize_get_model") }

// Statistics returns nil.
func (o *Optimize) Statistics() map[string]float64 { return nil }
