package interp

import (
	"context"
	"fmt"
	"go/token"
	"go/types"
	"io"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/ssa"
)

type run struct {
	p *Program
	// mode: whether interpreted code may run, or Run gave the run up
	// while a goroutine was in a native call (abandon.go); outMu orders
	// giving up with writes to the run's output. gone is closed when the
	// run is given up; native: the holder of the baton is in a native
	// function, not in one of its callbacks.
	mode   atomic.Int32
	outMu  sync.Mutex
	gone   chan struct{}
	native bool
	cov    *coverage // a coverage-only run's record (cover.go), else nil
	// extEv is the call event of the bridged call being made: what a
	// native function writes into interpreted memory (reflectCall's write
	// backs) is stored by it.
	extEv    EventID
	ctx      context.Context
	h        *Hooks
	obs      func(*Trace, EventID)
	pending  EventID
	tr       *Trace
	steps    int64
	max      int64
	limit    int64 // see setLimit
	maxDepth int
	alloc    int64 // bytes allocated (see RunOptions.MaxAlloc)
	maxAlloc int64
	// defaultSteps, defaultAlloc: max, maxAlloc are the default budgets
	// (stepbudget.go); growUntil, if not zero, is when they stop growing.
	defaultSteps bool
	defaultAlloc bool
	growUntil    time.Time
	allocRaised  int64           // what native evidence raises a default maxAlloc to (growAlloc)
	heapBase     uint64          // the process's live heap as the run started (growAlloc)
	defaultDepth bool            // maxDepth is the default depth budget (stepbudget.go)
	rvCells      map[rvKey]*cell // reflect.ValueOf's cells of pointer-shaped values (reflect_value.go)
	zeroCells    map[int32]*cell // the zero-size variables, by type (zerobase.go)
	depth        int
	globals      []*cell
	out          io.Writer // os.Stdout of the run (RunOptions.Stdout, or what Call.SetStdout set)
	errOut       io.Writer // os.Stderr of the run: RunOptions.Stdout too, or what Call.SetStderr set
	seed         uint64
	phiBuf       []Value
	phiEv        []EventID
	next         *frame // deferOf for the next frame created
	cur          *frame
	budgetPos    token.Position // where the run ran out of a budget (budget.go's outOfBudget)
	s            *sched         // nil until a goroutine or channel needs it
	stop         any            // a stop of the run raised in a callback that native code swallowed
	bst          *bridgeState   // the clock and the environment (bridge_state.go), made on first use
	net          *netState      // the run's httptest servers and guarded HTTP transports (native_client.go)
	loggers      *loggerState   // the native loggers standing for the program's (native_http.go)
	natSt        *natStores     // interpreted stores into native maps (native_map.go)
	pools        [][]*frameMem  // free frames, by fnCode.id
	// plain: no trace and no hooks, so nothing observes instances: value
	// instructions other than calls neither count occurrences nor record.
	plain bool
	// noFast: run plain runs on the naive form too (RunOptions.noFast).
	noFast bool
	// noRecWide: recRun records one event at a time (RunOptions.noRecWide).
	noRecWide bool
	// noHot: execRec runs no hot block itself (RunOptions.noHot).
	noHot bool
	// rec: a recorded run without hooks, which execRec runs (unless
	// RunOptions.noRecFast).
	rec bool
	// argStack and argEvStack hold the arguments of calls in progress
	// and their events, until the callee's frame has them.
	argStack   []Value
	argEvStack []EventID
	// slabs is the rest of the chunk newSlab carves frames' slabs from;
	// slabN, the chunk's size.
	slabs []cell
	slabN int
	// vars is the rest of the chunk newVar carves heap variables from
	// (varcells.go); varN, the chunk's size.
	vars []cell
	varN int
	// natCallers are the frames whose call in progress is of a native
	// function that calls back into interpreted code (nativecall.go).
	natCallers []*frame
	// argv0 is os.Args[0] for the interpreted program (bridgeGlobal),
	// args the rest (RunOptions.args).
	argv0 string
	args  []string
	// dir is the working directory of the interpreted program
	// (RunOptions.dir): relative file names are in it.
	dir string
	// ext holds the state stand-ins keep per run (Call.State); atEnd,
	// what they call when it ends (Call.AtEnd).
	ext   map[any]any
	atEnd []func()
	// poisoned holds the libraries whose initializer stopped on an
	// interpreter error, with the error (libinit.go).
	poisoned map[*types.Package]error
	// quietMode: the run is running earlier tests, or a goroutine of
	// theirs, with its recording state set aside in loud
	// (quiet.go).
	quietMode bool
	loud      quietState
	earlier   bool // the entry goroutine is running the earlier tests
}

// inScope reports whether pkg is interpreted from source: one of
// p.Packages, or a generic standard package Load added (Static.Library).
func (p *Program) inScope(pkg *ssa.Package) bool {
	if pkg != nil && p.libs[pkg.Pkg] {
		return true
	}
	for _, q := range p.Packages {
		if q == pkg {
			return true
		}
	}
	return false
}

// Run interprets fn with args and returns the outcome and trace. args must
// match fn's parameters: an argument of another kind (or an integer that
// overflows its type) is an *ArgError. The initializer of fn's package
// runs first (it initializes the in-scope packages it imports; see
// RunOptions.NoInit), in a fresh memory: runs do not share state. A run
// that records nothing (no trace, no hooks) may start instead from a
// copy of the memory the initializers left in an earlier run of the
// Program, with their steps, allocations and coverage counted, and the
// same result (but that files or process environment variables the
// initializers read are read once; see initsnap.go).
//
// The error is non-nil only for failures of the interpreter: an
// *UnsupportedError, a *BridgeError, an *InternalError, or ctx's error. An
// interpreted panic, an exhausted budget or a failed oracle are outcomes in
// the Result. Even with an error, the Result (with its partial trace) is
// returned when one was started; a ctx already done stops the run before
// its first step. When ctx ends while the program is in a native call
// (which cannot be interrupted), Run returns at once with ctx's error and
// an empty Result, without waiting for the call (see abandon.go). A bad entry of RunOptions.Presets is a *PresetError,
// with a nil Result.
//
// With RunOptions.CoverOnly, the Result has the executed instructions
// (Result.Covered) and no trace.
func (p *Program) Run(ctx context.Context, fn *ssa.Function, args []Value, opts *RunOptions) (*Result, error) {
	if fn != nil && len(args) == len(fn.Params) {
		if err := checkArgs(fn, args); err != nil { // args.go
			return nil, err
		}
	}
	res, err := p.runOnce(ctx, fn, args, opts)
	if err == nil && res != nil && res.coverAgain && opts.entry == nil {
		res, err = p.runOnce(ctx, fn, args, opts.recordCover())
	}
	return res, err
}

// runOnce is Run without a coverage-only run's repetition (see
// Result.coverAgain): go test runs (RunWith) repeat the whole case
// (CoverAgain).
func (p *Program) runOnce(ctx context.Context, fn *ssa.Function, args []Value, opts *RunOptions) (*Result, error) {
	res, err := p.runOnceAlloc(ctx, fn, args, opts)
	if res != nil && res.Outcome == BudgetExceeded && strings.HasPrefix(res.Failure, "allocations over") && largeAlloc(opts) {
		// The run's memory (up to MaxAlloc) is garbage now; collect it
		// before the next run allocates as much again, or the heap's next
		// goal, twice what was live, lets two runs' worth coexist.
		runtime.GC()
	}
	return res, err
}

// largeAlloc reports whether a run under opts may allocate enough for a
// forced collection after it to pay: a full collection scans the whole
// live heap (every loaded program), far more work than a small budget's
// garbage, which the next ordinary cycle takes.
func largeAlloc(opts *RunOptions) bool {
	return opts == nil || opts.MaxAlloc <= 0 || opts.MaxAlloc >= 64<<20
}

// runOnceAlloc is runOnce without the collection after an allocation
// budget ran out.
func (p *Program) runOnceAlloc(ctx context.Context, fn *ssa.Function, args []Value, opts *RunOptions) (res *Result, err error) {
	if fn == nil {
		return nil, fmt.Errorf("trace: Run: nil function")
	}
	if len(args) != len(fn.Params) {
		return nil, fmt.Errorf("trace: Run: %s takes %d arguments, got %d", fn, len(fn.Params), len(args))
	}
	if ctx == nil {
		ctx = context.Background()
	}
	var o RunOptions
	if opts != nil {
		o = *opts
	}
	r := &run{p: p, ctx: ctx, h: o.Hooks, maxDepth: o.MaxDepth, out: o.Stdout, seed: uint64(o.Seed), pending: NoEvent, extEv: NoEvent, gone: make(chan struct{})}
	r.mode.Store(modeInterp)
	r.max, r.defaultSteps = stepBudget(p, &o) // stepbudget.go
	r.maxAlloc, r.defaultAlloc, r.allocRaised = allocBudget(&o)
	if r.defaultAlloc {
		r.heapBase = liveHeap() // stepbudget.go
	}
	if (r.defaultSteps || r.defaultAlloc) && o.growTime > 0 {
		r.growUntil = time.Now().Add(o.growTime)
	}
	if r.maxDepth <= 0 {
		r.maxDepth, r.defaultDepth = DefaultMaxDepth, true
		if o.deeper {
			r.maxDepth = GrownMaxDepth
		}
	}
	if r.out == nil {
		r.out = io.Discard
	} else {
		r.out = runOut{r, r.out}
	}
	r.errOut = r.out
	if r.h != nil && r.h.Observe != nil && !o.NoTrace {
		r.obs = r.h.Observe
	}
	switch {
	case o.CoverOnly && r.h == nil && !o.coverRec:
		// Plain, on the fast form, marking blocks (cover.go).
		r.cov = p.newCoverage()
		o.noFast = false
	case !o.NoTrace || o.CoverOnly:
		r.tr = newTrace(p)
		if o.noStaticDeps {
			r.tr.ev.SdOff = 1 << 30 // no instruction's operands are in a segment
		}
	}
	r.plain = r.tr == nil && r.h == nil
	r.noFast = o.noFast
	r.rec = r.tr != nil && r.h == nil && !o.noRecFast
	r.noRecWide = o.noRecWide
	r.noHot = o.noHot
	r.dir = o.dir
	if fn.Pkg != nil {
		r.argv0 = execName(fn.Pkg.Pkg)
		if o.entry != nil {
			r.argv0 += ".test"
		}
	}
	r.args = o.args
	r.setLimit()
	if ctx.Done() == nil || ctx.Err() != nil {
		// Nothing can end the run early, or it stops before its first
		// step: on this goroutine.
		return r.runEntry(fn, args, &o)
	}
	return r.runAbandonable(ctx, func() (*Result, error) { return r.runEntry(fn, args, &o) })
}

// runEntry runs the entry of r, fn with args, under the options o: Run
// without its checks and set-up.
func (r *run) runEntry(fn *ssa.Function, args []Value, o *RunOptions) (res *Result, err error) {
	p, ctx := r.p, r.ctx
	if len(o.Presets) > 0 {
		if err := r.applyPresets(o.Presets); err != nil {
			return nil, err
		}
	}
	res = &Result{Trace: r.tr}
	if o.CoverOnly {
		defer r.finishCover(res)
	}
	defer r.end() // Call.AtEnd
	defer func() {
		if !r.finish() {
			// A goroutine of the run is still in a native call: nothing
			// of the run may be read (it may still write), nor its
			// trace returned.
			x := recover()
			*res = Result{}
			if as, ok := x.(abandonStop); ok {
				err = as.err
				return
			}
			// The entry goroutine unwound otherwise: through native
			// code that turned the abandonStop into something else
			// (a killStop, see callExt) or swallowed it. The run still
			// ends with its context's error, never a panic of ours.
			err = ctx.Err()
			if _, ok := x.(*interpPanic); !ok && x != nil && !isRunStop(x) {
				err = &InternalError{Value: x, Stack: string(debug.Stack())}
			}
			return
		}
		res.Steps, res.Alloc = r.steps, r.alloc
		if r.tr != nil {
			p.mu.Lock()
			r.tr.statics = p.statics[:len(p.statics):len(p.statics)]
			p.mu.Unlock()
			if r.obs != nil && r.pending >= 0 {
				r.obs(r.tr, r.pending)
			}
		}
		x := recover()
		r.shutdown()
		r.releaseFrames()
		if x == nil {
			return
		}
		switch x := x.(type) {
		case *interpPanic:
			res.Outcome = Panicked
			res.Panic = &PanicInfo{Value: x.v, Message: formatPanic(x.v), Pos: p.Fset.Position(x.pos), Event: x.ev, Stack: x.stack}
			if !res.Panic.Pos.IsValid() && len(x.stack) > 0 {
				res.Panic.Pos = x.stack[0].Pos
			}
		case budgetStop:
			res.Outcome = BudgetExceeded
			res.stopPos = r.budgetPos
			switch {
			case x.depth:
				res.Failure = fmt.Sprintf("call depth over %d", r.maxDepth)
				res.defaultDepth = r.defaultDepth
			case x.mem:
				res.Failure = fmt.Sprintf("allocations over %d bytes", r.maxAlloc)
				res.defaultAlloc = r.defaultAlloc
			default:
				res.Failure = fmt.Sprintf("%d steps executed", r.max)
				res.defaultSteps = r.defaultSteps
			}
		case exitStop:
			res.Outcome = Exited
			res.ExitCode = x.code
		case stopAt:
			res.Outcome = Stopped
		case fatalError:
			res.Outcome = Panicked
			res.Panic = &PanicInfo{Value: String(x.msg), Message: "fatal error: " + x.msg, Event: NoEvent}
			if r.cur != nil && r.cur.at != nil {
				res.Panic.Pos = r.pos(r.cur.at)
			}
		case ctxStop:
			err = x.err
		case *UnsupportedError:
			err = x
		case *BridgeError:
			err = x
		case *InternalError:
			err = x
		default:
			ie := &InternalError{Value: x, Stack: string(debug.Stack())}
			if r.cur != nil && r.cur.at != nil {
				ie.Pos = r.pos(r.cur.at)
			}
			err = ie
		}
	}()
	if err := ctx.Err(); err != nil {
		// Already done: the run stops before its first step (a short run
		// would otherwise never reach a check of the context).
		panic(ctxStop{err})
	}
	if !o.NoInit && fn.Pkg != nil && p.inScope(fn.Pkg) {
		r.initialize(fn.Pkg, o, func() { // initsnap.go
			if f := fn.Pkg.Func("init"); f != nil {
				r.root(p.code(f), nil, mix(0, -3, 0))
			}
		})
	}
	var v Value
	if o.entry != nil {
		v = o.entry(r, p.code(fn), args)
	} else {
		v, _ = r.root(p.code(fn), args, mix(0, -2, 0))
	}
	res.Returns = splitResults(v, fn.Signature.Results().Len())
	return res, nil
}

func splitResults(v Value, n int) []Value {
	switch n {
	case 0:
		return nil
	case 1:
		return []Value{v}
	}
	return append([]Value(nil), v.tuple()...)
}

// root calls c as a root frame (no caller).
func (r *run) root(c *fnCode, args []Value, path uint64) (Value, EventID) {
	var argEv []EventID
	if r.tr != nil {
		argEv = make([]EventID, len(args))
		for i := range argEv {
			argEv[i] = NoEvent
		}
	}
	return r.enter(nil, nil, c, nil, nil, args, argEv, NoEvent, path, true)
}

// enter creates a frame for c and runs it.
func (r *run) enter(caller *frame, in *ins, c *fnCode, env []Value, envEv []EventID, args []Value, argEv []EventID, callEv EventID, path uint64, isRoot bool) (Value, EventID) {
	if r.native {
		return r.enterFromNative(caller, in, c, env, envEv, args, argEv, callEv, path, isRoot) // abandon.go
	}
	r.depth++
	if r.depth > r.maxDepth {
		r.outOfBudget(budgetStop{depth: true})
	}
	fr := r.newFrame(c, caller, callEv, path)
	copy(fr.regs, args)
	copy(fr.regs[c.np:], env)
	if t := r.tr; t != nil {
		for i := range args {
			if r.obs != nil && r.pending >= 0 {
				p := r.pending
				r.pending = NoEvent
				r.obs(t, p)
			}
			e := t.addParam(c.psid[i], fr.idx, callEv, args[i], argEv[i])
			fr.defs[i] = e
			if isRoot {
				t.ev.AddInput(e)
			}
			if r.obs != nil {
				r.pending = e
			}
		}
		for i := range envEv {
			fr.defs[c.np+i] = envEv[i]
		}
	}
	prevCur := r.cur
	r.cur = fr
	var v Value
	var e EventID
	unwound := false
	if c.defers {
		v, e, unwound = r.execDefers(fr)
	} else {
		v, e = r.exec(fr, 0)
	}
	r.cur = prevCur
	r.depth--
	if v.k == kindDefers && v.p == ptrOf(fr) {
		return v, e // a frame's defer stack escaping through a result: keep it
	}
	if !unwound {
		r.releaseFrame(fr)
	}
	return v, e
}

// execDefers runs a frame that may defer calls, handling panics and recover.
//
// A panic of the interpreted program (and a stop of the run) that reaches
// the frame is recovered natively by execRecovering, whose deferred call
// only takes it; the frame's deferred calls run, and the panic goes on
// (or the run's stop, to Run), from here, once the host's stack has
// unwound to this frame. Raised again inside the deferred call that
// recovered it, as natively a deferred call may, each frame with defers
// would keep the frames of every panic below it on the host's stack, and
// the host's runtime walks them at each new panic: the unwinding of a
// recursion N frames deep would take time in N², minutes for 100,000
// frames that defer (go-cmp's recursive Transformer check panics so at
// a depth of 65,536).
//
// unwound reports a panic that reached the frame and was recovered: the
// frame then keeps its memory (see pooled).
func (r *run) execDefers(fr *frame) (_ Value, _ EventID, unwound bool) {
	res, ret, x := r.execRecovering(fr)
	if x == nil {
		return res, ret, false
	}
	ip, ok := x.(*interpPanic)
	if !ok {
		panic(x) // a stop of the run, unwinding to Run
	}
	r.depth = fr.depth
	r.cur = fr
	fr.panic, fr.unwinding = ip, ip
	r.runDefers(fr)
	fr.unwinding = nil
	if fr.panic != nil {
		panic(ip)
	}
	if fr.c.recover >= 0 {
		res, ret = r.exec(fr, fr.c.recover)
		return res, ret, true
	}
	return zeroResults(fr.c), NoEvent, true
}

// execRecovering runs frame fr from its first block and returns what it
// returns, or the interpreted panic or stop of the run (isRunStop) that
// ended it. Any other native panic (a defect of the interpreter, or a
// native panic on its way to the native code that recovers it) goes on
// from where it was raised, its stack intact.
func (r *run) execRecovering(fr *frame) (res Value, ret EventID, stopped any) {
	defer func() {
		x := recover()
		if x == nil {
			return
		}
		if _, ok := x.(*interpPanic); !ok && !isRunStop(x) {
			panic(x)
		}
		stopped = x
	}()
	res, ret = r.exec(fr, 0)
	return res, ret, nil
}

func zeroResults(c *fnCode) Value {
	switch len(c.zres) {
	case 0:
		return Value{}
	case 1:
		return copyVal(c.zres[0])
	}
	vs := make([]Value, len(c.zres))
	for i := range vs {
		vs[i] = copyVal(c.zres[i])
	}
	return Tuple(vs...)
}

func (r *run) runDefers(fr *frame) {
	for len(fr.defers) > 0 {
		d := fr.defers[len(fr.defers)-1]
		fr.defers = fr.defers[:len(fr.defers)-1]
		r.next = fr
		r.dispatch(fr, d.in, d.ci, d.fnv, d.args, d.argEv, d.ev, d.occ)
		r.next = nil
	}
}

func (r *run) argEvents(fr *frame, slots []int32) []EventID {
	if r.tr == nil {
		return nil
	}
	ev := make([]EventID, len(slots))
	for i, s := range slots {
		if s >= 0 {
			ev[i] = fr.defs[s]
		} else {
			ev[i] = NoEvent
		}
	}
	return ev
}

func (r *run) call(fr *frame, in *ins) {
	ci := in.x.(*callInfo)
	fr.at = in
	occ := fr.occ[in.loc] - 1
	e := NoEvent
	refSlot := -1
	if r.tr != nil {
		e = r.event(fr, in, occ, Value{})
		if ci.ptrRes {
			refSlot = r.tr.ev.ReserveRef()
		}
	}
	argSlots := in.a[1:]
	var fnv Value
	if in.a[0] >= 0 {
		fnv = fr.regs[in.a[0]]
	}
	var res Value
	var ret EventID
	if ci.kind == callStatic || ci.kind == callDynamic {
		// The arguments go on the run's argument stack: a callee with a
		// body copies them into its frame before running anything (calls
		// to bridged functions get a copy, see invokeCode and dispatch).
		base, ebase := len(r.argStack), len(r.argEvStack)
		for _, s := range argSlots {
			r.argStack = append(r.argStack, fr.regs[s])
		}
		args := r.argStack[base:len(r.argStack):len(r.argStack)]
		var argEv []EventID
		if r.tr != nil {
			for _, s := range argSlots {
				r.argEvStack = append(r.argEvStack, fr.defs[s])
			}
			argEv = r.argEvStack[ebase:len(r.argEvStack):len(r.argEvStack)]
		}
		res, ret = r.dispatch(fr, in, ci, fnv, args, argEv, e, occ)
		// Goroutines share the stack. A callee copies its arguments
		// before anything can switch goroutines, so the entries above
		// base are dead; but another goroutine that called before this
		// one and returned meanwhile may have cut the stack below base.
		if base <= len(r.argStack) {
			clear(r.argStack[base:])
			r.argStack = r.argStack[:base]
		}
		if ebase <= len(r.argEvStack) {
			r.argEvStack = r.argEvStack[:ebase]
		}
	} else {
		args := make([]Value, len(argSlots))
		for i, s := range argSlots {
			args[i] = fr.regs[s]
		}
		res, ret = r.dispatch(fr, in, ci, fnv, args, r.argEvents(fr, argSlots), e, occ)
	}
	r.cur = fr
	steered := false
	if r.h != nil {
		res, steered = r.steer(fr, in.sid, occ, res)
	}
	if in.dst >= 0 {
		fr.regs[in.dst] = res
	}
	if r.tr != nil {
		r.tr.setValue(e, res, refSlot)
		def := ret
		if def < 0 || steered {
			def = e
		}
		if in.dst >= 0 {
			fr.defs[in.dst] = def
		}
		if steered {
			r.markSteered(e)
		}
	}
}

func (r *run) deferCall(fr *frame, in *ins) {
	ci := in.x.(*callInfo)
	e, occ := r.stmt(fr, in, Value{})
	argSlots := in.a[1 : len(in.a)-1]
	d := deferred{ci: ci, in: in, ev: e, occ: occ, args: make([]Value, len(argSlots)), argEv: r.argEvents(fr, argSlots)}
	for i, s := range argSlots {
		d.args[i] = fr.regs[s]
	}
	if in.a[0] >= 0 {
		d.fnv = fr.regs[in.a[0]]
	}
	target := fr
	if ds := in.a[len(in.a)-1]; ds >= 0 {
		if v := fr.regs[ds]; v.k == kindDefers && v.p != nil {
			target = (*frame)(v.p)
		}
	}
	target.defers = append(target.defers, d)
}

// dispatch performs a call; it returns the result and the callee's Return
// event (NoEvent for bridged calls).
func (r *run) dispatch(fr *frame, in *ins, ci *callInfo, fnv Value, args []Value, argEv []EventID, callEv EventID, occ int32) (Value, EventID) {
	path := mix(fr.path, in.sid, occ)
	switch ci.kind {
	case callStatic:
		return r.invokeCode(fr, in, ci.code.ensure(r.p), nil, nil, args, argEv, callEv, path)
	case callBuiltin:
		return r.builtin(fr, in, ci, ci.builtin, args), NoEvent
	case callDynamic:
		if fnv.p == nil { // the call's event depends on the nil function
			r.rtPanicAt(fr, in, callEv, "invalid memory address or nil pointer dereference")
		}
		cl := (*closure)(fnv.p)
		if cl.fn == nil {
			args = slices.Clone(args) // not the argument stack: bridges may keep it
			if cl.ext != nil {
				r.extEv = callEv
				return r.callExt(fr, in, cl.name, cl.ext, args), NoEvent
			}
			return r.builtin(fr, in, ci, cl.name, args), NoEvent
		}
		return r.invokeCode(fr, in, cl.fn.ensure(r.p), cl.env, cl.envEv, args, argEv, callEv, path)
	case callInvoke:
		if fnv.p == nil { // the call's event depends on the nil function
			r.rtPanicAt(fr, in, callEv, "invalid memory address or nil pointer dereference")
		}
		it := (*iface)(fnv.p)
		if it.nat != nil {
			return r.callNativeMethod(fr, in, ci, it.nat, args), NoEvent
		}
		c := r.p.method(it.t, ci)
		if c == nil {
			panic(&BridgeError{Func: ci.name, CallSite: r.pos(in), Reason: "no method " + ci.method.Name() + " for dynamic type " + it.t.t.String()})
		}
		full := make([]Value, 0, len(args)+1)
		full = append(full, it.v)
		full = append(full, args...)
		var fullEv []EventID
		if argEv != nil {
			fullEv = append(append(fullEv, fr.defs[in.a[0]]), argEv...)
		}
		return r.invokeCode(fr, in, c, nil, nil, full, fullEv, callEv, path)
	}
	panic("bad call kind")
}

func (r *run) invokeCode(fr *frame, in *ins, c *fnCode, env []Value, envEv []EventID, args []Value, argEv []EventID, callEv EventID, path uint64) (Value, EventID) {
	if len(c.fn.Blocks) == 0 || c.ext != nil { // no body, or a hand bridge stands in for it (handBridgedSource)
		if !c.extTyped {
			args = slices.Clone(args) // not the argument stack: bridges may keep it
		}
		if c.ext == nil {
			if strings.HasSuffix(c.extName, ".init") {
				return Value{}, NoEvent
			}
			panic(&BridgeError{Func: c.extName, CallSite: r.pos(in), Reason: unbridgedReason(c.fn, c.extName)})
		}
		r.extEv = callEv
		return r.callExt(fr, in, c.extName, c.ext, args), NoEvent
	}
	if argEv == nil && r.tr != nil {
		argEv = make([]EventID, len(args))
		for i := range argEv {
			argEv[i] = NoEvent
		}
	}
	return r.enter(fr, in, c, env, envEv, args, argEv, callEv, path, false)
}

// method returns the code of the method named by ci for dynamic type t.
func (p *Program) method(t typeRef, ci *callInfo) *fnCode {
	k := methKey{t.id, ci.method.Name(), ci.method.Pkg()}
	p.mu.Lock()
	fn, ok := p.meth[k]
	p.mu.Unlock()
	if !ok {
		sel := p.SSA.MethodSets.MethodSet(t.t).Lookup(ci.method.Pkg(), ci.method.Name())
		if sel != nil {
			fn = p.SSA.MethodValue(sel)
		}
		p.mu.Lock()
		p.meth[k] = fn
		p.mu.Unlock()
	}
	if fn == nil {
		return nil
	}
	return p.code(fn)
}
