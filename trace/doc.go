// Package trace runs Go code under faultloc's own interpreter and records
// what happened, instruction by instruction. It is the foundation of the
// other faultloc packages: encode turns a trace into a formula, slicing
// walks its dependences, spectra counts the lines it covers.
//
// # Loading
//
// [Load] loads packages with go/packages: the targets (and packages that
// [Config].Scope selects) from source, standard packages from export data,
// so loading is fast; the non-standard packages they import, and a few
// standard ones (slices, maps, sort, context, log...), are interpreted from
// source out of scope ([Static].Library), since the bridge cannot call
// them natively. Their SSA is built with [ssa.NaiveForm] and
// [ssa.InstantiateGenerics]. Naive form keeps every local variable in
// memory: each source assignment, including those lifted SSA would erase
// (x := 1, m = b), is a Store event with its position, and each read a Load
// whose dependence on the last Store carries the data flow.
//
// # Running
//
// [Program.Run] interprets a function with arguments given as [Value]s.
// Each SSA function is compiled once (per Program) to slot-indexed
// registers; values are small structs, not boxed interfaces. A run ends
// with an [Outcome]: the function returned, an interpreted panic escaped
// (value, position and interpreted stack in [PanicInfo]), the step, depth
// or allocation budget ran out (RunOptions.MaxAlloc bounds the memory a
// program allocates, DefaultMaxAlloc by default, more for a go test case
// that needs it: see [SetMaxSteps]), a test oracle rejected the results ([Program.RunTest],
// tests as data: function, arguments, expected results or a predicate), or
// the program called os.Exit. The trace keeps the panics the run raised
// ([Trace.Panics]), the recovered ones and run-time errors (a nil
// dereference, an index out of range) too, with their positions,
// stacks and events: a library that turns a panic into an error leaves
// no other mark of where it failed, and the recover() call that stops a
// panic depends on the panic's event, whose dependences are the operands
// that made it fail. Only failures of the interpreter itself are
// errors: an [*UnsupportedError] names a construct and its position, a
// [*BridgeError] a function without a body that the bridge cannot run, an
// [*InternalError] a bug of ours (recovered, never a crash of the caller).
//
// Calls into the standard library out of scope run natively
// through a bridge (the generated table of internal/stdtable and the
// hand-written bridges list the functions covered; README.md says which
// file does what). testing/quick takes interpreted values through
// mirrors of their types; the standard packages that reflect on them or
// call them back (encoding/json, encoding/xml, text/template,
// html/template, log/slog and a few more) are interpreted from source,
// over the interpreter's reflect; and the most used assertions of
// github.com/stretchr/testify stand in for its interpreted source. Arguments and results are converted by the function's
// signature; interpreted func values passed to native code (sort.Slice's
// less, strings.Map's mapping) call back into the interpreter, and fmt
// formats interpreted values as it would native ones, calling their
// interpreted String and Error methods.
//
// # Go tests
//
// [Program.RunGoTest] runs a package's own go test cases (load with
// [Config].Tests): a TestXxx(t *testing.T) with t.Run subtests, a fuzz
// target's seed corpus entry, an example with an output comment, through
// the package's TestMain if it has one. The *testing.T is interpreted
// memory whose methods are bridges; each t.Run subtest is a case of its
// own ("TestX/a" runs only the subtests on its path), judged as go test
// judges it ([CaseResult]: Failed, Skipped, the go test -json output).
// A failed t.Error or t.Fatal is an [Assertion]: its call event, position,
// message and the branch instance it depends on, the oracle of a failing
// run. [Program.ListTests] finds the cases by running the tests.
//
// A [Case] is what the packages that consume runs take: a go test case
// ([Program.GoTestCase]), a test given as data ([Program.TestCase]), a
// fuzz target on a caller's input ([Program.FuzzCase]) or a caller's own
// harness. [Program.Rebind] finds a case again in another program loaded
// from the same source with another overlay (a mutant schema).
//
// # Traces
//
// A [Trace] is a struct of arrays over events ([EventID]). Each event has a
// static instruction ([Static]: the SSA instruction, its function and source
// position), the concrete value it produced, the events it read
// ([Trace.Deps]: register operands, plus, for loads, the last store to the
// same memory; an element that append or copy moved keeps the last store
// of the element it was copied from, unless it is an aggregate, whose
// last store is then the builtin's call), its dynamic control parent ([Trace.ControlParent]: the most
// recent instance in its frame of a branch its block is control dependent
// on, else the call that created the frame), and call/return linkage
// ([Trace.CallOf], [Trace.Callee]). Dependencies and control parents always
// precede the event, so one backward pass over a trace computes a slice.
//
// Positions: an If takes its condition's position; instructions without a
// position of their own (parameter spills, defer bookkeeping) take the
// closest positioned instruction before them in their block, else after
// them, else the function's position, and are marked Synthetic. Line
// coverage ([Trace.Lines]) counts only non-synthetic positions.
//
// A φ also depends on the branch instance that chose its incoming edge, so
// a && b that is false because a is false depends on a. [Trace.Dump] and
// [Trace.EventString] print events for people and golden files.
//
// Calls: a call instruction has one event, recorded when the call starts
// (its dependencies are the callee value and the arguments; its value, the
// result, is filled in when the call returns). The callee's parameters are
// events that depend on the arguments; uses of the call's result depend on
// the callee's Return event, or on the call event itself for bridged calls
// and for results substituted by a hook.
//
// # Coverage only
//
// A client that needs only which instructions a run executed (spectrum-based
// localization over many tests) sets [RunOptions].CoverOnly: the run is
// not recorded, [Result].Covered lists the static instructions a trace of
// it would name, and it goes about as fast as a run with NoTrace (several
// times faster than a recorded one). Basic blocks are marked as they
// complete; a run that leaves a block midway (a panic, even a recovered
// one; t.FailNow; an exhausted budget...) is repeated recorded, since
// which of that block's instructions ran is then unknown, and its trace
// answers (see internal/interp/cover.go).
//
// # Steering
//
// [Hooks] substitute the value of an instance (angelic values), force the
// decision of a branch instance, mark inputs and observe events. Instances
// are named by [InstanceKey]: static instruction, call path and occurrence
// count in the frame. Runs are deterministic, so a key taken from one run
// names the same instance in a re-run up to the first divergence.
//
// # Limits
//
// Goroutines, channels, select, sync.WaitGroup/Mutex/RWMutex/Once and
// sync/atomic's functions run under a deterministic scheduler (see
// internal/interp/goroutine.go): one goroutine runs at a time and
// switches only at blocking operations, yields and fixed step counts, so
// a run is a function of its inputs and RunOptions.Seed (but for the
// order in which native code, an httptest server's, calls back, and the
// timers that race with such native work, which wait for it in real
// time); [Trace.Goroutine] tells which
// goroutine ran an event; a deadlock is a Panicked outcome ("fatal error:
// all goroutines are asleep - deadlock!"). Of package unsafe, the
// idioms whose meaning the layout rules fix run: strings and slices read
// through header structs ({pointer or uintptr, int[, int]}) and built
// from them, a []byte read as a string, pointer conversions between
// identical types, the offset of a substring in its string by the
// difference of their data pointers, and unsafe.String, StringData,
// Slice, SliceData and Add, and a variable's address as a uintptr and
// back, at a field's offset too, an element's address moved within its
// array, and an interface's data word as an identity (see
// internal/interp/unsafe.go); other
// conversions through unsafe.Pointer, and conversions of type-parameter values
// (MultiConvert), are reported as unsupported. Package reflect is
// emulated over interpreted types and values (reflect.Type, reflect.Value
// and their methods, Set through addressable values changing the
// interpreted memory; see README.md for what is not). Map iteration follows insertion order (rotated by
// RunOptions.Seed), one of the orders Go allows. append grows slices as
// the runtime does (growth rule and allocator size classes), so capacities
// and aliasing match compiled code, except that compiled code may give the
// first append to a nil slice that does not escape a 32-byte stack buffer.
//
// # Layout
//
// This package is the door: the types of its API are aliases of the
// types of internal/interp, which runs programs, and its functions call
// that package (api.go). The methods of those types are documented
// there: go doc github.com/faultloc/faultloc/trace/internal/interp
// Trace.Deps. Loading is internal/loader's job, the generated
// standard-library table internal/stdtable's, the emulation of go test
// (RunGoTest, ListTests...) internal/testrun's; README.md says which file
// does what.
//
// # Stability
//
// The exported API is stable (recorded in api/trace.txt; changes only by
// addition). StaticIDs and InstanceKeys are stable within one Program,
// not across loads or versions.
package trace
