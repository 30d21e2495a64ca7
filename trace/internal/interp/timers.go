package interp

import (
	"go/types"
	"time"

	"golang.org/x/tools/go/ssa"
)

// Timers of the virtual clock (bridge_state.go). time.Sleep(d) in a run
// with goroutines or timers blocks on a timer due at now+d, so that the
// others run until every goroutine is blocked, as in testing/synctest's
// bubbles (without them it advances the clock at once). time.AfterFunc(d, f)
// arms a timer due when the clock reaches now+d; a due timer starts a
// goroutine running f. time.NewTimer, time.NewTicker, time.After and
// time.Tick make timers that send the clock's time on a channel instead
// (a ticker re-arms itself a period later; a tick that finds the channel
// full is dropped, as in the runtime). Timers fire at the scheduler's
// points (a goroutine blocking or yielding, time.Sleep), and when every
// goroutine is blocked the clock jumps to the earliest timer instead of
// reporting a deadlock: a test waiting for a context's deadline waits no
// real time. While calls run outside the scheduler (foreign.go: an HTTP
// client's request to the run's server) it waits instead, up to the
// timer's delay in real time, for them to come back. The *Timer and *Ticker values are interpreted variables of
// the standard types (C is their channel); their Stop and Reset act on
// the virtual timer and, as since Go 1.23, leave no stale time in the
// channel, whose len and cap are 0.

// vtimer is one armed timer.
type vtimer struct {
	when   time.Duration // due when the virtual clock reaches it
	seq    int           // arming order, to fire timers due together in order
	period time.Duration // a ticker's period, else 0
	fn     Value         // the function to run (AfterFunc)
	ch     Value         // or the channel to send the time on
	sleep  *syncState    // or the time.Sleep to end (done, its waiter woken)
	spawn  *frame        // the AfterFunc caller, as the goroutine's "created by" frame
	in     *ins
	active bool
}

// armTimer arms t to fire d from now.
func (r *run) armTimer(t *vtimer, d time.Duration) {
	r.armTimerAt(t, r.bridges().now+max(d, 0))
}

// armTimerAt arms t to fire when the clock reaches when.
func (r *run) armTimerAt(t *vtimer, when time.Duration) {
	s := r.sch()
	t.when = when
	s.tseq++
	t.seq = s.tseq
	if !t.active {
		t.active = true
		s.timers = append(s.timers, t)
	}
}

// stopTimer disarms t, reporting whether it was armed.
func (r *run) stopTimer(t *vtimer) bool {
	if !t.active {
		return false
	}
	t.active = false
	s := r.s
	for i, u := range s.timers {
		if u == t {
			s.timers = append(s.timers[:i], s.timers[i+1:]...)
			break
		}
	}
	return true
}

// earliest returns the armed timer due first, or nil.
func (s *sched) earliest() *vtimer {
	var best *vtimer
	for _, t := range s.timers {
		if best == nil || t.when < best.when || t.when == best.when && t.seq < best.seq {
			best = t
		}
	}
	return best
}

// fireDue fires the timers the clock has reached, in order.
func (r *run) fireDue() {
	s := r.s
	if s == nil {
		return
	}
	now := r.bridges().now
	for t := s.earliest(); t != nil && t.when <= now; t = s.earliest() {
		r.stopTimer(t)
		if t.period > 0 {
			// The next tick after now, on the ticker's cadence.
			next := t.when + t.period
			if next <= now {
				next += (now-next)/t.period*t.period + t.period
			}
			r.armTimerAt(t, next)
		}
		if t.sleep != nil {
			t.sleep.done = true
			r.wakeAll(t.sleep)
			continue
		}
		if ch := (*chanObj)(t.ch.p); ch != nil {
			if len(ch.recvq) > 0 || len(ch.buf) < ch.cap { // else a tick is dropped
				r.send(nil, nil, t.ch, r.timeValue(virtualTime(now)), NoEvent) // it does not block
			}
			continue
		}
		r.spawnCall(t.spawn, t.in, t.fn)
	}
}

// advanceClock moves the clock to the earliest armed timer and fires what
// is due then, reporting whether there was one.
func (r *run) advanceClock() bool {
	s := r.s
	t := s.earliest()
	if t == nil {
		return false
	}
	if st := r.bridges(); st.now < t.when {
		st.now = t.when
	}
	r.fireDue()
	return true
}

// spawnCall starts a goroutine calling the interpreted func value fn, as
// if by a go statement at in of spawn.
func (r *run) spawnCall(spawn *frame, in *ins, fn Value) {
	r.startGoroutine(r.s, func() { r.callValue(spawn, in, fn, nil) })
}

// newTimerValue returns a new *time.Timer or *time.Ticker (the result
// type of the call in to bridge name) for timer t, with C set to t's channel, and
// records it as t's.
func (r *run) newTimerValue(in *ins, name string, t *vtimer) Value {
	pt, _ := in.instr.(ssa.Value).Type().Underlying().(*types.Pointer)
	var st *types.Struct
	if pt != nil {
		st, _ = pt.Elem().Underlying().(*types.Struct)
	}
	if st == nil || st.NumFields() == 0 || st.Field(0).Name() != "C" {
		panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: "the time package's timer type has no leading field C"})
	}
	r.allocCells(1)
	c := newCell(copyVal(r.p.zero(pt.Elem())), NoEvent)
	if t.ch.p != nil {
		c.v.cells()[0].v = t.ch
	}
	s := r.sch()
	if s.byCell == nil {
		s.byCell = map[*cell]*vtimer{}
	}
	s.byCell[c] = t
	return Value{k: KindPointer, p: ptrOf(c)}
}

// timerChan returns a new channel of timer (len and cap 0 to the
// program, room for one time value to the clock).
func (r *run) timerChan() Value {
	return Value{k: KindChan, p: ptrOf(&chanObj{cap: 1, zero: r.timeValue(time.Time{}), timer: true})}
}

// timerOf returns the virtual timer behind the *time.Timer or *time.Ticker
// v; it stops the run with a *BridgeError naming the method called (the
// bridge name) if there is none (a Timer not made by the bridges).
func (r *run) timerOf(in *ins, name string, v Value) *vtimer {
	if v.k == KindPointer && v.p != nil && r.s != nil {
		if t := r.s.byCell[(*cell)(v.p)]; t != nil {
			return t
		}
	}
	panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: "a timer not made by time.NewTimer, time.NewTicker or time.AfterFunc"})
}

// drain empties t's channel, so that after Stop or Reset no time from
// before is received (Go 1.23 semantics), and reports whether it held
// one (the timer had fired unseen: Stop and Reset then report true, as the
// runtime's do).
func (t *vtimer) drain() bool {
	ch := (*chanObj)(t.ch.p)
	if ch == nil || len(ch.buf) == 0 {
		return false
	}
	ch.buf = ch.buf[:0]
	return true
}

func init() {
	bridges["time.AfterFunc"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		spawn := &frame{c: fr.c, path: fr.path, idx: fr.idx, at: in, ctrl: fr.ctrl, callEv: fr.callEv}
		t := &vtimer{fn: args[1], spawn: spawn, in: in}
		r.armTimer(t, time.Duration(args[0].Int()))
		return r.newTimerValue(in, "time.AfterFunc", t)
	}
	bridges["time.NewTimer"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		t := &vtimer{ch: r.timerChan()}
		r.armTimer(t, time.Duration(args[0].Int()))
		return r.newTimerValue(in, "time.NewTimer", t)
	}
	bridges["time.After"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		t := &vtimer{ch: r.timerChan()}
		r.armTimer(t, time.Duration(args[0].Int()))
		return t.ch
	}
	newTicker := func(r *run, d time.Duration) *vtimer {
		t := &vtimer{ch: r.timerChan(), period: d}
		r.armTimer(t, d)
		return t
	}
	bridges["time.NewTicker"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		d := time.Duration(args[0].Int())
		if d <= 0 {
			r.stringPanic(fr, in, "non-positive interval for NewTicker")
		}
		return r.newTimerValue(in, "time.NewTicker", newTicker(r, d))
	}
	bridges["time.Tick"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		d := time.Duration(args[0].Int())
		if d <= 0 {
			return Value{k: KindChan}
		}
		return newTicker(r, d).ch
	}
	bridges["(*time.Timer).Stop"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		t := r.timerOf(in, "(*time.Timer).Stop", args[0])
		was := r.stopTimer(t)
		return Bool(t.drain() || was)
	}
	bridges["(*time.Timer).Reset"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		t := r.timerOf(in, "(*time.Timer).Reset", args[0])
		was := t.drain() || t.active
		r.armTimer(t, time.Duration(args[1].Int()))
		return Bool(was)
	}
	bridges["(*time.Ticker).Stop"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		t := r.timerOf(in, "(*time.Ticker).Stop", args[0])
		r.stopTimer(t)
		t.drain()
		return Value{}
	}
	bridges["(*time.Ticker).Reset"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		t := r.timerOf(in, "(*time.Ticker).Reset", args[0])
		d := time.Duration(args[1].Int())
		if d <= 0 {
			r.stringPanic(fr, in, "non-positive interval for Ticker.Reset")
		}
		t.period = d
		t.drain()
		r.armTimer(t, d)
		return Value{}
	}
}
