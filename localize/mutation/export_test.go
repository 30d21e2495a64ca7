package mutation

import (
	"sync/atomic"

	"github.com/faultloc/faultloc/trace"
)

// CountLoads counts the loads of mutant programs of fix probes until the
// returned undo is called.
func CountLoads() (loads func() int, undo func()) {
	var n atomic.Int32
	probeLoads = func() { n.Add(1) }
	return func() int { return int(n.Load()) }, func() { probeLoads = nil }
}

// CancelAfterLines calls cancel once a probe has settled n lines, until
// the returned undo is called.
func CancelAfterLines(n int, cancel func()) (undo func()) {
	var settled atomic.Int32
	probeSettled = func(trace.Line) {
		if int(settled.Add(1)) == n {
			cancel()
		}
	}
	return func() { probeSettled = nil }
}
