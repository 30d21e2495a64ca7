//go:build cgo

package z3

/*
#include <stdlib.h>
#include "helpers.h"
*/
import "C"

import (
	"context"
	"fmt"
	"slices"
	"time"
	"unsafe"
)

// Solver is a Z3 solver: assertions, push/pop scopes, checks under
// assumptions, models and unsat cores. It is released by Close or by its
// Context's Close.
type Solver struct {
	c      *Context
	s      C.Z3_solver
	closed bool
	core   []AST
}

// NewSolver creates a solver with Z3's ctrl_c handling off (it would replace
// Go's SIGINT handler during checks).
func (c *Context) NewSolver(kind SolverKind) (*Solver, error) {
	if c.closed {
		return nil, ErrClosed
	}
	var e C.int
	simple := C.int(0)
	var logic *C.char
	switch kind {
	case SimpleSolver:
		simple = 1
	case BVSolver:
		logic = C.CString("QF_BV")
		defer C.free(unsafe.Pointer(logic))
	}
	s := C.fl_mk_solver(c.c, logic, simple, &e)
	if err := c.error("mk_solver", e); err != nil {
		return nil, err
	}
	sv := &Solver{c: c, s: s}
	c.track(sv)
	return sv, nil
}

func (s *Solver) release() {
	if !s.closed {
		s.closed = true
		C.Z3_solver_dec_ref(s.c.c, s.s)
		C.fl_err(s.c.c)
	}
}

// Close releases the solver. Close is idempotent; closing the Context closes
// its solvers too.
func (s *Solver) Close() {
	if s.c.closed {
		return
	}
	s.release()
	s.c.untrack(s)
}

func (s *Solver) ok() error {
	if s.closed || s.c.closed {
		return ErrClosed
	}
	return nil
}

// SetTimeout bounds each later check; zero means no bound.
func (s *Solver) SetTimeout(d time.Duration) error {
	if err := s.ok(); err != nil {
		return err
	}
	ms := timeoutMillis(d)
	k := C.CString("timeout")
	defer C.free(unsafe.Pointer(k))
	return s.c.error("solver_set_params", C.fl_solver_set_uint(s.c.c, s.s, k, C.uint(ms)))
}

// SetParam sets a Boolean or unsigned integer solver parameter, such as
// "smt.relevancy" (uint) or "model" (bool); value must be a bool or an int.
// Z3 4.8.12 does not reject unknown names when they are set.
func (s *Solver) SetParam(name string, value any) error {
	if err := s.ok(); err != nil {
		return err
	}
	k := C.CString(name)
	defer C.free(unsafe.Pointer(k))
	switch v := value.(type) {
	case bool:
		b := C.int(0)
		if v {
			b = 1
		}
		return s.c.error("solver_set_params", C.fl_solver_set_bool(s.c.c, s.s, k, b))
	case int:
		if v < 0 || v > 1<<32-1 {
			return &Error{Code: -1, Op: "solver_set_params", Msg: fmt.Sprintf("%s: %d out of range", name, v)}
		}
		return s.c.error("solver_set_params", C.fl_solver_set_uint(s.c.c, s.s, k, C.uint(v)))
	}
	return &Error{Code: -1, Op: "solver_set_params", Msg: fmt.Sprintf("%s: unsupported value type %T", name, value)}
}

// Assert adds a Boolean term to the solver.
func (s *Solver) Assert(a AST) error {
	if err := s.ok(); err != nil {
		return err
	}
	C.Z3_solver_assert(s.c.c, s.s, a.p)
	return s.c.error("solver_assert", C.fl_err(s.c.c))
}

// Push opens a scope; Pop(n) removes the assertions of the last n scopes.
func (s *Solver) Push() error {
	if err := s.ok(); err != nil {
		return err
	}
	C.Z3_solver_push(s.c.c, s.s)
	return s.c.error("solver_push", C.fl_err(s.c.c))
}

// Pop removes the last n scopes.
func (s *Solver) Pop(n int) error {
	if err := s.ok(); err != nil {
		return err
	}
	C.Z3_solver_pop(s.c.c, s.s, C.uint(n))
	return s.c.error("solver_pop", C.fl_err(s.c.c))
}

// NumScopes returns the number of open scopes.
func (s *Solver) NumScopes() int {
	if s.ok() != nil {
		return 0
	}
	n := C.Z3_solver_get_num_scopes(s.c.c, s.s)
	C.fl_err(s.c.c)
	return int(n)
}

// Check checks the assertions together with the assumption literals (Boolean
// constants or their negations). Cancelling ctx interrupts Z3; Check then
// returns Unknown and ctx's error.
func (s *Solver) Check(ctx context.Context, assumptions []AST) (Result, error) {
	if err := s.ok(); err != nil {
		return Unknown, err
	}
	if err := ctx.Err(); err != nil {
		return Unknown, err
	}
	var p *C.Z3_ast
	as := slices.Clone(assumptions) // Z3 may read them after an abandoned check
	if len(as) > 0 {
		p = (*C.Z3_ast)(unsafe.Pointer(&as[0]))
	}
	var e C.int
	var r C.int
	cc, ss := s.c.c, s.s
	if s.c.check(ctx, func() { r = C.fl_solver_check(cc, ss, C.uint(len(as)), p, &e) }) {
		return Unknown, fmt.Errorf("%w: %w", ErrAbandoned, ctx.Err())
	}
	if err := s.c.error("solver_check", e); err != nil {
		if ctx.Err() != nil {
			return Unknown, ctx.Err()
		}
		return Unknown, err
	}
	res := lbool(r)
	if res == Unknown && ctx.Err() != nil {
		return Unknown, ctx.Err()
	}
	return res, nil
}

// ReasonUnknown explains the last Unknown result.
func (s *Solver) ReasonUnknown() string {
	if s.ok() != nil {
		return "closed"
	}
	r := C.GoString(C.Z3_solver_get_reason_unknown(s.c.c, s.s))
	C.fl_err(s.c.c)
	return r
}

// UnsatCore appends to dst the assumptions of the last Unsat check that form
// an unsatisfiable core, as the very ASTs passed as assumptions.
func (s *Solver) UnsatCore(dst []AST) ([]AST, error) {
	if err := s.ok(); err != nil {
		return dst, err
	}
	if cap(s.core) < 64 {
		s.core = make([]AST, 64)
	}
	for {
		var e C.int
		buf := s.core[:cap(s.core)]
		n := int(C.fl_solver_core(s.c.c, s.s, (*C.Z3_ast)(unsafe.Pointer(&buf[0])), C.uint(len(buf)), &e))
		if err := s.c.error("solver_get_unsat_core", e); err != nil {
			return dst, err
		}
		if n <= len(buf) {
			return append(dst, buf[:n]...), nil
		}
		s.core = make([]AST, n)
	}
}

// Model returns the model of the last Sat check. The model stays valid until
// it or the Context is closed.
func (s *Solver) Model() (*Model, error) {
	if err := s.ok(); err != nil {
		return nil, err
	}
	var e C.int
	m := C.fl_solver_model(s.c.c, s.s, &e)
	if err := s.c.error("solver_get_model", e); err != nil {
		return nil, err
	}
	md := &Model{c: s.c, m: m}
	s.c.track(md)
	return md, nil
}

// Statistics returns Z3's statistics of the solver (keys like "conflicts",
// "decisions", "time").
func (s *Solver) Statistics() map[string]float64 {
	if s.ok() != nil {
		return nil
	}
	st := C.Z3_solver_get_statistics(s.c.c, s.s)
	if C.fl_err(s.c.c) != 0 || st == nil {
		return nil
	}
	return stats(s.c, st)
}

// String returns the solver's assertions in SMT-LIB 2 syntax.
func (s *Solver) String() string {
	if s.ok() != nil {
		return "<closed>"
	}
	r := C.GoString(C.Z3_solver_to_string(s.c.c, s.s))
	C.fl_err(s.c.c)
	return r
}

// timeoutMillis converts a timeout to Z3's "timeout" parameter in
// milliseconds: at least 1 for a positive duration, and Z3's "no timeout"
// (2^32-1) for zero or a duration beyond the parameter's range.
func timeoutMillis(d time.Duration) uint64 {
	ms := uint64(d / time.Millisecond)
	if d > 0 && ms == 0 {
		ms = 1
	}
	if ms == 0 || ms > 1<<32-1 {
		ms = 1<<32 - 1
	}
	return ms
}
