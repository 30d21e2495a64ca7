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
	"strconv"
	"time"
	"unsafe"
)

// Optimize is Z3's optimization context, used in faultloc only with
// assert-soft (MaxSMT) as a test oracle and benchmark peer. It is released
// by Close or by its Context's Close.
type Optimize struct {
	c      *Context
	o      C.Z3_optimize
	closed bool
}

// NewOptimize creates an optimization context with ctrl_c off.
func (c *Context) NewOptimize() (*Optimize, error) {
	if c.closed {
		return nil, ErrClosed
	}
	var e C.int
	o := C.fl_mk_optimize(c.c, &e)
	if err := c.error("mk_optimize", e); err != nil {
		return nil, err
	}
	op := &Optimize{c: c, o: o}
	c.track(op)
	return op, nil
}

func (o *Optimize) release() {
	if !o.closed {
		o.closed = true
		C.Z3_optimize_dec_ref(o.c.c, o.o)
		C.fl_err(o.c.c)
	}
}

// Close releases the optimizer; Close is idempotent.
func (o *Optimize) Close() {
	if o.c.closed {
		return
	}
	o.release()
	o.c.untrack(o)
}

func (o *Optimize) ok() error {
	if o.closed || o.c.closed {
		return ErrClosed
	}
	return nil
}

// SetTimeout bounds each later check; zero means no bound.
func (o *Optimize) SetTimeout(d time.Duration) error {
	if err := o.ok(); err != nil {
		return err
	}
	ms := timeoutMillis(d)
	k := C.CString("timeout")
	defer C.free(unsafe.Pointer(k))
	return o.c.error("optimize_set_params", C.fl_optimize_set_uint(o.c.c, o.o, k, C.uint(ms)))
}

// Assert adds a hard constraint.
func (o *Optimize) Assert(a AST) error {
	if err := o.ok(); err != nil {
		return err
	}
	C.Z3_optimize_assert(o.c.c, o.o, a.p)
	return o.c.error("optimize_assert", C.fl_err(o.c.c))
}

// AssertSoft adds a soft constraint of the given weight to the objective
// named id (one objective per id) and returns the objective's index.
func (o *Optimize) AssertSoft(a AST, weight uint64, id string) (int, error) {
	if err := o.ok(); err != nil {
		return 0, err
	}
	w := C.CString(strconv.FormatUint(weight, 10))
	defer C.free(unsafe.Pointer(w))
	cid := C.CString(id)
	defer C.free(unsafe.Pointer(cid))
	var e C.int
	i := C.fl_optimize_assert_soft(o.c.c, o.o, a.p, w, cid, &e)
	return int(i), o.c.error("optimize_assert_soft", e)
}

// Push opens a scope.
func (o *Optimize) Push() error {
	if err := o.ok(); err != nil {
		return err
	}
	C.Z3_optimize_push(o.c.c, o.o)
	return o.c.error("optimize_push", C.fl_err(o.c.c))
}

// Pop removes the last scope.
func (o *Optimize) Pop() error {
	if err := o.ok(); err != nil {
		return err
	}
	C.Z3_optimize_pop(o.c.c, o.o)
	return o.c.error("optimize_pop", C.fl_err(o.c.c))
}

// Check optimizes under the assumptions; see Solver.Check for cancellation.
func (o *Optimize) Check(ctx context.Context, assumptions []AST) (Result, error) {
	if err := o.ok(); err != nil {
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
	cc, oo := o.c.c, o.o
	if o.c.check(ctx, func() { r = C.fl_optimize_check(cc, oo, C.uint(len(as)), p, &e) }) {
		return Unknown, fmt.Errorf("%w: %w", ErrAbandoned, ctx.Err())
	}
	if err := o.c.error("optimize_check", e); err != nil {
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

// Model returns the model of the last Sat check.
func (o *Optimize) Model() (*Model, error) {
	if err := o.ok(); err != nil {
		return nil, err
	}
	var e C.int
	m := C.fl_optimize_model(o.c.c, o.o, &e)
	if err := o.c.error("optimize_get_model", e); err != nil {
		return nil, err
	}
	md := &Model{c: o.c, m: m}
	o.c.track(md)
	return md, nil
}

// Statistics returns Z3's statistics of the last check.
func (o *Optimize) Statistics() map[string]float64 {
	if o.ok() != nil {
		return nil
	}
	st := C.Z3_optimize_get_statistics(o.c.c, o.o)
	if C.fl_err(o.c.c) != 0 || st == nil {
		return nil
	}
	return stats(o.c, st)
}
