package bridge

import (
	"go/types"
	"os"
	"runtime"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// Functions of packages runtime and os that ask nothing of the
// interpreter's scheduler or stack (those are interp's, and callers.go's).
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

// The user and group IDs, the process IDs and the host's name are the
// process's: a run reads them as the native test would (uuid's DCE
// identifiers, xid's process part, chi's request IDs). The Go version is
// the one running the interpreter (and the native test).
func init() {
	interp.RegisterBridge("os.Hostname", func(c interp.Call, args []interp.Value) interp.Value {
		name, err := os.Hostname()
		if err != nil {
			return interp.Tuple(interp.String(""), c.NativeValue(err))
		}
		return interp.Tuple(interp.String(name), noErr)
	})
	for name, f := range map[string]func() int{"os.Getuid": os.Getuid, "os.Geteuid": os.Geteuid, "os.Getgid": os.Getgid, "os.Getegid": os.Getegid,
		"os.Getpid": os.Getpid, "os.Getppid": os.Getppid} {
		interp.RegisterBridge(name, func(c interp.Call, args []interp.Value) interp.Value { return interp.Int(int64(f())) })
	}
	interp.RegisterBridge("runtime.Version", func(c interp.Call, args []interp.Value) interp.Value { return interp.String(runtime.Version()) })
	// The memory statistics are the process's too (gopkg.in/check.v1
	// reads them around each test): what the allocator has done, natively
	// and for the interpreter alike.
	interp.RegisterBridge("runtime.ReadMemStats", func(c interp.Call, args []interp.Value) interp.Value {
		if args[0].IsNil() {
			c.RuntimeError(nilDeref)
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		c.Write(args[0], result(c, m, c.Signature().Params().At(0).Type().(*types.Pointer).Elem()))
		return interp.Value{}
	})
}
