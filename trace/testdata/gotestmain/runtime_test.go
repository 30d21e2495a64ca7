package gotestmain

import (
	"runtime"
	"testing"
)

// TestMemStats reads the memory statistics, as gopkg.in/check.v1 does
// around each test: the process's, whose values change from run to run.
func TestMemStats(t *testing.T) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Log(ms.Sys > 0, ms.HeapAlloc > 0, ms.Mallocs >= ms.Frees, len(ms.BySize), ms.EnableGC)
}
