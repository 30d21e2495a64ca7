package loadgate

import (
	"os"
	"runtime"
	"strconv"
	"strings"
)

// PerCPU is the load average per CPU up to which a machine is quiet.
const PerCPU = 2

// Average returns the machine's load average over the last minute, as
// /proc/loadavg gives it, or 0 where the system does not say.
func Average() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	return parse(string(b))
}

// parse returns the first field of a /proc/loadavg line as a number,
// or 0 where there is none.
func parse(s string) float64 {
	f := strings.Fields(s)
	if len(f) == 0 {
		return 0
	}
	load, err := strconv.ParseFloat(f[0], 64)
	if err != nil || load < 0 {
		return 0
	}
	return load
}

// Quiet reports whether a machine of cpus CPUs at the given load average
// is quiet enough for a timing assertion: load at most PerCPU per CPU.
func Quiet(load float64, cpus int) bool {
	return load <= PerCPU*float64(max(cpus, 1))
}

// T is what Errorf needs of a test: testing.TB has it.
type T interface {
	Helper()
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
}

// Errorf reports a timing bound missed: t.Errorf on a quiet machine
// (Quiet with Average and runtime.NumCPU), t.Logf on a loaded one, the
// line ending with the load average, as in "... (load 3.2)".
func Errorf(t T, format string, args ...any) {
	t.Helper()
	report(t, Average(), runtime.NumCPU(), format, args...)
}

// report is Errorf at the given load and CPUs.
func report(t T, load float64, cpus int, format string, args ...any) {
	t.Helper()
	say := t.Errorf
	if !Quiet(load, cpus) {
		say = t.Logf
	}
	say(format+" (load %.1f)", append(args, load)...)
}
