// Package runpool decides how many runs of a test binary go at once:
// [Stats] measures the runs' wall and CPU time, and a [Pool] runs jobs
// in goroutines, one at a time unless the runs so far mostly waited
// (sleeps, timers, network round trips), when up to [MaxRuns] go at
// once.
//
// localize/repair validates patches by whole-suite runs of their test
// binaries. A suite whose time goes to waiting (chi's middleware: 26 s
// of wall time for under a second of CPU) gains from several runs at
// once; a CPU-bound suite does not, and runs one at a time as before
// the runs were measured. The runs share the package's directory and
// the machine, so [Stats.Add] tells whether a run overlapped another:
// a suite whose tests hold a fixed port or write a fixed file could
// fail only beside another run, and the caller runs such a refutation
// again, alone. Under load a CPU-bound suite also waits (for the CPU);
// it then goes several at once too, which costs no more CPU than
// running it in turn.
//
// The CPU time of a run under way is read from /proc on Linux only;
// elsewhere Stats measures the runs that ended.
package runpool
