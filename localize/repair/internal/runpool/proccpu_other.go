//go:build !linux

package runpool

import "time"

// procCPU is false: only Linux tells a running process' CPU time here
// (/proc), so elsewhere Stats measures the runs that ended.
func procCPU(pid int) (time.Duration, bool) { return 0, false }
