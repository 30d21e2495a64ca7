package interp

import (
	"go/types"
	"reflect"
)

// chanObj is an interpreted channel.
type chanObj struct {
	cap    int
	buf    []chanItem
	closed bool
	recvq  []*waiter
	sendq  []*waiter
	zero   Value
	timer  bool // a timer's channel: len and cap report 0 (timers.go)
	// nat is the native channel this one stands for, natElem its
	// element type in the program (natchan.go); zero for others.
	nat     reflect.Value
	natElem types.Type
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
	fired  bool
	idx    int
	cancel chan struct{} // closed when a case fires while the select waits natively (natchan.go)
	// claim and settled: a select with a native send case waiting
	// natively, whose interpreted cases fire only by claiming it
	// (waiter.claim, natchan.go).
	claim, settled chan struct{}
}

func live(w *waiter) bool { return w.sel == nil || !w.sel.fired }

func popWaiter(q *[]*waiter) *waiter {
	for len(*q) > 0 {
		w := (*q)[0]
		*q = (*q)[1:]
		if live(w) && w.claim() {
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
		if w.sel.cancel != nil {
			close(w.sel.cancel) // the goroutine waits natively: it comes back by itself
			return
		}
		if w.sel.claim != nil {
			return // claimed (popWaiter): the goroutine comes back by itself
		}
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
	if ch.nat.IsValid() {
		r.sendNative(fr, in, ch, v)
		return
	}
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
	if ch.nat.IsValid() && len(ch.buf) == 0 && !ch.closed && !r.pollNative(ch) {
		r.waitNative(ch)
	}
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
	if ch.nat.IsValid() {
		r.closeNative(fr, in, ch)
	} else if ch.closed {
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
	var natSend []reflect.Value // per case, the value of a send to a native channel (natchan.go)
	for i := 0; i < n; i++ {
		if chans[i].p == nil {
			continue
		}
		ch := (*chanObj)(chans[i].p)
		if ch.nat.IsValid() {
			if si.send[i] {
				if natSend == nil {
					natSend = make([]reflect.Value, n)
				}
				natSend[i] = r.natSendValue(fr, in, ch, vals[i])
				continue
			}
			if len(ch.buf) == 0 && !ch.closed {
				r.pollNative(ch)
			}
		}
		if si.send[i] {
			if ch.closed || hasWaiter(ch.recvq) || len(ch.buf) < ch.cap {
				ready = append(ready, i)
			}
		} else if len(ch.buf) > 0 || hasWaiter(ch.sendq) || ch.closed {
			ready = append(ready, i)
		}
	}
	if natSend != nil {
		// Ready cases and native sends in one order (the seed's
		// rotation): a native send is tried where it comes, and done
		// if the native channel takes it at once.
		i, sent := r.selectReadySend(fr, in, chans, natSend, ready)
		if sent {
			return result(i, false, Value{}), nil
		}
		ready = ready[:0]
		if i >= 0 {
			ready = append(ready, i)
		}
	}
	if len(ready) > 0 {
		i := ready[0]
		if r.seed != 0 && natSend == nil {
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
		if ch.nat.IsValid() && si.send[i] {
			continue // sent natively (selectNative)
		}
		if si.send[i] {
			w.v, w.ev = vals[i], r.defOf(fr, in.a[2*i+1])
			ch.sendq = append(ch.sendq, w)
		} else {
			ch.recvq = append(ch.recvq, w)
		}
	}
	var nat []int // the native channels' cases (natchan.go)
	for i, c := range chans {
		if c.p != nil && (*chanObj)(c.p).nat.IsValid() {
			nat = append(nat, i)
		}
	}
	if len(nat) > 0 {
		if r.selectNative(sw, ws, chans, nat, natSend) {
			r.plainPanic(fr, in, "send on closed channel")
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
