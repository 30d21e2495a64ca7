//go:build cgo

package z3

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include "helpers.h"
*/
import "C"

import (
	"context"
	"fmt"
	"sync"
	"time"
	"unsafe"
)

// Context is a Z3 context with reference-counted objects. It belongs to one
// goroutine at a time: Z3 is not safe for concurrent use of one context
// (create one Context per goroutine for parallel work). The only exception is
// the interruption of a running check by context cancellation, which this
// package performs itself.
//
// Every AST and Sort made through a Context is pinned (its reference count
// is taken inside the C call that created it) until Close releases the whole
// context. There are no finalizers: call Close.
type Context struct {
	c      C.Z3_context
	closed bool

	mu       sync.Mutex // guards interrupting a running check
	checking bool
	abandon  <-chan struct{} // closed: a check past its interrupt may be abandoned (AbandonWhen)

	boolSort Sort
	intSort  Sort
	strSort  Sort
	fpSorts  [2]Sort // float32, float64
	bvSorts  map[int]Sort
	objs     map[releaser]struct{} // live solvers, optimizers and models, released on Close
	// pinned holds every reference the context's C calls took on the
	// terms and sorts they made (one entry per reference), which Close
	// gives back before deleting the context (see Close).
	pinned []C.Z3_ast
}

// available: this build calls libz3 (see Available).
const available = true

type releaser interface{ release() }

// AST is a Z3 term (or sort, viewed as a term). Two ASTs of one context are
// equal (==) exactly when Z3 hash-consed them to the same node, which makes
// AST usable as a map key, e.g. to map unsat-core elements back to literals.
// The zero AST is invalid.
type AST struct{ p C.Z3_ast }

// IsZero reports whether a is the zero (invalid) AST.
func (a AST) IsZero() bool { return a.p == nil }

// Sort is a Z3 sort. The zero Sort is invalid.
type Sort struct{ p C.Z3_sort }

// NewContext creates a context with model generation enabled and Z3's
// process-exiting error handler replaced by one that lets each call report
// its error.
func NewContext() (*Context, error) {
	c := C.fl_mk_context()
	if c == nil {
		return nil, &Error{Code: -1, Op: "mk_context", Msg: "Z3_mk_context_rc returned NULL"}
	}
	return &Context{c: c, bvSorts: map[int]Sort{}, objs: map[releaser]struct{}{}}, nil
}

// Close releases the context and every object made through it (solvers,
// optimizers, models, terms). Close is idempotent.
func (c *Context) Close() {
	if c == nil || c.closed {
		return
	}
	c.closed = true
	c.free()
	c.c = nil
}

// free releases the context's objects and deletes it, once: by Close,
// or, for a context a check abandoned, when that check returns.
func (c *Context) free() {
	for o := range c.objs {
		o.release()
	}
	c.objs = nil
	if len(c.pinned) > 0 {
		C.fl_dec_refs(c.c, (*C.Z3_ast)(unsafe.Pointer(&c.pinned[0])), C.uint(len(c.pinned)))
	}
	c.pinned = nil
	C.Z3_del_context(c.c)
}

// pin records the reference a C call took on the term or sort a it made
// (nil: nothing was made).
func (c *Context) pin(a C.Z3_ast) {
	if a != nil {
		c.pinned = append(c.pinned, a)
	}
}

func (c *Context) track(r releaser) { c.objs[r] = struct{}{} }

func (c *Context) untrack(r releaser) { delete(c.objs, r) }

func (c *Context) error(op string, code C.int) error {
	if code == 0 {
		return nil
	}
	msg := "no result"
	if code > 0 {
		msg = C.GoString(C.Z3_get_error_msg(c.c, C.Z3_error_code(code)))
	}
	return &Error{Code: int(code), Op: op, Msg: msg}
}

// BoolSort returns the Boolean sort.
func (c *Context) BoolSort() (Sort, error) {
	if c.closed {
		return Sort{}, ErrClosed
	}
	if c.boolSort.p == nil {
		var e C.int
		s := C.fl_bool_sort(c.c, &e)
		if err := c.error("bool_sort", e); err != nil {
			return Sort{}, err
		}
		c.pin((C.Z3_ast)(unsafe.Pointer(s)))
		c.boolSort = Sort{s}
	}
	return c.boolSort, nil
}

// IntSort returns the sort of mathematical integers.
func (c *Context) IntSort() (Sort, error) {
	if c.closed {
		return Sort{}, ErrClosed
	}
	if c.intSort.p == nil {
		var e C.int
		s := C.fl_int_sort(c.c, &e)
		if err := c.error("int_sort", e); err != nil {
			return Sort{}, err
		}
		c.pin((C.Z3_ast)(unsafe.Pointer(s)))
		c.intSort = Sort{s}
	}
	return c.intSort, nil
}

// StringSort returns the sort of strings: sequences of characters, which
// Z3 4.8.12 takes up to 0x2FFFF. Go's strings are sequences of bytes:
// StringVal maps each byte to the character of its value, and OpStrBytes
// keeps a string's characters below 0x100. (Z3's global parameter
// unicode=false, which makes characters bytes, crashed 4.8.12's sequence
// solver with a segmentation fault on some formulas and made it answer
// unsat on satisfiable ones with str.<.)
func (c *Context) StringSort() (Sort, error) {
	if c.closed {
		return Sort{}, ErrClosed
	}
	if c.strSort.p == nil {
		var e C.int
		s := C.fl_string_sort(c.c, &e)
		if err := c.error("string_sort", e); err != nil {
			return Sort{}, err
		}
		c.pin((C.Z3_ast)(unsafe.Pointer(s)))
		c.strSort = Sort{s}
	}
	return c.strSort, nil
}

// FloatSort returns the IEEE 754 sort of the given width: 32 (binary32,
// Go's float32) or 64 (binary64, float64).
func (c *Context) FloatSort(width int) (Sort, error) {
	if c.closed {
		return Sort{}, ErrClosed
	}
	if width != 32 && width != 64 {
		return Sort{}, &Error{Code: -1, Op: "fp_sort", Msg: fmt.Sprintf("invalid width %d (32 or 64)", width)}
	}
	i := width / 64
	if c.fpSorts[i].p == nil {
		var e C.int
		s := C.fl_fp_sort(c.c, C.uint(width), &e)
		if err := c.error("fp_sort", e); err != nil {
			return Sort{}, err
		}
		c.pin((C.Z3_ast)(unsafe.Pointer(s)))
		c.fpSorts[i] = Sort{s}
	}
	return c.fpSorts[i], nil
}

// StringVal returns the string constant whose characters are the bytes of
// v (any bytes, NUL included).
func (c *Context) StringVal(v string) (AST, error) {
	if c.closed {
		return AST{}, ErrClosed
	}
	var e C.int
	var a C.Z3_ast
	if len(v) == 0 {
		a = C.fl_lstring(c.c, 0, nil, &e)
	} else {
		b := C.CBytes([]byte(v))
		a = C.fl_lstring(c.c, C.uint(len(v)), (*C.char)(b), &e)
		C.free(b)
	}
	c.pin(a)
	return AST{a}, c.error("string", e)
}

// BVSort returns the sort of bit-vectors of the given width (>= 1).
func (c *Context) BVSort(width int) (Sort, error) {
	if c.closed {
		return Sort{}, ErrClosed
	}
	if width < 1 {
		return Sort{}, &Error{Code: -1, Op: "bv_sort", Msg: fmt.Sprintf("invalid width %d", width)}
	}
	if s, ok := c.bvSorts[width]; ok {
		return s, nil
	}
	var e C.int
	s := C.fl_bv_sort(c.c, C.uint(width), &e)
	if err := c.error("bv_sort", e); err != nil {
		return Sort{}, err
	}
	c.pin((C.Z3_ast)(unsafe.Pointer(s)))
	c.bvSorts[width] = Sort{s}
	return Sort{s}, nil
}

// Const returns the constant (free variable) of the given name and sort.
// The same name and sort always give the same AST.
func (c *Context) Const(name string, s Sort) (AST, error) {
	if c.closed {
		return AST{}, ErrClosed
	}
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	var e C.int
	a := C.fl_const(c.c, cs, s.p, &e)
	c.pin(a)
	return AST{a}, c.error("const", e)
}

// Fresh returns a new constant whose name starts with prefix and differs from
// every other constant's.
func (c *Context) Fresh(prefix string, s Sort) (AST, error) {
	if c.closed {
		return AST{}, ErrClosed
	}
	cs := C.CString(prefix)
	defer C.free(unsafe.Pointer(cs))
	var e C.int
	a := C.fl_fresh(c.c, cs, s.p, &e)
	c.pin(a)
	return AST{a}, c.error("fresh_const", e)
}

// BoolVal returns the constant true or false.
func (c *Context) BoolVal(v bool) (AST, error) {
	if c.closed {
		return AST{}, ErrClosed
	}
	var e C.int
	b := C.int(0)
	if v {
		b = 1
	}
	a := C.fl_bool_val(c.c, b, &e)
	c.pin(a)
	return AST{a}, c.error("bool_val", e)
}

// Uint64 returns the numeral v of sort s (a bit-vector or Int sort); for a
// bit-vector sort, v is truncated to the width. Values >= 2^63 are exact.
func (c *Context) Uint64(v uint64, s Sort) (AST, error) {
	if c.closed {
		return AST{}, ErrClosed
	}
	var e C.int
	a := C.fl_uint64(c.c, C.uint64_t(v), s.p, &e)
	c.pin(a)
	return AST{a}, c.error("numeral", e)
}

// Numeral returns the numeral written in decimal (optionally with a leading
// '-') of sort s.
func (c *Context) Numeral(dec string, s Sort) (AST, error) {
	if c.closed {
		return AST{}, ErrClosed
	}
	cs := C.CString(dec)
	defer C.free(unsafe.Pointer(cs))
	var e C.int
	a := C.fl_numeral(c.c, cs, s.p, &e)
	c.pin(a)
	return AST{a}, c.error("numeral", e)
}

// App applies op to args; p1 and p2 are the integer parameters of the
// parameterized operations (ZeroExt, SignExt: p1 extra bits; Extract: p1 high
// and p2 low bit; AtMost, AtLeast: p1 the bound; BV2Int: p1 != 0 for signed;
// Int2BV: p1 the width; the floating-point conversions: see OpFPToSBV) and
// are ignored otherwise. Z3 checks the sorts and
// reports ill-sorted applications as an *Error.
func (c *Context) App(op Op, p1, p2 int, args ...AST) (AST, error) {
	if c.closed {
		return AST{}, ErrClosed
	}
	if op <= 0 || op >= opEnd {
		return AST{}, &Error{Code: -1, Op: "app", Msg: fmt.Sprintf("unknown operation %d", int(op))}
	}
	if n := int(arity[op]); n != 0 && n != len(args) || len(args) == 0 {
		return AST{}, &Error{Code: -1, Op: op.String(), Msg: fmt.Sprintf("%d arguments", len(args))}
	}
	var e C.int
	a := C.fl_mk(c.c, C.int(op), C.uint(len(args)), (*C.Z3_ast)(unsafe.Pointer(&args[0])), C.uint(p1), C.uint(p2), &e)
	c.pin(a)
	return AST{a}, c.error(op.String(), e)
}

// PBLe returns the pseudo-Boolean constraint sum(coeffs[i]*args[i]) <= k
// over Boolean args.
func (c *Context) PBLe(args []AST, coeffs []int, k int) (AST, error) {
	if c.closed {
		return AST{}, ErrClosed
	}
	if len(args) != len(coeffs) || len(args) == 0 {
		return AST{}, &Error{Code: -1, Op: "pble", Msg: "need as many coefficients as arguments, at least one"}
	}
	cc := make([]C.int, len(coeffs))
	for i, x := range coeffs {
		cc[i] = C.int(x)
	}
	var e C.int
	a := C.fl_pble(c.c, C.uint(len(args)), (*C.Z3_ast)(unsafe.Pointer(&args[0])), &cc[0], C.int(k), &e)
	c.pin(a)
	return AST{a}, c.error("pble", e)
}

// String returns Z3's SMT-LIB rendering of a.
func (c *Context) String(a AST) string {
	if c.closed || a.p == nil {
		return "<invalid>"
	}
	s := C.GoString(C.Z3_ast_to_string(c.c, a.p))
	C.fl_err(c.c)
	return s
}

// checkGrace is how long a check may go on after its context's end
// interrupted it before [Context.check] may leave it to end in the
// background.
const checkGrace = 250 * time.Millisecond

// checkHook, if set, runs before each check's C call, on the goroutine
// that makes it (tests stand a check that does not heed its interrupt in
// with it).
var checkHook func()

// AbandonWhen lets a check on c that does not heed its interrupt be
// abandoned once done is closed (the end of the whole work c serves, as
// against the bound of one check): see [Context.check]. Without it a
// check is waited for however long it goes on.
func (c *Context) AbandonWhen(done <-chan struct{}) { c.abandon = done }

// check makes call, a check on c, and waits for it until ctx ends; then
// Z3 is interrupted (watch). Z3 heeds an interrupt at points of its own,
// and some of its procedures (the sequence solver of 4.8.12 among them)
// can go on for seconds past one: a check still running checkGrace
// after ctx's end, once the channel given to AbandonWhen is closed too,
// is abandoned, so that a bound the caller set is kept: c is closed at
// once (every later use of it or of its objects returns ErrClosed), and
// deleted when call returns. check reports whether it abandoned call.
func (c *Context) check(ctx context.Context, call func()) (abandoned bool) {
	hook, freed := checkHook, freeHook
	if ctx.Done() == nil {
		if hook != nil {
			hook()
		}
		call()
		return false
	}
	stop := c.watch(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if hook != nil {
			hook()
		}
		call()
	}()
	select {
	case <-done:
		stop()
		return false
	case <-ctx.Done():
	}
	t := time.NewTimer(checkGrace)
	defer t.Stop()
	select {
	case <-done:
		stop()
		return false
	case <-t.C:
	}
	select {
	case <-done:
		stop()
		return false
	case <-c.abandon: // nil: never
	}
	stop()
	c.closed = true
	go func() {
		<-done
		c.free()
		if freed != nil {
			freed()
		}
	}()
	return true
}

// freeHook, if set, runs when an abandoned check's context is deleted
// (tests wait for it).
var freeHook func()

// watch arranges for ctx's cancellation to interrupt Z3 while a check runs;
// the returned function ends the watch and must be called when the check
// returns, before any other call on the context.
func (c *Context) watch(ctx context.Context) func() {
	if ctx.Done() == nil {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	c.mu.Lock()
	c.checking = true
	c.mu.Unlock()
	go func() {
		defer wg.Done()
		select {
		case <-ctx.Done():
			c.mu.Lock()
			if c.checking {
				C.Z3_interrupt(c.c)
			}
			c.mu.Unlock()
		case <-done:
		}
	}()
	return func() {
		c.mu.Lock()
		c.checking = false
		c.mu.Unlock()
		close(done)
		wg.Wait()
	}
}

func lbool(r C.int) Result {
	switch r {
	case C.Z3_L_TRUE:
		return Sat
	case C.Z3_L_FALSE:
		return Unsat
	}
	return Unknown
}

// Version returns the version of the linked libz3, e.g. "4.8.12".
func Version() string {
	var a, b, c, d C.uint
	C.Z3_get_version(&a, &b, &c, &d)
	return fmt.Sprintf("%d.%d.%d", a, b, c)
}

func stats(c *Context, st C.Z3_stats) map[string]float64 {
	var vals *C.double
	var n C.uint
	keys := C.fl_stats(c.c, st, &vals, &n)
	defer C.free(unsafe.Pointer(keys))
	defer C.free(unsafe.Pointer(vals))
	m := make(map[string]float64, int(n))
	ks := C.GoString(keys)
	vs := unsafe.Slice(vals, int(n))
	i := 0
	start := 0
	for j := 0; j < len(ks) && i < int(n); j++ {
		if ks[j] == '\n' {
			m[ks[start:j]] = float64(vs[i])
			i++
			start = j + 1
		}
	}
	return m
}
