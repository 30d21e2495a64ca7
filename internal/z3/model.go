//go:build cgo

package z3

/*
#include <stdlib.h>
#include "helpers.h"
*/
import "C"

import (
	"fmt"
	"math/big"
	"unsafe"
)

// Model is a satisfying assignment returned by a check. It is released by
// Close or by its Context's Close.
type Model struct {
	c      *Context
	m      C.Z3_model
	closed bool
}

func (m *Model) release() {
	if !m.closed {
		m.closed = true
		C.Z3_model_dec_ref(m.c.c, m.m)
		C.fl_err(m.c.c)
	}
}

// Close releases the model; Close is idempotent.
func (m *Model) Close() {
	if m.c.closed {
		return
	}
	m.release()
	m.c.untrack(m)
}

// Eval evaluates a in the model. With completion, constants the model leaves
// unconstrained get a default value, so every well-sorted term has a value.
func (m *Model) Eval(a AST, completion bool) (Value, error) {
	if m.closed || m.c.closed {
		return Value{}, ErrClosed
	}
	var b C.int
	var u C.uint64_t
	var s *C.char
	var slen C.uint
	var e C.int
	comp := C.int(0)
	if completion {
		comp = 1
	}
	k := C.fl_eval(m.c.c, m.m, a.p, comp, &b, &u, &s, &slen, &e)
	if err := m.c.error("model_eval", e); err != nil {
		return Value{}, err
	}
	switch k {
	case 1:
		return Value{Kind: BoolValue, Bool: b != 0}, nil
	case 2:
		return Value{Kind: Uint64Value, Uint64: uint64(u)}, nil
	case 3:
		str := C.GoString(s)
		C.free(unsafe.Pointer(s))
		z, ok := new(big.Int).SetString(str, 10)
		if !ok {
			return Value{}, &Error{Code: -1, Op: "model_eval", Msg: fmt.Sprintf("unexpected numeral %q", str)}
		}
		return Value{Kind: BigValue, Big: z}, nil
	case 4:
		str := C.GoStringN(s, C.int(slen))
		C.free(unsafe.Pointer(s))
		return Value{Kind: StringValue, Str: str}, nil
	}
	return Value{}, nil
}

// EvalBools evaluates Boolean terms with model completion in one call and
// returns, for each, 1 (true), 0 (false) or -1 (no Boolean value).
func (m *Model) EvalBools(as []AST) ([]int8, error) {
	if m.closed || m.c.closed {
		return nil, ErrClosed
	}
	out := make([]int8, len(as))
	if len(as) == 0 {
		return out, nil
	}
	e := C.fl_eval_bools(m.c.c, m.m, C.uint(len(as)), (*C.Z3_ast)(unsafe.Pointer(&as[0])), (*C.schar)(unsafe.Pointer(&out[0])))
	return out, m.c.error("model_eval", e)
}

// String renders the model in Z3's syntax.
func (m *Model) String() string {
	if m.closed || m.c.closed {
		return "<closed>"
	}
	r := C.GoString(C.Z3_model_to_string(m.c.c, m.m))
	C.fl_err(m.c.c)
	return r
}
