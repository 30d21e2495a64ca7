package bridge

import (
	"fmt"
	"go/types"
	"reflect"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// fmt's string scanners, Sscan, Sscanf and Sscanln, scan natively into
// temporaries of the pointees' basic types (initialized with the pointees'
// values), then store the temporaries back into interpreted memory.
// Operands that live natively (a *big.Float, which implements fmt.Scanner)
// are passed as themselves; others are a *BridgeError.
func init() {
	for _, name := range []string{"fmt.Sscan", "fmt.Sscanf", "fmt.Sscanln"} {
		interp.RegisterBridge(name, scanBridge(name))
	}
}

func scanBridge(name string) func(interp.Call, []interp.Value) interp.Value {
	return func(c interp.Call, args []interp.Value) interp.Value {
		str, rest := args[0].Str(), args[1]
		format := ""
		if name == "fmt.Sscanf" {
			format, rest = args[1].Str(), args[2]
		}
		type back struct {
			ptr interp.Value // the interpreted operand
			rv  reflect.Value
		}
		var backs []back
		ops := make([]any, rest.Len())
		for i := range ops {
			v := rest.Index(i)
			if v.Kind() != interp.KindInterface || v.IsNil() {
				panic(&interp.BridgeError{Func: name, CallSite: c.Pos(), Reason: "a nil operand"})
			}
			if x, ok := c.Native(v).(fmt.Scanner); ok {
				ops[i] = x
				continue
			}
			t := v.DynamicType()
			var b *types.Basic
			if t != nil {
				if pt, ok := t.Underlying().(*types.Pointer); ok {
					b, _ = pt.Elem().Underlying().(*types.Basic)
				}
			}
			var rt reflect.Type
			if b != nil {
				rt = interp.NativeType(b)
			}
			ptr := v.Elem()
			if rt == nil || ptr.Kind() != interp.KindPointer {
				panic(&interp.BridgeError{Func: name, CallSite: c.Pos(), Reason: fmt.Sprintf("scans only into pointers to basic types and native fmt.Scanners, not %v", t)})
			}
			if ptr.IsNil() {
				ops[i] = reflect.Zero(reflect.PointerTo(rt)).Interface() // fmt reports the nil pointer
				continue
			}
			tmp, err := c.ToNative(ptr.Elem(), b, rt)
			if err != nil {
				panic(&interp.InternalError{Value: err, Pos: c.Pos()})
			}
			backs = append(backs, back{ptr, tmp})
			ops[i] = tmp.Addr().Interface()
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
			if v, verr := interp.ValueOf(b.rv.Interface()); verr == nil {
				interp.Store(b.ptr, v)
			}
		}
		return interp.Tuple(interp.Int(int64(n)), c.NativeValue(err))
	}
}
