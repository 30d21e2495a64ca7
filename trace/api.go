package trace

import (
	"context"

	_ "github.com/faultloc/faultloc/trace/internal/bridge" // stand-ins interpreted code calls
	"github.com/faultloc/faultloc/trace/internal/interp"
	"github.com/faultloc/faultloc/trace/internal/store"
	_ "github.com/faultloc/faultloc/trace/internal/testrun" // Program's go test methods call it
)

// The API's types are internal/interp's under the same names, so a value
// crosses the door as it is; their methods are documented there. The
// functions call that package's. Program's go test methods (RunGoTest,
// ListTests...) call the emulation of go test, internal/testrun, which
// registers itself with interp when this import links it in; so do the
// stand-ins of internal/bridge (testify's assertions...).

// ArgError reports an argument of [Program.Run] that does not fit its
// parameter: a value of another kind, an integer that overflows the
// parameter's type, a struct with another number of fields... Reason says
// what, and where inside the value if the mismatch is in a field, an
// element or what a pointer points to.
type ArgError = interp.ArgError

// A Case is one test case the interpreter can run: a Go test, subtest or
// Example of a loaded package ([Program.GoTestCase]), a function called
// with arguments and judged by an oracle ([Program.TestCase]), or a
// caller's own harness. The packages that consume runs (spectra,
// slicing, encode, localize) take a Case and read its [CaseResult], so a
// go test case and a test given as data are the same thing to them.
//
// Run must be deterministic for the same options: localization re-runs a
// case with hooks and relies on instance keys being stable up to the
// first point where a run diverges.
type Case = interp.Case

// CaseResult is the outcome of one run of a [Case].
type CaseResult = interp.CaseResult

// Config says what [Load] loads. The zero Config loads the patterns
// relative to the current directory, without test files.
type Config = interp.Config

// Program is a loaded and SSA-built program ready to run. Its methods are
// safe for concurrent use; each Run has its own memory.
type Program = interp.Program

// Line is a source line.
type Line = interp.Line

// Outcome says how a run ended.
type Outcome = interp.Outcome

// Result is what a run produced. The trace is present (possibly partial)
// whatever the outcome, unless RunOptions.NoTrace was set.
type Result = interp.Result

// PanicInfo describes an interpreted panic.
type PanicInfo = interp.PanicInfo

// StackFrame is one frame of an interpreted stack.
type StackFrame = interp.StackFrame

// UnsupportedError reports a Go construct the interpreter does not run.
type UnsupportedError = interp.UnsupportedError

// BridgeError reports a call to a function that has no interpreted body (it
// comes from export data, e.g. the standard library) and that the bridge
// cannot run natively.
type BridgeError = interp.BridgeError

// PresetError reports an entry of RunOptions.Presets that cannot be
// applied: the variable is unknown (no package variable of an in-scope
// package has that name) or the value does not fit its type.
type PresetError = interp.PresetError

// InternalError reports a failure of the interpreter itself (a bug): the
// recovered panic and the Go stack where it happened.
type InternalError = interp.InternalError

// RunOptions control a run. The zero value is the default.
type RunOptions = interp.RunOptions

// Hooks steer a run. Instances are named by InstanceKey (see [Trace.Key]);
// all fields are optional.
type Hooks = interp.Hooks

// Test is a test as data: a function, its arguments and an oracle.
type Test = interp.Test

// ExampleOutput is the output of an Example, printed and expected.
type ExampleOutput = interp.ExampleOutput

// Assertion is a failed assertion of an interpreted test: a call of
// t.Error, t.Errorf, t.Fatal, t.Fatalf, t.Fail or t.FailNow.
type Assertion = interp.Assertion

// RebindError reports a case that [Program.Rebind] cannot find in
// another program: a test given as data whose function is not a
// declared, non-generic function or method of the other program with
// the same signature, or a Case of a type trace did not make. Case names
// the case and Reason says why.
type RebindError = interp.RebindError

// BudgetError reports a go test case that passes natively and ran out
// of the interpreter's default step, depth or allocation budget even
// after it grew: no verdict, rather than a failure.
type BudgetError = interp.BudgetError

// TestError reports that a test function could not be interpreted: it
// wraps the interpreter's error (an *UnsupportedError, *BridgeError,
// *InternalError or a context error) with the test's name.
type TestError = interp.TestError

// NoTestError reports that a package has no test function of the given
// name, or that the named subtest did not run: its parent ran without
// starting it (go test -run reports "no tests to run").
type NoTestError = interp.NoTestError

// EventID identifies one event (executed instruction instance) of a Trace:
// its index, from 0. NoEvent (-1) means "none".
type EventID = store.EventID

// StaticID identifies a static instruction (or parameter) of a Program.
// IDs are assigned when a function is first compiled and never change for
// the Program's lifetime, so they are comparable between runs.
type StaticID = store.StaticID

// Static describes a static instruction of the program.
type Static = interp.Static

// InstanceKey names an instruction instance independently of the trace it
// occurs in: the static instruction, the call path of its frame (a hash of
// the keys of the call instances leading to it from the run's entry), and
// its occurrence count within that frame (0 for the first execution). Two
// runs of the same Program with the same inputs produce the same keys in
// the same order up to the first event where they diverge, so a key taken
// from one run identifies the same instance in a re-run (the basis of
// angelic re-execution).
type InstanceKey = store.InstanceKey

// Trace is the record of one run: a struct of arrays indexed by EventID.
// Events are appended in execution order; every dependency and control
// parent of an event precedes it. Columns are stored in chunks. An event
// is the 64-bit word of its value and a 16-bit record (the value's kind,
// whether its pointer word is kept, its number of dependence units); the
// pointers of values holding one go to a side column, and dependences
// are 16-bit units (mostly distances). What consecutive events share is
// kept once, per segment: a run of events of one frame, control parent
// and occurrence count whose static instructions are consecutive (a
// block instance, or its part between calls), so that an event's static
// instruction is its segment's first plus its position in it. A trace
// costs about 15 to 22 bytes per event.
//
// Reading a recorded Trace from several goroutines at once is safe; its
// methods must not run while the run that records it goes on, nor after
// Release.
type Trace = interp.Trace

// Kind is the representation class of a [Value]. Several Go types share a
// kind: all signed integer types are KindInt, all unsigned ones KindUint,
// arrays and structs are KindStruct-like aggregates (KindArray, KindStruct).
// The static type needed to interpret a value (its width, its field names)
// lives in the SSA program, not in the value.
type Kind = interp.Kind

// Value is an interpreted Go value. It is a small struct passed by value: a
// 64-bit word holds booleans, integers and float bits; a pointer holds string
// data or the storage of aggregates. Values of aggregates (structs, arrays)
// held in registers are immutable; memory (variables, slice elements, fields
// reached through pointers) is made of cells that stores write into.
//
// The zero Value is invalid. Construct values with [Int], [Uint], [Bool],
// [Float], [String], [ValueOf] and friends.
type Value = interp.Value

// The outcomes of a run.
const (
	// Returned: the function returned normally (and, for RunTest, the oracle
	// accepted its results).
	Returned = interp.Returned
	// Panicked: an interpreted panic escaped the entry function.
	Panicked = interp.Panicked
	// BudgetExceeded: the run executed RunOptions.MaxSteps instructions, its
	// call depth exceeded RunOptions.MaxDepth, or its allocations exceeded
	// RunOptions.MaxAlloc (Result.Failure says which).
	BudgetExceeded = interp.BudgetExceeded
	// AssertionFailed: the run returned but a test oracle rejected it.
	AssertionFailed = interp.AssertionFailed
	// Exited: the program called os.Exit (Result.ExitCode holds the code).
	Exited = interp.Exited
	// Stopped: the run reached the branch instance Hooks.StopAt names and
	// was ended right after it (the trace's last event is that
	// instance's).
	Stopped = interp.Stopped
)

// NoEvent is the EventID of no event.
const NoEvent = store.NoEvent

// The kinds of [Value].
const (
	KindInvalid   = interp.KindInvalid   // the zero Value: no value
	KindBool      = interp.KindBool      // bool
	KindInt       = interp.KindInt       // int, int8..int64, sign-extended to 64 bits
	KindUint      = interp.KindUint      // uint, uint8..uint64, uintptr, zero-extended
	KindFloat     = interp.KindFloat     // float32 (rounded) and float64
	KindComplex   = interp.KindComplex   // complex64 and complex128
	KindString    = interp.KindString    // string
	KindPointer   = interp.KindPointer   // *T: a memory cell, or nil
	KindSlice     = interp.KindSlice     // []T
	KindMap       = interp.KindMap       // map[K]V
	KindStruct    = interp.KindStruct    // struct{...}
	KindArray     = interp.KindArray     // [n]T
	KindInterface = interp.KindInterface // interface{...}: dynamic type and value, or nil
	KindFunc      = interp.KindFunc      // func: a closure, or nil
	KindTuple     = interp.KindTuple     // the results of a multi-valued call
	KindNative    = interp.KindNative    // a value of a type the interpreter only knows natively
	KindChan      = interp.KindChan      // chan T: a channel, or nil
)

// Load loads the packages matching patterns (go/packages patterns, e.g.
// "./examples/foo" or an import path), builds their SSA and returns a
// Program. The targets come from source; dependencies from export data
// unless cfg.Scope puts them in scope. Load fails if any in-scope package
// has errors.
func Load(ctx context.Context, cfg *Config, patterns ...string) (*Program, error) {
	return interp.Load(ctx, cfg, patterns...)
}

// SetReuseLimit sets the most bytes of storage of released traces (see
// [Trace.Release]) that the package keeps for later recorded runs, drops
// what the pools hold beyond it (0 empties them), and returns the
// previous limit. The default is 1 GiB. A negative limit leaves the
// setting unchanged and only reports it.
func SetReuseLimit(bytes int64) int64 { return store.SetReuseLimit(bytes) }

// DefaultMaxSteps is the step budget of a run for which nothing sets
// another; see [SetMaxSteps] for the rules of the step budget.
const DefaultMaxSteps = interp.DefaultMaxSteps

// StepsPerNativeSecond converts RunOptions.NativeTime, a case's time in
// a native go test run, into the step budget it raises the default to.
const StepsPerNativeSecond = interp.StepsPerNativeSecond

// DefaultMaxAlloc is the allocation budget, in bytes, of a run for which
// nothing sets another (RunOptions.MaxAlloc 0); see [SetMaxSteps] for the
// rules it follows as the step budget does.
const DefaultMaxAlloc = interp.DefaultMaxAlloc

// AllocPerNativeSecond converts RunOptions.NativeTime, a case's time in
// a native go test run, into the allocation budget it raises the default
// to, in bytes.
const AllocPerNativeSecond = interp.AllocPerNativeSecond

// GrowTime bounds, in wall-clock time, the run of a go test case whose
// default step budget grows, when nothing gives its native time (see
// [SetMaxSteps]).
const GrowTime = interp.GrowTime

// NativeSlowdown bounds, as a multiple of its native time, the run of a
// go test case with native evidence whose default step budget grows,
// when that is longer than GrowTime (see [SetMaxSteps]).
const NativeSlowdown = interp.NativeSlowdown

// DefaultMaxDepth is the call depth budget of a run for which nothing
// sets another (RunOptions.MaxDepth 0).
const DefaultMaxDepth = interp.DefaultMaxDepth

// GrownMaxDepth bounds the call depth of a go test case with native
// evidence that ran out of DefaultMaxDepth (see [SetMaxSteps]).
const GrownMaxDepth = interp.GrownMaxDepth

// SetMaxSteps sets the step budget of the runs whose RunOptions.MaxSteps
// is 0, and returns the previous one; 0 (the default) restores the
// default rules. [Program.SetMaxSteps] sets one program's bound, which
// comes before this one. A bound set by MaxSteps or SetMaxSteps is exact: a run
// executes at most that many instructions, then ends with
// BudgetExceeded. Without one, a run's budget is DefaultMaxSteps, or
// StepsPerNativeSecond times the case's native time (RunOptions.NativeTime,
// or else the time [Program.SetNativeTimes] recorded) if that is more;
// and a go test case ([Program.RunGoTest], [Program.ListGoTest],
// [Program.FuzzCase]) that runs out of it runs again, unrecorded, its
// budget doubling whenever reached for up to GrowTime of wall-clock time,
// or NativeSlowdown times its native time if that is longer: if it ends,
// its result is the case's (from one more run with the steps it needed,
// recorded, when a trace or coverage was asked for; not above 100
// million steps, a trace's memory); if it does not, the first run's
// result stands, so a case that never ends reports the same budget on
// every machine, and the Program does not grow it again unless native
// evidence given later widens its window. A
// test that passes natively thus fails interpreted by budget only if it
// runs more than NativeSlowdown times slower than natively (GrowTime
// when nothing gave its native time). Such a case that runs out of the
// default call depth, DefaultMaxDepth, runs again so too, up to
// GrownMaxDepth calls deep (without native evidence a recursion that
// deep is more likely endless). The allocation budget, which counts what
// a run allocates, garbage too, follows the step budget: DefaultMaxAlloc,
// or AllocPerNativeSecond times the case's native time if that is more,
// and for a go test case that runs out of it, a budget that doubles in the
// same window (once for each allocation that exceeds it, and only while
// the process's live heap after a collection has grown by at most
// DefaultMaxAlloc since the run started: garbage grows it, memory the
// program keeps does not). The caller's
// limits bound it all: an exact bound (RunOptions.MaxSteps, MaxDepth,
// MaxAlloc, SetMaxSteps) is never raised, and a run's context ends it.
func SetMaxSteps(n int64) int64 { return interp.SetMaxSteps(n) }

// Int returns a Value of kind KindInt.
func Int(i int64) Value { return interp.Int(i) }

// Uint returns a Value of kind KindUint.
func Uint(u uint64) Value { return interp.Uint(u) }

// Bool returns a Value of kind KindBool.
func Bool(b bool) Value { return interp.Bool(b) }

// Float returns a Value of kind KindFloat.
func Float(f float64) Value { return interp.Float(f) }

// Complex returns a Value of kind KindComplex.
func Complex(c complex128) Value { return interp.Complex(c) }

// String returns a Value of kind KindString holding s.
func String(s string) Value { return interp.String(s) }

// Tuple returns a KindTuple value holding vs.
func Tuple(vs ...Value) Value { return interp.Tuple(vs...) }

// Slice returns a KindSlice value whose elements are copies of elems.
func Slice(elems ...Value) Value { return interp.Slice(elems...) }

// Struct returns a KindStruct value with the given fields.
func Struct(fields ...Value) Value { return interp.Struct(fields...) }

// Array returns a KindArray value with the given elements.
func Array(elems ...Value) Value { return interp.Array(elems...) }

// Equal reports whether a and b are equal by Go's == on values of the same
// type: deep for strings, structs, arrays and interfaces, identity for
// pointers, and nil-ness for slices, maps and funcs.
func Equal(a, b Value) bool { return interp.Equal(a, b) }

// ValueOf converts a native Go value to a Value: booleans, integers,
// floats, complex numbers and strings of any (named) type; slices, arrays
// and structs of convertible values; pointers to convertible values (a fresh
// cell); nil. Other types yield an error.
func ValueOf(x any) (Value, error) { return interp.ValueOf(x) }
