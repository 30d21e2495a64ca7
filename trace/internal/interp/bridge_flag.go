package interp

import (
	"fmt"
	"go/types"
)

// Package flag is interpreted from source (loader's sourceStd), but for one
// unexported function that reflects on a flag's Value: isZeroValue, which
// PrintDefaults calls to leave out a default that is its type's zero. It
// is bridged here on the interpreted value (handBridgedStd).
func init() {
	bridges["flag.isZeroValue"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		// args: flag *Flag, value string. Flag is {Name, Usage, Value,
		// DefValue}.
		if args[0].p == nil {
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		fs := (*cell)(args[0].p).v.cells()
		if len(fs) < 3 {
			panic(&InternalError{Value: fmt.Errorf("flag.Flag with %d fields", len(fs)), Pos: r.pos(in)})
		}
		name, val := fs[0].v.Str(), fs[2].v
		if val.p == nil {
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		it := (*iface)(val.p)
		if it.nat != nil {
			panic(&BridgeError{Func: "flag.isZeroValue", CallSite: r.pos(in), Reason: "a flag.Value living natively"})
		}
		// A zero value of the Value's dynamic type (a new one for a
		// pointer type), as reflect.New or reflect.Zero makes it.
		t := it.t.t
		var z Value
		shown := t
		if pt, ok := t.Underlying().(*types.Pointer); ok {
			r.allocCells(1)
			z = Value{k: KindPointer, p: ptrOf(newCell(copyVal(r.p.zero(pt.Elem())), NoEvent))}
			shown = pt.Elem()
		} else {
			z = copyVal(r.p.zero(t))
		}
		var (
			s   string
			err Value = Value{k: KindInterface}
		)
		func() {
			defer func() {
				if x := recover(); x != nil {
					ip, ok := x.(*interpPanic)
					if !ok {
						panic(x)
					}
					// As flag reports it, the panic's value formatted
					// by fmt.
					msg := fmt.Sprintf("panic calling String method on zero %s for flag %s: %v", goTypeName(shown), name, r.fmtArg(nil, ip.v))
					err = r.nativeIface(fmt.Errorf("%s", msg))
				}
			}()
			s = r.callMethod(fr, in, &iface{t: it.t, v: z}, "String", nil).Str()
		}()
		return Tuple(Bool(err.p == nil && s == args[1].Str()), err)
	}
}

// Test packages define flags (var update = flag.Bool("update", ...)); go
// test runs them without flags: every flag has its default value.
func init() {
	bridges["flag.Parse"] = func(r *run, fr *frame, in *ins, args []Value) Value { return Value{} }
	bridges["flag.Parsed"] = func(r *run, fr *frame, in *ins, args []Value) Value { return Bool(true) }
	bridges["flag.NArg"] = func(r *run, fr *frame, in *ins, args []Value) Value { return Int(0) }
	bridges["flag.Args"] = func(r *run, fr *frame, in *ins, args []Value) Value { return Value{k: KindSlice} }
	for _, kind := range []string{"Bool", "String", "Int", "Int64", "Uint", "Uint64", "Float64", "Duration"} {
		// flag.Kind(name, value, usage) *T
		bridges["flag."+kind] = func(r *run, fr *frame, in *ins, args []Value) Value {
			return Value{k: KindPointer, p: ptrOf(&cell{v: args[1], st: NoEvent})}
		}
		// flag.KindVar(p *T, name, value, usage)
		bridges["flag."+kind+"Var"] = func(r *run, fr *frame, in *ins, args []Value) Value {
			if args[0].p == nil {
				r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
			}
			(*cell)(args[0].p).v = args[2]
			return Value{}
		}
	}
}
