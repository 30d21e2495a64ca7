package trace

import (
	"reflect"
	"time"
)

// Timers of the virtual clock (bridge_state.go). time.AfterFunc(d, f)
// arms a timer due when the clock reaches now+d; a due timer starts a
// goroutine running f. time.After(d) returns a channel (of capacity 1, as
// the real one) that such a timer sends the clock's time on. Timers fire
// at the scheduler's points (a goroutine blocking or yielding,
// time.Sleep), and when every goroutine is blocked the clock jumps to the
// earliest timer instead of reporting a deadlock: a test waiting for a
// context's deadline waits no real time. The *Timer AfterFunc returns is
// a token: its Stop and Reset act on the virtual timer.

// vtimer is one armed timer.
type vtimer struct {
	when   time.Duration // due when the virtual clock reaches it
	seq    int           // arming order, to fire timers due together in order
	fn     Value         // the function to run (AfterFunc)
	ch     Value         // or the channel to send the time on (After)
	spawn  *frame        // the AfterFunc caller, as the goroutine's "created by" frame
	in     *ins
	active bool
}

// armTimer arms t to fire d from now.
func (r *run) armTimer(t *vtimer, d time.Duration) {
	s := r.sch()
	t.when = r.bridges().now + max(d, 0)
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
		if t.ch.p != nil {
			r.send(nil, nil, t.ch, r.timeValue(virtualEpoch.Add(now)), NoEvent) // room for it: it does not block
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

// timerOf returns the virtual timer behind a *time.Timer value AfterFunc
// returned, or nil.
func (r *run) timerOf(v Value) *vtimer {
	if v.k != KindNative || v.p == nil || r.s == nil {
		return nil
	}
	tm, ok := (*nativeBox)(v.p).rv.Interface().(*time.Timer)
	if !ok {
		return nil
	}
	return r.s.byTimer[tm]
}

func init() {
	bridges["time.AfterFunc"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		s := r.sch()
		spawn := &frame{c: fr.c, path: fr.path, idx: fr.idx, at: in, ctrl: fr.ctrl, callEv: fr.callEv}
		t := &vtimer{fn: args[1], spawn: spawn, in: in}
		r.armTimer(t, time.Duration(args[0].Int()))
		tm := new(time.Timer) // a token: only Stop and Reset, bridged below, use it
		if s.byTimer == nil {
			s.byTimer = map[*time.Timer]*vtimer{}
		}
		s.byTimer[tm] = t
		return Value{k: KindNative, p: ptrOf(&nativeBox{rv: reflect.ValueOf(&tm).Elem()})}
	}
	bridges["time.After"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		ch := Value{k: KindChan, p: ptrOf(&chanObj{cap: 1, zero: r.timeValue(time.Time{})})}
		r.armTimer(&vtimer{ch: ch}, time.Duration(args[0].Int()))
		return ch
	}
	bridges["(*time.Timer).Stop"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		t := r.timerOf(args[0])
		if t == nil {
			panic(&BridgeError{Func: "(*time.Timer).Stop", CallSite: r.pos(in), Reason: "a Timer not made by time.AfterFunc"})
		}
		return Bool(r.stopTimer(t))
	}
	bridges["(*time.Timer).Reset"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		t := r.timerOf(args[0])
		if t == nil {
			panic(&BridgeError{Func: "(*time.Timer).Reset", CallSite: r.pos(in), Reason: "a Timer not made by time.AfterFunc"})
		}
		was := t.active
		r.armTimer(t, time.Duration(args[1].Int()))
		return Bool(was)
	}
}
