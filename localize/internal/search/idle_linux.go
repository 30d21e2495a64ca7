package search

import (
	"syscall"
	"unsafe"
)

// schedIdle is Linux's SCHED_IDLE scheduling policy: the thread runs only
// when no other wants the CPU.
const schedIdle = 5

// threadID returns the id of the calling thread.
func threadID() int { return syscall.Gettid() }

// idleThread moves thread tid of this process into the idle scheduling
// class, where it runs only on a CPU nothing else wants. Any user may so
// lower a thread of its own; on an error (a kernel or sandbox that
// refuses) the thread stays as it was, which callers accept.
func idleThread(tid int) error {
	var param struct{ priority int32 }
	if _, _, errno := syscall.Syscall(syscall.SYS_SCHED_SETSCHEDULER, uintptr(tid), schedIdle, uintptr(unsafe.Pointer(&param))); errno != 0 {
		return errno
	}
	return nil
}
