package interp

import (
	"go/types"
)

// sync.Cond under the scheduler (goroutine.go): a Cond is an interpreted
// struct whose L the program set (sync.NewCond sets it); Wait queues the
// goroutine, unlocks L, blocks until Signal or Broadcast wakes it (in
// the order the goroutines waited, as the runtime's notify list does)
// and locks L again.

// condL returns the Locker field of the sync.Cond that c points to.
func (r *run) condL(fr *frame, in *ins, c Value) *cell {
	if c.p == nil {
		r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
	}
	cc := (*cell)(c.p)
	if cc.v.k != KindStruct {
		panic(&InternalError{Value: "sync.Cond is not an interpreted struct", Pos: r.pos(in)})
	}
	return &cc.v.cells()[condLIndex]
}

// condLIndex is the index of sync.Cond's field L (after its noCopy).
const condLIndex = 1

// lockerCall calls method name (Lock or Unlock) of the Locker l.
func (r *run) lockerCall(fr *frame, in *ins, l Value, name string) {
	if l.p == nil {
		r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
	}
	it := (*iface)(l.p)
	if it.nat != nil {
		panic(&BridgeError{Func: "(*sync.Cond)." + name, CallSite: r.pos(in), Reason: "its Locker is a native value"})
	}
	r.callMethod(fr, in, it, name, nil)
	r.cur = fr
}

func init() {
	bridges["sync.NewCond"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		t := calleeSig(in).Results().At(0).Type().(*types.Pointer).Elem()
		st, ok := t.Underlying().(*types.Struct)
		if !ok || st.NumFields() <= condLIndex || st.Field(condLIndex).Name() != "L" {
			panic(&InternalError{Value: "sync.Cond has no field L at index 1", Pos: r.pos(in)})
		}
		v := copyVal(r.p.zero(t))
		v.cells()[condLIndex] = cell{v: args[0], st: r.extEv}
		r.allocCells(1 + st.NumFields())
		return Value{k: KindPointer, p: ptrOf(newCell(v, r.extEv))}
	}
	bridges["(*sync.Cond).Wait"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		l := r.condL(fr, in, args[0]).v
		st := r.syncOf(args[0])
		w := &waiter{g: r.sch().cur}
		st.waiters = append(st.waiters, w)
		r.lockerCall(fr, in, l, "Unlock")
		for !w.done {
			r.park()
		}
		r.lockerCall(fr, in, l, "Lock")
		return Value{}
	}
	bridges["(*sync.Cond).Signal"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		r.condL(fr, in, args[0])
		st := r.syncOf(args[0])
		if len(st.waiters) > 0 {
			w := st.waiters[0]
			st.waiters = st.waiters[1:]
			r.fire(w)
		}
		return Value{}
	}
	bridges["(*sync.Cond).Broadcast"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		r.condL(fr, in, args[0])
		r.wakeAll(r.syncOf(args[0]))
		return Value{}
	}
}
