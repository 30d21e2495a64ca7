// Command interp measures how fast package trace interprets Go,
// against native execution and against golang.org/x/tools/go/ssa/interp.
//
// Usage:
//
//	go run ./bench/interp [-div 1] [-runs 3] [-out bench/interp/REPORT.txt] [-cpuprofile file]
//
// It runs the CPU-bound workloads of package internal/workload (sum of
// i*i for i < 10^7, a TCAS-like decision function ×10^5, a classify
// function with slices, structs and closures ×10^5; -div divides these
// sizes) on four engines:
//
//   - native: the compiled functions;
//   - x/tools interp: the same source as a main package (package workload
//     imports nothing, since x/tools' interpreter cannot initialise the
//     real standard library), built with ssautil in x/tools' default SSA
//     form and run by interp.Interpret; the result is what its println
//     printed;
//   - trace with recording off (RunOptions.NoTrace) and on: package workload
//     loaded by trace.Load (naive-form SSA, every assignment an event) and
//     each function run by Program.Run, its package initialiser included.
//     Recording on is measured twice: cold, the first recorded run of a
//     workload, after the process returned its free memory to the kernel
//     and with no released trace to reuse, so that the trace's memory is
//     fresh (as in a process's first run); and warm, the runs after it,
//     each reusing the storage of the trace its predecessor released
//     (trace.Trace.Release, with trace.SetReuseLimit raised to hold all
//     of it), as a client re-running tests does.
//
// Every engine's result must equal native's, or the command fails. Each
// cell is the fastest of -runs runs, wall-clock (the runs without trace go
// in rounds over the engines, so that changing load falls on all of them;
// the recorded runs follow, one after the other, since the gigabytes of
// released memory they keep would slow the garbage collector of the
// others), and the header
// gives the machine's load average: a loaded machine inflates the figures;
// the speedups are also given in CPU time of the
// process (all its threads, the garbage collector's included), which other
// load disturbs less. The report gives times and slowdowns against
// native, the recorded events, the trace's size per event
// (trace.Trace.Bytes) and the bytes the recorded run allocated per event,
// then each trace engine's speedup over x/tools' interpreter per workload
// and as a geometric mean. Recording on is the cost of the complete
// trace: every event's value, dependences, control parent and position
// are stored during the run, nothing is derived later. The time of one
// pass reading every recorded event back (static instruction, value,
// dependences, control parent) is reported per event beside it, outside
// the speedups. The report ends with the line
//
//	speedup vs x/tools interp (recording on): X
//
// where recording on means the warm runs; the lines marked "cold" just
// before it give the first run's figures.
//
// The report of the latest measurement is REPORT.txt, beside this file.
package main
