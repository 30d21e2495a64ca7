package runpool

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// clockTick is the unit of /proc/PID/stat's CPU times (USER_HZ, 100 on
// every Linux the go command supports).
const clockTick = 10 * time.Millisecond

// procCPU returns the CPU time (user and system) process pid has used
// so far, from /proc/PID/stat; false when it cannot be read (the
// process has ended).
func procCPU(pid int) (time.Duration, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	return parseStatCPU(b)
}

// parseStatCPU returns the sum of the utime and stime fields (the 14th
// and 15th) of a /proc/PID/stat line, whose second field, the command
// in parentheses, may hold spaces.
func parseStatCPU(b []byte) (time.Duration, bool) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, false
	}
	f := bytes.Fields(b[i+1:]) // from the 3rd field, state
	if len(f) < 13 {
		return 0, false
	}
	u, err1 := strconv.ParseInt(string(f[11]), 10, 64)
	s, err2 := strconv.ParseInt(string(f[12]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(u+s) * clockTick, true
}
