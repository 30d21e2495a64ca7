// Command scaling runs the scaling experiment of the AgxFaults paper
// (section 5.3, Figure 10) on faultloc's loop subjects: it localizes the
// seeded fault of each subject of examples/loops (Sum, Isqrt,
// BinarySearch) with ATF (the angelic trace formula, refined on demand) and
// with PF (the program formula: every path within the unwinding bound,
// encoded before solving), for loop bounds from 10 to 100, and prints per
// bound the solving time, the wall time, the minimal fix candidates (MFCs)
// of each mode, whether the two modes found the same ones, and whether the
// fault line is among them.
//
// The paper's claim under test: both modes find the same MFCs; PF's solving
// time grows exponentially with the bound, ATF's much more slowly.
//
// # What the bound means
//
// At bound b the failing test's input grows with b (Sum(b) loops b times;
// Isqrt(b²−1) loops b times with the fault; BinarySearch searches the last
// of b elements, which takes about log₂ b iterations) and PF's unwinding
// bound, agx.Options.Unwind, is b: PF flips every in-scope branch
// instance whose instruction ran fewer than b times before it in its frame,
// and encodes every path so reached. ATF gets the same bound, as in the
// paper (where the bound limits the unwinding of both modes): it encodes
// the failing run and adds a run only when a candidate's angelic
// re-execution leaves what is encoded, and never leaves the encoded paths
// at a branch instance whose instruction ran b times or more before it.
// Everything else is the same for both
// modes: the test, the candidate size bound (-max-size), the arithmetic
// (-arith), the step budget of re-runs (localize's default) and the
// timeout of a run (-timeout). A run that times out is reported as such,
// with the figures of its partial report, and larger bounds of that mode
// and subject are skipped (-no-skip runs them anyway); -modes agx runs ATF
// alone (PF is then reported as not run).
//
// Usage:
//
//	go run ./bench/scaling [-bounds 10,20,...,100] [-timeout 2m] [-max-size 0]
//		[-max-paths 1048576] [-arith bv|int] [-subjects Sum,Isqrt,BinarySearch]
//		[-modes agx,pf] [-no-skip] [-v] [-out bench/scaling/REPORT.md]
//
// The report is Markdown on standard output (and in -out); progress, one
// line per run, goes to standard error, and -v adds every localization
// report. The package's tests check, at a small bound, which candidates the
// two modes agree on; BenchmarkLocalize times both modes there.
package main
