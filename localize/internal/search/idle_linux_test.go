package search

import (
	"errors"
	"runtime"
	"syscall"
	"testing"
)

// TestIdleThread: idleThread moves a thread into Linux's idle scheduling
// class (a system that does not permit it is skipped).
func TestIdleThread(t *testing.T) {
	type result struct {
		set    error
		policy uintptr
		get    syscall.Errno
	}
	done := make(chan result)
	go func() {
		// Never unlocked: the idle thread ends with the goroutine.
		runtime.LockOSThread()
		tid := threadID()
		var r result
		r.set = idleThread(tid)
		r.policy, _, r.get = syscall.RawSyscall(syscall.SYS_SCHED_GETSCHEDULER, uintptr(tid), 0, 0)
		done <- r
	}()
	r := <-done
	switch {
	case errors.Is(r.set, syscall.EPERM) || errors.Is(r.set, syscall.ENOSYS):
		t.Skipf("the system does not permit the idle class: %v", r.set)
	case r.set != nil:
		t.Fatalf("idleThread: %v", r.set)
	case r.get != 0:
		t.Fatalf("sched_getscheduler: %v", r.get)
	case r.policy != schedIdle:
		t.Errorf("the thread's policy is %d after idleThread, want SCHED_IDLE (%d)", r.policy, schedIdle)
	}
}
