package mutation

import "sync/atomic"

// CountLoads counts the loads of mutant programs of fix probes until the
// returned undo is called.
func CountLoads() (loads func() int, undo func()) {
	var n atomic.Int32
	probeLoads = func() { n.Add(1) }
	return func() int { return int(n.Load()) }, func() { probeLoads = nil }
}
