package interp

import (
	"go/token"
	"go/types"
	"os"
	"reflect"

	"golang.org/x/tools/go/ssa"
)

// errorGlobals are sentinel errors of packages the generated table
// (internal/stdtable, which has io.EOF and others) does not cover: package
// variables of type error that interpreted code compares with the errors
// bridged functions return.
var errorGlobals = map[string]error{
	"os.ErrNotExist":   os.ErrNotExist,
	"os.ErrExist":      os.ErrExist,
	"os.ErrPermission": os.ErrPermission,
	"os.ErrInvalid":    os.ErrInvalid,
}

// Bridges the conformance corpus (conformance_test.go) showed missing.
func init() {
	// runtime.Breakpoint traps: the program dies (SIGTRAP natively; here a
	// fatal error, a Panicked outcome).
	bridges["runtime.Breakpoint"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		panic(fatalError{"runtime.Breakpoint: trace trap"})
	}
	// reflect's type constructors run natively on native types (those
	// reflect.TypeOf returns).
	for name, f := range map[string]any{
		"reflect.SliceOf":   reflect.SliceOf,
		"reflect.PointerTo": reflect.PointerTo,
		"reflect.PtrTo":     reflect.PointerTo,
		"reflect.MapOf":     reflect.MapOf,
		"reflect.ArrayOf":   reflect.ArrayOf,
		"reflect.ChanOf":    reflect.ChanOf,
	} {
		rv, n := reflect.ValueOf(f), name
		bridges[n] = func(r *run, fr *frame, in *ins, args []Value) Value {
			return r.reflectCall(fr, in, n, rv, calleeSig(in), args)
		}
	}
	// Finalizers may never run (the spec promises nothing): none does.
	bridges["runtime.SetFinalizer"] = func(r *run, fr *frame, in *ins, args []Value) Value { return Value{} }
	bridges["runtime.KeepAlive"] = func(r *run, fr *frame, in *ins, args []Value) Value { return Value{} }
	// context, which Load interprets from source, asks
	// internal/reflectlite whether a key is comparable and how to name a
	// type.
	bridges["internal/reflectlite.TypeOf"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		x := args[0]
		if x.p == nil {
			return Value{k: KindInterface}
		}
		it := (*iface)(x.p)
		if it.nat != nil {
			return r.nativeIface(liteType{rt: reflect.TypeOf(it.nat)})
		}
		return r.nativeIface(liteType{t: it.t.t})
	}
	bridges["runtime.Caller"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		return r.caller(fr, in, int(args[0].Int()))
	}
	// A reflect.Kind (from a native reflect.Type's Kind) names itself.
	bridges["(reflect.Kind).String"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		return String(reflect.Kind(args[0].n).String())
	}
	bridges["reflect.TypeOf"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		var rt reflect.Type
		if x := args[0]; x.p != nil {
			it := (*iface)(x.p)
			if it.nat != nil {
				rt = reflect.TypeOf(it.nat)
			} else if rt = nativeType(it.t.t); rt == nil {
				panic(&BridgeError{Func: "reflect.TypeOf", CallSite: r.pos(in), Reason: "type " + it.t.t.String() + " has no native equivalent (only unnamed types built from predeclared ones have)"})
			}
		}
		v, err := r.fromNative(reflect.ValueOf(&rt).Elem(), calleeSig(in).Results().At(0).Type())
		if err != nil {
			panic(&BridgeError{Func: "reflect.TypeOf", CallSite: r.pos(in), Reason: err.Error()})
		}
		return v
	}
}

// nativeType returns the native reflect.Type equal to t, or nil if there is
// none: types declared by the interpreted program (and composites of them)
// exist only as go/types types.
func nativeType(t types.Type) reflect.Type {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		// A standard type whose values live natively (time.Time,
		// big.Int...): its own reflect.Type.
		if obj := t.Obj(); obj.Pkg() != nil && t.TypeArgs() == nil {
			if rt := nativeTypes[obj.Pkg().Path()+"."+obj.Name()]; rt != nil {
				return rt
			}
		}
	case *types.Basic:
		if t.Kind() == types.UnsafePointer {
			return nil
		}
		if x := basicNative(Value{}, t); x != nil {
			return reflect.TypeOf(x)
		}
	case *types.Pointer:
		if e := nativeType(t.Elem()); e != nil {
			return reflect.PointerTo(e)
		}
	case *types.Slice:
		if e := nativeType(t.Elem()); e != nil {
			return reflect.SliceOf(e)
		}
	case *types.Array:
		if e := nativeType(t.Elem()); e != nil {
			return reflect.ArrayOf(int(t.Len()), e)
		}
	case *types.Map:
		k, e := nativeType(t.Key()), nativeType(t.Elem())
		if k != nil && e != nil && k.Comparable() {
			return reflect.MapOf(k, e)
		}
	case *types.Chan:
		if e := nativeType(t.Elem()); e != nil {
			dir := reflect.BothDir
			switch t.Dir() {
			case types.SendOnly:
				dir = reflect.SendDir
			case types.RecvOnly:
				dir = reflect.RecvDir
			}
			return reflect.ChanOf(dir, e)
		}
	case *types.Signature:
		if t.Recv() != nil || t.TypeParams() != nil {
			return nil
		}
		in, out := tupleTypes(t.Params()), tupleTypes(t.Results())
		if in != nil && out != nil {
			return reflect.FuncOf(in, out, t.Variadic())
		}
	}
	return nil
}

func tupleTypes(tu *types.Tuple) []reflect.Type {
	ts := []reflect.Type{}
	for v := range tu.Variables() {
		rt := nativeType(v.Type())
		if rt == nil {
			return nil
		}
		ts = append(ts, rt)
	}
	return ts
}

// sizeBuiltin runs unsafe.Sizeof and unsafe.Alignof where they are not
// constants (operands of type-parameter type, in instantiated code): the
// compiler's size and alignment of the static operand type.
func sizeBuiltin(name string, args []types.Type, instr ssa.Instruction) (Value, bool) {
	if len(args) != 1 || gcSizes == nil {
		return Value{}, false
	}
	switch name {
	case "Sizeof":
		return Uint(uint64(gcSizes.Sizeof(args[0]))), true
	case "Alignof":
		return Uint(uint64(gcSizes.Alignof(args[0]))), true
	case "Offsetof":
		// go/ssa passes the field's value; its selector x.f is the operand:
		// a Field, or a load from a FieldAddr. A promoted field (x.f through
		// an embedded struct) is measured from x, which the operand no longer
		// shows: left unsupported, as is any other operand.
		call, ok := instr.(ssa.CallInstruction)
		if !ok {
			return Value{}, false
		}
		var st types.Type
		var field int
		switch x := call.Common().Args[0].(type) {
		case *ssa.Field:
			st, field = x.X.Type(), x.Field
		case *ssa.UnOp:
			fa, ok := x.X.(*ssa.FieldAddr)
			if !ok || x.Op != token.MUL {
				return Value{}, false
			}
			st, field = deref(fa.X.Type()), fa.Field
		default:
			return Value{}, false
		}
		s, ok := st.Underlying().(*types.Struct)
		if !ok {
			return Value{}, false
		}
		switch x := call.Common().Args[0].(type) {
		case *ssa.Field:
			if embeddedSel(x.X) {
				return Value{}, false
			}
		case *ssa.UnOp:
			if embeddedSel(x.X.(*ssa.FieldAddr).X) {
				return Value{}, false
			}
		}
		fields := make([]*types.Var, s.NumFields())
		for i := range fields {
			fields[i] = s.Field(i)
		}
		return Uint(uint64(gcSizes.Offsetsof(fields)[field])), true
	}
	return Value{}, false
}

// embeddedSel reports whether v selects an embedded field.
func embeddedSel(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Field:
		return structField(v.X.Type(), v.Field).Embedded()
	case *ssa.FieldAddr:
		return structField(deref(v.X.Type()), v.Field).Embedded()
	}
	return false
}

func structField(t types.Type, i int) *types.Var {
	return t.Underlying().(*types.Struct).Field(i)
}

// caller is runtime.Caller(skip) over the interpreted stack: skip 0 is the
// call of runtime.Caller itself. The pc is the position's static
// instruction id plus one (never 0); ok is false beyond the outermost
// interpreted frame (natively the runtime's frames would follow).
func (r *run) caller(fr *frame, in *ins, skip int) Value {
	for f, at := fr, in; f != nil && at != nil; f = f.caller {
		if skip == 0 {
			pos := r.pos(at)
			return Tuple(Uint(pcOf(at.sid)), String(pos.Filename), Int(int64(pos.Line)), Bool(true))
		}
		skip--
		if f.caller != nil {
			at = f.caller.at
		}
	}
	return Tuple(Uint(0), String(""), Int(0), Bool(false))
}

// liteType is what internal/reflectlite.TypeOf returns to interpreted code
// (an internal/reflectlite.Type): an interpreted dynamic type t, or a
// native one rt.
type liteType struct {
	t  types.Type
	rt reflect.Type
}

// Comparable reports whether values of the type are comparable.
func (l liteType) Comparable() bool {
	if l.rt != nil {
		return l.rt.Comparable()
	}
	return types.Comparable(l.t)
}

// String names the type as the runtime does.
func (l liteType) String() string {
	if l.rt != nil {
		return l.rt.String()
	}
	return runtimeTypeString(l.t)
}
