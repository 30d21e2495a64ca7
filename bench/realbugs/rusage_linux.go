package main

import "syscall"

// peakRSS returns the largest resident set size this process has had,
// in bytes, and whether it is known.
func peakRSS() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return ru.Maxrss << 10, true // kilobytes on Linux
}
