// Package native turns one native go test run of a package into
// evidence for the failing cases: what each case covered, where its
// failure happened (the file:line places of its failed assertions and
// of its panic's stack, and the frames of a run-time error its
// interpreted run recovered from, which go test's output does not
// show), and how far each line of the package is from those places in
// its static call graph. It ranks a case the
// interpreter cannot run, and its ranking is fused into the ranking of a
// case the interpreter ran, so that the lines a plain spectrum would
// place high are not buried.
//
//	name             what it is
//	Collect          runs the package's tests natively into a Run
//	Run              the run: coverage (Spectrum), failures, call graph
//	SpectrumScorer   a spectrum formula over the run's cases
//	ProximityScorer  1/sqrt(1+d), d calls between a line and the failure
//	PackageData      the lines of package variables' initializers read
//	                 by the lines another Scorer scores
//	Scorers          the evidence of a case ranked by the run alone
//	Report           that ranking as a report, Mode "native"
//	Fuse             interleaves the run's ranking into a report's;
//	                 a line nearly every passing case runs (far more
//	                 than run the best line) goes by its Ochiai rank
//	Floor            moves each line of a ranking up toward its
//	                 native Ochiai rank (Fuse and Report apply it)
//	FloorReport      Floor on a report's final ranking (pipeline.Run
//	                 applies it after the refiners)
//
// Both rankings of a case, fused and by the native run alone, are
// floored by native Ochiai ([Floor]) over the lines of the package
// tested and of the packages its own code imports (the lines of a
// package only its tests import, a test helper, get no floor):
// the interpreter's evidence and the
// call distances may lift a line above the lines native Ochiai scores
// higher, but a line past the verified candidates' waits only behind
// the lines native Ochiai ranks above it and those the ranking placed
// above that rank, at most about twice its native Ochiai rank, where the
// ranking alone could bury it anywhere.
//
// No scorer of this package ranks a line of a test file or of a test
// helper of the module (trace.Program.Support): the native run measures
// them, and counts distances from them, but test code is the oracle,
// not a place to blame, as the interpreter's scorers have it.
//
// A stage finds the run in [localize.Failure.Native]; the scorers read
// the *Run that Collect returns (a caller's own [localize.NativeRun]
// scores nothing). pipeline.Run collects one for every package it
// localizes unless asked not to.
//
// Costs and limits: one build of the package's test binary with
// coverage, then one process per case (bounded by [Options.Bound] and
// each by [Options.Timeout]; the cases [Options.First] selects run
// first, so that the bound, when a slow suite reaches it, keeps them;
// [Options.Progress] gives the cases done so far while the run goes on,
// for a caller whose own bound comes first), the call graph built
// meanwhile; the tests run as the user's own go test
// would, with their side effects. The code under test is the target
// package (test files included) and the other packages the program has
// in scope (trace.Config.Module puts there the module's own packages
// that the tests import, as faultloc localize loads it): the run
// measures their lines too (go test -coverpkg), the call graph spans
// them and a failure's frames in them count, so that a fault in a
// sibling package of the module (in the code that a package of test
// files only exercises, say) is ranked as one in the target is.
// Measuring more packages makes the build longer and each case's
// coverage profile larger. A failing case whose binary died before
// writing its coverage (a stack overflow; a panic in a package of test
// files only, when no other package is measured) covers nothing: its
// report ranks the lines of the code under test by their proximity to
// the failure alone. Coverage counts no package-level
// initializer, which is why [PackageData] finds those lines from the SSA
// of the code under test, keeping, where the interpreter records the
// failing run and its dynamic slice reaches any, the ones it reaches
// (one more recording of the case). A program loaded with an overlay
// is refused. bench/realbugs/NATIVE.md (go run ./bench/realbugs -kinds
// native) compares the rankings.
//
// The exported API is stable (api/localize/native.txt); the reports' JSON
// is [localize.Report]'s.
package native
