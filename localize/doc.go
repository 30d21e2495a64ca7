// Package localize assembles faultloc's packages into fault-localization
// pipelines and reports their results in one type, [Report].
//
// [AgxFaults] is the incremental fix localization of AgxFaults (Pham et al.,
// Appl. Sci. 2021, Algorithm 1): it runs the failing test under
// [github.com/faultloc/faultloc/trace], encodes the run with
// [github.com/faultloc/faultloc/encode] (one fault predicate per statement),
// and enumerates minimal correction sets with the incremental MaxSMT solver
// of [github.com/faultloc/faultloc/maxsat]. Each correction set is decoded
// into a fix candidate — statements and the angelic values that make the test
// pass — and replayed through trace's hooks: a candidate is Verified only if
// the re-run passes. A replay that substitutes the model's stores, results
// and decisions and fails is followed by one from inside the statements
// (encode.Candidate.Inner: the operand values the model changes, such as
// a - b in return Abs(a - b), with what follows computed for real), which
// verifies the candidate if it passes. When the replay leaves the paths encoded so far, the
// re-run itself is added to the formula (refinement) and the solver asked
// again, in the same solver. Two choices keep ATF's refinements few: the
// model of a correction set is, when one exists, one whose execution stays
// on the encoded paths (past an unexplored side the formula is angelic, so
// a model may leave them for nothing); and the first refinement at a
// branch the failing run executed several times (a loop's test) adds at
// once the runs that flip each of its instances, instead of one iteration
// per round of solving. Options select the PF, FS and FI encodings for
// comparison, bounds on candidate size, count and refinements, and the
// integer arithmetic. The case may as well be a go test case
// (a TestXxx function or a t.Run subtest) interpreted by trace, whose own
// failed assertions (or panic) are the oracle. For an Example whose output
// differs from its output comment, the oracle is the comment: the output
// is attributed line by line to the run's fmt.Println, fmt.Printf and fmt.Print calls
// (through fmt.Sprint, Sprintf and Sprintln for their string arguments),
// and each expected line read back into the values the call's integer and
// Boolean arguments must have; a constant line on the wrong path, a
// function's constant string result, and lines missing or in excess
// become paths the fixed run may not take. A failing case with no oracle
// (no failed assertion, no panic, or output the oracle cannot read: other
// ways of printing, values with String methods, "Unordered output:")
// gives [ErrNoOracle], with the reason, rather than a report.
//
// A Report lists the candidates (verified first, then by size, then by
// position or, with [Options.Suspiciousness], by the score of their most
// suspicious line under evidence from outside the formula such as a
// spectrum-based ranking of other tests ([SpectrumSuspiciousness],
// [Report.Rerank]) or mutation analysis of the candidates' lines
// ([Mutation], [MutationAnalysis.Metallaxis])), plausible fixes found by
// mutation when asked for ([MutationAnalysis.Fixes], [Report.AddFixes]:
// mutants under which the failing test passes and no passing test
// fails; the candidates' own evidence proposes fixes too: an angelic
// value as the new right-hand side (ANG), and, with
// [MutationOptions.Repair], the constant operand that gives each instance
// its angelic value from the value it had, [AngelicValue.Orig] (ACR)), a
// per-line ranking derived from the candidates (so results compare with
// spectrum-based ranks by EXAM), and statistics; it renders as `file:line:
// message` text ([Report.WriteText]), JSON ([WriteJSON]) and one
// self-contained HTML page ([WriteHTML]). Enumeration stopped by a bound, a
// timeout or a cancelled context gives a partial report, marked as such,
// rather than an error.
//
// # Stability
//
// The exported API is stable (recorded in api/localize.txt; changes only
// by addition), and so are the JSON field names of Report. The text and
// HTML renderings are for people and may change.
package localize
