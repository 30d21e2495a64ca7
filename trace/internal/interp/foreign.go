package interp

import (
	"bytes"
	"reflect"
	"runtime"
	"strconv"
	"sync"
	"time"
)

// Native goroutines that call into the interpreter. An httptest server's
// goroutines are native: they call an interpreted http.Handler while the
// interpreted client waits in a native call (http.Get) for the answer.
// The scheduler (goroutine.go) lets exactly one goroutine run
// interpreted code at a time, so both ends take part in it:
//
//   - A native call that waits for such goroutines (outsideFuncs) runs
//     outside the scheduler: the interpreted goroutine making it hands
//     the baton on as if it blocked, the call runs on a helper goroutine,
//     and when it returns the goroutine queues for the baton again.
//   - A callback from native code (an interpreted Handler, a func passed
//     to native code) arriving on a goroutine other than the one holding
//     the baton becomes a new interpreted goroutine: it queues for the
//     baton, runs, and ends as goroutines do, handing the baton on.
//
// Arrivals queue in sched.ext, which the goroutine holding the baton
// drains into the run queue whenever it picks the next goroutine; when
// nothing is runnable while a call is outside, the goroutine holding the
// baton leaves it for the next arrival instead of declaring a deadlock,
// and the virtual clock does not jump to the next timer: an alarm moves
// it there once the timer's delay has passed in real time, since the
// native work may follow the real clock (an HTTP client's Timeout). The
// order of arrivals is the order native code makes them, which for one
// request at a time is the program's.

// outsideFuncs are the bridged functions that wait for native goroutines
// which may call back into the interpreter: the HTTP client's requests
// (an httptest server's handler answers them) and the server's Close and
// Shutdown (they wait for the handlers running).
var outsideFuncs = map[string]bool{
	"net/http.Get": true, "net/http.Head": true, "net/http.Post": true, "net/http.PostForm": true,
	"(*net/http.Client).Do": true, "(*net/http.Client).Get": true, "(*net/http.Client).Head": true,
	"(*net/http.Client).Post": true, "(*net/http.Client).PostForm": true,
	"(*net/http.Transport).RoundTrip": true,
	"(*net/http.Server).Shutdown":     true, "(*net/http.Server).Close": true,
	"(*net/http.Server).ListenAndServe": true, "(*net/http.Server).Serve": true,
	"(*net/http/httptest.Server).Close": true, "(*net/http/httptest.Server).CloseClientConnections": true,
}

// extState is the scheduler's part shared with native goroutines.
type extState struct {
	mu      sync.Mutex
	queue   []*gor        // arrivals waiting for the baton
	outside int           // calls running outside the scheduler
	idle    bool          // nobody holds the baton: the next arrival takes it
	closed  bool          // the run ended: arrivals go away at once
	alarm   time.Duration // the virtual time a pending alarm moves the clock to (0: none)
	alarmT  *time.Timer   // the pending alarm's
	end     chan struct{} // closed when the run ends (ended)
}

// ended returns a channel closed when the run has ended, which the
// native waits of natchan.go select on so as not to outlive it.
func (s *sched) ended() <-chan struct{} {
	s.ext.mu.Lock()
	defer s.ext.mu.Unlock()
	if s.ext.end == nil {
		s.ext.end = make(chan struct{})
		if s.ext.closed {
			close(s.ext.end)
		}
	}
	return s.ext.end
}

// goid returns the id of the calling Go goroutine (from its stack's
// header, "goroutine N [...]").
func goid() int64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	if i := bytes.IndexByte(b, ' '); i > 0 {
		b = b[:i]
	}
	n, _ := strconv.ParseInt(string(b), 10, 64)
	return n
}

// adopt makes g, arrived from a native goroutine, one of the run's
// goroutines (called holding the baton).
func (r *run) adopt(g *gor) {
	if g.id < 0 {
		g.id = int32(len(r.s.gs))
		g.quiet = r.quietMode
		r.s.gs = append(r.s.gs, g)
	}
}

// drainArrivals moves the goroutines arrived from native code to the run
// queue (called holding the baton).
func (r *run) drainArrivals() {
	s := r.s
	s.ext.mu.Lock()
	q := s.ext.queue
	s.ext.queue = nil
	s.ext.mu.Unlock()
	for _, g := range q {
		r.adopt(g)
		s.ready(g)
	}
}

// goIdle is called holding the baton when no goroutine is runnable and
// pickNext did not move the clock: if a call runs outside the scheduler,
// the baton is left for the next arrival (true), an alarm's perhaps;
// else nothing can ever run (false).
// Arrivals queued meanwhile are made ready instead (true).
func (r *run) goIdle() (idle, ready bool) {
	s := r.s
	s.ext.mu.Lock()
	if len(s.ext.queue) > 0 {
		s.ext.mu.Unlock()
		r.drainArrivals()
		return false, true
	}
	if s.ext.outside == 0 {
		s.ext.mu.Unlock()
		return false, false
	}
	s.ext.idle = true
	s.ext.mu.Unlock()
	return true, false
}

// arrive gives g the baton if nobody holds it, else queues g for it;
// false if the run has ended. leaving ends a call outside the scheduler.
func (s *sched) arrive(g *gor, leaving bool) bool {
	s.ext.mu.Lock()
	if leaving {
		s.ext.outside--
	}
	if s.ext.closed {
		s.ext.mu.Unlock()
		return false
	}
	if s.ext.idle {
		s.ext.idle = false
		s.ext.mu.Unlock()
		g.wake <- true
		return true
	}
	s.ext.queue = append(s.ext.queue, g)
	s.ext.mu.Unlock()
	return true
}

// alarm is pickNext's when no goroutine can run, the next timer is due
// at when on the virtual clock and calls run outside the scheduler: the
// baton is left for the next arrival (goIdle), and unless the clock has
// reached when by then, a goroutine of the run's own arrives after the
// timer's delay in real time and moves the clock there, so that a timer
// fires no sooner than the native work the calls wait for could come
// back (an HTTP client's Timeout against a handler's time.Sleep). One
// alarm is pending at a time, the earliest.
func (r *run) alarm(when time.Duration) {
	s := r.s
	now := r.bridges().now
	s.ext.mu.Lock()
	if s.ext.alarm > now && s.ext.alarm <= when {
		s.ext.mu.Unlock()
		return
	}
	if s.ext.alarmT != nil {
		s.ext.alarmT.Stop() // a later one
	}
	s.ext.alarm = when
	s.ext.alarmT = time.AfterFunc(when-now, func() {
		r.arriveAndRun(func() {
			s.ext.mu.Lock()
			if s.ext.alarm == when {
				s.ext.alarm, s.ext.alarmT = 0, nil
			}
			s.ext.mu.Unlock()
			if st := r.bridges(); st.now < when {
				st.now = when
			}
			r.fireDue()
		})
	})
	s.ext.mu.Unlock()
}

// dropAlarm stops the pending alarm once the clock has reached its time
// by other means (every call came back and the clock jumped), so that no
// stale alarm arrives later, or, with all, whatever its time (the run's
// end).
func (r *run) dropAlarm(all bool) {
	s := r.s
	now := r.bridges().now
	s.ext.mu.Lock()
	defer s.ext.mu.Unlock()
	if s.ext.alarmT != nil && (all || s.ext.alarm <= now) {
		s.ext.alarmT.Stop()
		s.ext.alarm, s.ext.alarmT = 0, nil
	}
}

// closeArrivals ends the goroutines still queued when the run ends.
func (r *run) closeArrivals() {
	s := r.s
	r.dropAlarm(true)
	s.ext.mu.Lock()
	s.ext.closed = true
	if s.ext.end != nil {
		close(s.ext.end)
	}
	q := s.ext.queue
	s.ext.queue = nil
	s.ext.mu.Unlock()
	for _, g := range q {
		if g.id < 0 {
			g.wake <- false
		}
	}
}

// callOutside runs the native call f outside the scheduler (see
// outsideFuncs): the current goroutine hands the baton on while f runs on
// a helper goroutine, and takes it back after; a panic of f is raised
// again here.
func (r *run) callOutside(f func() []reflect.Value) []reflect.Value {
	s := r.sch()
	g := s.cur
	s.ext.mu.Lock()
	s.ext.outside++
	s.ext.mu.Unlock()
	var out []reflect.Value
	var px any
	go func() {
		defer func() {
			px = recover()
			s.arrive(g, true)
		}()
		out = f()
	}()
	r.park()
	if px != nil {
		panic(px)
	}
	return out
}

// callback runs call, a callback from native code into the
// interpreter: at once on the goroutine holding the baton, else as a new
// interpreted goroutine once it has the baton. A callback arriving after
// the run ended does nothing.
func (r *run) callback(call func()) {
	s := r.s
	if s == nil {
		call()
		return
	}
	s.ext.mu.Lock()
	out := s.ext.outside
	s.ext.mu.Unlock()
	if out == 0 {
		defer s.recoverStop()
		call()
		return
	}
	if goid() == s.curGoid.Load() {
		call()
		return
	}
	r.arriveAndRun(call)
}

// recoverStop, deferred by a callback run at once, recovers a panic that
// stops the run (budgetStop, killStop, abandonStop, ctxStop) on a
// goroutine not the baton's holder's, which nothing else would recover
// (the holder sees the stop itself); any other panic goes on. It asks
// for the goroutine only when there is a panic: callbacks are hot.
func (s *sched) recoverStop() {
	x := recover()
	switch x.(type) {
	case nil:
		return
	case budgetStop, killStop, abandonStop, ctxStop:
		if goid() != s.curGoid.Load() {
			return
		}
	}
	panic(x)
}

// detached reports whether a callback on the calling Go goroutine would
// run beside interpreted code: the goroutine does not hold the baton, no
// call is outside the scheduler (whose callbacks arrive as interpreted
// goroutines), and the holder of the baton is not inside native code,
// which might be waiting for the callback. Such a goroutine is native
// work left running in the background.
func (r *run) detached() bool {
	s := r.s
	if s == nil || goid() == s.curGoid.Load() {
		return false
	}
	s.ext.mu.Lock()
	out := s.ext.outside
	s.ext.mu.Unlock()
	return out == 0 && r.mode.Load() != modeNative
}

// arriveAndRun runs call, on the calling native goroutine, as a new
// interpreted goroutine once it has the baton (see arrive); nothing if
// the run has ended.
func (r *run) arriveAndRun(call func()) {
	s := r.s
	g := &gor{id: -1, wake: make(chan bool, 1), exited: make(chan struct{}), goid: goid()}
	if !s.arrive(g, false) {
		return
	}
	defer close(g.exited)
	defer r.goroutineExit(g)
	if !r.wait(g) {
		panic(killStop{})
	}
	r.inInterpMode() // abandon.go
	s.cur = g
	s.curGoid.Store(g.goid)
	r.adopt(g)
	r.quietFor(g)
	r.depth, r.cur, r.native = 0, nil, false
	call()
}
