// Package native turns one native go test run of a package into
// evidence for the failing cases: what each case covered, where its
// failure happened (the file:line places of its failed assertions and
// of its panic's stack), and how far each line of the package is from
// those places in its static call graph. It ranks a case the
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
//	Fuse             interleaves the run's ranking into a report's
//
// A stage finds the run in [localize.Failure.Native]; the scorers read
// the *Run that Collect returns (a caller's own [localize.NativeRun]
// scores nothing). pipeline.Run collects one for every package it
// localizes unless asked not to.
//
// Costs and limits: one build of the package's test binary with
// coverage, then one process per case (bounded by [Options.Bound] and
// each by [Options.Timeout]); the tests run as the user's own go test
// would, with their side effects. A failing case whose binary died
// before writing its coverage (a stack overflow, a panic in a package
// of test files only) covers nothing: its report ranks the package's
// lines by their proximity to the failure alone. Only lines of the
// target packages (test files included) are ranked: a fault in another
// package, such as the code a package of test files only exercises, is
// not. Coverage counts no package-level
// initializer, which is why [PackageData] finds those lines from the SSA
// of the target packages, keeping, where the interpreter records the
// failing run, the ones its dynamic slice reaches (one more recording of
// the case). A program loaded with an overlay
// is refused. bench/realbugs/NATIVE.md (go run ./bench/realbugs -kinds
// native) compares the rankings.
//
// The exported API is stable (api/localize/native.txt); the reports' JSON
// is [localize.Report]'s.
package native
