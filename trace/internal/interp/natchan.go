package interp

import (
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"unsafe"
)

// Native channels in interpreted code: a channel that a bridged call
// returns, such as the Done channel of an http.Request's native context,
// which net/http closes when the client goes away or the server shuts
// down. It becomes an interpreted channel (chanObj) that holds the native
// one (nat), one per native channel in a run, so that identity holds.
// Its operations are the native channel's:
//
//   - a receive takes what is ready natively without waiting (TryRecv);
//     what a receive or a select takes natively and does not deliver at
//     once waits in buf, where the channel's next receives find it, and
//     a close seen natively marks the channel closed;
//   - a receive that would wait, natively, runs outside the scheduler
//     (foreign.go's callOutside): the other goroutines run meanwhile, and
//     when every one is blocked and no timer is armed the run waits for
//     native code instead of reporting a deadlock;
//   - a blocking select with native receive cases waits the same way,
//     natively, on those channels and on a channel that an interpreted
//     case's firing closes (selWait.cancel); a value received natively as
//     an interpreted case won goes to buf;
//   - send and close are the native channel's; a select's send case on
//     a native channel, which cannot be undone once done, is tried where
//     it comes in the select's order (the seed's rotation) and done if
//     the native channel takes it at once; a blocking select with one
//     waits natively on its native cases and on a claim channel, through
//     which alone an interpreted case fires (waiter.claim): the native
//     select takes either one native case or the claim, never both.
//
// A value received is converted to the channel's interpreted element
// type; the event of a receive from a native channel depends on no send.

// natChansKey keys a run's interpreted channels of native channels.
type natChansKey struct{}

// nativeChan returns the interpreted channel of the non-nil native
// channel rv, of static type t (nil: the native type's).
func (r *run) nativeChan(rv reflect.Value, t types.Type) (Value, error) {
	chans := Call{r: r}.State(natChansKey{}, func() any { return map[unsafe.Pointer]*chanObj{} }).(map[unsafe.Pointer]*chanObj)
	if ch := chans[rv.UnsafePointer()]; ch != nil {
		if rv.Type().ChanDir() == reflect.BothDir {
			ch.nat = rv // the send and close directions too
		}
		return Value{k: KindChan, p: ptrOf(ch)}, nil
	}
	var elem types.Type
	if t != nil {
		u, ok := t.Underlying().(*types.Chan)
		if !ok {
			return Value{}, fmt.Errorf("cannot convert native %s to %s", rv.Type(), t)
		}
		elem = u.Elem()
	}
	if elem == nil {
		elem = r.p.typeOfNative(rv.Type().Elem(), 0)
	}
	if elem == nil {
		return Value{}, fmt.Errorf("cannot convert native %s: its element type is not the program's", rv.Type())
	}
	zero, err := r.fromNative(reflect.Zero(rv.Type().Elem()), elem)
	if err != nil {
		return Value{}, err
	}
	ch := &chanObj{cap: rv.Cap(), zero: zero, nat: rv, natElem: elem}
	chans[rv.UnsafePointer()] = ch
	return Value{k: KindChan, p: ptrOf(ch)}, nil
}

// pollNative moves into ch what its native channel has ready, a value
// (into buf) or its close; false if nothing is.
func (r *run) pollNative(ch *chanObj) bool {
	v, ok := ch.nat.TryRecv()
	if !v.IsValid() {
		return false
	}
	r.stashNative(ch, v, ok)
	return true
}

// stashNative puts v, received from ch's native channel, into buf, or
// marks ch closed if the receive saw the close (ok false).
func (r *run) stashNative(ch *chanObj, v reflect.Value, ok bool) {
	if !ok {
		ch.closed = true
		return
	}
	x, err := r.fromNative(v, ch.natElem)
	if err != nil {
		panic(&BridgeError{Func: "receive from a native channel", Reason: err.Error()})
	}
	ch.buf = append(ch.buf, chanItem{v: x, ev: NoEvent})
}

// waitNative receives from ch's native channel, waiting outside the
// scheduler, into buf (or its close).
func (r *run) waitNative(ch *chanObj) {
	end := r.sch().ended()
	out := r.callNative(func() []reflect.Value {
		return r.callOutside(func() []reflect.Value {
			k, v, ok := reflect.Select([]reflect.SelectCase{
				{Dir: reflect.SelectRecv, Chan: ch.nat},
				{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(end)},
			})
			return []reflect.Value{reflect.ValueOf(k), v, reflect.ValueOf(ok)}
		})
	})
	if out[0].Int() == 0 {
		r.stashNative(ch, out[1], out[2].Bool())
	}
}

// natSendValue converts v, to be sent to ch's native channel, to the
// channel's native element type.
func (r *run) natSendValue(fr *frame, in *ins, ch *chanObj, v Value) reflect.Value {
	nv, err := r.toNative(fr, in, v, ch.natElem, ch.nat.Type().Elem())
	if err != nil {
		panic(&BridgeError{Func: "send to a native channel", CallSite: r.pos(in), Reason: err.Error()})
	}
	if ch.nat.Type().ChanDir()&reflect.SendDir == 0 {
		panic(&BridgeError{Func: "send to a native channel", CallSite: r.pos(in), Reason: "the native channel is receive-only"})
	}
	return nv
}

// trySendNative sends nv to native channel c if it takes it at once;
// closed reports a closed channel (nothing sent).
func trySendNative(c, nv reflect.Value) (sent, closed bool) {
	defer func() {
		if recover() != nil {
			closed = true
		}
	}()
	return c.TrySend(nv), false
}

// sendNative sends v to ch's native channel, waiting outside the
// scheduler if it must.
func (r *run) sendNative(fr *frame, in *ins, ch *chanObj, v Value) {
	nv := r.natSendValue(fr, in, ch, v)
	sent, closed := trySendNative(ch.nat, nv)
	if !sent && !closed {
		end := r.sch().ended()
		r.callNative(func() []reflect.Value {
			return r.callOutside(func() []reflect.Value {
				defer func() {
					if recover() != nil {
						closed = true
					}
				}()
				reflect.Select([]reflect.SelectCase{
					{Dir: reflect.SelectSend, Chan: ch.nat, Send: nv},
					{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(end)},
				})
				return nil
			})
		})
	}
	if closed {
		ch.closed = true
		r.plainPanic(fr, in, "send on closed channel")
	}
}

// selectReadySend picks the case of a select that has native send cases
// (natSend, by case) and the other ready cases ready, none blocking: in
// the order ready cases are picked in (the first, or the seed's
// rotation), the first ready case (sent false), or the first native send
// the native channel takes at once (done: sent true); -1 if none.
func (r *run) selectReadySend(fr *frame, in *ins, chans []Value, natSend []reflect.Value, ready []int) (i int, sent bool) {
	n := len(chans)
	start := 0
	if r.seed != 0 {
		start = int((r.seed + uint64(r.steps)) % uint64(n))
	}
	for j := range n {
		i := (start + j) % n
		if natSend[i].IsValid() {
			ch := (*chanObj)(chans[i].p)
			sent, closed := trySendNative(ch.nat, natSend[i])
			if closed {
				ch.closed = true
				r.plainPanic(fr, in, "send on closed channel")
			}
			if sent {
				return i, true
			}
		} else if slices.Contains(ready, i) {
			return i, false
		}
	}
	return -1, false
}

// claim reports whether the select of waiter w, if it waits natively with
// a native send case, takes w's case: it does unless its native select
// has already taken a native case.
func (w *waiter) claim() bool {
	if w.sel == nil || w.sel.claim == nil {
		return true
	}
	select {
	case w.sel.claim <- struct{}{}:
		return true
	case <-w.sel.settled:
		return false
	}
}

// closeNative closes ch's native channel.
func (r *run) closeNative(fr *frame, in *ins, ch *chanObj) {
	if ch.nat.Type().ChanDir()&reflect.SendDir == 0 {
		panic(&BridgeError{Func: "close of a native channel", CallSite: r.pos(in), Reason: "the native channel is receive-only"})
	}
	closed := func() (again bool) {
		defer func() { again = recover() != nil }()
		ch.nat.Close()
		return false
	}()
	if closed {
		r.plainPanic(fr, in, "close of closed channel")
	}
}

// selectNative waits, outside the scheduler, for one of the native
// channels of the cases nat (indexes into chans; a send if natSend has
// its value) or for an interpreted case of sw to fire; a native receive
// not taken as the select's goes to its channel's buf. closedSend reports
// a send case on a closed native channel (the select panics).
func (r *run) selectNative(sw *selWait, ws []*waiter, chans []Value, nat []int, natSend []reflect.Value) (closedSend bool) {
	sends := func(i int) bool { return natSend != nil && natSend[i].IsValid() }
	cases := make([]reflect.SelectCase, 0, len(nat)+2)
	claiming := false
	for _, i := range nat {
		c := (*chanObj)(chans[i].p).nat
		if sends(i) {
			claiming = true
			cases = append(cases, reflect.SelectCase{Dir: reflect.SelectSend, Chan: c, Send: natSend[i]})
		} else {
			cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: c})
		}
	}
	if claiming {
		// A native send cannot be undone: an interpreted case fires only
		// through the claim the native select takes instead.
		sw.claim, sw.settled = make(chan struct{}), make(chan struct{})
		cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(sw.claim)})
	} else {
		sw.cancel = make(chan struct{})
		cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(sw.cancel)})
	}
	cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(r.sch().ended())})
	settled := sw.settled
	out := r.callNative(func() []reflect.Value {
		return r.callOutside(func() (out []reflect.Value) {
			defer func() {
				if recover() != nil { // a send on a closed channel
					out = []reflect.Value{reflect.ValueOf(-1), {}, reflect.ValueOf(false)}
				}
				if settled != nil {
					close(settled)
				}
			}()
			k, v, ok := reflect.Select(cases)
			return []reflect.Value{reflect.ValueOf(k), v, reflect.ValueOf(ok)}
		})
	})
	sw.cancel = nil
	k := int(out[0].Int())
	if k < 0 {
		return true
	}
	if k >= len(nat) {
		return false // an interpreted case fired, or the run ended
	}
	i := nat[k]
	if sends(i) {
		ws[i].done = true
		sw.fired, sw.idx = true, i
		return false
	}
	r.stashNative((*chanObj)(chans[i].p), out[1], out[2].Bool())
	if sw.fired {
		return false
	}
	v, ok, ev := r.recv(chans[i]) // from buf, or the close: does not wait
	w := ws[i]
	w.v, w.ok, w.ev, w.done = v, ok, ev, true
	sw.fired, sw.idx = true, i
	return false
}

// length is len(ch).
func (ch *chanObj) length() int {
	switch {
	case ch == nil || ch.timer:
		return 0
	case ch.nat.IsValid():
		return ch.nat.Len() + len(ch.buf)
	}
	return len(ch.buf)
}

// capacity is cap(ch).
func (ch *chanObj) capacity() int {
	if ch == nil || ch.timer {
		return 0
	}
	return ch.cap
}
