//go:build unix

package main

import (
	"syscall"
	"time"
)

// cpuMeasured: cpuTime measures the process's CPU time here.
const cpuMeasured = true

// cpuTime returns the CPU time this process has used, user and system,
// all threads.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
