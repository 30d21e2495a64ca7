//go:build !unix

package main

import "time"

// cpuMeasured: cpuTime does not measure the process's CPU time here, so
// that a case's CPU bound is never reached and only its wall bound holds.
const cpuMeasured = false

// cpuTime returns 0: the process's CPU time is not measured here.
func cpuTime() time.Duration { return 0 }
