package bridge

import (
	"fmt"
	"go/types"
	"reflect"
	"sync/atomic"
	"unsafe"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// The stand-ins of sync and sync/atomic that never block: sync/atomic's
// functions and its Pointer[T] and Value, sync.Map and sync.Pool, and
// the runtime's answers about processors and collections. One interpreted
// goroutine runs at a time, so plain operations on interpreted memory are
// atomic. What waits (Mutex, RWMutex, WaitGroup, Once, OnceFunc...) is
// interp's, beside its scheduler.

// syncVars holds, per run, the state of the sync.Map and sync.Pool
// variables the program used, by their address (a copy of either after
// first use is a bug in Go).
type syncVars map[unsafe.Pointer]*syncVar

// syncVar is the state of one variable.
type syncVar struct {
	m    interp.Value   // a sync.Map's entries, keys and values interpreted interfaces
	pool []interp.Value // a sync.Pool's free values, interpreted interfaces: the private one, then a stack
}

// avHolder is what a native atomic.Value that the program stores into
// holds: the interpreted interface stored. Each store puts a new holder,
// so that a copy of the Value (made by assignment, or by a range over an
// array of them) keeps what was stored before it, as a copy of a real
// one does.
type avHolder struct{ v interp.Value }

// atomicValue returns the native atomic.Value the interpreted pointer p
// points to.
func atomicValue(c interp.Call, p interp.Value) *atomic.Value {
	if p.IsNil() {
		c.RuntimeError(nilDeref)
	}
	t := types.Type(types.NewPointer(types.NewStruct(nil, nil))) // any type the bridge does not convert field by field
	if sig := c.Signature(); sig != nil && sig.Recv() != nil {
		t = sig.Recv().Type() // *atomic.Value
	}
	x, err := c.ToNative(p, t, reflect.TypeFor[*atomic.Value]())
	if err != nil {
		panic(&interp.BridgeError{Func: "sync/atomic.Value", CallSite: c.Pos(), Reason: err.Error()})
	}
	return x.Interface().(*atomic.Value)
}

// InitReach and InitCopy let a snapshot of library initialization copy
// the variables' states (interp.InitState).
func (vs syncVars) InitReach(value func(interp.Value), addr func(unsafe.Pointer)) {
	for p, st := range vs {
		addr(p)
		value(st.m)
		for _, v := range st.pool {
			value(v)
		}
	}
}

func (vs syncVars) InitCopy(value func(interp.Value) interp.Value, addr func(unsafe.Pointer) unsafe.Pointer) any {
	out := make(syncVars, len(vs))
	for p, st := range vs {
		n := &syncVar{m: value(st.m), pool: make([]interp.Value, len(st.pool))}
		for i, v := range st.pool {
			n.pool[i] = value(v)
		}
		out[addr(p)] = n
	}
	return out
}

// InitReach and InitCopy let a snapshot of library initialization copy
// what an atomic.Value holds (interp.InitState).
func (h *avHolder) InitReach(value func(interp.Value), _ func(unsafe.Pointer)) { value(h.v) }

func (h *avHolder) InitCopy(value func(interp.Value) interp.Value, _ func(unsafe.Pointer) unsafe.Pointer) any {
	return &avHolder{value(h.v)}
}

var (
	_ interp.InitState = syncVars(nil)
	_ interp.InitState = (*avHolder)(nil)
)

// syncVarsKey keys a run's syncVars (interp.Call.State).
type syncVarsKey struct{}

// syncOf returns the state of the variable p points to.
func syncOf(c interp.Call, p interp.Value) *syncVar {
	vars := c.State(syncVarsKey{}, func() any { return syncVars{} }).(syncVars)
	st := vars[interp.Addr(p)]
	if st == nil {
		st = &syncVar{}
		vars[interp.Addr(p)] = st
	}
	return st
}

// stringPanic panics with the string msg, as the standard library's
// panic(msg) does.
func stringPanic(c interp.Call, msg string) {
	c.Panic(c.Interface(types.Typ[types.String], interp.String(msg)))
}

const nilDeref = "invalid memory address or nil pointer dereference"

func init() {
	reg := interp.RegisterBridge
	// sync/atomic.Value holds interpreted interfaces (with the checks and
	// messages of the real one).
	sameType := func(a, b interp.Value) bool {
		// Values made natively have types of their own: never the same.
		ta, tb := a.DynamicType(), b.DynamicType()
		return ta != nil && tb != nil && types.Identical(ta, tb)
	}
	bothNative := func(a, b interp.Value) bool {
		return interp.NativeDynamic(a) != nil && interp.NativeDynamic(b) != nil
	}
	load := func(av *atomic.Value) interp.Value {
		if h, _ := av.Load().(*avHolder); h != nil {
			return h.v
		}
		return noErr // a nil interface
	}
	store := func(c interp.Call, av *atomic.Value, v interp.Value, op string) {
		if v.IsNil() {
			stringPanic(c, "sync/atomic: "+op+" of nil value into Value")
		}
		if cur := load(av); !cur.IsNil() && !sameType(cur, v) {
			stringPanic(c, "sync/atomic: "+op+" of inconsistently typed value into Value")
		}
		av.Store(&avHolder{v})
	}
	reg("(*sync/atomic.Value).Load", func(c interp.Call, args []interp.Value) interp.Value {
		return load(atomicValue(c, args[0]))
	})
	reg("(*sync/atomic.Value).Store", func(c interp.Call, args []interp.Value) interp.Value {
		store(c, atomicValue(c, args[0]), args[1], "store")
		return interp.Value{}
	})
	reg("(*sync/atomic.Value).Swap", func(c interp.Call, args []interp.Value) interp.Value {
		av := atomicValue(c, args[0])
		old := load(av)
		store(c, av, args[1], "swap")
		return old
	})
	reg("(*sync/atomic.Value).CompareAndSwap", func(c interp.Call, args []interp.Value) interp.Value {
		av := atomicValue(c, args[0])
		if args[2].IsNil() {
			stringPanic(c, "sync/atomic: compare and swap of nil value into Value")
		}
		if !args[1].IsNil() && !sameType(args[1], args[2]) && !bothNative(args[1], args[2]) {
			stringPanic(c, "sync/atomic: compare and swap of inconsistently typed values")
		}
		if cur := load(av); !c.Equal(cur, args[1]) {
			return interp.Bool(false)
		}
		store(c, av, args[2], "compare and swap")
		return interp.Bool(true)
	})
	// sync.Map holds interpreted interfaces in an interpreted map kept
	// with the receiver's state; Range visits in insertion order (any
	// order is sync.Map's), and sees entries stored during it or not.
	smap := func(c interp.Call, args []interp.Value) interp.Value {
		st := syncOf(c, args[0])
		if !st.m.IsValid() {
			st.m = interp.MakeMap()
		}
		if len(args) > 1 {
			c.CheckKey(args[1])
		}
		return st.m
	}
	get := func(m, k interp.Value) (interp.Value, bool) {
		if v, ok := interp.MapIndex(m, k); ok {
			return v, true
		}
		return noErr, false // a nil any
	}
	reg("(*sync.Map).Load", func(c interp.Call, args []interp.Value) interp.Value {
		v, ok := get(smap(c, args), args[1])
		return interp.Tuple(v, interp.Bool(ok))
	})
	reg("(*sync.Map).Store", func(c interp.Call, args []interp.Value) interp.Value {
		interp.MapSet(smap(c, args), args[1], args[2])
		return interp.Value{}
	})
	reg("(*sync.Map).LoadOrStore", func(c interp.Call, args []interp.Value) interp.Value {
		m := smap(c, args)
		if v, ok := get(m, args[1]); ok {
			return interp.Tuple(v, interp.Bool(true))
		}
		interp.MapSet(m, args[1], args[2])
		return interp.Tuple(args[2], interp.Bool(false))
	})
	reg("(*sync.Map).LoadAndDelete", func(c interp.Call, args []interp.Value) interp.Value {
		m := smap(c, args)
		v, ok := get(m, args[1])
		if ok {
			interp.MapDelete(m, args[1])
		}
		return interp.Tuple(v, interp.Bool(ok))
	})
	reg("(*sync.Map).Delete", func(c interp.Call, args []interp.Value) interp.Value {
		interp.MapDelete(smap(c, args), args[1])
		return interp.Value{}
	})
	reg("(*sync.Map).Swap", func(c interp.Call, args []interp.Value) interp.Value {
		m := smap(c, args)
		v, ok := get(m, args[1])
		interp.MapSet(m, args[1], args[2])
		return interp.Tuple(v, interp.Bool(ok))
	})
	reg("(*sync.Map).CompareAndSwap", func(c interp.Call, args []interp.Value) interp.Value {
		m := smap(c, args)
		if v, ok := get(m, args[1]); !ok || !c.Equal(v, args[2]) {
			return interp.Bool(false)
		}
		interp.MapSet(m, args[1], args[3])
		return interp.Bool(true)
	})
	reg("(*sync.Map).CompareAndDelete", func(c interp.Call, args []interp.Value) interp.Value {
		m := smap(c, args)
		if v, ok := get(m, args[1]); !ok || !c.Equal(v, args[2]) {
			return interp.Bool(false)
		}
		interp.MapDelete(m, args[1])
		return interp.Bool(true)
	})
	reg("(*sync.Map).Range", func(c interp.Call, args []interp.Value) interp.Value {
		m := smap(c, args[:1])
		for _, k := range interp.MapKeys(m) {
			v, ok := interp.MapIndex(m, k)
			if !ok {
				continue // deleted by an earlier call of f
			}
			if !c.CallValue(args[1], []interp.Value{k, v}).Bool() {
				break
			}
		}
		return interp.Value{}
	})
	reg("(*sync.Map).Clear", func(c interp.Call, args []interp.Value) interp.Value {
		interp.MapClear(smap(c, args))
		return interp.Value{}
	})
	// sync.Pool keeps what is put as the runtime's does on one P (the
	// interpreter's GOMAXPROCS is 1): a private value, then a stack; Get
	// takes the private one first, else pops, else calls the interpreted
	// New field. (The runtime's pool may also drop values at any
	// collection, which a program cannot count on.)
	reg("(*sync.Pool).Put", func(c interp.Call, args []interp.Value) interp.Value {
		if args[0].IsNil() {
			c.RuntimeError(nilDeref)
		}
		if !args[1].IsNil() { // Put(nil) does nothing
			st := syncOf(c, args[0])
			switch {
			case len(st.pool) == 0:
				st.pool = append(st.pool, args[1])
			case !st.pool[0].IsValid():
				st.pool[0] = args[1]
			default:
				st.pool = append(st.pool, args[1])
			}
		}
		return interp.Value{}
	})
	reg("(*sync.Pool).Get", func(c interp.Call, args []interp.Value) interp.Value {
		if args[0].IsNil() {
			c.RuntimeError(nilDeref)
		}
		st := syncOf(c, args[0])
		switch n := len(st.pool); {
		case n > 0 && st.pool[0].IsValid(): // the private value
			v := st.pool[0]
			st.pool[0] = interp.Value{}
			return v
		case n > 1:
			v := st.pool[n-1]
			st.pool = st.pool[:n-1]
			return v
		}
		fs := args[0].Elem()
		if fs.Len() == 0 || fs.Index(fs.Len()-1).Kind() != interp.KindFunc {
			panic(&interp.BridgeError{Func: "(*sync.Pool).Get", CallSite: c.Pos(), Reason: "sync.Pool's last field is not New"})
		}
		if newFn := fs.Index(fs.Len() - 1); !newFn.IsNil() {
			return c.CallValue(newFn, nil)
		}
		return noErr // a nil any
	})
	// One goroutine runs at a time, on the run's deterministic scheduler:
	// one processor, which a program may ask for but not change.
	one := func(c interp.Call, args []interp.Value) interp.Value { return interp.Int(1) }
	reg("runtime.GOMAXPROCS", one)
	reg("runtime.NumCPU", one)
	reg("runtime.GC", func(c interp.Call, args []interp.Value) interp.Value { return interp.Value{} })
	for _, op := range []string{"Add", "And", "Or", "Load", "Store", "Swap", "CompareAndSwap"} {
		for _, typ := range []string{"Int32", "Int64", "Uint32", "Uint64", "Uintptr"} {
			reg("sync/atomic."+op+typ, atomicFunc(op, typ))
		}
	}
	for _, op := range []string{"Load", "Store", "Swap", "CompareAndSwap"} {
		reg("sync/atomic."+op+"Pointer", atomicUnsafePointer(op))
	}
	for _, name := range []string{"Load", "Store", "Swap", "CompareAndSwap"} {
		reg("(*sync/atomic.Pointer[T])."+name, atomicPointer(name))
	}
}

// atomicFunc implements sync/atomic's function op+typ (AddInt32,
// OrUintptr...) on interpreted memory: typ is the integer type pointed to.
func atomicFunc(op, typ string) func(interp.Call, []interp.Value) interp.Value {
	// fit gives a word the width and signedness of typ.
	fit := map[string]func(n uint64) interp.Value{
		"Int32":   func(n uint64) interp.Value { return interp.Int(int64(int32(n))) },
		"Int64":   func(n uint64) interp.Value { return interp.Int(int64(n)) },
		"Uint32":  func(n uint64) interp.Value { return interp.Uint(uint64(uint32(n))) },
		"Uint64":  func(n uint64) interp.Value { return interp.Uint(n) },
		"Uintptr": func(n uint64) interp.Value { return interp.Uint(uint64(uintptr(n))) },
	}[typ]
	return func(c interp.Call, args []interp.Value) interp.Value {
		p := args[0]
		if p.IsNil() {
			c.RuntimeError(nilDeref)
		}
		old := p.Elem()
		switch op {
		case "Add": // the new value
			v := fit(old.Uint() + args[1].Uint())
			c.Write(p, v)
			return v
		case "And": // the old value
			c.Write(p, fit(old.Uint()&args[1].Uint()))
			return old
		case "Or":
			c.Write(p, fit(old.Uint()|args[1].Uint()))
			return old
		}
		return atomicOp(c, op, p, old, args, func(a, b interp.Value) bool { return a.Uint() == b.Uint() })
	}
}

// atomicUnsafePointer implements sync/atomic's op+"Pointer" functions
// (LoadPointer...) on an interpreted *unsafe.Pointer.
func atomicUnsafePointer(op string) func(interp.Call, []interp.Value) interp.Value {
	return func(c interp.Call, args []interp.Value) interp.Value {
		p := args[0]
		if p.IsNil() {
			c.RuntimeError(nilDeref)
		}
		return atomicOp(c, op, p, unsafePointerIn(c, p), args, func(a, b interp.Value) bool { return interp.Addr(a) == interp.Addr(b) })
	}
}

// unsafePointerIn returns the unsafe.Pointer the interpreted cell p
// holds: the zero value of a cell never stored into is the nil pointer.
func unsafePointerIn(c interp.Call, p interp.Value) interp.Value {
	v := p.Elem()
	if v.Kind() != interp.KindPointer {
		if !v.IsNil() {
			panic(&interp.InternalError{Value: fmt.Errorf("unsafe.Pointer holding a value of kind %v", v.Kind()), Pos: c.Pos()})
		}
		v = interp.Nil(interp.KindPointer)
	}
	return v
}

// atomicOp performs op, Load, Store, Swap or CompareAndSwap (same tells
// whether two values are equal), on the value old that cell holds, with
// args[1] the new value (args[2] for CompareAndSwap, args[1] the one
// compared with); the stores are the call's.
func atomicOp(c interp.Call, op string, cell, old interp.Value, args []interp.Value, same func(a, b interp.Value) bool) interp.Value {
	switch op {
	case "Load":
		return old
	case "Store":
		c.Write(cell, args[1])
		return interp.Value{}
	case "Swap":
		c.Write(cell, args[1])
		return old
	default: // CompareAndSwap
		if same(old, args[1]) {
			c.Write(cell, args[2])
			return interp.Bool(true)
		}
		return interp.Bool(false)
	}
}

// atomicPointer implements the methods of sync/atomic's generic
// Pointer[T], an interpreted struct whose last field (v unsafe.Pointer)
// holds the pointer: a generic type's methods have no native counterpart,
// and one goroutine runs at a time, so plain reads and writes of that
// field are atomic.
func atomicPointer(name string) func(interp.Call, []interp.Value) interp.Value {
	return func(c interp.Call, args []interp.Value) interp.Value {
		if args[0].IsNil() {
			c.RuntimeError(nilDeref)
		}
		s := args[0].Elem()
		if s.Kind() != interp.KindStruct || s.Len() == 0 {
			panic(&interp.InternalError{Value: fmt.Errorf("atomic.Pointer value of kind %v", s.Kind()), Pos: c.Pos()})
		}
		f := interp.IndexAddr(s, s.Len()-1)
		return atomicOp(c, name, f, unsafePointerIn(c, f), args, func(a, b interp.Value) bool { return interp.Addr(a) == interp.Addr(b) })
	}
}
