package interp

import (
	"fmt"
	"go/token"
	"io"
	"strings"
	"time"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

func ptrOf[T any](x *T) unsafe.Pointer { return unsafe.Pointer(x) }

// Outcome says how a run ended.
type Outcome uint8

// The outcomes of a run.
const (
	// Returned: the function returned normally (and, for RunTest, the oracle
	// accepted its results).
	Returned Outcome = iota
	// Panicked: an interpreted panic escaped the entry function.
	Panicked
	// BudgetExceeded: the run executed RunOptions.MaxSteps instructions, its
	// call depth exceeded RunOptions.MaxDepth, or its allocations exceeded
	// RunOptions.MaxAlloc (Result.Failure says which).
	BudgetExceeded
	// AssertionFailed: the run returned but a test oracle rejected it.
	AssertionFailed
	// Exited: the program called os.Exit (Result.ExitCode holds the code).
	Exited
	// Stopped: the run reached the branch instance Hooks.StopAt names and
	// was ended right after it (the trace's last event is that
	// instance's).
	Stopped
)

var outcomeNames = [...]string{"returned", "panicked", "budget exceeded", "assertion failed", "exited", "stopped"}

// String returns the outcome's name, for example "panicked".
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return fmt.Sprintf("Outcome(%d)", o)
}

// Result is what a run produced. The trace is present (possibly partial)
// whatever the outcome, unless RunOptions.NoTrace was set.
type Result struct {
	Outcome Outcome
	// Returns are the entry function's results when Outcome is Returned or
	// AssertionFailed.
	Returns []Value
	// Panic describes the panic when Outcome is Panicked.
	Panic *PanicInfo
	// Failure explains an AssertionFailed outcome (the oracle's message) or
	// a BudgetExceeded one (which budget ran out).
	Failure string
	// ExitCode is the code passed to os.Exit when Outcome is Exited.
	ExitCode int
	// Trace is the recorded trace; nil with RunOptions.NoTrace.
	Trace *Trace
	// Steps is the number of instructions executed.
	Steps int64
	// Alloc is the memory the run allocated, in bytes, as
	// RunOptions.MaxAlloc counts it.
	Alloc int64
	// Covered lists, with RunOptions.CoverOnly, the static instructions
	// (and parameters) the run executed, in increasing order: exactly
	// those a trace of the run would name (Trace.Static of its events).
	Covered []StaticID

	// coverAgain: a coverage-only run left a block midway, so Covered is
	// not known without a trace: the run is to be repeated recorded
	// (cover.go).
	coverAgain bool
	// defaultSteps: the run ended at its default step budget, which a go
	// test case may exceed (stepbudget.go).
	defaultSteps bool
	// defaultDepth: the run ended at its default depth budget, which a
	// go test case with native evidence may exceed (stepbudget.go).
	defaultDepth bool
	// defaultAlloc: the run ended at its default allocation budget,
	// which a go test case may exceed as it may the default step budget
	// (stepbudget.go).
	defaultAlloc bool
	// stopPos: where a BudgetExceeded run stopped, if known.
	stopPos token.Position
}

// Passed reports whether the run returned and its oracle (if any) accepted it.
func (r *Result) Passed() bool { return r.Outcome == Returned }

// PanicInfo describes an interpreted panic.
type PanicInfo struct {
	// Value is the panic value (an interface value). Run-time errors (nil
	// dereference, index out of range, division by zero...) are native
	// values implementing error and runtime.Error.
	Value Value
	// Message is the value as the Go runtime would print it after "panic: ".
	Message string
	// Pos is the position of the panicking instruction.
	Pos token.Position
	// Event is the panicking event, NoEvent if not recorded. A run-time
	// error of an instruction (a nil dereference, an index or slice
	// bounds out of range, a write to a nil map, a failed type assertion,
	// a division by zero, a bad make size) records the instruction's
	// event, with its operands (the nil pointer, the index, the
	// container, the divisor, the map...) as dependences and no value (an
	// invalid Value); a call of panic points at its event, which depends
	// on the value, and a nil function called or a nil pointer given to a
	// builtin at the call's. A panic raised in a bridged call (natively
	// run code, Call.RuntimeError) records none. The event of recover()'s
	// call that stops a panic depends on the panic's event, so that a
	// slice of what the run made of the recovered value reaches why it
	// panicked.
	Event EventID
	// Stack is the interpreted call stack at the panic, innermost first.
	Stack []StackFrame
}

// StackFrame is one frame of an interpreted stack.
type StackFrame struct {
	Func string
	Pos  token.Position
}

// UnsupportedError reports a Go construct the interpreter does not run.
type UnsupportedError struct {
	Construct string         // e.g. "go statement"
	Pos       token.Position // where it occurs
	pos       token.Pos
	fn        *ssa.Function
}

// Error formats the error, naming what went wrong and where.
func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("trace: %s: unsupported construct: %s", e.Pos, e.Construct)
}

// BridgeError reports a call to a function that has no interpreted body (it
// comes from export data, e.g. the standard library) and that the bridge
// cannot run natively.
type BridgeError struct {
	Func     string         // the function, e.g. "os.Getenv"
	CallSite token.Position // the call's position
	Reason   string         // why it cannot be bridged
}

// Error formats the error, naming what went wrong and where.
func (e *BridgeError) Error() string {
	msg := fmt.Sprintf("trace: %s: no bridge for %s", e.CallSite, e.Func)
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	return msg
}

// PresetError reports an entry of RunOptions.Presets that cannot be
// applied: the variable is unknown (no package variable of an in-scope
// package has that name) or the value does not fit its type.
type PresetError struct {
	Var    string // the key, "importpath.Name"
	Reason string // what is wrong with it
}

// Error formats the error, naming the variable and what is wrong.
func (e *PresetError) Error() string {
	return fmt.Sprintf("trace: preset %s: %s", e.Var, e.Reason)
}

// BudgetError reports a go test case that passes natively (the native
// evidence of SetNativeTimes or RunOptions.NativeTime) and that ran out
// of the interpreter's default step, depth or allocation budget even
// after it grew (see SetMaxSteps for the rules): the interpreter could
// not give the case a verdict, which is not the case failing. Result is
// the run whose budget ran out.
type BudgetError struct {
	Failure    string         // which budget ran out, as Result.Failure says it
	NativeTime time.Duration  // the case's time in its passing native run
	Pos        token.Position // where the run stopped, as well as its frames know it
	Result     *Result
}

// Error formats the error, naming the budget and where the run stopped.
func (e *BudgetError) Error() string {
	at := ""
	if e.Pos.IsValid() {
		at = e.Pos.String() + ": "
	}
	return fmt.Sprintf("trace: %scannot run a case that passes natively in %v: budget exceeded: %s", at, e.NativeTime, e.Failure)
}

// InternalError reports a failure of the interpreter itself (a bug): the
// recovered panic and the Go stack where it happened.
type InternalError struct {
	Value any
	Pos   token.Position // interpreted position being executed, if known
	Stack string
}

// Error formats the error, naming what went wrong and where.
func (e *InternalError) Error() string {
	return fmt.Sprintf("trace: internal error at %s: %v", e.Pos, e.Value)
}

// RunOptions control a run. The zero value is the default.
type RunOptions struct {
	// MaxSteps bounds the number of executed instructions. A run that
	// reaches it ends with BudgetExceeded. Default (0): the process's
	// bound if SetMaxSteps set one, else the default budget,
	// DefaultMaxSteps, which NativeTime raises and which a go test case
	// exceeds if it needs to and ends within GrowTime (SetMaxSteps has
	// the rules).
	MaxSteps int64
	// NativeTime is the case's time in a native go test run in which
	// it passed (its go test -json Elapsed), as evidence of the steps it needs: with
	// the default budget, a run's budget is at least StepsPerNativeSecond
	// times it (10 ms at least: go test's resolution), and a go test
	// case's growing budget may grow for longer (SetMaxSteps has the
	// rules). Default (0): the time Program.SetNativeTimes recorded for
	// the case, if any.
	NativeTime time.Duration
	// MaxDepth bounds the interpreted call depth. Default (0):
	// DefaultMaxDepth, which a go test case with native evidence exceeds
	// up to GrownMaxDepth if it needs to (SetMaxSteps has the rules).
	MaxDepth int
	// MaxAlloc bounds the memory the interpreted program allocates, in
	// bytes, summed over the run (freed memory is not given back): each
	// variable, slice, array or channel element and map entry counts as one
	// cell of interpreted memory (32 bytes), strings and conversions their
	// length. It is checked before an allocation is made, so a program
	// asking for too much ends with BudgetExceeded instead of exhausting
	// the host's memory. A bound set here is exact. Default (0):
	// DefaultMaxAlloc, which the case's native time raises and which a
	// go test case may exceed as it may the default step budget
	// (SetMaxSteps has the rules).
	MaxAlloc int64
	// Hooks steer the run; nil for none.
	Hooks *Hooks
	// Seed perturbs map iteration order (which otherwise follows insertion
	// order); runs with equal seeds are identical. Default: 0.
	Seed int64
	// NoTrace turns recording off (faster; Result.Trace is nil). Hooks
	// still apply. Default: false (record).
	NoTrace bool
	// CoverOnly records which static instructions the run executes
	// instead of a trace: Result.Covered lists them, Result.Trace is nil
	// (NoTrace is implied). Without Hooks such a run goes as fast as one
	// with NoTrace, marking basic blocks as they complete; if one is left
	// midway (a panic, even a recovered one; runtime.Goexit or t.FailNow;
	// an exhausted budget; os.Exit; a goroutine still blocked when the
	// run ends), which of its instructions ran is unknown, so the run is
	// repeated recorded (runs are deterministic) and Covered is read from
	// its trace, which is then released. With Hooks the run is recorded.
	// Either way Covered is exactly the set of static instructions a
	// trace of the run names. Default: false.
	CoverOnly bool
	// NoInit skips running the initializer of the entry function's package
	// (and, through it, of the in-scope packages it imports) before the
	// entry function; package variables then hold zero values. Default:
	// false: initializers run first, and their events open the trace.
	NoInit bool
	// Stdout receives what the interpreted program writes to os.Stdout
	// and os.Stderr (fmt.Print*, print and println, and native writers
	// given them, such as a log.Logger or a json.Encoder); never the
	// process's own. An example's output is what it writes to os.Stdout;
	// it goes to Stdout as well. Default: discarded.
	Stdout io.Writer
	// Presets gives package variables of in-scope packages their values
	// at the start of the run, before any package initializer runs, without
	// hooks (so a run with presets but no trace and no hooks still takes
	// the fast form). Keys name a variable as "importpath.Name" (e.g.
	// "example.com/m/p.Sel"). Only variables of basic type (booleans,
	// numbers, strings) can be preset, with a Value of that type's kind
	// that fits it (an int8 in [-128, 127], a float32 exactly
	// representable). A variable whose declaration has an initializer
	// expression is overwritten by it when the initializer runs (see
	// NoInit): presets suit variables declared without one, such as the
	// mutant selector of an all-mutants schema. Presetting costs no steps
	// and records no events. An unknown variable or a value that does not
	// fit is a *PresetError, returned before anything runs (the first in
	// key order). Default: none.
	Presets map[string]Value
	// EarlierTests makes RunGoTest run, before a test's or fuzz target's
	// case, the test functions go test runs before it, whole, in the same
	// memory, untraced and unhooked (their outcomes and output are not
	// the case's), and within the tests on the case's path the subtests
	// go test runs before it (quietly too), so that the case starts from
	// the state go test gives it; ListTests then lists the subtests each
	// test starts after them. Default: false: a case starts from the state the package
	// initializers leave.
	EarlierTests bool
	// EarlierOnly, with EarlierTests, keeps only the earlier test
	// functions whose names it accepts: those go test -run selects (its
	// pattern's first level), which are the only ones go test runs
	// before the case. Default nil: every earlier test function.
	EarlierOnly func(name string) bool

	entry        func(r *run, c *fnCode, args []Value) Value // RunWith's seam: calls the entry function (default: r.root)
	dir          string                                      // the directory relative file names are in (RunWith's); default the process's
	noFast       bool                                        // plain runs on the naive form, as the fast form's differential tests' oracle
	noRecFast    bool                                        // recorded runs without hooks through exec, as execRec's differential tests' oracle
	noRecWide    bool                                        // execRec's runs of simple instructions recorded one event at a time (recRunEach), to test that path too
	noHot        bool                                        // recorded runs without recBlocks, to compare the recorders without it
	noStaticDeps bool                                        // every dependence stored, none implied (see setStaticDeps): the oracle of the tests of implied ones
	growTime     time.Duration                               // default step and allocation budgets double when reached, for this long (stepbudget.go)
	deeper       bool                                        // the default depth budget is GrownMaxDepth (stepbudget.go)
	coverRec     bool                                        // CoverOnly, recorded: the repetition of a coverage-only run that left a block midway (cover.go)
	args         []string                                    // os.Args after the program's name (WithArgs)
	noInitSnap   bool                                        // library initializers run in every run, not copied from a snapshot (initsnap.go): the oracle of its tests
}

// Hooks steer a run. Instances are named by InstanceKey (see [Trace.Key]);
// all fields are optional.
type Hooks struct {
	// Values substitutes the value produced by the given instances (angelic
	// values): an instruction's result; the value a Store or MapUpdate
	// writes; the result a Return returns (a Tuple for several); a call's
	// result (replacing what the callee returned; a Tuple for several); a
	// Bool for an If, which then acts like an entry of Branches. A value
	// that is not an interface given for an instance whose value is a
	// non-nil interface is boxed in the dynamic type of the value it
	// replaces (an angelic 3 for the int inside an any).
	Values map[InstanceKey]Value
	// Branches forces the decision of the given If instances: true takes the
	// then-successor, whatever the condition's value.
	Branches map[InstanceKey]bool
	// Inputs marks instances as inputs; their events are listed by
	// [Trace.Inputs] (the entry function's parameters always are).
	Inputs map[InstanceKey]bool
	// Substitute, if set, is asked about every value-producing instance not
	// in Values; it returns the value to use, boxed as for Values, and
	// whether to use it (false: the instance keeps its own value).
	Substitute func(k InstanceKey, v Value) (Value, bool)
	// Observe, if set, is called after each recorded event.
	Observe func(t *Trace, e EventID)
	// StopAt, if set, names an If instance at which the run ends once it
	// has decided (and been recorded): its Outcome is Stopped. A caller
	// that needs the run only up to a check (a table-driven test's
	// failing row, say) is spared the rest.
	StopAt *InstanceKey
}

// String formats the value for messages and reports.
func (r *Result) String() string {
	var sb strings.Builder
	sb.WriteString(r.Outcome.String())
	switch r.Outcome {
	case Returned, AssertionFailed:
		for i, v := range r.Returns {
			if i == 0 {
				sb.WriteString(": ")
			} else {
				sb.WriteString(", ")
			}
			sb.WriteString(v.String())
		}
		if r.Failure != "" {
			sb.WriteString(": " + r.Failure)
		}
	case Panicked:
		sb.WriteString(": " + r.Panic.Message)
	case Exited:
		fmt.Fprintf(&sb, " %d", r.ExitCode)
	case BudgetExceeded:
		if r.Failure != "" {
			sb.WriteString(": " + r.Failure)
		}
	}
	return sb.String()
}
