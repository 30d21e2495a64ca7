package main

import (
	"context"
	"fmt"
	"os"
	"time"
)

// caseBounds are the bounds of one interpreted case: the CPU time the
// worker process spends while it runs, and, far beyond, its wall time.
// The CPU bound is the one the report's figures rest on: on a loaded
// machine a case's wall time grows with the other processes' work, its
// CPU time hardly. The wall bound is a backstop for a case that waits
// without using CPU (a native call that blocks). A zero bound is no
// bound.
type caseBounds struct {
	CPU, Wall time.Duration
}

// wallFactor is how many times a case's CPU bound its wall bound is
// unless -case-timeout says: far enough that a case which uses CPU all
// along reaches its CPU bound first on a busy machine.
const wallFactor = 5

// newCaseBounds returns the bounds of -case-cpu and -case-timeout: the
// CPU bound must be positive; a wall bound of 0 is wallFactor times it.
func newCaseBounds(cpu, wall time.Duration) (caseBounds, error) {
	if cpu <= 0 || wall < 0 {
		return caseBounds{}, fmt.Errorf("-case-cpu must be positive and -case-timeout positive or 0 (got %v, %v)", cpu, wall)
	}
	if wall == 0 {
		wall = wallFactor * cpu
	}
	return caseBounds{CPU: cpu, Wall: wall}, nil
}

// boundError is why a case was ended: it passed one of its bounds.
type boundError struct {
	Kind  string        // "CPU" or "wall"
	Limit time.Duration // the bound it passed
}

func (e *boundError) Error() string {
	return fmt.Sprintf("over the per-case %s time bound (%v)", e.Kind, e.Limit)
}

// over returns the bound of b that a case which has used cpu and wall
// time has passed by more than grace, the CPU bound first, or nil if it
// has passed neither.
func (b caseBounds) over(cpu, wall, grace time.Duration) *boundError {
	switch {
	case b.CPU > 0 && cpu > b.CPU+grace:
		return &boundError{Kind: "CPU", Limit: b.CPU}
	case b.Wall > 0 && wall > b.Wall+grace:
		return &boundError{Kind: "wall", Limit: b.Wall}
	}
	return nil
}

// String describes b for the report's Bounds line.
func (b caseBounds) String() string {
	if !cpuMeasured {
		return fmt.Sprintf("%v of wall time a case (CPU time not measured on this system)", b.Wall)
	}
	return fmt.Sprintf("%v of CPU time a case (%v of wall time at most)", b.CPU, b.Wall)
}

// watchdogGrace is how long a case may outlive a bound before the worker
// process ends.
const watchdogGrace = 15 * time.Second

// watchTick is how often a case's CPU and wall time are read.
const watchTick = 50 * time.Millisecond

// watchCase watches the case named from its start until done is closed.
// The worker runs one case at a time, so the process's CPU time
// (getrusage) since the case began is the case's, the interpreter's
// collector and any goroutine an earlier case left running included.
// When the case passes one of b, watchCase cancels its context with the
// bound as the cause: the interpreter checks the context every few
// thousand steps and ends the case. If the case is still running
// watchdogGrace past that bound (a native call it made ignores the
// context), the process ends with status 3, and the parent starts a new
// worker on the cases after it.
func watchCase(name string, b caseBounds, cancel context.CancelCauseFunc, done <-chan struct{}) {
	start, cpu0 := time.Now(), cpuTime()
	t := time.NewTicker(watchTick)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		cpu, wall := cpuTime()-cpu0, time.Since(start)
		if e := b.over(cpu, wall, watchdogGrace); e != nil {
			fmt.Fprintf(os.Stderr, "suites: case %s still running %v after its %s time bound: the process ends\n", name, watchdogGrace, e.Kind)
			os.Exit(3)
		}
		if e := b.over(cpu, wall, 0); e != nil {
			cancel(e)
		}
	}
}
