//go:build !linux

package main

// peakRSS is known on Linux only.
func peakRSS() (int64, bool) { return 0, false }
