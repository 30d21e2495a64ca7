// Package bridge holds the native stand-ins for functions that
// interpreted code calls and the interpreter does not run from source,
// except those that are part of the interpreter's core or of its
// scheduler. Each registers itself with package interp when this package
// is linked in (package trace imports it), through interp.RegisterBridge,
// interp.RegisterGlobal and interp.RegisterNativeType, and reaches the run
// only through what interp exports for it: interp.Call (the call in
// progress: its position and stack, calls of interpreted functions and
// methods, panics, formatting, output), operations on interpreted values
// and memory (interp's memory.go), and the run's state (runstate.go:
// storage of a stand-in's own per run, Call.State, released at the run's
// end through Call.AtEnd).
//
// One file per concern (trace/README.md lists them): testify's
// assertions, randomness, time, files, flag, sort, fmt's scanners,
// testing/quick on native mirrors of interpreted types,
// runtime.Callers and its kin, internal/reflectlite, sync and sync/atomic where
// nothing waits, faultloctest's helper.
//
// What stays in package interp, and why:
//   - the bridge's dispatch (bridge.go), the generated table and its
//     reflective calls (bridge_gen.go), the conversion of values between
//     interpreted and native, fmt's formatting of interpreted values, and
//     the stand-ins built on them (bridge_std.go: fmt, errors,
//     reflect.DeepEqual; reflect_*.go: package reflect over interpreted
//     types and values, which needs their memory cells), which are the interpreter's core and which the
//     exported surface itself offers (Call.Sprintf, Call.ErrorsIs,
//     DeepEqual...);
//   - the stand-ins that are part of the scheduler (bridge_sync.go):
//     what waits in sync (WaitGroup, Mutex, RWMutex, Once, OnceFunc) and
//     what yields to the scheduler or asks it (runtime.Gosched, Goexit,
//     Stack, NumGoroutine, time.Sleep);
//   - the virtual clock, which the scheduler's timers and time.Sleep
//     move (this package reads it through Call.Now), and the overlay of
//     the environment with the os functions that read and change it
//     (bridge_state.go), since Call.Setenv, which package testrun's
//     t.Setenv calls, writes it too.
package bridge
