// Package localize assembles faultloc's packages into fault-localization
// pipelines, from stages behind small interfaces, and reports their
// results in one type, [Report].
//
// # Stages
//
// A failing test case reaches a pipeline as a [Failure]: the program, the
// case (any [trace.Case]: a go test case, a test given as data, a
// caller's own harness) and, when the pipeline collected it, the coverage
// of the package's cases. Two interfaces take it:
//
//	interface      turns a Failure into        implementations
//	Technique      a Report: candidates        Agx (AgxFaults; PF, FS, FI modes),
//	                                           Angelic (angelic debugging),
//	                                           FlexFilter (any technique, pruned)
//	Scorer         LineScores                  SpectrumScorer, SliceScorer,
//	                                           ProximityScorer, Product
//	Diagnoser      a DiagnosisReport, from     AgxDiagnosis (Diagnose)
//	               all the failing cases
//
// and three combinators work on reports: [Report.Rerank] orders tied
// candidates by a [Suspiciousness], [Report.Fuse] completes the ranking
// with scorers' evidence in order of precedence, and [Report.Restrict]
// keeps what lies in a set of lines. [Package] is the one package-level
// pipeline: it selects the cases of a package as go test -run does, runs
// them for their spectrum, localizes each failing one with a Technique
// and ranks every line it can with the Scorers; the command faultloc and
// package faultloctest both call it. A caller that runs its own search
// builds candidates and reports with [NewCandidate] and [NewReport] and
// gets the same writers and combinators.
//
// # AgxFaults
//
// [AgxFaults] is the incremental fix localization of AgxFaults (Pham et
// al., Appl. Sci. 2021, Algorithm 1): it runs the failing case under
// [github.com/faultloc/faultloc/trace], encodes the run with
// [github.com/faultloc/faultloc/encode] (one fault predicate per
// statement), and enumerates minimal correction sets with the incremental
// MaxSMT solver of [github.com/faultloc/faultloc/maxsat]. Each correction
// set is decoded into a fix candidate (statements and the angelic values
// that make the case pass) and replayed through trace's hooks: a
// candidate is Verified only if the re-run passes. When a replay leaves
// the paths encoded so far, the re-run is added to the formula
// (refinement) and the solver asked again. Options select the PF, FS and
// FI encodings, bounds on candidate size, count and refinements, the
// arithmetic, and restrictions of blame (to the failure's slice, to the
// first failed check, to a caller's lines).
//
// The oracle is the case's own: a go test case's failed assertions (or
// its first failed check, [Options.FirstFailure]); a failing Example's
// output comment, read back line by line into the values its print calls'
// arguments must have; a test given as data's expected results; a panic,
// whose condition is encoded when the panicking instruction is modelled
// (an index or slice bound, a division) and whose path is avoided
// otherwise; a run that exhausts its step budget or calls os.Exit, whose
// last step is avoided. A failing case with none of these gives
// [ErrNoOracle], with the reason.
//
// # Diagnosis across failing cases
//
// [Diagnose] explains several failing cases at once, as CFaults
// (Orvalho, Janota and Manquinho, FM 2024) does for C: the cases' runs
// share one fault predicate per statement ([encode.Options.Shared]),
// each with its own copy of the program's values, so that a correction
// set is a diagnosis: statements whose change explains every case, with
// angelic values of its own in each. Diagnoses are enumerated by size up
// to the first size that holds one verified by replaying every case.
// The search's formula holds at first one case; every other is checked
// alone against each correction set in a formula of its own, and joins
// the search only when it refutes one. When no diagnosis within the size
// bound explains all the cases, they are grouped and each group is
// diagnosed alone. [PackageOptions.Diagnoser] makes it the package
// pipeline's stage; a [DiagnosisReport] lists the diagnoses and the
// cases each explains. Passing cases play no part in it: with angelic
// values of its own in each case, a statement's change never breaks a
// passing case in the formula.
//
// # Angelic debugging
//
// [AngelicTest] is the first step of angelic debugging (Chandra, Torlak,
// Barman, Bodik, ICSE 2011): the repair candidates of a failing case are
// the expression instances whose value alone, replaced at that one
// instance, makes it pass, each with its alternate value and verified by
// a replay. It is AgxFaults with expression granularity and candidates of
// size 1, each instance the model changes then replayed alone, and the
// other instances of the expressions found searched one at a time.
// [FlexTest] is the second: on each passing case that executes a
// candidate, it replays the case with one instance changed to a few
// alternate values; a case that fails under all of them inhibits the
// candidate (a one-expression fix there would break it). A value found is verified;
// none found is approximate, as the search tries a small set of values,
// not a formula. [Angelic] chains both as a Technique, [FlexFilter]
// prunes any technique's candidates, and [Report.PruneInhibited] removes
// or demotes the inhibited ones.
//
// # Reports
//
// A Report lists the candidates (those a passing case inhibits last;
// verified first, then by size, then by flexibility, then by
// position or a Suspiciousness), plausible fixes found by mutation when
// asked for ([Mutation], [Report.AddFixes]), a per-line ranking in which
// each line names its [Evidence] (so results compare with spectrum-based
// ranks by EXAM), and statistics; it renders as `file:line: message` text
// ([Report.WriteText]), JSON ([WriteJSON]) and one self-contained HTML
// page ([WriteHTML]). A search stopped by a bound, a timeout or a
// cancelled context gives a partial report, marked as such, rather than
// an error.
//
// # Stability
//
// The exported API is stable (recorded in api/localize.txt; changes only
// by addition), and so are the JSON field names of Report. The text and
// HTML renderings are for people and may change.
package localize
