// Package localize is the core of faultloc's fault localization: the
// failing case as the stages of a pipeline receive it, the interfaces of
// those stages, the report they produce, and the ranking and fusion of
// their evidence. Each technique lives in its own package under
// localize/, on this core; package pipeline assembles them for a whole
// package, and the command faultloc and package faultloctest call it.
//
// # Stages
//
// A failing test case reaches a stage as a [Failure]: the program, the
// case (any [trace.Case]: a go test case, a test given as data, a
// caller's own harness) and, when the pipeline collected them, the
// coverage of the package's cases and their native go test run
// ([NativeRun], collected by package native). These interfaces take it:
//
//	interface      turns a Failure into        implementations
//	Technique      a Report: candidates        agx.Technique (AgxFaults; PF, FS, FI),
//	                                           angelic.Technique (angelic debugging),
//	                                           angelic.FlexFilter (any technique, pruned),
//	                                           sattar.Technique, regress.Technique
//	Scorer         LineScores                  SpectrumScorer, SliceScorer,
//	                                           ProximityScorer, Product,
//	                                           native.SpectrumScorer,
//	                                           native.ProximityScorer, native.PackageData,
//	                                           mutation.Scorer, sattar.Technique
//	Refiner        a revised Report, with      angelic.ForceProbe, FailureFirst,
//	               costlier evidence on the    mutation.FixProbe
//	               ranking's first lines
//	CaseSetRefiner revised Reports, each by    FailCount
//	               the others' evidence
//	Diagnoser      a DiagnosisReport, from     diagnose.Diagnoser
//	               all the failing cases
//
// A stage names itself with a method Name() string ([StageName]) and a
// scorer its evidence with Evidence() Evidence ([EvidenceOf]). [Rank]
// completes a report's ranking with scorers' evidence ([Report.Fuse], in
// order of precedence), [Report.Rerank] orders tied candidates by a
// [Suspiciousness], [Report.Restrict] keeps what lies in a set of lines,
// [Report.Promote] puts a refiner's lines first, and native.Fuse
// interleaves the native run's ranking. A caller's own stage filters
// lines as the built-in ones do with [LineOf]; [NewReport] orders and
// ranks a caller's own candidates as AgxFaults orders its own.
//
// # Packages
//
// The techniques stand on this core, each in its own package, and share
// the AgxFaults engine (encode, solve, replay, refine) through an internal
// package:
//
//	package                what it localizes with
//	localize/agx           AgxFaults: minimal fix candidates, verified by replay
//	localize/angelic       angelic debugging and FlexTest; ForceProbe
//	localize/mutation      mutation analysis (Metallaxis, MUSE); FixProbe
//	localize/diagnose      diagnosis of several failing cases at once
//	localize/sattar        SAT-TAR over a fuzz target
//	localize/regress       regression explanation between two versions
//	localize/repair        patches from angelic values, validated by the tests
//	localize/native        a native go test run's coverage and call graph as evidence
//	localize/htmlreport    the HTML page of a Report
//	localize/cireport      every report as SARIF or GitHub annotations
//	localize/pipeline      a whole package: select, run, localize, fuse
//
// Every import among them points down, layer by layer: the core; the
// engine; agx, angelic, mutation, native, sattar, regress and
// htmlreport; diagnose (on mutation) and repair (on angelic and
// mutation); cireport and pipeline. internal/apicheck's
// TestDependencies holds them to it.
//
// The core needs no cgo: a stage, a scorer or a report writer of a
// caller's own builds without libz3. The techniques that solve formulas
// (all but mutation analysis and the native evidence) need it.
//
// # Reports
//
// A Report lists the candidates (those a passing case inhibits last;
// verified first, then by size, then by flexibility, then by
// position or a Suspiciousness), plausible fixes found by mutation when
// asked for (mutation.Analysis.AddFixes), a per-line ranking in which
// each line names its [Evidence] (so results compare with spectrum-based
// ranks by EXAM), and statistics. Whatever in a report points at code
// embeds a [Position] (file, line, column where known). A search
// stopped by a bound, a timeout
// or a cancelled context gives a partial report, marked as such, rather
// than an error.
//
// Every report of localize's packages (Report, DiagnosisReport,
// regress.Report, sattar.Result, repair.Result, pipeline.Result) has
// the same three writers: WriteText(w) (`file:line: message` lines, as
// go vet prints), WriteJSON(w) and WriteHTML(w) (one self-contained
// page), with the [WriteOptions] in its field Output. A Report's page is drawn by
// package [github.com/faultloc/faultloc/localize/htmlreport], which the
// program must link; a report without a view of its own shows its text
// as a page ([EncodeHTML]).
//
// # Stability
//
// The exported API is stable (recorded in api/localize.txt; changes only
// by addition), and so are the JSON field names of Report and
// DiagnosisReport. The JSON of every report of localize's packages
// names its keys in lowerCamelCase, durations in nanoseconds as
// "...Nanos", a place in source as a [Position] ("file", "line",
// "column"), work done as a [Stats] (internal/apicheck's TestJSONKeys
// checks the keys). The text and HTML renderings are for people and may
// change.
package localize
