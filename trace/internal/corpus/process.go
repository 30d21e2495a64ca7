package corpus

import (
	"fmt"
	"os"
	"runtime"
)

// Process reads what the process and its host are: the host's name, the
// process's and user's IDs, the Go version, the memory statistics;
// interpreted, the same as the native run in the same process.
func Process() string {
	host, err := os.Hostname()
	if host == "" && err == nil {
		panic("Process: empty host name without an error")
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if ms.Sys == 0 || ms.HeapAlloc == 0 || ms.Mallocs < ms.Frees {
		panic(fmt.Sprintf("Process: memory statistics %d %d %d %d", ms.Sys, ms.HeapAlloc, ms.Mallocs, ms.Frees))
	}
	return fmt.Sprint(host, err, " ", os.Getpid(), os.Getppid(), os.Getuid(), os.Getgid(), " ", runtime.Version(), " ", len(ms.BySize), ms.EnableGC)
}
