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
// rather than running its body: see handBridgedSource there). flag.Parse,
// which parses go test's command line, is package testrun's.
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
