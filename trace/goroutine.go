package trace

import (
	"fmt"
	"go/types"
	"io"
	"reflect"
	"runtime/debug"
	"strings"
	"time"
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
	quiet  bool      // started by an earlier test: runs quietly (testrun_order.go)
	wake   chan bool // true: run; false: terminate
	exited chan struct{}
	done   bool
	depth  int
	cur    *frame
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

// stringPanic panics with the string msg, as panic(msg) in the standard
// library code a bridge stands for.
func (r *run) stringPanic(fr *frame, in *ins, msg string) {
	r.throw(fr, in, Value{k: KindInterface, p: ptrOf(&iface{t: r.p.internLocked(types.Typ[types.String]), v: String(msg)})}, NoEvent)
}

// sch returns the scheduler, creating it (with the entry goroutine) on
// first use.
func (r *run) sch() *sched {
	if r.s == nil {
		main := &gor{id: 0, wake: make(chan bool, 1), exited: make(chan struct{})}
		r.s = &sched{gs: []*gor{main}, cur: main, rng: r.seed | 1, sync: map[unsafe.Pointer]*syncState{}}
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
	g.depth, g.cur = r.depth, r.cur
	s.cur = next
	next.wake <- true
	if !r.wait(g) {
		panic(killStop{})
	}
	s.cur = g
	r.quietFor(g) // testrun_order.go
	r.depth, r.cur = g.depth, g.cur
	if g.id == 0 && s.fatal != nil {
		x := s.fatal
		s.fatal = nil
		panic(x)
	}
}

// wait blocks goroutine g until it is given the baton (true) or killed
// (false). The entry goroutine also watches the run's context: when it is
// done while another goroutine holds the baton, that goroutine is in a
// native call (an interpreted one checks the context itself, see tick),
// which cannot be interrupted, so the run is abandoned (see abandon) and
// Run returns the context's error without waiting for it.
func (r *run) wait(g *gor) bool {
	if g.id != 0 || r.ctx.Done() == nil {
		return <-g.wake && !r.abandoned.Load()
	}
	select {
	case ok := <-g.wake:
		return ok
	case <-r.ctx.Done():
		r.abandon()
		panic(abandonStop{r.ctx.Err()})
	}
}

// abandon ends the run while a goroutine is in a native call: from now on
// the run's output is discarded, and that goroutine ends as soon as it
// returns to the interpreter (callExt), taking the run's parked goroutines
// with it (goroutineExit); nothing else of the run is touched by the
// entry goroutine, which returns.
func (r *run) abandon() {
	r.outMu.Lock()
	r.abandoned.Store(true)
	r.outMu.Unlock()
}

// abandonStop unwinds the entry goroutine of an abandoned run.
type abandonStop struct{ err error }

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
	if o.r.abandoned.Load() {
		return len(p), nil
	}
	return o.w.Write(p)
}

// park blocks the current goroutine until another makes it ready.
func (r *run) park() {
	s := r.sch()
	g := s.cur
	r.fireDue()
	next := s.pick(r.seed != 0)
	for next == nil && r.advanceClock() {
		// Every goroutine is blocked: the clock jumps to the next timer.
		next = s.pick(r.seed != 0)
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

// yield lets other runnable goroutines run.
func (r *run) yield() {
	r.fireDue()
	s := r.s
	if s == nil || len(s.runq) == 0 {
		return
	}
	g := s.cur
	s.ready(g)
	r.switchTo(g, s.pick(r.seed != 0))
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
		if !<-g.wake {
			panic(killStop{})
		}
		r.quietFor(g)
		r.depth, r.cur = 0, nil
		body()
	}()
}

// goroutineExit runs when goroutine g ends: it records a panic escaping it
// and passes the baton on.
func (r *run) goroutineExit(g *gor) {
	x := recover()
	g.done = true
	if _, kill := x.(killStop); kill {
		if r.abandoned.Load() {
			// The run was abandoned: end its parked goroutines too.
			for _, o := range r.s.gs[1:] {
				if !o.done && o != g {
					select {
					case o.wake <- false:
					default:
					}
				}
			}
		}
		return
	}
	if ip, ok := x.(*interpPanic); ok && isGoexit(ip.v) {
		x = nil // runtime.Goexit (t.FailNow) ends only this goroutine
	}
	s := r.s
	if x != nil && s.fatal == nil {
		switch x.(type) {
		case *interpPanic, budgetStop, stopAt, ctxStop, *UnsupportedError, *BridgeError, fatalError, exitStop, *InternalError:
			s.fatal = x
		default: // a bug of ours: keep the stack where it happened
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
		next = s.pick(r.seed != 0)
		for next == nil && r.advanceClock() {
			// Every goroutine left is blocked: the clock jumps to the
			// next timer (as in park).
			next = s.pick(r.seed != 0)
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
	next.wake <- true
}

// shutdown unwinds the goroutines still alive when the run ends.
func (r *run) shutdown() {
	if r.s == nil {
		return
	}
	for _, g := range r.s.gs[1:] {
		if !g.done {
			g.wake <- false
			<-g.exited
		}
	}
}

// chanObj is an interpreted channel.
type chanObj struct {
	cap    int
	buf    []chanItem
	closed bool
	recvq  []*waiter
	sendq  []*waiter
	zero   Value
	timer  bool // a timer's channel: len and cap report 0 (timers.go)
}

type chanItem struct {
	v  Value
	ev EventID // the send event
}

// waiter is a goroutine blocked on a channel (or a sync object).
type waiter struct {
	g      *gor
	sel    *selWait
	idx    int
	v      Value
	ev     EventID
	ok     bool
	done   bool
	closed bool
}

type selWait struct {
	fired bool
	idx   int
}

func live(w *waiter) bool { return w.sel == nil || !w.sel.fired }

func popWaiter(q *[]*waiter) *waiter {
	for len(*q) > 0 {
		w := (*q)[0]
		*q = (*q)[1:]
		if live(w) {
			return w
		}
	}
	return nil
}

func hasWaiter(q []*waiter) bool {
	for _, w := range q {
		if live(w) {
			return true
		}
	}
	return false
}

func (r *run) fire(w *waiter) {
	w.done = true
	if w.sel != nil {
		w.sel.fired = true
		w.sel.idx = w.idx
	}
	r.s.ready(w.g)
}

func (r *run) send(fr *frame, in *ins, chv Value, v Value, ev EventID) {
	if chv.p == nil {
		for {
			r.park()
		}
	}
	ch := (*chanObj)(chv.p)
	if ch.closed {
		r.plainPanic(fr, in, "send on closed channel")
	}
	if w := popWaiter(&ch.recvq); w != nil {
		w.v, w.ev, w.ok = v, ev, true
		r.fire(w)
		return
	}
	if len(ch.buf) < ch.cap {
		ch.buf = append(ch.buf, chanItem{v, ev})
		return
	}
	w := &waiter{g: r.s.cur, v: v, ev: ev}
	ch.sendq = append(ch.sendq, w)
	for !w.done {
		r.park()
	}
	if w.closed {
		r.plainPanic(fr, in, "send on closed channel")
	}
}

func (r *run) recv(chv Value) (Value, bool, EventID) {
	if chv.p == nil {
		for {
			r.park()
		}
	}
	ch := (*chanObj)(chv.p)
	if len(ch.buf) > 0 {
		it := ch.buf[0]
		ch.buf = ch.buf[1:]
		if w := popWaiter(&ch.sendq); w != nil {
			ch.buf = append(ch.buf, chanItem{w.v, w.ev})
			r.fire(w)
		}
		return it.v, true, it.ev
	}
	if w := popWaiter(&ch.sendq); w != nil {
		r.fire(w)
		return w.v, true, w.ev
	}
	if ch.closed {
		return copyVal(ch.zero), false, NoEvent
	}
	w := &waiter{g: r.sch().cur}
	ch.recvq = append(ch.recvq, w)
	for !w.done {
		r.park()
	}
	return w.v, w.ok, w.ev
}

func (r *run) closeChan(fr *frame, in *ins, chv Value) {
	if chv.p == nil {
		r.plainPanic(fr, in, "close of nil channel")
	}
	ch := (*chanObj)(chv.p)
	if ch.closed {
		r.plainPanic(fr, in, "close of closed channel")
	}
	ch.closed = true
	for w := popWaiter(&ch.recvq); w != nil; w = popWaiter(&ch.recvq) {
		w.v, w.ok, w.ev = copyVal(ch.zero), false, NoEvent
		r.fire(w)
	}
	for w := popWaiter(&ch.sendq); w != nil; w = popWaiter(&ch.sendq) {
		w.closed = true
		r.fire(w)
	}
}

type selectInfo struct {
	send     []bool
	zeros    []Value // zero values of the received elements, per receive case
	blocking bool
}

// selectOp runs a select statement; its operands are, per case, the
// channel and the value sent (-1 for receives).
func (r *run) selectOp(fr *frame, in *ins) (Value, []EventID) {
	si := in.x.(*selectInfo)
	n := len(si.send)
	chans := make([]Value, n)
	vals := make([]Value, n)
	for i := 0; i < n; i++ {
		chans[i] = fr.regs[in.a[2*i]]
		if s := in.a[2*i+1]; s >= 0 {
			vals[i] = fr.regs[s]
		}
	}
	result := func(idx int, ok bool, v Value) Value {
		out := []Value{Int(int64(idx)), Bool(ok)}
		k := 0
		for i := 0; i < n; i++ {
			if si.send[i] {
				continue
			}
			if i == idx {
				out = append(out, v)
			} else {
				out = append(out, copyVal(si.zeros[k]))
			}
			k++
		}
		return Tuple(out...)
	}
	var ready []int
	for i := 0; i < n; i++ {
		if chans[i].p == nil {
			continue
		}
		ch := (*chanObj)(chans[i].p)
		if si.send[i] {
			if ch.closed || hasWaiter(ch.recvq) || len(ch.buf) < ch.cap {
				ready = append(ready, i)
			}
		} else if len(ch.buf) > 0 || hasWaiter(ch.sendq) || ch.closed {
			ready = append(ready, i)
		}
	}
	if len(ready) > 0 {
		i := ready[0]
		if r.seed != 0 {
			i = ready[int((r.seed+uint64(r.steps))%uint64(len(ready)))]
		}
		if si.send[i] {
			r.send(fr, in, chans[i], vals[i], r.defOf(fr, in.a[2*i+1]))
			return result(i, false, Value{}), nil
		}
		v, ok, ev := r.recv(chans[i])
		return result(i, ok, v), []EventID{ev}
	}
	if !si.blocking {
		return result(-1, false, Value{}), nil
	}
	sw := &selWait{idx: -1}
	ws := make([]*waiter, n)
	s := r.sch()
	for i := 0; i < n; i++ {
		if chans[i].p == nil {
			continue
		}
		ch := (*chanObj)(chans[i].p)
		w := &waiter{g: s.cur, sel: sw, idx: i}
		ws[i] = w
		if si.send[i] {
			w.v, w.ev = vals[i], r.defOf(fr, in.a[2*i+1])
			ch.sendq = append(ch.sendq, w)
		} else {
			ch.recvq = append(ch.recvq, w)
		}
	}
	for !sw.fired {
		r.park()
	}
	w := ws[sw.idx]
	if si.send[sw.idx] {
		if w.closed {
			r.plainPanic(fr, in, "send on closed channel")
		}
		return result(sw.idx, false, Value{}), nil
	}
	return result(sw.idx, w.ok, w.v), []EventID{w.ev}
}

func (r *run) defOf(fr *frame, slot int32) EventID {
	if r.tr == nil || slot < 0 {
		return NoEvent
	}
	return fr.defs[slot]
}

// syncState is the state of a sync.WaitGroup, Mutex, RWMutex or Once,
// keyed by its address.
type syncState struct {
	n       int // WaitGroup counter; RWMutex readers
	locked  bool
	done    bool
	waiters []*waiter
	val     Value   // an atomic.Value's value: an interpreted interface (nil: never stored)
	m       *mapObj // a sync.Map's entries, keys and values interpreted interfaces
	pool    []Value // a sync.Pool's free values, interpreted interfaces: the private one, then a stack
}

func (r *run) syncOf(p Value) *syncState {
	s := r.sch()
	st := s.sync[p.p]
	if st == nil {
		st = &syncState{}
		s.sync[p.p] = st
	}
	return st
}

func (r *run) wakeAll(st *syncState) {
	ws := st.waiters
	st.waiters = nil
	for _, w := range ws {
		r.fire(w)
	}
}

func (r *run) waitOn(st *syncState) {
	w := &waiter{g: r.sch().cur}
	st.waiters = append(st.waiters, w)
	for !w.done {
		r.park()
	}
}

func init() {
	wgAdd := func(r *run, fr *frame, in *ins, wg Value, d int64) {
		if wg.p == nil {
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		st := r.syncOf(wg)
		st.n += int(d)
		if st.n < 0 {
			r.plainPanic(fr, in, "sync: negative WaitGroup counter")
		}
		if st.n == 0 {
			r.wakeAll(st)
		}
	}
	bridges["(*sync.WaitGroup).Add"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		wgAdd(r, fr, in, args[0], args[1].Int())
		return Value{}
	}
	bridges["(*sync.WaitGroup).Done"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		wgAdd(r, fr, in, args[0], -1)
		return Value{}
	}
	bridges["(*sync.WaitGroup).Wait"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		st := r.syncOf(args[0])
		for st.n > 0 {
			r.waitOn(st)
		}
		return Value{}
	}
	lock := func(r *run, fr *frame, in *ins, args []Value) Value {
		st := r.syncOf(args[0])
		for st.locked || st.n > 0 {
			r.waitOn(st)
		}
		st.locked = true
		return Value{}
	}
	unlock := func(r *run, fr *frame, in *ins, args []Value) Value {
		st := r.syncOf(args[0])
		if !st.locked {
			panic(fatalError{"sync: unlock of unlocked mutex"})
		}
		st.locked = false
		r.wakeAll(st)
		return Value{}
	}
	bridges["(*sync.Mutex).Lock"] = lock
	bridges["(*sync.Mutex).Unlock"] = unlock
	bridges["(*sync.Mutex).TryLock"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		st := r.syncOf(args[0])
		if st.locked {
			return Bool(false)
		}
		st.locked = true
		return Bool(true)
	}
	bridges["(*sync.RWMutex).Lock"] = lock
	bridges["(*sync.RWMutex).Unlock"] = unlock
	bridges["(*sync.RWMutex).RLock"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		st := r.syncOf(args[0])
		for st.locked {
			r.waitOn(st)
		}
		st.n++
		return Value{}
	}
	bridges["(*sync.RWMutex).RUnlock"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		st := r.syncOf(args[0])
		if st.n <= 0 {
			panic(fatalError{"sync: RUnlock of unlocked RWMutex"})
		}
		st.n--
		if st.n == 0 {
			r.wakeAll(st)
		}
		return Value{}
	}
	// sync/atomic.Value holds interpreted interfaces, kept with the
	// receiver's sync state (one goroutine runs at a time: every
	// operation is atomic), with the checks and messages of the real one.
	dynType := func(v Value) (typeRef, bool) {
		if v.p == nil {
			return typeRef{}, false
		}
		return (*iface)(v.p).t, true
	}
	store := func(r *run, fr *frame, in *ins, st *syncState, v Value, op string) {
		t, ok := dynType(v)
		if !ok {
			r.stringPanic(fr, in, "sync/atomic: "+op+" of nil value into Value")
		}
		if old, set := dynType(st.val); set && (old.id != t.id || old.id < 0) {
			r.stringPanic(fr, in, "sync/atomic: "+op+" of inconsistently typed value into Value")
		}
		st.val = v
	}
	loadVal := func(st *syncState) Value {
		if st.val.p == nil {
			return Value{k: KindInterface}
		}
		return st.val
	}
	bridges["(*sync/atomic.Value).Load"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		return loadVal(r.syncOf(args[0]))
	}
	bridges["(*sync/atomic.Value).Store"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		store(r, fr, in, r.syncOf(args[0]), args[1], "store")
		return Value{}
	}
	bridges["(*sync/atomic.Value).Swap"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		st := r.syncOf(args[0])
		old := loadVal(st)
		store(r, fr, in, st, args[1], "swap")
		return old
	}
	bridges["(*sync/atomic.Value).CompareAndSwap"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		st := r.syncOf(args[0])
		if _, ok := dynType(args[2]); !ok {
			r.stringPanic(fr, in, "sync/atomic: compare and swap of nil value into Value")
		}
		if ot, ok := dynType(args[1]); ok {
			if nt, _ := dynType(args[2]); ot.id != nt.id {
				r.stringPanic(fr, in, "sync/atomic: compare and swap of inconsistently typed values")
			}
		}
		if cur := loadVal(st); !r.equal(fr, in, cur, args[1]) {
			return Bool(false)
		}
		store(r, fr, in, st, args[2], "compare and swap")
		return Bool(true)
	}
	// sync.Map holds interpreted interfaces in an interpreted map kept
	// with the receiver's sync state; Range visits in insertion order (any
	// order is sync.Map's), and sees entries stored during it or not.
	smap := func(r *run, fr *frame, in *ins, args []Value) *mapObj {
		st := r.syncOf(args[0])
		if st.m == nil {
			st.m = newMap()
		}
		if len(args) > 1 {
			r.hashable(fr, in, args[1])
		}
		return st.m
	}
	nilAny := Value{k: KindInterface}
	get := func(m *mapObj, k Value) (Value, bool) {
		if e := m.lookup(k); e != nil && !e.dead {
			return e.c.v, true
		}
		return nilAny, false
	}
	// sync.Pool keeps what is put as the runtime's does on one P (the
	// interpreter's GOMAXPROCS is 1): a private value, then a stack; Get
	// takes the private one first, else pops, else calls the interpreted
	// New field. (The runtime's pool may also drop values at any
	// collection, which a program cannot count on.)
	bridges["(*sync.Pool).Put"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		if args[0].p == nil {
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		if args[1].p != nil { // Put(nil) does nothing
			st := r.syncOf(args[0])
			switch {
			case len(st.pool) == 0:
				st.pool = append(st.pool, args[1])
			case st.pool[0].p == nil:
				st.pool[0] = args[1]
			default:
				st.pool = append(st.pool, args[1])
			}
		}
		return Value{}
	}
	bridges["(*sync.Pool).Get"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		if args[0].p == nil {
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		st := r.syncOf(args[0])
		switch n := len(st.pool); {
		case n > 0 && st.pool[0].p != nil: // the private value
			v := st.pool[0]
			st.pool[0] = Value{}
			return v
		case n > 1:
			v := st.pool[n-1]
			st.pool = st.pool[:n-1]
			return v
		}
		fs := (*cell)(args[0].p).v.cells()
		if len(fs) == 0 || fs[len(fs)-1].v.k != KindFunc {
			panic(&BridgeError{Func: "(*sync.Pool).Get", CallSite: r.pos(in), Reason: "sync.Pool's last field is not New"})
		}
		if newFn := fs[len(fs)-1].v; newFn.p != nil {
			return r.callValue(fr, in, newFn, nil)
		}
		return Value{k: KindInterface}
	}
	bridges["(*sync.Map).Load"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		v, ok := get(smap(r, fr, in, args), args[1])
		return Tuple(v, Bool(ok))
	}
	bridges["(*sync.Map).Store"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		smap(r, fr, in, args).set(args[1], args[2], NoEvent)
		return Value{}
	}
	bridges["(*sync.Map).LoadOrStore"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		m := smap(r, fr, in, args)
		if v, ok := get(m, args[1]); ok {
			return Tuple(v, Bool(true))
		}
		m.set(args[1], args[2], NoEvent)
		return Tuple(args[2], Bool(false))
	}
	bridges["(*sync.Map).LoadAndDelete"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		m := smap(r, fr, in, args)
		v, ok := get(m, args[1])
		if ok {
			m.delete(args[1])
		}
		return Tuple(v, Bool(ok))
	}
	bridges["(*sync.Map).Delete"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		smap(r, fr, in, args).delete(args[1])
		return Value{}
	}
	bridges["(*sync.Map).Swap"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		m := smap(r, fr, in, args)
		v, ok := get(m, args[1])
		m.set(args[1], args[2], NoEvent)
		return Tuple(v, Bool(ok))
	}
	bridges["(*sync.Map).CompareAndSwap"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		m := smap(r, fr, in, args)
		if v, ok := get(m, args[1]); !ok || !r.equal(fr, in, v, args[2]) {
			return Bool(false)
		}
		m.set(args[1], args[3], NoEvent)
		return Bool(true)
	}
	bridges["(*sync.Map).CompareAndDelete"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		m := smap(r, fr, in, args)
		if v, ok := get(m, args[1]); !ok || !r.equal(fr, in, v, args[2]) {
			return Bool(false)
		}
		m.delete(args[1])
		return Bool(true)
	}
	bridges["(*sync.Map).Range"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		for _, e := range smap(r, fr, in, args[:1]).live() {
			if e.dead {
				continue // deleted by an earlier call of f
			}
			if !r.callValue(fr, in, args[1], []Value{e.k, e.c.v}).Bool() {
				break
			}
		}
		return Value{}
	}
	bridges["(*sync.Map).Clear"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		smap(r, fr, in, args).clear()
		return Value{}
	}
	bridges["(*sync.Once).Do"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		st := r.syncOf(args[0])
		if !st.done {
			st.done = true
			r.callValue(fr, in, args[1], nil)
		}
		return Value{}
	}
	yield := func(r *run, fr *frame, in *ins, args []Value) Value {
		r.yield()
		return Value{}
	}
	bridges["runtime.Gosched"] = yield
	// runtime/debug.Stack formats the interpreted goroutine's stack as the
	// runtime does, without program counters and arguments.
	bridges["runtime/debug.Stack"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		v, err := r.fromNative(reflect.ValueOf([]byte(r.stackText(fr, in))), types.NewSlice(types.Typ[types.Byte]))
		if err != nil {
			panic(&InternalError{Value: err, Pos: r.pos(in)})
		}
		return v
	}
	// runtime.Stack(buf, all) copies the current goroutine's stack (as
	// debug.Stack formats it; all is ignored: the other goroutines are
	// not listed) into buf, truncated to its length.
	bridges["runtime.Stack"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		text := r.stackText(fr, in)
		cs := args[0].slice()
		n := min(len(cs), len(text))
		for i := range n {
			cs[i].v, cs[i].st = Value{k: KindUint, n: uint64(text[i])}, r.extEv // the call's store
		}
		return Int(int64(n))
	}
	// runtime.Goexit unwinds the goroutine like a panic that recover does
	// not see, running its deferred calls (as t.FailNow does; goexit).
	bridges["runtime.Goexit"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		r.throw(fr, in, Value{k: KindInterface, p: ptrOf(&iface{nat: goexit{}, t: typeRef{id: -1}})}, NoEvent)
		return Value{}
	}
	bridges["time.Sleep"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		d := time.Duration(args[0].Int())
		if r.s == nil || d <= 0 {
			// No other goroutine, no timer: the clock (bridge_state.go)
			// would jump to the sleeper's wake-up at once.
			r.sleep(d)
			return yield(r, fr, in, args)
		}
		// The sleeper waits for a timer of the virtual clock, which
		// reaches it when every goroutine is blocked (timers.go): the
		// others run meanwhile, as they would in real time.
		st := &syncState{}
		r.armTimer(&vtimer{sleep: st}, d)
		for !st.done {
			r.waitOn(st)
		}
		return Value{}
	}
	bridges["runtime.GC"] = func(r *run, fr *frame, in *ins, args []Value) Value { return Value{} }
	// One goroutine runs at a time, on the run's deterministic scheduler:
	// one processor, which a program may ask for but not change.
	one := func(r *run, fr *frame, in *ins, args []Value) Value { return Int(1) }
	bridges["runtime.GOMAXPROCS"] = one
	bridges["runtime.NumCPU"] = one
	bridges["runtime.NumGoroutine"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		n := 1
		if r.s != nil {
			n = 0
			for _, g := range r.s.gs {
				if !g.done {
					n++
				}
			}
		}
		return Int(int64(n))
	}
	for _, name := range []string{"AddInt32", "AddInt64", "AddUint32", "AddUint64", "LoadInt32", "LoadInt64", "LoadUint32", "LoadUint64",
		"StoreInt32", "StoreInt64", "StoreUint32", "StoreUint64", "SwapInt32", "SwapInt64", "CompareAndSwapInt32", "CompareAndSwapInt64"} {
		bridges["sync/atomic."+name] = atomicBridge(name)
	}
	for _, name := range []string{"Load", "Store", "Swap", "CompareAndSwap"} {
		bridges["(*sync/atomic.Pointer[T])."+name] = atomicPointer(name)
	}
	for _, name := range []string{"OnceFunc", "OnceValue", "OnceValues"} {
		bridges["sync."+name] = onceFunc(name)
	}
}

// onceFunc implements sync.OnceFunc, OnceValue and OnceValues (the last
// two generic, so with no native counterpart): the func value returned
// calls the interpreted f the first time, and then returns what it
// returned, or panics again with the value f panicked with.
func onceFunc(name string) extFunc {
	return func(r *run, fr *frame, in *ins, args []Value) Value {
		f := args[0]
		var (
			started, done bool
			res           Value
			panicked      *interpPanic
			wait          syncState // callers waiting while f runs (it may block)
		)
		call := func(r *run, fr *frame, in *ins, _ []Value) Value {
			for started && !done {
				r.waitOn(&wait)
			}
			if panicked != nil {
				r.throw(fr, in, panicked.v, NoEvent)
			}
			if done {
				return res
			}
			started = true
			func() {
				defer func() {
					done = true
					r.wakeAll(&wait)
					if x := recover(); x != nil {
						if ip, ok := x.(*interpPanic); ok {
							panicked = ip
						}
						panic(x)
					}
				}()
				res = r.callValue(fr, in, f, nil)
			}()
			return res
		}
		return Value{k: KindFunc, p: ptrOf(&closure{ext: call, name: "sync." + name + "'s result"})}
	}
}

// atomicPointer implements the methods of sync/atomic's generic
// Pointer[T], an interpreted struct whose last field (v unsafe.Pointer)
// holds the pointer: a generic type's methods have no native counterpart,
// and one goroutine runs at a time, so plain reads and writes of that
// field are atomic.
func atomicPointer(name string) extFunc {
	return func(r *run, fr *frame, in *ins, args []Value) Value {
		if args[0].p == nil {
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		fs := (*cell)(args[0].p).v.cells()
		if len(fs) == 0 {
			panic(&InternalError{Value: fmt.Errorf("atomic.Pointer value of kind %v", (*cell)(args[0].p).v.k), Pos: r.pos(in)})
		}
		c := &fs[len(fs)-1]
		old := c.v
		if old.k != KindPointer { // the zero unsafe.Pointer
			old = Value{k: KindPointer, p: old.p}
		}
		switch name {
		case "Load":
			return old
		case "Store":
			c.v = args[1]
			return Value{}
		case "Swap":
			c.v = args[1]
			return old
		default: // CompareAndSwap
			if old.p == args[1].p {
				c.v = args[2]
				return Bool(true)
			}
			return Bool(false)
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
	}
	return sb.String()
}

// atomicBridge implements the sync/atomic functions on interpreted memory
// (one goroutine runs at a time, so plain operations are atomic).
func atomicBridge(name string) extFunc {
	return func(r *run, fr *frame, in *ins, args []Value) Value {
		if args[0].p == nil {
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		c := (*cell)(args[0].p)
		sig := calleeSig(in)
		_, ii := classify(sig.Params().At(0).Type().Underlying().(*types.Pointer).Elem())
		old := c.v
		switch {
		case len(name) > 3 && name[:3] == "Add":
			c.v = Value{k: old.k, n: ii.norm(old.n + args[1].n)}
			return c.v
		case len(name) > 4 && name[:4] == "Load":
			return old
		case len(name) > 5 && name[:5] == "Store":
			c.v = args[1]
			return Value{}
		case len(name) > 4 && name[:4] == "Swap":
			c.v = args[1]
			return old
		default: // CompareAndSwap
			if old.n == args[1].n {
				c.v = args[2]
				return Bool(true)
			}
			return Bool(false)
		}
	}
}

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
