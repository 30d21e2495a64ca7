// Package diagnose explains several failing cases at once.
//
// [Run] explains several failing cases at once, as CFaults (Orvalho,
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
// instance, then at the last, or with the value that turns a comparison
// reading it the other way: after value replacement, Jeffrey, Gupta and
// Gupta, ISSTA 2008) makes the run pass, or the case's
// own formula admits a model with it relaxed whose replay passes. This costs a few runs or a
// check per case for the fault and a few for the others; each check gets a
// share of the time left (a case the solver does not answer for within it
// is not explained; localize.Stats.Undecided counts them), and the joint search
// runs only when none is verified. The lines of [Options].First
// (for [Diagnoser], the first lines of the failures' ranking,
// [localize.RankedLines]) are checked that way before the joint search with few
// cases too, which then looks only for the other diagnoses of their size:
// on real code the joint formula is often too large to search within the
// deadline. With few cases those lines are first forced alone, before any
// case's formula holds its run (encoding a long run may take longer than
// forcing every line checked first), and only the statements forcing
// did not explain in every case are then asked of the formulas. When no diagnosis within the size bound explains all the
// cases, they are grouped and each group is diagnosed alone.
// pipeline.Options.Diagnoser makes it the package pipeline's stage; a
// [localize.DiagnosisReport] lists the diagnoses and the cases each explains.
// [Diagnoser], that stage, first runs the mutants of the lines it
// checks first on every failing case (mutation.FixProbe's test on all of them at
// once): a mutant under which they all pass and no passing case that
// executes its line fails makes its line a diagnosis that is one fix
// (localize.Diagnosis.Fix). A statement that assigns or returns a constant gets
// one angelic value for every case: its fix is one new constant.
//
// With [Options].Consistent a verified diagnosis is checked as
// one fix, not one change per case. What an execution of a statement
// does (the values it stores or returns, the block its branch leaves
// to) must be a function of what it reads: the values computed on other
// lines, the values it loads and its calls return, and the variables
// its line mentions, read or not (a fix may read what a short circuit
// skipped). Two executions with the same inputs, in one case or in two,
// must agree (where a model changed one and left the other, the change
// is taken for both and the failing cases replayed so), and that
// function applied to every passing case ([Options].Passing)
// must keep it passing; a passing case it breaks joins the formula once
// (as a refinement), so that a constant can take a value that keeps it
// passing. Since each case's values were chosen for that case, two
// executions with the same inputs often disagree only by the choice: the
// joint search then asks for values that make them equal, and the cases
// checked apart get one of the values chosen, moved by bisection as far
// toward the failing run's as the failing cases allow (a bound is then
// at its strictest, where a passing case on its other side keeps
// passing); the same is tried when the function breaks a case.
// localize.Diagnosis.OneFix marks the diagnoses that pass,
// localize.Diagnosis.Rejected says why the others do not,
// localize.Diagnosis.Challenged counts the passing cases whose runs a fix's
// table changed (with none, the table holds only inputs of the failing
// cases, as where every test has strings of its own: a weaker claim),
// and localize.DiagnosisGroup.Best gives the ones to read first: the one fixes,
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
// and is one fix if such a reading is (localize.Diagnosis.AlsoReads names the
// input). A variable of more values is not tried: nearly every
// execution would have inputs of its own, and every verified diagnosis
// would pass; a predicate has two values, and the program names it.
// Inputs are compared by their printed values, a pointer or a map by
// whether it is nil (what is read through it is in the statement's loads
// and calls); a diagnosis that changes an execution whose inputs print
// as no key (a long slice, say) is undecided, not one fix.
//
//	name        what it is
//	Run         the diagnoses of several failing cases: a localize.DiagnosisReport
//	Options     the AgxFaults options, the size bound, grouping, consistency
//	Diagnoser   Run as a localize.Diagnoser, with the fix probe first
//
// Diagnosis builds on AgxFaults' engine and on mutation analysis
// (localize/mutation); bench/realbugs/DIAGNOSE.md (go run ./bench/realbugs
// -kinds diagnose) and bench/results/tcas-diagnosis.md (go run ./bench/tcas)
// hold the figures.
//
// The exported API is stable (api/localize/diagnose.txt); the report's
// JSON field names are those of [localize.DiagnosisReport].
package diagnose
