// Package corpus holds small self-checking Go programs that exercise the
// language features the trace interpreter must run. Each program is a
// function returning a digest string of what it computed; trace's
// differential test runs every program natively and interpreted and
// requires equal digests. Programs also panic on results they can check
// themselves, in the style of go/ssa/interp's testdata.
package corpus

// Programs lists the programs by name; the name is the function's name.
var Programs = map[string]func() string{
	"Ints":               Ints,
	"IntArith":           IntArith,
	"FloatArith":         FloatArith,
	"StringOps":          StringOps,
	"ContainerOps":       ContainerOps,
	"Floats":             Floats,
	"Strings":            Strings,
	"Arrays":             Arrays,
	"Slices":             Slices,
	"Maps":               Maps,
	"Structs":            Structs,
	"Pointers":           Pointers,
	"Interfaces":         Interfaces,
	"GoSyntax":           GoSyntax,
	"Closures":           Closures,
	"Generics":           Generics,
	"Defers":             Defers,
	"Ranges":             Ranges,
	"Formatting":         Formatting,
	"Stdlib":             Stdlib,
	"Sorting":            Sorting,
	"Errors":             Errors,
	"Recursion":          Recursion,
	"Regressions":        Regressions,
	"Conformance":        Conformance,
	"Interleaved":        Interleaved,
	"NilReceiver":        NilReceiver,
	"Goroutines":         Goroutines,
	"WorkerPool":         WorkerPool,
	"Containers":         Containers,
	"AtomicValue":        AtomicValue,
	"Contexts":           Contexts,
	"Timers":             Timers,
	"ChanTimers":         ChanTimers,
	"SleepHandoff":       SleepHandoff,
	"OnceFuncs":          OnceFuncs,
	"EvalOrder":          EvalOrder,
	"SortInterfaces":     SortInterfaces,
	"TypeNames":          TypeNames,
	"Flags":              Flags,
	"MapsClone":          MapsClone,
	"ErrorsAsType":       ErrorsAsType,
	"NativeTypeOf":       NativeTypeOf,
	"JSON":               JSON,
	"JSONMethods":        JSONMethods,
	"JSONPointerMethods": JSONPointerMethods,
	"FmtAppend":          FmtAppend,
	"CSV":                CSV,
	"URLs":               URLs,
	"ErrorsIs":           ErrorsIs,
	"Formatter":          Formatter,
	"Callers":            Callers,
	"JSONTrees":          JSONTrees,
	"JSONStreams":        JSONStreams,
	"Quick":              Quick,
	"Goexit":             Goexit,
	"StackText":          StackText,
	"SyncMap":            SyncMap,
	"SyncPool":           SyncPool,
	"LateGoroutine":      LateGoroutine,
	"FastPaths":          FastPaths,
	"Unsafe":             Unsafe,
	"ReflectWalk":        ReflectWalk,
	"ReflectBuild":       ReflectBuild,
	"ReflectCall":        ReflectCall,
	"ReflectIter":        ReflectIter,
	"UnsafeAddrs":        UnsafeAddrs,
	"HTTP":               HTTP,
	"Files":              Files,
	"EmbedFS":            EmbedFS,
	"Conds":              Conds,
	"Pipes":              Pipes,
}

func check(ok bool, what string) {
	if !ok {
		panic("check failed: " + what)
	}
}
