package interp

import (
	"context"
	"reflect"
	"time"
)

// Abandoning a run. Run returns at the end of its context even when the
// goroutine holding the baton (goroutine.go) is in a native call that
// does not return soon (a regexp compiled from a huge pattern, a long
// computation of math/big): the entry of a run with a context that can
// end runs on a Go goroutine of its own (runEntry), and the goroutine
// that called Run gives the run up once the context is done and no
// interpreted code is running. The goroutines of the run left behind end
// as soon as they come back from native code, touching nothing the caller
// may see: the Result and trace given up are never returned, the run's
// Stdout drops their writes (runOut), and no hook is called.
//
// run.mode says whether interpreted code may be running, so that Run
// never returns while it does (it calls the caller's hooks and records
// the trace): modeInterp while the holder of the baton runs the
// interpreter, modeNative while it is inside a native function
// (callNative) or hands the baton on, modeAbandoned once Run has given the
// run up, modeDone once the entry has ended. Only the holder moves the mode
// between modeInterp and modeNative (inInterpMode, inNativeMode); only Run moves
// modeNative to modeAbandoned (tryAbandon). The holder leaving native code
// then finds the run abandoned and unwinds (killStop); an interpreted
// goroutine running when the context ends sees it itself (tick) and ends
// the run, so Run waits for it.

const (
	modeNative int32 = iota
	modeInterp
	modeAbandoned
	modeDone
)

// abandonPoll is how often Run, its context done, checks whether the run
// can be given up (no interpreted code running).
const abandonPoll = 5 * time.Millisecond

// isAbandoned reports whether Run has given the run up.
func (r *run) isAbandoned() bool { return r.mode.Load() == modeAbandoned }

// inNativeMode records that the holder of the baton runs no interpreted code
// from now on: it enters a native function or hands the baton on.
func (r *run) inNativeMode() { r.mode.CompareAndSwap(modeInterp, modeNative) }

// inInterpMode records that the holder of the baton runs interpreted code
// from now on; if the run was given up meanwhile, the goroutine unwinds
// instead.
func (r *run) inInterpMode() {
	if !r.mode.CompareAndSwap(modeNative, modeInterp) && r.mode.Load() == modeAbandoned {
		panic(killStop{})
	}
}

// tryAbandon gives the run up if no interpreted code is running, and
// reports whether it did: the run's output stops (outMu orders this with
// its writes) and its parked goroutines end (gone).
func (r *run) tryAbandon() bool {
	r.outMu.Lock()
	defer r.outMu.Unlock()
	if !r.mode.CompareAndSwap(modeNative, modeAbandoned) {
		return false
	}
	close(r.gone)
	return true
}

// finish marks the entry ended, unless the run was given up (false).
func (r *run) finish() bool {
	for {
		m := r.mode.Load()
		if m == modeAbandoned {
			return false
		}
		if r.mode.CompareAndSwap(m, modeDone) {
			return true
		}
	}
}

// callNative calls the native function call (reflectCall's) on the holder
// of the baton: the run may be given up meanwhile, and then this goroutine
// unwinds when call returns (or panics), before anything else of the run.
func (r *run) callNative(call func() []reflect.Value) []reflect.Value {
	if r.native {
		return call()
	}
	r.native = true
	r.inNativeMode()
	defer r.leaveNative()
	return call()
}

// leaveNative ends the native call callNative made: the goroutine unwinds
// if the run was given up, and writes nothing of the run first.
func (r *run) leaveNative() {
	r.inInterpMode()
	r.native = false
}

// enterFromNative is enter for a callback from native code into
// interpreted code (sort.Slice's less, a String method fmt calls).
func (r *run) enterFromNative(caller *frame, in *ins, c *fnCode, env []Value, envEv []EventID, args []Value, argEv []EventID, callEv EventID, path uint64, isRoot bool) (Value, EventID) {
	r.leaveNative()
	defer r.backToNative()
	if caller != nil {
		r.noteNativeCaller(caller) // nativecall.go
		defer r.forgetNativeCaller(caller)
	}
	return r.enter(caller, in, c, env, envEv, args, argEv, callEv, path, isRoot)
}

// backToNative returns to the native code that made a callback: the run
// may be given up again. A run already given up (its goroutine unwinding)
// is left alone.
func (r *run) backToNative() {
	if r.isAbandoned() {
		return
	}
	r.native = true
	r.inNativeMode()
}

// outcome is what runEntry returned, or the panic that escaped it.
type outcome struct {
	res *Result
	err error
	x   any
}

// runAbandonable runs the entry of r on a Go goroutine of its own and
// returns its result, or, once ctx is done and no interpreted code runs
// (the holder of the baton is in a native call), an empty Result with
// ctx's error without waiting for it (see tryAbandon).
func (r *run) runAbandonable(ctx context.Context, entry func() (*Result, error)) (*Result, error) {
	done := make(chan outcome, 1)
	go func() {
		var o outcome
		defer func() {
			if x := recover(); x != nil {
				o = outcome{x: x}
			}
			done <- o
		}()
		o.res, o.err = entry()
	}()
	var tick <-chan time.Time
	for {
		select {
		case o := <-done:
			if o.x != nil {
				panic(o.x) // on the caller's goroutine, as before the entry had its own
			}
			return o.res, o.err
		case <-ctx.Done():
			t := time.NewTicker(abandonPoll)
			defer t.Stop()
			tick = t.C
			ctx = context.Background() // Done() nil: checked once
			if r.tryAbandon() {
				return &Result{}, r.ctx.Err()
			}
		case <-tick:
			if r.tryAbandon() {
				return &Result{}, r.ctx.Err()
			}
		}
	}
}
