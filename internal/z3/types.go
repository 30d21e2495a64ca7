package z3

import (
	"errors"
	"fmt"
	"math/big"
)

// The types in this file are the binding's vocabulary with or without cgo:
// z3.go, model.go, solver.go and optimize.go implement them on libz3,
// nocgo.go answers every call with a *NoSolverError.

// Error is a failure reported by Z3 itself, with Z3's error code and message.
type Error struct {
	Code int    // Z3_error_code, or -1 when Z3 returned nothing without an error code
	Op   string // the binding operation that failed
	Msg  string // Z3's message for the code
}

func (e *Error) Error() string {
	return fmt.Sprintf("z3: %s: %s (code %d)", e.Op, e.Msg, e.Code)
}

// ErrClosed is returned by operations on a closed Context or object.
var ErrClosed = errors.New("z3: use of closed context or object")

// ErrAbandoned is wrapped, with the context's error, by the error of a
// check that went on too long after its context ended and interrupted
// it: the check was left to end in the background, and its Context is
// closed.
var ErrAbandoned = errors.New("z3: the check went on after its interrupt and was left to end in the background; its context is closed")

// NoSolverError is the error of every operation of a build without cgo
// (CGO_ENABLED=0), which has no libz3 to call.
type NoSolverError struct {
	Op string // the binding operation that was asked for, e.g. "mk_context"
}

func (e *NoSolverError) Error() string {
	return fmt.Sprintf("z3: %s: this build has no solver: it was built without cgo (CGO_ENABLED=0), so without libz3", e.Op)
}

// Available reports whether this build has libz3 (it was built with cgo).
func Available() bool { return available }

// Result is the outcome of a satisfiability check.
type Result int

// Results of Check.
const (
	Unknown Result = iota // Z3 gave up: timeout, interruption, incompleteness
	Sat
	Unsat
)

func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// ValueKind says which field of a Value is set.
type ValueKind int

// Value kinds.
const (
	NoValue     ValueKind = iota // the term did not evaluate to a constant
	BoolValue                    // Value.Bool
	Uint64Value                  // Value.Uint64: a numeral in [0, 2^64)
	BigValue                     // Value.Big: any other numeral
	StringValue                  // Value.Str: a string constant
)

// Value is the constant a term evaluates to in a model.
type Value struct {
	Kind   ValueKind
	Bool   bool
	Uint64 uint64
	Big    *big.Int
	Str    string
}

// SolverKind selects which Z3 solver object NewSolver creates.
type SolverKind int

// Solver kinds.
const (
	// DefaultSolver is Z3_mk_solver: a combined solver that switches to the
	// incremental SMT core once assumptions, push or pop are used.
	DefaultSolver SolverKind = iota
	// SimpleSolver is Z3_mk_simple_solver: the incremental SMT core from the
	// start, without pre-processing tactics.
	SimpleSolver
	// BVSolver is Z3_mk_solver_for_logic(QF_BV): in incremental use, Z3's
	// bit-blasting SAT solver (inc_sat_solver), with assumptions, cores and
	// native cardinality and pseudo-Boolean constraints. It is much faster
	// than the SMT core on bit-vector problems but knows no Int arithmetic.
	BVSolver
)
