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
// ([NativeEvidence]). These interfaces take it:
//
//	interface      turns a Failure into        implementations
//	Technique      a Report: candidates        Agx (AgxFaults; PF, FS, FI modes),
//	                                           Angelic (angelic debugging),
//	                                           FlexFilter (any technique, pruned),
//	                                           sattar.Technique, regress.Technique
//	Scorer         LineScores                  SpectrumScorer, SliceScorer,
//	                                           ProximityScorer, Product,
//	                                           NativeSpectrumScorer,
//	                                           NativeProximityScorer, PackageData,
//	                                           MutationScorer, sattar.Technique
//	Refiner        a revised Report, with      ForceProbe, FixProbe
//	               costlier evidence on the
//	               ranking's first lines
//	CaseSetRefiner revised Reports, each by    FailCount
//	               the others' evidence
//	Diagnoser      a DiagnosisReport, from     AgxDiagnosis
//	               all the failing cases
//
// A stage names itself with a method Name() string ([StageName]) and a
// scorer its evidence with Evidence() Evidence ([EvidenceOf]). [Rank]
// completes a report's ranking with scorers' evidence ([Report.Fuse], in
// order of precedence), [Report.Rerank] orders tied candidates by a
// [Suspiciousness], [Report.Restrict] keeps what lies in a set of lines,
// [Report.Promote] puts a refiner's lines first, and [FuseNative]
// interleaves the native run's ranking. A caller's own stage filters
// lines as the built-in ones do with [LineOf]; [NewReport] orders and
// ranks a caller's own candidates as AgxFaults orders its own.
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
// [Diagnose] explains several failing cases at once, as CFaults (Orvalho,
// Janota and Manquinho, FM 2024) does for C: the cases' runs share one
// fault predicate per statement ([encode.Options.Shared]), each with its
// own copy of the program's values, so that a correction set is a
// diagnosis: statements whose change explains every case, with angelic
// values of its own in each. Diagnoses are enumerated by size up to the
// first size that holds one verified by replaying every case. The search's
// formula holds at first one case; every other is checked alone against
// each correction set in a formula of its own, and joins the search only
// when it refutes one. With many cases (more than 32) the diagnoses of one
// statement are looked for first case by case: a statement is one when, in
// every case, forcing one of its predicates the other way (a branch, or a
// Boolean it returns or stores; each of its last eight instances alone,
// the last first, then all of them: predicate switching, Zhang, Gupta and
// Gupta, ICSE 2006), or replacing a number it computes (with what a
// failed check got != want expected, a float's result with NaN, zero or
// an infinity, an integer's with zero or one more or less, at every
// instance, then at the last: after value replacement, Jeffrey, Gupta and
// Gupta, ISSTA 2008) makes the run pass, or the case's
// own formula admits a model with it relaxed whose replay passes. This costs a few runs or a
// check per case for the fault and a few for the others; each check gets a
// share of the time left (a case the solver does not answer for within it
// is not explained; [Stats].Undecided counts them), and the joint search
// runs only when none is verified. The lines of [DiagnoseOptions.First]
// (for [AgxDiagnosis], the first lines of the failures' ranking,
// [RankedLines]) are checked that way before the joint search with few
// cases too, which then looks only for the other diagnoses of their size:
// on real code the joint formula is often too large to search within the
// deadline. When no diagnosis within the size bound explains all the
// cases, they are grouped and each group is diagnosed alone.
// pipeline.Options.Diagnoser makes it the package pipeline's stage; a
// [DiagnosisReport] lists the diagnoses and the cases each explains.
// [AgxDiagnosis], that stage, first runs the mutants of the lines it
// checks first on every failing case ([FixProbe]'s test on all of them at
// once): a mutant under which they all pass and no passing case that
// executes its line fails makes its line a diagnosis that is one fix
// ([Diagnosis.Fix]). A statement that assigns or returns a constant gets
// one angelic value for every case: its fix is one new constant.
//
// With [DiagnoseOptions.Consistent] a verified diagnosis is checked as
// one fix, not one change per case. What an execution of a statement
// does (the values it stores or returns, the block its branch leaves
// to) must be a function of what it reads: the values computed on other
// lines, the values it loads and its calls return, and the variables
// its line mentions, read or not (a fix may read what a short circuit
// skipped). Two executions with the same inputs, in one case or in two,
// must agree (where a model changed one and left the other, the change
// is taken for both and the failing cases replayed so), and that
// function applied to every passing case ([DiagnoseOptions.Passing])
// must keep it passing; a passing case it breaks joins the formula once
// (as a refinement), so that a constant can take a value that keeps it
// passing. Since each case's values were chosen for that case, two
// executions with the same inputs often disagree only by the choice: the
// joint search then asks for values that make them equal, and the cases
// checked apart get one of the values chosen, moved by bisection as far
// toward the failing run's as the failing cases allow (a bound is then
// at its strictest, where a passing case on its other side keeps
// passing); the same is tried when the function breaks a case.
// [Diagnosis.OneFix] marks the diagnoses that pass,
// [Diagnosis.Rejected] says why the others do not,
// [Diagnosis.Challenged] counts the passing cases whose runs a fix's
// table changed (with none, the table holds only inputs of the failing
// cases, as where every test has strings of its own: a weaker claim),
// and [DiagnosisGroup.Best] gives the ones to read first: the one fixes,
// else the verified diagnoses. The passing cases are thus a hard
// constraint on a one fix and soft evidence on the rest: a diagnosis
// that breaks one is still reported, after those that do not. A fix
// often reads one thing more than the faulty statement (a flag it
// forgot to test, the index it replaced by a constant, a condition it
// forgot): a diagnosis the reading rejects is read again with each
// package variable of at most four values at its statements' executions
// as one more input, then
// with each predicate of the package its statements do not call (a
// function of no parameters that computes a bool from package variables
// in one block, evaluated on their values where the statement starts),
// and is one fix if such a reading is ([Diagnosis.AlsoReads] names the
// input). A variable of more values is not tried: nearly every
// execution would have inputs of its own, and every verified diagnosis
// would pass; a predicate has two values, and the program names it.
// Inputs are compared by their printed values, a pointer or a map by
// whether it is nil (what is read through it is in the statement's loads
// and calls); a diagnosis that changes an execution whose inputs print
// as no key (a long slice, say) is undecided, not one fix.
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
// alternate values and, where none keeps the case passing, searches the
// case's formula (AgxFaults on the passing run, that one instance
// blamable and required to differ from its run value, the case's own
// checks the oracle) for a value, replayed to verify it. A case where
// neither finds one inhibits the candidate (in the paper's reading, a
// one-expression fix there would break it; a fix that changes the
// expression for the failing inputs only need not, so inhibited
// candidates are listed last by default, not removed: see
// FlexOptions.Remove). A value found is verified; an inhibitor is proved
// (Flexibility.Proved) when the formula has no other value at any of the
// case's instances: inflexible within what the formula models. A value
// the formula cannot model keeps its run value there (a string with
// NoStrings, a load it does not link to a store), so a value that keeps
// the case passing only through one is not seen; the sides of branches
// no run took are free, so they cannot hide one. A search that runs out
// of its bounds, or whose models all fail their replays, leaves the case
// undecided (Untested). FlexOptions.NoSolver keeps the values tried
// alone, an approximate verdict; bench/results/tcas-flex.md compares the
// two. [Angelic] chains both as a Technique, [FlexFilter] applies the
// test to any technique's candidates, and [Report.PruneInhibited]
// demotes or removes the inhibited ones.
//
// # Reports
//
// A Report lists the candidates (those a passing case inhibits last;
// verified first, then by size, then by flexibility, then by
// position or a Suspiciousness), plausible fixes found by mutation when
// asked for ([Mutation], [MutationAnalysis.AddFixes]), a per-line ranking in which
// each line names its [Evidence] (so results compare with spectrum-based
// ranks by EXAM), and statistics; it renders as `file:line: message` text
// ([Report.WriteText]), JSON ([WriteJSON]) and one self-contained HTML
// page (package [github.com/faultloc/faultloc/localize/htmlreport]). A
// search stopped by a bound, a timeout or a cancelled context gives a
// partial report, marked as such, rather than an error.
//
// # Stability
//
// The exported API is stable (recorded in api/localize.txt; changes only
// by addition), and so are the JSON field names of Report. The text and
// HTML renderings are for people and may change.
package localize
