package bridge

import "github.com/faultloc/faultloc/trace/internal/interp"

// Functions of package runtime that ask nothing of the interpreter's
// scheduler or stack (those are interp's, and callers.go's).
func init() {
	// runtime.Breakpoint traps: the program dies (SIGTRAP natively; here a
	// fatal error, a Panicked outcome).
	interp.RegisterBridge("runtime.Breakpoint", func(c interp.Call, args []interp.Value) interp.Value {
		c.Fatal("runtime.Breakpoint: trace trap")
		return interp.Value{}
	})
	// Finalizers may never run (the spec promises nothing): none does.
	none := func(c interp.Call, args []interp.Value) interp.Value { return interp.Value{} }
	interp.RegisterBridge("runtime.SetFinalizer", none)
	interp.RegisterBridge("runtime.KeepAlive", none)
}
