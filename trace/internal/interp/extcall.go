package interp

import (
	"context"
	"fmt"
	"go/token"
	"go/types"
	"io"
	"reflect"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// What a client of the interpreter outside the package, the emulation of
// go test (package testrun) and the stand-ins of package bridge, uses of
// it: RegisterBridge, to stand in for functions without an interpreted
// body (the testing package's...) or instead of the source of a few
// (handBridgedSource: testify's assertions...), RegisterGlobal for package
// variables, and RegisterNativeType; a
// Call, through which such a bridge sees the run, calls interpreted and
// native functions and methods, formats, writes output, catches panics and
// unwinds a goroutine; RunWith, which runs a function as the entry of a
// test binary; and a few operations on interpreted values and memory
// (besides Value's own methods; memory.go), and the run's state that
// stand-ins keep (runstate.go).

// RegisterBridge makes f the native stand-in for the function or method
// name (as ssa.Function.String names it: "testing.Short",
// "(*testing.common).Log"): a call of it from interpreted code calls f
// with the call and its arguments (the receiver first) and returns f's
// result (a Tuple for several). Hand-written bridges take precedence over
// the generated table. Call it only from an init function.
func RegisterBridge(name string, f func(c Call, args []Value) Value) {
	bridges[name] = func(r *run, fr *frame, in *ins, args []Value) Value {
		return f(Call{r: r, fr: fr, in: in, ev: r.extEv, hasEv: true}, args)
	}
}

// RegisterGlobal makes f give the value of the package variable name
// ("path.Name", such as "crypto/rand.Reader") of a package the
// interpreter does not run from source, when a run first reads it: c is
// the root of the run. It takes precedence over the generated table. Call
// it only from an init function.
func RegisterGlobal(name string, f func(c Call) Value) { bridgedGlobals[name] = f }

// A Call is a call from the interpreted program into native code in
// progress: the call of a bridge (its frame and call instruction), or the
// entry of a run started by [RunWith] (no frame: the root of the run). A
// Call is valid until the bridge or entry function returns.
type Call struct {
	r  *run
	fr *frame // nil at the root
	in *ins
	// ev is the bridged call's own event (NoEvent in a run without a
	// trace), when hasEv: the call event of the methods it calls back.
	ev    EventID
	hasEv bool
}

// Root returns the call at the root of c's run: functions it calls are
// root frames, with no caller.
func (c Call) Root() Call { return Call{r: c.r} }

// Pos returns the position of the call instruction.
func (c Call) Pos() token.Position { return c.r.pos(c.in) }

// callSiteSearch bounds how many events back Site looks for the call of
// a bridge: the events of the String methods its arguments' formatting
// ran.
const callSiteSearch = 1 << 16

// Site returns the call event (NoEvent if none was recorded) and the
// position of the call, seen from the code that made it: calls through
// method wrappers (a testing.TB interface) are reported at the wrapper's
// call site.
func (c Call) Site() (EventID, token.Position) {
	r, fr, in := c.r, c.fr, c.in
	ev := NoEvent
	if r.tr != nil {
		// The call's event is the last one, unless formatting the
		// arguments ran interpreted String or Error methods, whose events
		// follow it.
		for e, n := EventID(r.tr.Len()-1), 0; e >= 0 && n < callSiteSearch; e, n = e-1, n+1 {
			if r.tr.Static(e) == in.sid {
				ev = e
				break
			}
		}
	}
	f, at := fr, in
	for f.c.fn.Synthetic != "" && f.caller != nil {
		ev, at, f = f.callEv, f.caller.at, f.caller
	}
	return ev, r.pos(at)
}

// Cond returns the If event that event ev of the run is control
// dependent on (as [Trace.ControlParent] finds it), or NoEvent if ev is
// not under a branch of its function.
func (c Call) Cond(ev EventID) EventID {
	r := c.r
	if cp := r.tr.ControlParent(ev); cp != NoEvent {
		sid := r.tr.Static(cp)
		r.p.mu.Lock()
		_, isIf := r.p.statics[sid].Instr.(*ssa.If)
		r.p.mu.Unlock()
		if isIf {
			return cp
		}
	}
	return NoEvent
}

// CallerPos returns the position of the call seen from the first frame
// up the stack that is neither a method wrapper nor a function skip
// accepts, stopping at the frame of call stop (the zero Call: at the
// root). A native function that called back into interpreted code
// (nativecall.go) is no helper: its call's position is its own.
func (c Call) CallerPos(stop Call, skip func(*ssa.Function) bool) token.Position {
	f, at := c.fr, c.in
	var ns nativeStack
	for f.caller != nil && f.caller != stop.fr && (f.c.fn.Synthetic != "" || skip(f.c.fn)) {
		if c.r.calledBackFrom(f) {
			if nf := ns.next(); len(nf) > 0 {
				return token.Position{Filename: nf[0].File, Line: nf[0].Line}
			}
		}
		at, f = f.caller.at, f.caller
	}
	return c.r.pos(at)
}

// Func returns the function that made the call, method wrappers skipped.
func (c Call) Func() *ssa.Function {
	f := c.fr
	for f.c.fn.Synthetic != "" && f.caller != nil {
		f = f.caller
	}
	return f.c.fn
}

// Path returns the instance path of the call: the path of a frame it
// starts, which names it by its call and not by what ran before (see
// Mix).
func (c Call) Path() uint64 { return mix(c.fr.path, c.in.sid, c.fr.occ[c.in.loc]-1) }

// Mix returns the path of an instance sid, occurrence occ, under parent
// path parent: the keys of the instances of a frame are made from its
// path. Callers that start frames of their own name them with negative
// sids of their own.
func Mix(parent uint64, sid StaticID, occ int32) uint64 { return mix(parent, sid, occ) }

// RuntimeError raises a run-time error panic with message msg at the
// call, as the runtime does (a runtime.Error).
func (c Call) RuntimeError(msg string) { c.r.rtPanic(c.fr, c.in, "%s", msg) }

// Goexit unwinds the calling goroutine like runtime.Goexit: its deferred
// calls run, recover returns nil, and [Call.CatchGoexit] stops it with
// owner.
func (c Call) Goexit(owner any) {
	c.r.throw(c.fr, c.in, Value{k: KindInterface, p: ptrOf(&iface{nat: goexit{owner: owner}, t: typeRef{id: -1}})}, NoEvent)
}

// CatchGoexit runs f, which calls interpreted code from c, and stops a
// Goexit that unwinds it: it returns the Goexit's owner (nil for
// runtime.Goexit) and true. Panics and stops of the run go on.
func (c Call) CatchGoexit(f func()) (owner any, exited bool) {
	r, fr := c.r, c.fr
	depth := r.depth
	defer func() {
		x := recover()
		r.depth, r.cur = depth, fr
		if x == nil {
			return
		}
		if ip, ok := x.(*interpPanic); ok && isGoexit(ip.v) {
			owner, exited = (*iface)(ip.v.p).nat.(goexit).owner, true
			return
		}
		panic(x)
	}()
	f()
	return nil, false
}

// CallFunc calls the interpreted func value fnv with args from c (from
// the root: as a root frame), with call event callEv and path path.
func (c Call) CallFunc(fnv Value, args []Value, callEv EventID, path uint64) {
	r, fr, in := c.r, c.fr, c.in
	if fnv.p == nil {
		nilDeref := Value{k: KindInterface, p: ptrOf(&iface{nat: runtimeError{"invalid memory address or nil pointer dereference"}, t: typeRef{id: -1}})}
		if fr == nil {
			panic(&interpPanic{v: nilDeref, ev: NoEvent})
		}
		r.throw(fr, in, nilDeref, NoEvent)
	}
	cl := (*closure)(fnv.p)
	if cl.fn == nil {
		panic(&BridgeError{Func: cl.name, CallSite: r.pos(in), Reason: "test function without an interpreted body"})
	}
	code := cl.fn.ensure(r.p)
	if fr == nil {
		var argEv []EventID
		if r.tr != nil {
			argEv = make([]EventID, len(args))
			for i := range argEv {
				argEv[i] = NoEvent
			}
		}
		r.enter(nil, nil, code, cl.env, cl.envEv, args, argEv, callEv, path, false)
		return
	}
	r.invokeCode(fr, in, code, cl.env, cl.envEv, args, nil, callEv, path)
}

// CallSSA calls fn with args from c, with call event callEv and path
// path, and returns its result; from the root it is a root frame (callEv
// is then NoEvent), as the entry of a run.
func (c Call) CallSSA(fn *ssa.Function, args []Value, callEv EventID, path uint64) Value {
	r := c.r
	if c.fr == nil {
		v, _ := r.root(r.p.code(fn), args, path)
		return v
	}
	v, _ := r.invokeCode(c.fr, c.in, r.p.code(fn), nil, nil, args, nil, callEv, path)
	r.cur = c.fr
	return v
}

// CallValue calls the func value fnv with args from c, as native code
// calls an interpreted callback, and returns its result.
func (c Call) CallValue(fnv Value, args []Value) Value {
	return c.r.callValue(c.fr, c.in, fnv, args)
}

// GlobalAddr returns the address of package variable g in the run's
// memory, as &g in interpreted code gives it.
func (c Call) GlobalAddr(g *ssa.Global) Value {
	r := c.r
	r.p.mu.Lock()
	gid, ok := r.p.globals[g]
	if !ok {
		gid = len(r.p.globals)
		r.p.globals[g] = gid
	}
	r.p.mu.Unlock()
	return addrOf(r.global(globalSlot{gid: gid, g: g}, c.fr))
}

// FuncValue returns fn as an interpreted func value.
func (c Call) FuncValue(fn *ssa.Function) Value {
	return Value{k: KindFunc, p: ptrOf(&closure{fn: c.r.p.code(fn), name: fn.String()})}
}

// NativeValue returns the native value x as an interpreted interface
// value.
func (c Call) NativeValue(x any) Value { return c.r.nativeIface(x) }

// Sprintln formats args, the interpreted slice of a ...any parameter, as
// fmt.Sprintln does (calling interpreted String and Error methods).
func (c Call) Sprintln(args Value) string {
	return fmt.Sprintln(c.r.variadicArgs(c.fr, args)...)
}

// Sprintf formats args, the interpreted slice of a ...any parameter,
// with format as fmt.Sprintf does (%T names interpreted types).
func (c Call) Sprintf(format string, args Value) string {
	a := c.r.variadicArgs(c.fr, args)
	format, a = c.r.rewriteT(format, a, args)
	return fmt.Sprintf(format, a...)
}

// Setenv sets an environment variable in the run's overlay, which the
// interpreted os.Getenv reads; never in the process's environment, which
// concurrent runs share. restore undoes it.
func (c Call) Setenv(key, value string) (restore func()) {
	r := c.r
	prev, had := r.bridges().env[key]
	r.setEnv(key, &value)
	return func() {
		if had {
			r.setEnv(key, prev)
		} else {
			delete(r.bridges().env, key)
		}
	}
}

// Stdout returns the writer the run's standard output goes to
// (io.Discard when it is discarded): the caller's, not the run's guard
// around it (runOut), so that a writer built on it and given to
// SetStdout is guarded once.
func (c Call) Stdout() io.Writer { return unguarded(c.r.out) }

// Stderr is Stdout for the run's standard error (os.Stderr, print and
// println): RunOptions.Stdout too, unless SetStderr changed it.
func (c Call) Stderr() io.Writer { return unguarded(c.r.errOut) }

func unguarded(w io.Writer) io.Writer {
	if o, ok := w.(runOut); ok {
		return o.w
	}
	return w
}

// SetStdout makes the run's standard output go to w until restore is
// called; a w that should also write to what Stdout returned does so
// through io.MultiWriter. Standard error stays where it was (an
// example's output is its standard output only, as go test captures
// it).
func (c Call) SetStdout(w io.Writer) (restore func()) {
	r := c.r
	old := r.out
	r.out = runOut{r, w}
	return func() { r.out = old }
}

// SetStderr is SetStdout for the run's standard error.
func (c Call) SetStderr(w io.Writer) (restore func()) {
	r := c.r
	old := r.errOut
	r.errOut = runOut{r, w}
	return func() { r.errOut = old }
}

// Quietly runs f in quiet mode (quiet.go): nothing recorded, hooked or
// covered, the output discarded; goroutines started meanwhile stay
// quiet. The run's frame and depth are restored after f, also when f
// ends the run.
func (c Call) Quietly(f func()) {
	r := c.r
	out, errOut, cur, depth := r.out, r.errOut, r.cur, r.depth
	r.out, r.errOut = io.Discard, io.Discard
	r.earlier = true
	r.quiet(true)
	defer func() {
		r.earlier = false
		r.quiet(false)
		r.out, r.errOut, r.cur, r.depth = out, errOut, cur, depth
	}()
	f()
}

// ResetSteps starts the run's step count over: the step budget applies
// afresh from here.
func (c Call) ResetSteps() {
	c.r.steps = 0
	c.r.setLimit()
}

// RunWith runs fn with args like [Program.Run] as the entry of a go test
// binary: relative file names are in dir ("": the process's directory),
// and entry, if not nil, is called to run fn (c.CallSSA(fn, args, NoEvent,
// path)) instead of calling it directly; the program's name then ends in
// ".test". A coverage-only run that leaves a block midway is not repeated
// (see CoverAgain).
func RunWith(ctx context.Context, p *Program, fn *ssa.Function, args []Value, opts *RunOptions, dir string, entry func(c Call, args []Value) Value) (*Result, error) {
	var o RunOptions
	if opts != nil {
		o = *opts
	}
	o.dir = dir
	if entry != nil {
		o.entry = func(r *run, _ *fnCode, args []Value) Value { return entry(Call{r: r}, args) }
	}
	return p.runOnce(ctx, fn, args, &o)
}

// WithArgs returns a copy of opts (nil: the defaults) whose runs see args
// in os.Args after the program's name: a go test case's run sees the
// -test.run flag that selects it, as under go test -run.
func WithArgs(opts *RunOptions, args ...string) *RunOptions {
	var o RunOptions
	if opts != nil {
		o = *opts
	}
	o.args = args
	return &o
}

// CoverAgain reports whether res, a coverage-only run of RunWith, left a
// block midway, so that which of its instructions ran is unknown: the
// caller repeats what it ran with the options returned, which record the
// run (see RunOptions.CoverOnly).
func CoverAgain(res *Result, opts *RunOptions) (*RunOptions, bool) {
	if res == nil || !res.coverAgain {
		return opts, false
	}
	return opts.recordCover(), true
}

// NewValue returns a pointer to a new zero value of type t in interpreted
// memory.
func NewValue(p *Program, t types.Type) Value {
	return Value{k: KindPointer, p: ptrOf(&cell{v: p.zero(t), st: NoEvent})}
}

// FieldAddr returns a pointer to field i of the struct that ptr points
// to.
func FieldAddr(ptr Value, i int) Value {
	return Value{k: KindPointer, p: ptrOf(&(*cell)(ptr.p).v.cells()[i])}
}

// Addr returns the reference a pointer, func, interface, slice, map or
// channel value holds: for a pointer, the identity of the variable of
// interpreted memory it points to (such as a *testing.T). It is nil for
// a nil value of those kinds and for the zero Value.
func Addr(v Value) unsafe.Pointer { return v.p }

// NewNoTestError returns the *NoTestError for the test or subtest name of
// package pkg that did not run, why saying why ("": there is no test
// function of that name).
func NewNoTestError(pkg, name, why string) *NoTestError {
	return &NoTestError{Pkg: pkg, Name: name, why: why}
}

// RegisterNativeType makes the standard type name ("path.Name") one whose
// values live natively in interpreted memory, of native type t: their
// methods run natively by reflection. Call it only from an init function.
func RegisterNativeType(name string, t reflect.Type) { nativeTypes[name] = t }

// Signature returns the signature of the function called.
func (c Call) Signature() *types.Signature { return calleeSig(c.in) }

// ReflectCall calls the native function f, standing in for the function
// called (name, for errors), with args converted to native values by the
// signature of the function called, and returns its results converted
// back (a Tuple for several). For a method called as a function, the
// receiver is args[0] and f's first parameter.
func (c Call) ReflectCall(name string, f reflect.Value, args []Value) Value {
	return c.r.reflectCall(c.fr, c.in, name, f, calleeSig(c.in), args)
}

// Interface returns an interpreted interface value holding x with dynamic
// type t.
func (c Call) Interface(t types.Type, x Value) Value {
	return Value{k: KindInterface, p: ptrOf(&iface{t: c.r.p.internLocked(t), v: x})}
}

// Zero returns the zero value of type t, a copy of its own (an aggregate
// may be stored or changed).
func (c Call) Zero(t types.Type) Value { return copyVal(c.r.p.zero(t)) }

// New returns a pointer to a new variable of type t, holding its zero
// value, charged to the run's allocation budget as new(t) is.
func (c Call) New(t types.Type) Value {
	z := c.r.p.zero(t)
	c.r.allocCells(1 + z.aggLen())
	return Value{k: KindPointer, p: ptrOf(newCell(z, NoEvent))}
}

// Native returns the native value that stands for the interface value v
// in native code (nil for a nil interface): a basic value of an unnamed
// type natively; the native value it holds, if native; else a wrapper
// that formats as fmt would format v (calling its interpreted String,
// Error and Format methods) and implements error if v has an Error
// method.
func (c Call) Native(v Value) any {
	if v.p == nil {
		return nil
	}
	return c.r.ifaceToNative(c.fr, (*iface)(v.p))
}

// VariadicArgs returns the native values (see [Call.Native]) of args, the
// interpreted slice of a ...any parameter.
func (c Call) VariadicArgs(args Value) []any { return c.r.variadicArgs(c.fr, args) }

// HasMethod reports whether the dynamic type of the interpreted interface
// value v, not nil and not holding a native value, has method name.
func (c Call) HasMethod(v Value, name string) bool {
	return c.r.p.hasMethod((*iface)(v.p).t, name)
}

// CallMethod calls the interpreted method name of the dynamic value of
// the interface value v, not nil and not holding a native value, with
// args, and returns its result. The method's frame is called from the
// bridge's call (its events depend on that call as on any call), so that
// a bridge calling back, as testify's assertions call t.Errorf, has the
// failure recorded at its own call.
func (c Call) CallMethod(v Value, name string, args []Value) Value {
	callEv := c.fr.ctrl
	if c.hasEv && c.ev != NoEvent {
		callEv = c.ev
	}
	return c.r.callMethodFrom(c.fr, c.in, (*iface)(v.p), name, args, callEv)
}

// ErrorsIs reports errors.Is(err, target) of interpreted error values,
// calling their Is and Unwrap methods as package errors does.
func (c Call) ErrorsIs(err, target Value) bool {
	return errorsIs(c.r, c.fr, c.in, []Value{err, target}).n != 0
}

// CatchPanic runs f, which calls interpreted code from c, and recovers an
// interpreted panic that unwinds it: it returns the panic value formatted
// as the runtime prints it and true. Goexits and stops of the run go on.
func (c Call) CatchPanic(f func()) (msg string, panicked bool) {
	v, panicked := c.Recover(f)
	if panicked {
		msg = formatPanic(v)
	}
	return msg, panicked
}

// Recover runs f, which calls interpreted code from c, and recovers an
// interpreted panic that unwinds it: it returns the panic value (an
// interface value) and true. Goexits and stops of the run go on.
func (c Call) Recover(f func()) (v Value, panicked bool) {
	r, fr := c.r, c.fr
	func() {
		defer func() {
			x := recover()
			if x == nil {
				return
			}
			ip, ok := x.(*interpPanic)
			if !ok || isGoexit(ip.v) {
				panic(x)
			}
			r.cur = fr
			panicked, v = true, ip.v
		}()
		f()
	}()
	return v, panicked
}

// NativeDynamic returns the native value the non-nil interface value v
// holds when native code made it (a value of a type the program may not
// know, such as errors.New's), else nil.
func NativeDynamic(v Value) any {
	if v.k != KindInterface || v.p == nil {
		return nil
	}
	return (*iface)(v.p).nat
}

// MapKeys returns the keys of the map value v, in its iteration order
// (none for a nil map).
func MapKeys(v Value) []Value {
	if v.p == nil {
		return nil
	}
	live := (*mapObj)(v.p).live()
	keys := make([]Value, len(live))
	for i, e := range live {
		keys[i] = e.k
	}
	return keys
}

// ChanLen returns the number of elements buffered in the channel value v
// (0 for a nil channel).
func ChanLen(v Value) int {
	return (*chanObj)(v.p).length()
}

// Store stores x in the variable the non-nil pointer ptr points to,
// recording no event.
func Store(ptr, x Value) { (*cell)(ptr.p).v = x }

// DynamicType returns what reflect.TypeOf gives the program for the
// interface value v, as a value that == compares: the same for two
// values of one dynamic type, whether native or interpreted code made
// them (an error of errors.New, a composite literal of a standard
// type); nil for a nil interface. kind is the type's kind.
func (c Call) DynamicType(v Value) (id any, kind reflect.Kind) {
	if v.p == nil {
		return nil, reflect.Invalid
	}
	var t *rtype
	if it := (*iface)(v.p); it.nat != nil {
		t = c.r.p.rtypeNative(reflect.TypeOf(it.nat))
	} else {
		t = c.r.p.rtypeOf(it.t.t)
	}
	return t, t.kind()
}

// DeepEqual is reflect.DeepEqual over interpreted values, as the bridged
// call compares them: its work counts against the run's step budget and
// ends with the run's context, as reflect.DeepEqual's does when
// interpreted code calls it.
func (c Call) DeepEqual(a, b Value) bool { return c.r.deepEqual(c.fr, c.in, a, b) }

// TypeString names t as the Go runtime does in messages: package names
// rather than paths, and "interface {}" for the empty interface.
func TypeString(t types.Type) string { return runtimeTypeString(t) }
