package interp

import (
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/faultloc/faultloc/trace/internal/stdtable"
)

// The methods of native values with a pointer receiver that interpreted
// code calls in inner loops (a seeded *math/rand.Rand's Intn, Int63,
// Uint64, Float64; a strings.Builder's Len) are called directly, as
// typedBridge calls functions, rather than by reflectCall.

// A recvCall calls a method of a native type with a pointer receiver, recv
// the receiver, on the method's other arguments (a typed bridge's).
type recvCall func(recv unsafe.Pointer, args []Value) Value

// typedMethodBridge returns the bridge of a method of a native type (of
// the bridge's table, or one of nativeTypes) called statically, m its
// method expression (the receiver its first parameter). When the
// receiver is a pointer to a value that lives natively (a seeded
// *math/rand.Rand that rand.New made) and the method's signature is one
// typedRecvCall knows (directMethod), the bridge calls the method
// directly; else it calls reflectCall, on a copy of the arguments, so
// that the bridge keeps no argument either way (code.extTyped). The call
// runs in native mode, as reflectCall's does: the method may call back
// into interpreted code.
func typedMethodBridge(name string, m reflect.Value, sig *types.Signature) extFunc {
	slow := func(r *run, fr *frame, in *ins, args []Value) Value {
		return r.reflectCall(fr, in, name, m, sig, args)
	}
	call := directMethod(name, m, sig)
	if call == nil {
		return slow
	}
	ft := m.Type()
	rt := ft.In(0)
	return func(r *run, fr *frame, in *ins, args []Value) Value {
		if len(args) == ft.NumIn() {
			if rv, ok := nativeReceiver(args[0], rt); ok {
				return r.callRecv(call, rv.UnsafePointer(), args[1:])
			}
		}
		return slow(r, fr, in, slices.Clone(args))
	}
}

// directMethod returns the call typedMethodBridge makes of method name,
// m its method expression, on a native receiver, or nil when it calls
// reflectCall (a method outside the scheduler, one that takes a deadline
// or a logger's, or another shape than typedRecvCall's).
func directMethod(name string, m reflect.Value, sig *types.Signature) recvCall {
	ft := m.Type()
	i := strings.LastIndex(name, ").")
	if i < 0 || sig.Recv() == nil || outsideFuncs[name] || deadlineMethods[name[i+2:]] || ft.NumIn() != sig.Params().Len()+1 || ft.In(0) == loggerType {
		return nil
	}
	return typedRecvCall(m)
}

// methodExpr returns the method expression of name, a method of a
// native type, as lookupBridge finds it (the table's, else a native
// type's).
func methodExpr(name string) (reflect.Value, bool) {
	if f, ok := stdtable.Funcs[name]; ok {
		return reflect.ValueOf(f), true
	}
	if _, excluded := stdtable.Excluded[name]; excluded {
		return reflect.Value{}, false
	}
	return lookupNativeMethod(name)
}

// typedNativeMethod returns the typed bridge of method name of rv, a
// native pointer an interface holds (callNativeMethod), or nil: as
// typedMethodBridge, by rv's type's method expression.
func typedNativeMethod(rv reflect.Value, name string) recvCall {
	k := recvMethodKey{rv.Type(), name}
	if c, ok := recvCalls.Load(k); ok {
		return c.(recvCall)
	}
	var call recvCall
	if m, ok := rv.Type().MethodByName(name); ok {
		call = typedRecvCall(m.Func)
	}
	recvCalls.Store(k, call)
	return call
}

// recvCalls holds typedNativeMethod's answers.
var recvCalls sync.Map // recvMethodKey → recvCall

type recvMethodKey struct {
	t    reflect.Type
	name string
}

// nativeReceiver returns v, an interpreted value of a pointer type whose
// native type is rt, as the native pointer toNative makes of it, when v
// is, or points at, a native value (a nativeBox).
func nativeReceiver(v Value, rt reflect.Type) (reflect.Value, bool) {
	if v.p == nil {
		return reflect.Value{}, false
	}
	switch v.k {
	case KindNative:
		b := (*nativeBox)(v.p)
		if b.rv.Type() == rt.Elem() {
			return b.rv.Addr(), true
		}
		if b.rv.Type() == rt {
			return b.rv, true
		}
	case KindPointer:
		if c := (*cell)(v.p); c.v.k == KindNative && c.v.p != nil {
			if b := (*nativeBox)(c.v.p); b.rv.Type() == rt.Elem() {
				return b.rv.Addr(), true
			}
		}
	}
	return reflect.Value{}, false
}

// callRecv calls f, a typed bridge of a native method, in native mode as
// callNative calls reflectCall's function.
func (r *run) callRecv(f recvCall, recv unsafe.Pointer, args []Value) Value {
	if !r.native {
		r.native = true
		r.inNativeMode()
		defer r.leaveNative()
	}
	return f(recv, args)
}

// typedRecvCall returns the call of m, a method expression whose first
// parameter is a pointer (the receiver), when its other parameters and
// its results are one of the shapes below, else nil. The method is
// called as a func whose receiver is an unsafe.Pointer: a pointer is
// passed the same way whatever it points to, so that one instance of
// each shape calls the methods of every type (the seeded generator's
// Intn, Int63, Uint64 and Float64; a strings.Builder's Len, a big.Int's
// Sign...).
func typedRecvCall(m reflect.Value) recvCall {
	ft := m.Type()
	if ft.Kind() != reflect.Func || ft.IsVariadic() || ft.NumIn() == 0 || ft.In(0).Kind() != reflect.Pointer {
		return nil
	}
	shape := ""
	for i := 1; i < ft.NumIn(); i++ {
		shape += basicName(ft.In(i)) + ","
	}
	shape += ">"
	for i := range ft.NumOut() {
		shape += basicName(ft.Out(i)) + ","
	}
	e := m.Interface()
	fp := (*[2]unsafe.Pointer)(unsafe.Pointer(&e))[1] // a func value is its interface's data word
	switch shape {
	case ">int,":
		return r0[int](fp)
	case ">int32,":
		return r0[int32](fp)
	case ">int64,":
		return r0[int64](fp)
	case ">uint32,":
		return r0[uint32](fp)
	case ">uint64,":
		return r0[uint64](fp)
	case "int,>int,":
		return r1[int, int](fp)
	case "int32,>int32,":
		return r1[int32, int32](fp)
	case "int64,>int64,":
		return r1[int64, int64](fp)
	case ">float64,":
		f := asFunc[func(unsafe.Pointer) float64](fp)
		return func(p unsafe.Pointer, _ []Value) Value { return Float(f(p)) }
	case ">float32,":
		f := asFunc[func(unsafe.Pointer) float32](fp)
		return func(p unsafe.Pointer, _ []Value) Value { return Float(float64(f(p))) }
	case ">bool,":
		f := asFunc[func(unsafe.Pointer) bool](fp)
		return func(p unsafe.Pointer, _ []Value) Value { return Bool(f(p)) }
	}
	return nil
}

// basicName is the name of t if t is one of the predeclared types, else
// "?".
func basicName(t reflect.Type) string {
	if t.PkgPath() != "" || t.Name() == "" || t.Kind() > reflect.Complex128 && t.Kind() != reflect.String {
		return "?"
	}
	return t.Name()
}

// asFunc is the func value at fp as an F, a func type whose first
// parameter is an unsafe.Pointer where the function's is a pointer.
func asFunc[F any](fp unsafe.Pointer) F { return *(*F)(unsafe.Pointer(&fp)) }

func r0[R word](fp unsafe.Pointer) recvCall {
	f := asFunc[func(unsafe.Pointer) R](fp)
	return func(p unsafe.Pointer, _ []Value) Value { return wordRes(f(p)) }
}

func r1[A, R word](fp unsafe.Pointer) recvCall {
	f := asFunc[func(unsafe.Pointer, A) R](fp)
	return func(p unsafe.Pointer, a []Value) Value { return wordRes(f(p, wordArg[A](a[0]))) }
}

// typedMethod reports whether the bridge of name, a function with
// signature sig, is a typedMethodBridge that calls a method directly.
func typedMethod(name string, sig *types.Signature) bool {
	if sig.Recv() == nil {
		return false
	}
	m, ok := methodExpr(name)
	return ok && m.Kind() == reflect.Func && directMethod(name, m, sig) != nil
}
