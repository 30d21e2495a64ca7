package trace

import (
	"go/types"
	"reflect"
)

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
