package interp

import (
	"fmt"
	"go/types"
	"reflect"
)

// fmt's string scanners, Sscan, Sscanf and Sscanln, scan natively into
// temporaries of the pointees' basic types (initialized with the pointees'
// values), then store the temporaries back into interpreted memory.
// Operands that live natively (a *big.Float, which implements fmt.Scanner)
// are passed as themselves; others are a *BridgeError.

func init() {
	for _, name := range []string{"fmt.Sscan", "fmt.Sscanf", "fmt.Sscanln"} {
		bridges[name] = scanBridge(name)
	}
}

// basicReflect maps basic kinds to their native types.
var basicReflect = func() map[types.BasicKind]reflect.Type {
	m := map[types.BasicKind]reflect.Type{}
	for k, t := range basicTypes {
		m[t.(*types.Basic).Kind()] = reflectKindType(k)
	}
	return m
}()

func reflectKindType(k reflect.Kind) reflect.Type {
	switch k {
	case reflect.Bool:
		return reflect.TypeFor[bool]()
	case reflect.Int:
		return reflect.TypeFor[int]()
	case reflect.Int8:
		return reflect.TypeFor[int8]()
	case reflect.Int16:
		return reflect.TypeFor[int16]()
	case reflect.Int32:
		return reflect.TypeFor[int32]()
	case reflect.Int64:
		return reflect.TypeFor[int64]()
	case reflect.Uint:
		return reflect.TypeFor[uint]()
	case reflect.Uint8:
		return reflect.TypeFor[uint8]()
	case reflect.Uint16:
		return reflect.TypeFor[uint16]()
	case reflect.Uint32:
		return reflect.TypeFor[uint32]()
	case reflect.Uint64:
		return reflect.TypeFor[uint64]()
	case reflect.Uintptr:
		return reflect.TypeFor[uintptr]()
	case reflect.Float32:
		return reflect.TypeFor[float32]()
	case reflect.Float64:
		return reflect.TypeFor[float64]()
	case reflect.Complex64:
		return reflect.TypeFor[complex64]()
	case reflect.Complex128:
		return reflect.TypeFor[complex128]()
	}
	return reflect.TypeFor[string]()
}

func scanBridge(name string) extFunc {
	return func(r *run, fr *frame, in *ins, args []Value) Value {
		str, rest := args[0].Str(), args[1]
		format := ""
		if name == "fmt.Sscanf" {
			format, rest = args[1].Str(), args[2]
		}
		type back struct {
			c  *cell
			rv reflect.Value
		}
		var backs []back
		cs := rest.slice()
		ops := make([]any, len(cs))
		for i := range cs {
			v := cs[i].v
			if v.k != KindInterface || v.p == nil {
				panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: "a nil operand"})
			}
			it := (*iface)(v.p)
			if x := r.ifaceToNative(fr, it); x != nil {
				if _, ok := x.(fmt.Scanner); ok {
					ops[i] = x
					continue
				}
			}
			pt, ok := it.t.t.Underlying().(*types.Pointer)
			var b *types.Basic
			if ok {
				b, ok = pt.Elem().Underlying().(*types.Basic)
			}
			if !ok || basicReflect[b.Kind()] == nil || it.v.k != KindPointer {
				panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: "scans only into pointers to basic types and native fmt.Scanners, not " + it.t.t.String()})
			}
			if it.v.p == nil {
				ops[i] = reflect.Zero(reflect.PointerTo(basicReflect[b.Kind()])).Interface() // fmt reports the nil pointer
				continue
			}
			c := (*cell)(it.v.p)
			tmp := reflect.New(basicReflect[b.Kind()])
			tmp.Elem().Set(reflect.ValueOf(basicNative(c.v, b)))
			backs = append(backs, back{c, tmp.Elem()})
			ops[i] = tmp.Interface()
		}
		var n int
		var err error
		switch name {
		case "fmt.Sscan":
			n, err = fmt.Sscan(str, ops...)
		case "fmt.Sscanln":
			n, err = fmt.Sscanln(str, ops...)
		default:
			n, err = fmt.Sscanf(str, format, ops...)
		}
		for _, b := range backs {
			if v, verr := valueOfReflect(b.rv); verr == nil {
				b.c.v = v
			}
		}
		ev := Value{k: KindInterface}
		if err != nil {
			ev = r.nativeIface(err)
		}
		return Tuple(Int(int64(n)), ev)
	}
}
