//go:build !unix

package main

import "time"

// cpuTime returns 0: the process's CPU time is not measured here.
func cpuTime() time.Duration { return 0 }
