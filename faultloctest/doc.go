// Package faultloctest explains failing Go tests from inside go test, as
// net/http/httptest serves HTTP from inside a test: one line at the top of
// a test or subtest,
//
//	func TestAbs(t *testing.T) {
//		defer faultloctest.Explain(t)
//		...
//	}
//
// and when that test fails, its log shows where the bug most likely is:
//
//	--- FAIL: TestAbs/negative (0.60s)
//	    subject_test.go:24: Abs(-2) = -2, want 2
//	    subject_test.go:26: faultloc explains TestAbs/negative:
//	        fix candidates (agx) and ranked lines:
//	        subject.go:8: candidate 1 (verified, size 1): return x //fault: should be -x [angelic: 2]
//	        subject.go:7: candidate 2 (verified, size 2): if x < 0 { [angelic: branch else]
//	        subject.go:10: candidate 2 (verified, size 2): return x [angelic: 2]
//
// The log is the report that `faultloc localize -native=false` writes
// for the same case (localize.Report.WriteText): the helper builds the
// pipeline's options with the command's own code from the same settings,
// so the two rank the same lines in the same order when neither is cut
// short by its time bound (a test in cmd/faultloc compares them). With
// [Options].Native (FAULTLOC_NATIVE=1) the helper runs the native go
// test stage too and ranks as `faultloc localize` does by default (see
// How). First come the
// verified fix candidates of the failure (see agx.Localize): minimal
// sets of statements where a change makes the test pass, with the values
// ("angelic values") those statements must produce, or the branch they
// must take, smallest first; "verified" means that re-running the test
// with those values made it pass. Then come the first lines that the
// pipeline's other evidence ranks after the candidates' (the spectrum of
// the package's test cases, the failure's slice, the probes; each line
// says which placed it), then the candidates whose re-run did not pass.
// Candidates that tie (verified or not, same size) are ordered by
// position, as the command orders them; [Options].Formula orders them by
// a spectrum formula instead, as the command's -tiebreak does. A passing
// test logs nothing.
//
// # Why defer
//
// The helper must look at the test's outcome when the test ends. Explain
// registers its work with t.Cleanup, which runs after the test function
// and all its subtests have returned, parallel subtests included; the call
// itself only records where it was made. Deferred, it also sees a panic of
// the test: testing runs a panicking test's cleanups before it marks the
// test failed, so the deferred Explain recovers the panic, notes it, and
// panics again with the same value (go test then reports the panic as
// usual, with Explain's frame on top of the stack). Written as
// `defer faultloctest.Explain(t)`, the line also reads as what it does:
// when this test ends, explain it. Called plainly at the top of the test,
// or from a cleanup (t.Cleanup(func() { faultloctest.Explain(t) })), it
// works the same except that a panicking test is not explained.
//
// # How
//
// When the test has failed, the helper:
//
//  1. finds the test's package directory: that of the _test.go file that
//     called it (runtime.Callers; a -trimpath build hides it, see
//     [Options].Dir);
//  2. loads the package with its tests through trace.Load, with the build
//     tags of the test binary (read from its build information; see
//     [EnvTags] to override them);
//  3. runs the package-level pipeline, pipeline.Run, on the same test
//     case, selected by its full name (t.Name(), subtest path included;
//     a test with subtests is its failing leaves), with the options
//     faultloc localize uses by default: it interprets every case of the
//     package for the spectrum, runs AgxFaults on the failing case with
//     at most [Options].MaxSize statements per candidate (default 2),
//     ranks the lines with the default scorers and refines the ranking
//     with the default refiners. Two things differ: the native stage
//     (native.Collect, a go test run of the package) is off unless
//     [Options].Native turns it on, as the helper already runs inside
//     go test (the stage would build the package's tests again and run
//     them beside those of this run that have not ended; see
//     Options.Native); and the cases that only add evidence get at
//     most a third of the time bound, so that the search gets the rest
//     (a spectrum cut short says so in the JSON report's reason);
//  4. logs the report's candidates and ranked lines; if asked, writes
//     the JSON and HTML reports (see [EnvReport]).
//
// The loaded package is kept for the life of the test binary, so the
// failing tests of one package share one load; the spectrum is collected
// again for each failing test.
//
// Inside the interpreter, Explain and ExplainWith are bridged to no-ops
// (trace/internal/bridge/faultloc.go): interpreting a test that
// calls the helper does not explain it again.
//
// # Limits and guarantees
//
// The helper never fails a test (it only calls t.Log) and never panics:
// a reason it cannot explain (a load error, a construct or library call
// the interpreter does not support, a test that passes when interpreted,
// the time bound, an internal error) is one line, "faultloc: cannot
// explain: …". The whole explanation is bounded by [DefaultTimeout] (30
// s), or [Options].Timeout, or [EnvTimeout]; candidates found by then are
// shown and marked partial. A stage that does not stop within a few
// seconds of the bound is abandoned: its goroutine is left to finish in
// the background, and nothing it does afterwards reaches the test's log.
//
// The environment, when set, overrides [Options], which override the
// defaults:
//
//	FAULTLOC_TIMEOUT=45s      time bound; 0 or off: the helper does nothing
//	FAULTLOC_TAGS=a,b         build tags to load the package with
//	FAULTLOC_REPORT=dir       write PKG.TEST.json and PKG.TEST.html into dir
//	                          (relative to the package directory)
//	FAULTLOC_FIRST=1          localize the first failed check alone
//	                          (Options.FirstFailure; 0 turns it off)
//	FAULTLOC_NATIVE=1         run the native evidence stage too
//	                          (Options.Native; 0 turns it off)
//
// The package links faultloc's solver, so a test binary that imports it
// needs cgo and libz3 (Debian's libz3-dev) to build. Built with
// CGO_ENABLED=0 it still compiles, and a failing test logs one line saying
// that fix candidates need cgo.
//
// The explanation runs inside the test binary, in the failing test's
// cleanup, and costs the time of a package load (a go list run, a second
// or more) plus the interpreted runs: it suits unit tests of small
// packages. As testing attributes a cleanup's log to where the cleanup was
// registered, the explanation's file:line prefix is the line where the
// test returned (the end of the function that deferred Explain), or
// runtime's panic.go after t.Fatal or a panic. Tests that need
// their environment (files, network, time) may behave differently under
// the interpreter, which then says so.
//
// # Stability
//
// Explain, ExplainWith, T, Options and the environment variables are the
// stable API; the text of the log is for people and may change.
package faultloctest
