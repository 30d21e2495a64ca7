package corpus

import (
	"fmt"
	"os"
	"runtime"
)

// Process reads what the process and its host are: the host's name, the
// process's and user's IDs, the Go version; interpreted, the same as the
// native run in the same process (trace/testdata/gotestmain reads the
// memory statistics, which change from run to run).
func Process() string {
	host, err := os.Hostname()
	if host == "" && err == nil {
		panic("Process: empty host name without an error")
	}
	return fmt.Sprint(host, err, " ", os.Getpid(), os.Getppid(), os.Getuid(), os.Getgid(), " ", runtime.Version())
}
