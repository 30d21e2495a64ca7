package interp

import (
	"go/types"
	"reflect"
	"runtime/debug"
	"strings"
	"time"
)

// syncState is the state of a sync.WaitGroup, Mutex, RWMutex or Once,
// keyed by its address.
type syncState struct {
	n       int // WaitGroup counter; RWMutex readers
	locked  bool
	done    bool
	waiters []*waiter
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

// The stand-ins that are part of the scheduler of goroutine.go: those of
// sync that wait (WaitGroup, Mutex, RWMutex, Once and OnceFunc, whose
// waits block the goroutine on the scheduler; one goroutine runs at a
// time, so plain operations are atomic), and the runtime and time
// functions that yield to the scheduler or ask it: runtime.Gosched,
// Goexit, Stack, NumGoroutine, time.Sleep. The stand-ins of sync and
// sync/atomic that never wait are package bridge's (sync.go).
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
	rlock := func(r *run, fr *frame, in *ins, args []Value) Value {
		st := r.syncOf(args[0])
		for st.locked {
			r.waitOn(st)
		}
		st.n++
		return Value{}
	}
	runlock := func(r *run, fr *frame, in *ins, args []Value) Value {
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
	bridges["(*sync.RWMutex).RLock"] = rlock
	bridges["(*sync.RWMutex).RUnlock"] = runlock
	// RLocker's Locker is the mutex as sync's *rlocker, whose Lock and
	// Unlock read-lock and read-unlock it (database/sql's Rows).
	bridges["(*sync.rlocker).Lock"] = rlock
	bridges["(*sync.rlocker).Unlock"] = runlock
	bridges["(*sync.RWMutex).RLocker"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		rl := r.p.namedType("sync", "rlocker")
		if rl == nil {
			panic(&BridgeError{Func: "(*sync.RWMutex).RLocker", CallSite: r.pos(in), Reason: "sync's rlocker type is not in the loaded program"})
		}
		return Value{k: KindInterface, p: ptrOf(&iface{t: r.p.internLocked(types.NewPointer(rl)), v: args[0]})}
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
		text := r.stackText(fr, in)
		if head, rest, ok := strings.Cut(text, "\n"); ok {
			text = head + "\n" + debugStackFrame + rest // its own frame first, as natively
		}
		v, err := r.fromNative(reflect.ValueOf([]byte(text)), types.NewSlice(types.Typ[types.Byte]))
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
		return (&onceCall{f: args[0]}).value("sync." + name + "'s result")
	}
}

// onceCall is the state of a function sync.OnceFunc, OnceValue or
// OnceValues returned.
type onceCall struct {
	f             Value
	started, done bool
	res           Value
	panicked      *interpPanic
	wait          syncState // callers waiting while f runs (it may block)
}

// value returns the func value that calls o, named name: a closure
// whose environment holds o, so that a copy of memory can copy it
// (initsnap_copy.go).
func (o *onceCall) value(name string) Value {
	return Value{k: KindFunc, p: ptrOf(&closure{ext: o.call, name: name, env: []Value{nativeValue(o)}})}
}

func (o *onceCall) call(r *run, fr *frame, in *ins, _ []Value) Value {
	for o.started && !o.done {
		r.waitOn(&o.wait)
	}
	if o.panicked != nil {
		r.throw(fr, in, o.panicked.v, NoEvent)
	}
	if o.done {
		return o.res
	}
	o.started = true
	func() {
		defer func() {
			o.done = true
			r.wakeAll(&o.wait)
			if x := recover(); x != nil {
				if ip, ok := x.(*interpPanic); ok {
					o.panicked = ip
				}
				panic(x)
			}
		}()
		o.res = r.callValue(fr, in, o.f, nil)
	}()
	return o.res
}

// debugStackFrame is runtime/debug.Stack's own frame in what it returns,
// as the native one prints it (without its program counter offset).
var debugStackFrame = func() string {
	lines := strings.SplitAfter(string(debug.Stack()), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "runtime/debug.Stack(") && i+1 < len(lines) {
			file, _, _ := strings.Cut(lines[i+1], " +0x")
			return "runtime/debug.Stack(...)\n" + strings.TrimSuffix(file, "\n") + "\n"
		}
	}
	return "runtime/debug.Stack(...)\n"
}()
