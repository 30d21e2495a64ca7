package bridge

import (
	"fmt"
	"go/types"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// Package flag is interpreted from source, but for one unexported
// function that reflects on a flag's Value: isZeroValue, which
// PrintDefaults calls to leave out a default that is its type's zero. It
// is bridged here on the interpreted value (interp stands in for it
// rather than running its body: see handBridgedStd there).
func init() {
	interp.RegisterBridge("flag.isZeroValue", isZeroValue)
}

// isZeroValue(flag *Flag, value string) (bool, error) of package flag: a
// Flag is {Name, Usage, Value, DefValue}.
func isZeroValue(c interp.Call, args []interp.Value) interp.Value {
	const nilDeref = "invalid memory address or nil pointer dereference"
	if args[0].IsNil() {
		c.RuntimeError(nilDeref)
	}
	f := args[0].Elem()
	if f.Len() < 3 {
		panic(&interp.InternalError{Value: fmt.Errorf("flag.Flag with %d fields", f.Len()), Pos: c.Pos()})
	}
	name, val := f.Index(0).Str(), f.Index(2)
	if val.IsNil() {
		c.RuntimeError(nilDeref)
	}
	t := val.DynamicType()
	if t == nil {
		panic(&interp.BridgeError{Func: "flag.isZeroValue", CallSite: c.Pos(), Reason: "a flag.Value living natively"})
	}
	// A zero value of the Value's dynamic type (a new one for a pointer
	// type), as reflect.New or reflect.Zero makes it.
	var z interp.Value
	shown := t
	if pt, ok := t.Underlying().(*types.Pointer); ok {
		z, shown = c.New(pt.Elem()), pt.Elem()
	} else {
		z = c.Zero(t)
	}
	var s string
	err := interp.Nil(interp.KindInterface)
	if p, panicked := c.Recover(func() { s = c.CallMethod(c.Interface(t, z), "String", nil).Str() }); panicked {
		// As flag reports it, the panic's value formatted by fmt.
		err = c.NativeValue(fmt.Errorf("panic calling String method on zero %s for flag %s: %v", interp.ReflectTypeString(shown), name, c.Native(p)))
	}
	return interp.Tuple(interp.Bool(err.IsNil() && s == args[1].Str()), err)
}

// Test packages define flags (var update = flag.Bool("update", ...)); go
// test runs them without flags: every flag has its default value.
func init() {
	interp.RegisterBridge("flag.Parse", func(c interp.Call, args []interp.Value) interp.Value { return interp.Value{} })
	interp.RegisterBridge("flag.Parsed", func(c interp.Call, args []interp.Value) interp.Value { return interp.Bool(true) })
	interp.RegisterBridge("flag.NArg", func(c interp.Call, args []interp.Value) interp.Value { return interp.Int(0) })
	interp.RegisterBridge("flag.Args", func(c interp.Call, args []interp.Value) interp.Value { return interp.Nil(interp.KindSlice) })
	for _, kind := range []string{"Bool", "String", "Int", "Int64", "Uint", "Uint64", "Float64", "Duration"} {
		// flag.Kind(name, value, usage) *T: a new variable holding
		// value.
		interp.RegisterBridge("flag."+kind, func(c interp.Call, args []interp.Value) interp.Value {
			p := c.New(c.Signature().Results().At(0).Type().(*types.Pointer).Elem())
			interp.Store(p, args[1])
			return p
		})
		// flag.KindVar(p *T, name, value, usage)
		interp.RegisterBridge("flag."+kind+"Var", func(c interp.Call, args []interp.Value) interp.Value {
			if args[0].IsNil() {
				c.RuntimeError("invalid memory address or nil pointer dereference")
			}
			interp.Store(args[0], args[2])
			return interp.Value{}
		})
	}
}
