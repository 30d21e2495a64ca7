package interp

import (
	"fmt"
	"go/types"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Goroutines run under a deterministic scheduler. Each interpreted
// goroutine has its own Go goroutine (so interpreted stacks can block
// anywhere, even inside a native callback), but a baton passed over
// channels lets exactly one run at a time. A goroutine gives up the baton
// only when it blocks (channel operation, select, WaitGroup.Wait, a
// contended Mutex), yields (runtime.Gosched, time.Sleep), finishes, or has
// run for a quantum of steps (2^20, about Go's 10 ms time slice, see
// budget.go) while others are runnable: a go statement does not yield, so
// a test starting thousands of goroutines and returning ends, as in Go,
// before most of them have run. The next goroutine
// is the oldest runnable one (with RunOptions.Seed != 0, a seeded choice),
// so a run is a function of its inputs and seed. When the entry function
// returns, the other goroutines are abandoned (their Go goroutines are
// unwound, not leaked), as in Go when main returns.

// gor is an interpreted goroutine.
type gor struct {
	id     int32
	quiet  bool      // started by an earlier test: runs quietly (quiet.go)
	wake   chan bool // true: run; false: terminate
	exited chan struct{}
	done   bool
	depth  int
	cur    *frame
	native bool  // in a native function when it handed the baton on (abandon.go)
	goid   int64 // the Go goroutine running it (foreign.go)
}

type sched struct {
	gs    []*gor
	cur   *gor
	runq  []*gor
	fatal any // a panic escaping a goroutine other than the entry's, or a deadlock
	rng   uint64
	sync  map[unsafe.Pointer]*syncState
	// timers are the armed timers of the virtual clock (timers.go), byCell
	// the timer behind each *time.Timer and *time.Ticker made (by the
	// variable it points to).
	timers []*vtimer
	tseq   int
	byCell map[*cell]*vtimer
	// ext: goroutines arriving from native code (foreign.go).
	ext extState
	// curGoid is the goid of the Go goroutine holding the baton, 0 while
	// nobody does (a goroutine that held it, such as a native one that
	// arrived with a callback, is no longer its holder once it leaves).
	curGoid atomic.Int64
}

// killStop unwinds an abandoned goroutine.
type killStop struct{}

// fatalError is an unrecoverable run-time failure (Go's "fatal error").
type fatalError struct{ msg string }

// plainError is a run-time panic whose message has no "runtime error: "
// prefix (like the runtime's plainError).
type plainError struct{ msg string }

func (e plainError) Error() string { return e.msg }

// RuntimeError marks plainError as a runtime.Error.
func (e plainError) RuntimeError() {}

func (r *run) plainPanic(fr *frame, in *ins, msg string) {
	r.throw(fr, in, Value{k: KindInterface, p: ptrOf(&iface{nat: plainError{msg}, t: typeRef{id: -1}})}, NoEvent)
}

// plainPanicEvent is plainPanic for an instruction whose operands say
// why it panics (a write to a nil map): it records the instruction's event
// first (panicEvent), and the panic points at it.
func (r *run) plainPanicEvent(fr *frame, in *ins, msg string) {
	r.throw(fr, in, Value{k: KindInterface, p: ptrOf(&iface{nat: plainError{msg}, t: typeRef{id: -1}})}, r.panicEvent(fr, in))
}

// stringPanic panics with the string msg, as panic(msg) in the standard
// library code a bridge stands for.
func (r *run) stringPanic(fr *frame, in *ins, msg string) {
	r.throw(fr, in, Value{k: KindInterface, p: ptrOf(&iface{t: r.p.internLocked(types.Typ[types.String]), v: String(msg)})}, NoEvent)
}

// sch returns the scheduler, creating it (with the entry goroutine) on
// first use.
func (r *run) sch() *sched {
	if r.s == nil {
		main := &gor{id: 0, wake: make(chan bool, 1), exited: make(chan struct{}), goid: goid()}
		r.s = &sched{gs: []*gor{main}, cur: main, rng: r.seed | 1, sync: map[unsafe.Pointer]*syncState{}}
		r.s.curGoid.Store(main.goid)
	}
	return r.s
}

func (s *sched) pick(seeded bool) *gor {
	if len(s.runq) == 0 {
		return nil
	}
	i := 0
	if seeded {
		s.rng ^= s.rng << 13
		s.rng ^= s.rng >> 7
		s.rng ^= s.rng << 17
		i = int(s.rng % uint64(len(s.runq)))
	}
	g := s.runq[i]
	s.runq = append(s.runq[:i], s.runq[i+1:]...)
	return g
}

func (s *sched) ready(g *gor) { s.runq = append(s.runq, g) }

func (s *sched) remove(g *gor) {
	for i, h := range s.runq {
		if h == g {
			s.runq = append(s.runq[:i], s.runq[i+1:]...)
			return
		}
	}
}

// switchTo hands the baton from the current goroutine g to next and waits
// until g is scheduled again.
func (r *run) switchTo(g, next *gor) {
	s := r.s
	s.cur = next
	g.depth, g.cur, g.native = r.depth, r.cur, r.native
	r.inNativeMode()
	next.wake <- true
	r.resume(g)
}

// resume blocks goroutine g, which has handed the baton on (or left it
// idle, foreign.go), until it gets it back.
func (r *run) resume(g *gor) {
	s := r.s
	if !r.wait(g) {
		panic(killStop{})
	}
	if !g.native {
		r.inInterpMode()
	}
	s.cur = g
	s.curGoid.Store(g.goid)
	r.quietFor(g) // quiet.go
	r.depth, r.cur, r.native = g.depth, g.cur, g.native
	if g.id == 0 && s.fatal != nil {
		x := s.fatal
		s.fatal = nil
		panic(x)
	}
}

// wait blocks goroutine g until it is given the baton (true) or killed
// (false). A run given up (abandon.go) ends its parked goroutines: the
// entry goroutine unwinds with abandonStop, the others are killed.
func (r *run) wait(g *gor) bool {
	select {
	case ok := <-g.wake:
		if !r.isAbandoned() {
			return ok
		}
	case <-r.gone:
	}
	if g.id == 0 {
		panic(abandonStop{r.ctx.Err()})
	}
	return false
}

// abandonStop unwinds the entry goroutine of a run given up.
type abandonStop struct{ err error }

// isRunStop reports whether x, a recovered panic, is one of the
// interpreter's own values that end a run (or a goroutine of it), which
// every recover between interpreted and native code passes on unchanged;
// anything else is an interpreted panic or a bug of ours.
func isRunStop(x any) bool {
	switch x.(type) {
	case budgetStop, stopAt, ctxStop, killStop, abandonStop, fatalError, exitStop, *UnsupportedError, *BridgeError, *InternalError:
		return true
	}
	return false
}

// runOut is the run's Stdout: writes stop when the run is abandoned, so
// that a goroutine still running then never writes to the caller's
// writer after Run returned.
type runOut struct {
	r *run
	w io.Writer
}

func (o runOut) Write(p []byte) (int, error) {
	o.r.outMu.Lock()
	defer o.r.outMu.Unlock()
	if o.r.isAbandoned() {
		return len(p), nil
	}
	return o.w.Write(p)
}

// park blocks the current goroutine until another makes it ready.
func (r *run) park() {
	s := r.sch()
	g := s.cur
	r.fireDue()
	r.drainArrivals()
	next := r.pickNext()
	if next == nil {
		// A call outside the scheduler may bring one (foreign.go).
		g.depth, g.cur, g.native = r.depth, r.cur, r.native
		idle, ready := r.goIdle()
		if idle {
			r.inNativeMode() // nobody holds the baton
			s.curGoid.Store(0)
			r.resume(g)
			return
		}
		if ready {
			next = s.pick(r.seed != 0)
		}
	}
	if next == nil {
		if g.id == 0 {
			panic(fatalError{"all goroutines are asleep - deadlock!"})
		}
		s.fatal = fatalError{"all goroutines are asleep - deadlock!"}
		next = s.gs[0]
	}
	r.switchTo(g, next)
}

// pickNext picks the goroutine to run next, when the current one blocks
// or ends: a runnable one; else, every goroutine being blocked, the
// clock jumps to the next timer, whose goroutines become runnable. While
// calls run outside the scheduler, whose native work follows the real
// clock (an HTTP client's Timeout, a server closing a request's
// context), the clock does not jump: pickNext returns nil, the caller
// leaves the baton for the next arrival (goIdle), and an alarm moves
// the clock to the timer once its delay has passed in real time
// (foreign.go). nil if no goroutine can run now.
func (r *run) pickNext() *gor {
	s := r.s
	next := s.pick(r.seed != 0)
	for next == nil {
		t := s.earliest()
		if t == nil {
			return nil
		}
		s.ext.mu.Lock()
		outside := s.ext.outside
		s.ext.mu.Unlock()
		if outside > 0 {
			r.alarm(t.when)
			return nil
		}
		r.advanceClock()
		r.dropAlarm(false) // foreign.go
		next = s.pick(r.seed != 0)
	}
	return next
}

// yield lets other runnable goroutines run.
func (r *run) yield() {
	r.fireDue()
	s := r.s
	if s == nil {
		return
	}
	r.drainArrivals()
	if len(s.runq) == 0 {
		return
	}
	g := s.cur
	s.ready(g)
	r.switchTo(g, s.pick(r.seed != 0))
}

// YieldWaiting lets the run's other goroutines go on while the calling
// one waits for something the scheduler does not see (data in an
// os.Pipe): it reports false, keeping the baton, if no other goroutine
// can run, even with the virtual clock moved to the next timer.
func (c Call) YieldWaiting() bool {
	r := c.r
	s := r.sch()
	r.fireDue()
	r.drainArrivals()
	for len(s.runq) == 0 && r.advanceClock() {
	}
	if len(s.runq) == 0 {
		return false
	}
	g := s.cur
	s.ready(g)
	r.switchTo(g, s.pick(r.seed != 0))
	return true
}

// goStmt starts a goroutine running the call of in.
func (r *run) goStmt(fr *frame, in *ins) {
	s := r.sch()
	ci := in.x.(*callInfo)
	e, occ := r.stmt(fr, in, Value{})
	argSlots := in.a[1:]
	args := make([]Value, len(argSlots))
	for i, sl := range argSlots {
		args[i] = fr.regs[sl]
	}
	argEv := r.argEvents(fr, argSlots)
	var fnv Value
	if in.a[0] >= 0 {
		fnv = fr.regs[in.a[0]]
	}
	// The goroutine outlives the frame that spawned it (and that frame's
	// callers): it keeps a private snapshot, without callers, as the
	// "created by" frame of its stack.
	spawn := &frame{c: fr.c, path: fr.path, idx: fr.idx, at: in, ctrl: fr.ctrl, callEv: fr.callEv}
	if fr.defs != nil {
		spawn.defs = append([]EventID(nil), fr.defs...)
	}
	r.startGoroutine(s, func() { r.dispatch(spawn, in, ci, fnv, args, argEv, e, occ) })
}

// startGoroutine makes a ready goroutine of the scheduler s that runs body
// once it is first scheduled, and ends with goroutineExit.
func (r *run) startGoroutine(s *sched, body func()) {
	g := &gor{id: int32(len(s.gs)), quiet: r.quietMode, wake: make(chan bool, 1), exited: make(chan struct{})}
	s.gs = append(s.gs, g)
	s.ready(g)
	go func() {
		defer close(g.exited)
		defer r.goroutineExit(g)
		g.goid = goid()
		if !r.wait(g) {
			panic(killStop{})
		}
		r.inInterpMode()
		s.curGoid.Store(g.goid)
		r.quietFor(g)
		r.depth, r.cur, r.native = 0, nil, false
		body()
	}()
}

// goroutineExit runs when goroutine g ends: it records a panic escaping it
// and passes the baton on.
func (r *run) goroutineExit(g *gor) {
	x := recover()
	// The goroutine no longer holds the baton, whoever takes it next: a
	// native goroutine that arrived with a callback and calls back again
	// once it has left is no interpreted goroutine then (callback).
	r.s.curGoid.CompareAndSwap(g.goid, 0)
	if _, kill := x.(killStop); kill || r.isAbandoned() {
		// Ended by the run's end, or the run was given up (its parked
		// goroutines end by themselves, see wait): nothing of the run is
		// touched.
		if !r.isAbandoned() {
			g.done = true
		}
		return
	}
	g.done = true
	if ip, ok := x.(*interpPanic); ok && isGoexit(ip.v) {
		x = nil // runtime.Goexit (t.FailNow) ends only this goroutine
	}
	s := r.s
	if x != nil && s.fatal == nil {
		if _, ok := x.(*interpPanic); ok || isRunStop(x) {
			s.fatal = x
		} else { // a bug of ours: keep the stack where it happened
			ie := &InternalError{Value: x, Stack: string(debug.Stack())}
			if r.cur != nil && r.cur.at != nil {
				ie.Pos = r.pos(r.cur.at)
			}
			s.fatal = ie
		}
	}
	var next *gor
	if s.fatal == nil {
		r.fireDue()
		r.drainArrivals()
		next = r.pickNext()
		if next == nil {
			idle, ready := r.goIdle() // foreign.go
			if idle {
				r.inNativeMode() // nobody holds the baton
				s.curGoid.Store(0)
				return
			}
			if ready {
				next = s.pick(r.seed != 0)
			}
		}
	}
	if next == nil {
		if s.fatal == nil {
			s.fatal = fatalError{"all goroutines are asleep - deadlock!"}
		}
		next = s.gs[0]
		s.remove(next)
	}
	s.cur = next
	r.inNativeMode()
	next.wake <- true
}

// shutdown unwinds the goroutines still alive when the run ends.
func (r *run) shutdown() {
	if r.s == nil {
		return
	}
	r.closeArrivals() // foreign.go
	r.closeNet()      // native_client.go
	for _, g := range r.s.gs[1:] {
		if !g.done {
			g.wake <- false
			<-g.exited
		}
	}
}

// stackText is the interpreted stack of the current goroutine, from fr
// (at in) outwards, in the runtime's layout without addresses or
// arguments.
func (r *run) stackText(fr *frame, in *ins) string {
	fr.at = in
	id := int32(0)
	if r.s != nil {
		id = r.s.cur.id
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "goroutine %d [running]:\n", id+1)
	for f := fr; f != nil; f = f.caller {
		p := r.pos(f.at)
		fmt.Fprintf(&sb, "%s(...)\n\t%s:%d\n", runtimeFuncName(f.c.fn.String()), p.Filename, p.Line)
		if d := f.deferOf; d != nil && d.unwinding != nil {
			// A deferred call run by a panic: natively the panicking
			// frames are still on the stack, below the runtime's panic
			// (or Goexit) frame, down to the goroutine's first.
			ip := d.unwinding
			if isGoexit(ip.v) {
				sb.WriteString(unwindFrames().goexit)
			} else {
				sb.WriteString(unwindFrames().panic)
			}
			for _, sf := range ip.stack {
				fmt.Fprintf(&sb, "%s(...)\n\t%s:%d\n", runtimeFuncName(sf.Func), sf.Pos.Filename, sf.Pos.Line)
			}
			break
		}
	}
	return sb.String()
}

// unwindFrames are the runtime's frames of a panic and of a Goexit in
// what runtime/debug.Stack returns in a deferred call they run, as the
// native ones print them (without arguments and program counter offset).
var unwindFrames = sync.OnceValue(func() (fs struct{ panic, goexit string }) {
	frame := func(st []byte, prefix string) string {
		lines := strings.SplitAfter(string(st), "\n")
		for i, l := range lines {
			if strings.HasPrefix(l, prefix) && i+1 < len(lines) {
				file, _, _ := strings.Cut(lines[i+1], " +0x")
				return strings.TrimSuffix(prefix, "(") + "(...)\n" + strings.TrimSuffix(file, "\n") + "\n"
			}
		}
		return strings.TrimSuffix(prefix, "(") + "(...)\n"
	}
	var st []byte
	func() {
		defer func() {
			recover()
			st = debug.Stack()
		}()
		panic("stack")
	}()
	fs.panic = frame(st, "panic(")
	done := make(chan []byte)
	go func() {
		defer func() { done <- debug.Stack() }()
		runtime.Goexit()
	}()
	fs.goexit = frame(<-done, "runtime.Goexit(")
	return fs
})

// runtimeFuncName names a function as the runtime's tracebacks do: go/ssa's
// closure names f$1 and f$1$2 become f.func1 and f.func1.2.
func runtimeFuncName(ssaName string) string {
	base, rest, ok := strings.Cut(ssaName, "$")
	if !ok {
		return ssaName
	}
	parts := strings.Split(rest, "$")
	for i, p := range parts {
		if p == "" || p[0] < '0' || p[0] > '9' {
			return ssaName // $bound, $thunk...: left as go/ssa names them
		}
		if i == 0 {
			parts[i] = "func" + p
		}
	}
	return base + "." + strings.Join(parts, ".")
}
