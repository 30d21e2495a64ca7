// Command suites measures how much of real Go test suites faultloc's
// interpreter runs, and with what verdict: the whole test suite of the
// main package of popular libraries, chosen for breadth, in families
// (reflection-heavy encoders, decoders, validators and mappers; HTTP
// routers and middleware; parsers; data structures; concurrency; CLI;
// logging; time and text).
//
// Usage:
//
//	go run ./bench/suites [-out bench/suites/REPORT.md] [-libs words] [-families list]
//	    [-case-cpu 30s] [-case-timeout 0] [-lib-timeout 10m] [-deadline 0] [-p 1] [-json file] [-from file]
//	go run ./bench/suites -seeded n [-faultloc command] [-run-timeout 20s] [-run-deadline 3m]
//	    [-out bench/suites/SEEDED.md] [-libs words] [-families list] [-lib-timeout 10m] [-deadline 0]
//
// For each library (libraries.go: a module version the module proxy
// serves, pinned, and its package), the command copies the module from
// the module cache (go mod download), builds its test binary and runs it
// as go test does, its output read by test2json: the cases are the
// leaves go test -json reports (tests that run no subtest, leaf
// subtests, fuzz targets' seeds, examples), each with its verdict, log and
// time, and the binary's wall and CPU time are the native figures. A
// worker process, this command started again, then loads the package with
// its tests (trace.Load) and runs each case alone with
// trace.Program.RunGoTest (no trace, default budgets; the cases' go test
// times given to trace.Program.SetNativeTimes, the evidence by which a
// case's step budget scales), bounded by
// -case-cpu and -case-timeout (Bounds below; a case that fails so but passes natively runs again
// after the test functions go test runs before it, and the subtests it
// runs before it in the tests on its path, as go test runs it, with
// RunOptions.EarlierTests: its verdict is that run's, and the report
// counts such cases), recording for each whether it ran to a verdict, that
// verdict and whether its log equals go test's (durations aside, invalid
// UTF-8 as go test -json carries it), and its
// wall and CPU time. A case the interpreter cannot run is an error naming
// the construct or the missing bridge; reason (reasons.go) strips its
// positions, test names, quoted strings, numbers and the library's types
// so that the cases blocked by the same gap count together.
//
// Bounds: a case within -case-cpu of CPU time, the worker process's
// (user and system, all threads, by getrusage) while it runs the case,
// and, as a backstop for a case that waits without using CPU, within
// -case-timeout of wall time (0, the default: 5 times -case-cpu). A case
// that passes either bound is ended and counts as not run, with the
// reason "over the per-case CPU time bound" or "over the per-case wall
// time bound"; the report's header gives both bounds. The CPU bound is
// the one that counts: on a loaded machine a case's wall time grows
// with the other processes' work (a case of 2 to 4.5 s of CPU took 13
// to 50 s of wall time on two busy cores) and its CPU time hardly, so
// that which cases run does not depend on the machine's load, as long
// as the backstop is far enough. The worker watches its own CPU time
// (watchCase, bounds.go), rather than the parent the worker's
// (/proc/PID/stat): the worker runs one case at a time, so that its
// process's CPU time since the case began is the case's; it can end the
// case through the context the interpreter checks, as the wall bound
// does, and go on with the next one instead of being killed and loading
// the package again; and getrusage works on every Unix, /proc only on
// Linux. Off Unix the process's CPU time is not measured: only the wall
// bound holds, and the header says so. That CPU time includes the
// collector's and that of any goroutine an earlier case left running. A
// case still running 15 seconds past its bound (a native call that
// ignores the context) ends its worker, which is started again on the
// cases after it, three times at most. One library, native and
// interpreted, runs within -lib-timeout of wall time (its worker is
// killed then; the cases not tried count as not run, and the report says
// so). -p libraries
// run at once. After -deadline no library is started: the report is then
// marked partial and names the libraries not measured. The report is
// rewritten after each library, so that a run stopped midway leaves a
// report marked partial.
//
// -libs and -families select libraries (a word matches a library whose
// name contains it). -json writes the results as JSON too; -from renders
// the report of such a file without running anything, or, with -libs or
// -families, measures the libraries selected again and puts their
// results in place of the file's (the report then names both commands).
//
// The report gives, overall, per family and per library: the cases,
// those the interpreter runs, those with go test's verdict and with its
// output too, and the false failures (cases that pass under go test and
// fail interpreted), each listed with why it failed; the reasons cases
// cannot run, by cases blocked; and the interpreted cases' CPU time
// against the native suite's. The report of the latest measurement is
// REPORT.md, beside this file; it names its command.
//
// With -seeded n the command instead puts bugs back into the libraries
// (seeded.go) and asks whether faultloc ranks every case they make fail.
// Per library, within -lib-timeout: its suite runs natively
// (bench/internal/nativeochiai: one go test run per case, with line
// coverage); the top-level tests of the cases that fail there (a timing
// test on a busy machine, say) are left out of the mutants' runs (go test
// -skip) and of native Ochiai's spectrum, and the report names them; the one-token mutants of internal/mutate (ROR,
// LCR, AOR, CRP, NEG) of the lines of the package's own files that a case
// covers are tried one at a time, in an order fixed by a seed, each
// written into the copy; a mutant is kept when go test fails, until n are
// kept. For each, the suite runs natively again (its failing cases, and
// native Ochiai's rank of the mutated line), then `faultloc localize
// -format json -run <the failing cases' top-level tests> -timeout
// <-run-timeout> -deadline <-run-deadline>` in the copy (the cases it has
// not localized by its deadline are ranked by the native run alone). The report (SEEDED.md) gives per library
// and overall the mutants, the failing cases, those with a ranking (and of
// those, the ones ranked by the native run alone), the mutants whose
// mutated line ranks top-1, 3, 5 and 10 in the best of their cases'
// rankings and those ranked at least as well as by native Ochiai, and
// lists every failing case left without a ranking with faultloc's error.
package main
