package interp

import (
	"fmt"
	"go/types"
	"reflect"
	"time"
)

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

// Bridges of sync and sync/atomic on interpreted memory (one goroutine
// runs at a time, so plain operations are atomic; a wait blocks the
// goroutine on the scheduler of goroutine.go), and of the runtime and time
// functions that yield to the scheduler or ask it: runtime.Gosched,
// Goexit, Stack, NumGoroutine, GOMAXPROCS, time.Sleep.
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
