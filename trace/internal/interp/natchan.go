package interp

import (
	"fmt"
	"go/types"
	"reflect"
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
//   - send and close are the native channel's; a send case of a select
//     is a *BridgeError.
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

// sendNative sends v to ch's native channel, waiting outside the
// scheduler if it must.
func (r *run) sendNative(fr *frame, in *ins, ch *chanObj, v Value) {
	nv, err := r.toNative(fr, in, v, ch.natElem, ch.nat.Type().Elem())
	if err != nil {
		panic(&BridgeError{Func: "send to a native channel", CallSite: r.pos(in), Reason: err.Error()})
	}
	if ch.nat.Type().ChanDir()&reflect.SendDir == 0 {
		panic(&BridgeError{Func: "send to a native channel", CallSite: r.pos(in), Reason: "the native channel is receive-only"})
	}
	closed, end := false, r.sch().ended()
	send := func(wait bool) (sent bool) {
		defer func() {
			if recover() != nil {
				closed = true
			}
		}()
		if wait {
			k, _, _ := reflect.Select([]reflect.SelectCase{
				{Dir: reflect.SelectSend, Chan: ch.nat, Send: nv},
				{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(end)},
			})
			return k == 0
		}
		return ch.nat.TrySend(nv)
	}
	if !send(false) && !closed {
		r.callNative(func() []reflect.Value {
			return r.callOutside(func() []reflect.Value { send(true); return nil })
		})
	}
	if closed {
		ch.closed = true
		r.plainPanic(fr, in, "send on closed channel")
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
// channels of the receive cases nat (indexes into chans) or for an
// interpreted case of sw to fire; a native receive not taken as the
// select's goes to its channel's buf.
func (r *run) selectNative(sw *selWait, ws []*waiter, chans []Value, nat []int) {
	cancel := make(chan struct{})
	sw.cancel = cancel
	cases := make([]reflect.SelectCase, 0, len(nat)+1)
	for _, i := range nat {
		cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: (*chanObj)(chans[i].p).nat})
	}
	cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(cancel)},
		reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(r.sch().ended())})
	out := r.callNative(func() []reflect.Value {
		return r.callOutside(func() []reflect.Value {
			k, v, ok := reflect.Select(cases)
			return []reflect.Value{reflect.ValueOf(k), v, reflect.ValueOf(ok)}
		})
	})
	sw.cancel = nil
	k := int(out[0].Int())
	if k >= len(nat) {
		return // an interpreted case fired, or the run ended
	}
	i := nat[k]
	r.stashNative((*chanObj)(chans[i].p), out[1], out[2].Bool())
	if sw.fired {
		return
	}
	v, ok, ev := r.recv(chans[i]) // from buf, or the close: does not wait
	w := ws[i]
	w.v, w.ok, w.ev, w.done = v, ok, ev, true
	sw.fired, sw.idx = true, i
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
