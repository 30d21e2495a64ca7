// Package pipeline is the one package-level fault-localization pipeline
// ([Run]): it selects the test cases of a package as go test -run does,
// runs them under the interpreter for their spectrum, localizes each
// failing one with a [localize.Technique], ranks every line it can with
// the [localize.Scorer]s, revises the ranking with the
// [localize.Refiner]s and, when several cases fail, revises the reports
// together with the [localize.CaseSetRefiner]s; or, with a
// [localize.Diagnoser], explains the failing cases together. The command
// faultloc and package faultloctest call it; a caller replaces any stage
// through [Options].
//
//	stage            default
//	Technique        agx (AgxFaults, agx.Technique)
//	Scorers          localize.DefaultScorers
//	Refiners         DefaultRefiners: ForceProbe, FailureFirst, FixProbe
//	CaseSetRefiners  localize.DefaultCaseSetRefiners: FailCount
//	TieBreak         none: ties in position order
//
// Costs: every case of the package runs once for the spectrum (one
// after another, or Options.EvidenceParallel at once; each
// bounded by Options.EvidenceTimeout, all by Options.EvidenceBound;
// with Options.Evidence NativeEvidence the cases -run leaves out come
// from the native stage's go test run instead of the interpreter), and
// each failing case's localization as a whole (its search, ranking and
// refiners; for the first case, the evidence before it too) is bounded
// by Options.Timeout; what a bound cuts short is reported partial, with
// the reason and in Result.Cuts, not dropped. When only the native
// stage can rank the selected cases (the interpreter could not run
// them), it too ends with the first case's bound: the cases its go test
// run has done by then rank them, and the reports say how many.
// A ranking the refiners or the case-set refiners change is floored by
// native Ochiai again (native.FloorReport), as the fused ranking was:
// their promotions do not put a line that nearly every passing case
// runs ahead of the floor.
// The native evidence stage's time of each case that passed scales the
// interpreter's step budget of that case (trace.Program.SetNativeTimes);
// a case that ran out of a budget before those times were known but
// passed natively runs again, and is not a failure if it then passes.
// A case go test fails that the interpreter's listing did not reach (a
// test whose listing run ran out of the step budget before it) runs
// alone, as go test -run with its name does, and is localized as the
// listed cases are if it fails there too.
// bench/realbugs/HISTORICAL.md (go run ./bench/realbugs -kinds
// historical) holds the figures. Options.Status hears each stage as it
// starts: what runs, on which case, the cases done and the stage's
// bound (the command's -progress shows it, and each stage's time).
// Options.Updates gets each failing case's report as it improves
// ([Update]): the preliminary ranking by the scorers as soon as the
// evidence is in (the first case's from the selected cases' runs alone,
// before the evidence of the others), a revision each time the
// technique verifies a candidate, and the final report.
//
// The exported API is stable (api/localize/pipeline.txt); the reports'
// JSON is [localize.Report]'s.
package pipeline
