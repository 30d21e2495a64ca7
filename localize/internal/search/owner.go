package search

// Giving up the steps of a formula that Z3 cannot interrupt.

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// ErrGivenUp is the error of a step of a formula that its call gave up at
// the end of its context while Z3 was still in one call (see [Owner]). It
// wraps encode.ErrInterrupted: a bound reached there is one reached while
// encoding.
var ErrGivenUp = fmt.Errorf("%w: given up at the end of the context, still running", encode.ErrInterrupted)

// Owner holds the formulas of one call bounded by a context (AgxFaults on
// a case, a group of a diagnosis): their Z3 solvers, and the traces their
// encodings read. It runs the steps that Z3 cannot stop at once (the
// encoding of a run, the move of a formula to its engine) so that the call
// can give them up when its context ends. The checks stop at once (the
// Z3 binding interrupts them) and an encoding looks at the context between
// terms, but one Z3 call that makes a term may itself take seconds (a
// formula of millions of terms growing its tables).
//
// A step runs on a goroutine of its own. When the context ends first and
// the step does not stop by itself within a moment (giveUpAfter), the
// call gets [ErrGivenUp] and must not touch the Owner's formulas
// again (its solvers, their encoders): they belong to the goroutine left
// behind, which ends as soon as its Z3 call returns (the context is done,
// so the encoding stops at its next look), releases the traces of the
// verdicts the step read ([Verdict.Release] leaves them alone from then
// on), and hands the solvers to a closer once the call has closed the
// Owner. On Linux the thread of a step given up, and the closer's, run in
// the idle scheduling class, so that what is left of a call yields the
// CPU to the work that follows it.
//
// The zero Owner is not usable; a nil *Owner runs each step in the
// caller's goroutine and closes nothing.
type Owner struct {
	ctx context.Context

	mu      sync.Mutex
	solvers []*maxsat.Solver
	left    int  // steps given up and still running
	gone    bool // a step was given up
	closed  bool // Close was called
}

// NewOwner returns an Owner of the formulas of a call bounded by ctx.
func NewOwner(ctx context.Context) *Owner { return &Owner{ctx: ctx} }

// Hold makes s one of the solvers that Close closes, and returns it.
func (o *Owner) Hold(s *maxsat.Solver) *maxsat.Solver {
	if o == nil || s == nil {
		return s
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.solvers = append(o.solvers, s)
	return s
}

// Drop closes s, a solver held that the call no longer needs, as
// CloseSolver does. Once a step was given up, s is left to Close.
func (o *Owner) Drop(s *maxsat.Solver) {
	if o == nil {
		s.Close()
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.gone {
		return
	}
	for i, h := range o.solvers {
		if h == s {
			o.solvers = append(o.solvers[:i], o.solvers[i+1:]...)
			break
		}
	}
	CloseSolver(o.ctx, s)
}

// GivenUp reports whether a step was given up: the Owner's solvers and
// their encoders then belong to the goroutine left behind, and the call
// must not read them (their statistics included).
func (o *Owner) GivenUp() bool {
	if o == nil {
		return false
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.gone
}

// The states of a step.
const (
	stepRunning int32 = iota
	stepDone
	stepGivenUp
)

// giveUpAfter is how long a step may take to stop by itself once its
// context has ended before it is given up: an encoding looks at the
// context every few milliseconds, and one that stops so returns what it
// encoded (and keeps its formula's statistics for the report).
const giveUpAfter = 100 * time.Millisecond

// stepsLeft counts the steps given up whose goroutine has not yet handed
// on what it held.
var stepsLeft atomic.Int64

// Behind returns what the calls past their bound left behind: the steps
// given up that still run, and the solvers queued for the closer or being
// closed. Tests wait for both to reach zero.
func Behind() (steps, solvers int64) { return stepsLeft.Load(), closer.pending.Load() }

// Step runs step, which may use the Owner's solvers and encoders and read
// the traces of the verdicts reads, and returns its error. When the
// Owner's context ends before step returns (and step does not return
// within giveUpAfter), Step gives it up and returns an error wrapping
// ErrGivenUp and the context's error at once; once a
// step was given up, Step returns that error without running step. The
// verdicts in reads must be the ones the call releases, not copies: a
// copy's Release would hand back the trace the step still reads.
func (o *Owner) Step(step func() error, reads ...*Verdict) error {
	if o == nil || o.ctx.Done() == nil {
		return step()
	}
	o.mu.Lock()
	gone := o.gone
	o.mu.Unlock()
	if gone {
		return o.givenUp()
	}
	var state atomic.Int32
	var tid atomic.Int64
	traces := make([]*trace.Trace, 0, len(reads))
	for _, v := range reads {
		if v != nil && v.Res != nil {
			traces = append(traces, v.Res.Trace)
		}
	}
	done := make(chan stepEnd, 1)
	go func() {
		// The thread stays locked if the step is given up: it may be
		// made idle, and ends with the goroutine.
		runtime.LockOSThread()
		tid.Store(int64(threadID()))
		var err error
		var raised *localize.RaisedPanic
		if state.Load() == stepRunning {
			raised, err = runStep(step)
		}
		if state.CompareAndSwap(stepRunning, stepDone) {
			runtime.UnlockOSThread()
			done <- stepEnd{err, raised}
			return
		}
		// A panic of a step given up ends with it: its call has returned
		// and nothing of it is read again.
		// Given up: the call no longer reads these traces.
		for _, t := range traces {
			t.Release()
		}
		o.stepEnded()
	}()
	select {
	case end := <-done:
		return end.result()
	case <-o.ctx.Done():
	}
	wait := time.NewTimer(giveUpAfter)
	defer wait.Stop()
	select {
	case end := <-done:
		return end.result()
	case <-wait.C:
	}
	o.mu.Lock()
	if !state.CompareAndSwap(stepRunning, stepGivenUp) {
		o.mu.Unlock()
		end := <-done // it ended meanwhile
		return end.result()
	}
	o.gone = true
	o.left++
	stepsLeft.Add(1)
	// The goroutine takes o.mu before it ends: its thread is alive.
	if id := tid.Load(); id != 0 {
		_ = idleThread(int(id)) // refused: it competes as before
	}
	o.mu.Unlock()
	for _, v := range reads {
		if v != nil {
			v.givenUp = true
		}
	}
	return o.givenUp()
}

// stepEnd is how a step that was not given up ended.
type stepEnd struct {
	err    error
	raised *localize.RaisedPanic // its panic, if it panicked
}

// result returns the step's error, or panics again with its panic in the
// caller's goroutine, where the stage's recovery (localize.Guard) sees it.
func (e stepEnd) result() error {
	if e.raised != nil {
		panic(e.raised)
	}
	return e.err
}

// runStep calls step and returns its panic, if it panicked, or its
// error.
func runStep(step func() error) (raised *localize.RaisedPanic, err error) {
	defer func() {
		if v := recover(); v != nil {
			raised = &localize.RaisedPanic{Value: v, Stack: string(debug.Stack())}
		}
	}()
	return nil, step()
}

// givenUp returns the error of a step given up.
func (o *Owner) givenUp() error {
	return fmt.Errorf("%w (%w)", ErrGivenUp, context.Cause(o.ctx))
}

// stepEnded records the end of a step given up, and closes the solvers if
// it was the last such step of a closed Owner.
func (o *Owner) stepEnded() {
	o.mu.Lock()
	o.left--
	var close []*maxsat.Solver
	if o.left == 0 && o.closed {
		close, o.solvers = o.solvers, nil
	}
	o.mu.Unlock()
	closeLater(close...)
	stepsLeft.Add(-1)
}

// Close closes the solvers held: at once while the context goes on, in
// the background once it has ended (freeing a long run's formula takes
// seconds, which a call past its bound must not wait for), and once the
// last step given up has ended if there was one. Close is idempotent.
func (o *Owner) Close() {
	if o == nil {
		return
	}
	o.mu.Lock()
	o.closed = true
	var close []*maxsat.Solver
	if o.left == 0 {
		close, o.solvers = o.solvers, nil
	}
	o.mu.Unlock()
	if o.ctx.Err() != nil {
		closeLater(close...)
		return
	}
	for _, s := range close {
		s.Close()
	}
}

// CloseSolver closes s, in the background when ctx has ended: freeing
// the solver of a long run's formula takes seconds (Z3 releases it term
// by term), which a caller whose bound has passed must not wait for.
func CloseSolver(ctx context.Context, s *maxsat.Solver) {
	if ctx.Err() != nil {
		closeLater(s)
		return
	}
	s.Close()
}

// closer closes solvers in the background, one at a time, on a thread of
// the idle scheduling class: the formulas of calls past their bound,
// which would otherwise compete with the calls that follow.
var closer struct {
	mu      sync.Mutex
	queue   []*maxsat.Solver
	running bool
	pending atomic.Int64 // queued or being closed (Behind)
}

// closeLater queues ss for the closer.
func closeLater(ss ...*maxsat.Solver) {
	if len(ss) == 0 {
		return
	}
	closer.pending.Add(int64(len(ss)))
	closer.mu.Lock()
	defer closer.mu.Unlock()
	closer.queue = append(closer.queue, ss...)
	if !closer.running {
		closer.running = true
		go closeQueued()
	}
}

// closeQueued closes the queued solvers until none is left.
func closeQueued() {
	// Never unlocked: the thread, made idle, ends with the goroutine.
	runtime.LockOSThread()
	_ = idleThread(threadID()) // refused: it competes as before
	for {
		closer.mu.Lock()
		if len(closer.queue) == 0 {
			closer.running = false
			closer.mu.Unlock()
			return
		}
		s := closer.queue[0]
		closer.queue[0] = nil
		closer.queue = closer.queue[1:]
		closer.mu.Unlock()
		s.Close()
		closer.pending.Add(-1)
	}
}
