// Faultloc localizes faults in Go packages from their own tests: for each
// failing test case of a package it finds the statements whose change
// makes the case pass, and it ranks the package's lines by how suspicious
// the package's tests make them.
//
// Usage:
//
//	faultloc <command> [flags] [arguments]
//
// The commands are:
//
//	help      print the reference of faultloc or of one command
//	localize  find minimal fix candidates for the failing tests of a package (AgxFaults)
//	merge     combine the shard files of a sharded spectra or localize run into its report
//	regress   explain a regression: the changes between two versions that make a test fail (AFTER)
//	repair    synthesize and validate patches for the failing tests of a package
//	spectra   rank a package's lines by its own tests (spectrum-based)
//
// 'faultloc help <command>' prints the command's section of this
// reference; 'faultloc <command> -h' lists its flags briefly.
//
// Built without cgo (CGO_ENABLED=0 go install, where no C compiler or
// libz3 is at hand), faultloc has no solver: the stages that need it
// (localize's AgxFaults search, -mode angelic's and sat-tar's, -all's
// joint diagnosis, regress's trace formula) say so in the report, and
// the rest runs: the ranking, the force and fix probes, the native
// evidence, -all's fix probe, regress's reversals, spectra.
//
// The exit status is 0 when the command ran, whatever it found; 1 on a
// usage or load error, when -run selects no test case or none of those it
// selects can run in the interpreter (nothing ran), when regress finds no
// regression to explain (no selected case fails on the new version, none
// of them can run there, or the cases fail with every change reverted
// too), or
// when localize finds no failing case but go test, run natively on the
// same cases, fails some (the interpreter does not reproduce the failure),
// when repair finds no failing case,
// reported on standard error; 2 when writing the output failed; 3 when
// localize, regress, repair or spectra was stopped by Ctrl-C (SIGINT), SIGTERM or
// -deadline, after writing what it had done. A second signal ends the
// process at once. A signal ignored when faultloc started (SIGINT, for a
// background job of a shell script) stays ignored.
//
// Every command but help also takes -cpuprofile FILE and -memprofile
// FILE, as go test does: a CPU profile of the command, and a profile of
// its allocations written when it ends, for go tool pprof. A file that
// cannot be created is a usage error.
//
// # faultloc localize
//
// Usage:
//
//	faultloc localize [flags] PKG
//
// Localize loads the package PKG with its tests, runs every test case in
// faultloc's interpreter (each t.Run subtest, fuzz seed and Example with
// an output comment is a case of its own) and, for each failing case,
// reports its fix candidates: the minimal sets of statements where a
// change makes the case pass, with the angelic values that do it. Each
// candidate is re-run with its angelic values substituted and is marked
// verified only if the case then passes. It is [pipeline.Run], the
// library's one package-level pipeline.
//
// Every failing case also gets a ranking of lines, whatever the search
// finds: the verified candidates' lines first, then the lines in the
// dynamic slice of the failure (what its failed checks, wrong results,
// panic, or last step of a run that did not end depend on), by their
// Ochiai score over the package's cases divided by the square root of
// one plus their distance from the failure in dependences (a branch
// whose other outcome would have assigned what the failure read counts
// as one: the relevant slice's), then the other lines of the relevant
// slice by the same score, then the other lines the failing cases
// executed, by Ochiai ([localize.DefaultScorers]). A candidate whose re-run did not pass is
// a refuted guess: its lines are ranked by that evidence like any
// other, and text reports list it after the ranked lines. When no
// candidate is verified, the force probe ([angelic.ForceProbe]) runs
// the case with the values of that ranking's first 10 lines forced, one
// line at a time, without the solver: its branches and the Booleans it
// returns or stores the other way, the numbers it computes replaced
// (with what a failed check got != want expected; NaN, zero or an
// infinity for a float, zero or one more or less for an integer, or
// the value that turns a comparison reading it the other way); a
// line whose forcing makes the case pass is a verified candidate, its
// forced values the angelic values, and moves to the front, a line that
// only passes on another's value after that line (10 seconds a case at
// most). The failing statement (where the case panics), when no passing
// case runs it, then moves ahead of verified candidates that only steer
// the run away from it: forced branches and Booleans
// ([localize.FailureFirst]). Then the fix probe ([mutation.FixProbe]) mutates the first 20 lines of that
// ranking: a mutant under which the failing case passes and no passing
// case that executes its line fails is a plausible fix, listed under the
// case, and the lines that have one move to the front (-probe=false
// turns both probes off). When several cases fail, each report's tied candidates
// (same verification and size; among the lines with a plausible fix too)
// are then ordered by how many of the failing cases have a verified
// candidate on their line ([localize.FailCount]), and the
// text reports come once every case is done, with a line on stderr as
// each is. bench/realbugs/RANKERS.md and HISTORICAL.md compare the
// rules (go run ./bench/realbugs). Each ranked line says
// which evidence placed it: mutation (a plausible fix), verified
// candidate, failing statement, slice, spectrum, native spectrum, package data or candidate
// (an unverified one the other evidence does not rank). No line of a
// test file is ranked, nor of a test helper of the module: a package
// only the tests import whose path is named as test code is (an
// element beginning with "test", or ending in "-test" or "_test":
// internal/testutil, a vendored testify, a harness over a corpus of
// test files; [trace.Program.Support]). Text reports
// show the first ten lines past the candidates; JSON has them all.
// In text format, a case whose report takes more than two seconds
// shows its progress on stderr: a line with its preliminary ranking,
// the scorers' first five lines ([pipeline.Options.Preliminary]; the
// first case's from its own run before the other cases' evidence, and
// again, as a line saying it is revised, when that evidence changes
// them), and
// the search's bound, then a line as each candidate is found, verified
// or not ([pipeline.Options.Found]). A long run shows its progress on
// stderr too (-progress, on by default in text format): what runs now
// (loading, the selected cases, the listing and interpretation of the
// cases -run leaves out with their count, the wait for the native run,
// a case's search, ranking and probes), the failing cases done, and the
// time left of the stage's bound and of -deadline; as a bar redrawn in
// place when stderr is a terminal, else as a line once a stage has run
// two seconds and every ten seconds after; when the run took two
// seconds or more, a last line gives each stage's time, the cases'
// summed ([pipeline.Options.Status]).
//
// Beside the interpreter, localize runs the package's tests natively, as
// go test does, once (but without go test's vet checks, whose findings,
// a printf verb of the wrong type in a test file say, would leave no
// case run, and say nothing of behaviour: run go vet for them): one
// build with coverage, one process per case,
// the cases -run selects first, then the failing ones, then the passing
// ones most like them, a test without subtests run once
// (native.Collect; -native=false turns it off), so that a slow suite
// stopped by the stage's bound still leaves the failing cases' evidence
// and the passing cases nearest them. A bound that stops the
// interpreted evidence (the cases -run leaves out) takes those cases the
// interpreter did not reach from the native run. That native
// evidence is each case's coverage, the failing cases' output (the
// file:line places of their failed checks and panic stacks) and each
// line's distance from those places in the package's static call graph.
// A failing case the interpreter cannot run (a construct or a call it
// refuses), or that it passes, still gets a report, of mode "native":
// its lines ranked by native Ochiai times their proximity to the
// failure, with the initializers of the package variables they read
// (table entries, which coverage never counts) as "package data", its
// reason naming why the interpreter stopped (native.Scorers).
// Where the interpreter runs the case, the native ranking is interleaved
// with the report's own after its verified candidates, one native line
// for every two, lines of one place ordered by native Ochiai and a
// statement written over several lines ranked as its first line
// (native.Fuse), so that the default ranking is never far below native
// Ochiai's; a case ranked before the native run was done is fused again
// once it is, if that is before localize ends, and its text report
// waits for that. The native run runs what the tests do
// (writing files, the network), as go test would.
//
// PKG and the packages of its module that it imports are interpreted from
// source; the other modules it depends on are interpreted from source too,
// as libraries whose statements are never blamed. The standard library
// runs natively through the interpreter's bridge, except a few packages
// interpreted from source (slices, maps, sort, context, log, flag and a
// few more). In the interpreter, the bridge keeps the tests from the
// machine (the native evidence stage does not: -native=false): reading files
// runs natively, but writing files, t.TempDir, os/exec, net and other
// calls it does not bridge end the case with an error naming the call;
// time.Sleep advances a virtual clock; os.Setenv and t.Setenv change the
// run's own environment; os.Exit ends the run. The native evidence
// stage (above) runs the tests natively; with -native=false, only the
// cross-check with go test, when text output finds no failing case, does,
// and not when the interpreter refused a selected case. What the formula does not model (see the encode package)
// keeps its run value: a fault whose effect reaches the failure only
// through such values (a result built byte by byte in a strings.Builder,
// say) may get no candidate, where 'faultloc spectra' still ranks its
// line.
//
// The oracle of a failing case is what failed in it: its failed checks
// (t.Error, t.Fatal and their kin, testify's assertions) or its panic. A
// failing Example's oracle is its output comment: each expected line is
// read back into the values that the arguments of the fmt.Println,
// fmt.Printf or fmt.Print call that printed it must have (integers and
// Booleans, also through fmt.Sprintf); a constant line printed on the
// wrong path, or lines missing or in excess, rule the path out. A failing
// case that ran out of its step budget (a loop that does not end) or
// called os.Exit is explained by avoiding its last step: a candidate must
// end the loop or skip the exit. A failing case that gives no oracle (no
// failed check, no panic, or an Example that prints otherwise, through
// String methods, or with "Unordered output:") gets a report without
// candidates, with its ranking and the reason, and a line on standard
// error says why.
//
// Text reports are written as each failing case is done, except with
// -fixes, which adds to them once every case has run; a line per case on
// standard error then says how many candidates it got, and in how long. When a case's search ends with
// no candidate, a line on standard error names the flags that make it
// cheaper.
//
// Stopped by Ctrl-C (SIGINT), SIGTERM or -deadline, localize loses
// nothing it has done: it writes the reports of the failing cases done
// and, if its search had begun, the report of the case it was
// localizing, marked partial, its reason naming the signal or the
// deadline; then, at once, each failing case it had not localized,
// ranked by the native go test run alone (mode native, partial), its
// reason saying whether the deadline passed or the run was stopped: the
// native run runs the selected cases first, and their runs are enough.
// A failing case that run has no failure of (it had not run it yet, or
// passed it) still gets a report, without a ranking, saying why. It
// leaves out -fixes; says on standard error how many failing cases it
// localized and how many the native run ranked; and exits with status
// 3, in every format. With -format json the
// output is one valid JSON array still. A second signal ends it at once.
//
// The flags are:
//
//	-mode agx|pf|fs|fi|angelic|sat-tar
//
// The encoding (default agx): agx is AgxFaults' angelic trace formula,
// refined by re-runs along the paths the candidates take; pf the program
// formula (every path up to a loop-unwinding bound, as in BugAssist); fs
// and fi the failing path alone, flow-sensitive and flow-insensitive. See
// [encode.Mode].
//
// angelic is angelic debugging (Chandra et al., ICSE 2011): the repair
// candidates are the expression instances of the failing run whose value
// alone, replaced at that one instance, makes the case pass (AgxFaults
// with -by expr and -max-size 1, each instance the model changes replayed
// alone; -by and -max-size are ignored), each shown with its alternate
// value, the value it replaces and the instance ("at line 16, 2nd
// iteration"). Then the flexibility test runs on every passing case of
// the package (Examples included, whatever -run selects): a passing case
// that executes a candidate and fails under every alternate value tried
// at its instances, and for which the solver finds no other value in the
// case's formula that its replay verifies, inhibits it; inhibited
// candidates are listed after the others (removed with -remove); the
// others are ordered by their share of flexible cases. The alternate
// values tried first are few (the other decision of a branch, a Boolean's
// negation, the angelic values, w+1, w-1, 0, 1, -1, -w of an integer w);
// the solver search then decides where they find nothing. A flexible
// case is verified by its replay; an inhibitor is proved within what the
// formula models when the search finds no value ("proved by the solver"
// in the report). See [angelic.Technique] and [angelic.FlexTest].
//
// sat-tar is SAT-TAR (Gopinath, Zaeem and Khurshid, ASE 2012), for the
// failing entries of fuzz targets (FuzzX/seed#N, a corpus file's entry):
// the fuzz target is the specification, its checks the constraints. The
// statements of a minimal unsat core of each violated check, and those
// the formula does not model (pointer assignments), are suspects; the
// lines under test are ranked by Tarantula over the target's seed
// corpus, each suspect raised by one; then up to -rounds inputs that the
// solver finds by negating the failing run's decisions are added, one
// per round, the one covering the most suspects with coverage no test
// has. See [sattar.Run].
//
//	-under FUNCS
//
// With -mode sat-tar, the functions under test, comma-separated, named
// as in their package: (*List).Delete,Insert (default: the functions of
// the package's non-test files). Only their lines are suspects and
// ranked by SAT-TAR.
//
//	-rounds N
//
// With -mode sat-tar, the most generated tests added to the spectrum,
// one per round (default 10; negative: none).
//
//	-max-size N
//
// The largest number of statements in a candidate (default 2; 0: no
// bound).
//
//	-max-candidates N
//
// Stop after N candidates per failing case (default 0: no bound).
//
//	-max-steps N
//
// The step budget of each interpreted run of a test case: at most N
// instructions, then the run ends as over budget (default 0: the
// interpreter's own, 10 million steps, raised for a case that still
// ends within a few seconds, or within its native go test time times
// trace.NativeSlowdown when the native evidence stage measured it; see
// trace.SetMaxSteps). Raise it for a
// test whose case is reported over budget, lower it to give up sooner.
//
//	-parallel N
//
// Localize up to N failing cases at once (default 1), each within its
// own -timeout: the reports are the same and come in the same order;
// the cases share the CPUs and the memory.
//
//	-evidence-parallel N
//
// Interpret up to N of the package's cases at once for the spectrum
// (default 1): the selected cases, the listing of the others' subtests,
// then their runs. The rows are the same and in the same order, sooner
// on idle cores, except where a wall-clock bound decides: the cases
// share the CPUs, so a slow one comes nearer to its bound
// (pipeline.Options.EvidenceParallel).
//
//	-progress
//
// Show the run's progress on stderr (see above): default on with
// -format text, off with the other formats, whose stderr stays as it
// was unless -progress is given.
//
//	-timeout D
//
// The time bound of each failing case (default 10s, pipeline.DefaultTimeout),
// all its stages included: the search for candidates, the ranking and
// the probes, and for the first case the evidence every case shares
// (the other cases' runs, at most half of it; the native go test run,
// waited for two thirds of it: pipeline.Options.Timeout). What was found by then is
// reported, marked partial, its reason naming the stage cut. When only
// the native run can rank the selected cases (the interpreter fails
// none of them and could not run one), it gets the first case's whole
// bound; if it is not done by then, localize ranks them at the bound
// from the cases it has done (the selected ones, which it runs first,
// and the passing cases it finished since), and the reason says how
// many of its cases that was ("native evidence cut at the first failing
// case's bound of 20s ...: ranked from 37 of 112 cases of the native
// run"). A selected case it had not run by then gets a report without a
// ranking that says so, and localize exits with status 1: no verdict,
// not a pass.
//
//	-deadline D
//
// The time bound of the whole run (default 0: none). When it passes,
// localize stops as on Ctrl-C: it writes the reports done, then the
// failing cases not localized by then, ranked by the native run alone,
// and exits with status 3.
//
//	-cpuprofile FILE
//
// Write a CPU profile of the command to FILE, as go test -cpuprofile
// does, for go tool pprof.
//
//	-memprofile FILE
//
// Write a profile of the command's allocations to FILE when it ends, as
// go test -memprofile does.
//
//	-run REGEXP
//
// Run only the cases that go test -run REGEXP runs: REGEXP is split at
// slashes into one expression per level of a case's name (TestX/sub), so
// '^TestX$' selects TestX's subtests too, and a "|" outside parentheses
// separates alternatives. Only the selected failing cases are localized;
// every case of the package still runs once for the spectrum, whose
// passing cases say which lines are innocent. A REGEXP that selects no
// case is an error.
//
//	-failed-from FILE
//
// Localize the cases that failed in a run CI already made: FILE holds
// the output of go test -json (or gotestsum's --jsonfile, the same
// events); - reads it from standard input. The cases it records failing
// in PKG are selected, the innermost (a failing subtest, not the test
// function that fails with it), as -run would select them by their
// exact names; every case of the package still runs for the spectrum,
// the recorded passing ones among them. A recorded case that passes now,
// skips, or is no longer a case of PKG is named on standard error and
// not localized; if none still fails, the exit status is 1. A FILE with
// no failing case of PKG is an error that says what it holds (other
// packages' failures, only passing cases, a package that failed without
// a failing test). Not with -run.
//
//	-tags TAGS
//
// Comma-separated build tags to load the package with (this repository's
// examples need faultloc).
//
//	-overlay FILE
//
// A go build -overlay file: JSON {"Replace": {"a.go": "b.go"}}, paths
// absolute or relative to the working directory. The files it names are
// loaded from their replacements, by the interpreter and by the native
// go test cross-check alike (a version of the code that is not on disk,
// a seeded fault). Deleting a file is not supported.
//
//	-by line|expr
//
// The fault locations (default line): one per source line, or one per
// expression, as angelic debugging has them, so that a candidate can name
// a == c inside a == c || b == c.
//
//	-arith bv|int
//
// The integer encoding (default bv): bit-vectors of the Go type's width,
// exact, or unbounded integers, faster on multiplication and division but
// blind to overflow.
//
//	-strings=false
//
// Keep strings at their run values. By default they enter the formula
// when the test compares them; the string theory is slower, and Z3's
// string solver has had crashes.
//
//	-floats=false
//
// Keep floats at their run values. By default they enter the formula,
// IEEE 754 bit for bit, when the test compares them.
//
//	-engine auto|smt|bv|hybrid
//
// Z3's engine for the checks (default auto). It changes how fast
// candidates are found, not which. smt is Z3's SMT core; bv its
// bit-vector SAT solver; hybrid the SMT core to find models and the SAT
// solver to prove that no correction set is left at a cost. auto picks bv
// for long bit-vector runs without loads through a symbolic index, hybrid
// for the other bit-vector runs, and smt for unbounded integers, strings
// or floats, which bv and hybrid hand to smt too. See [localize.Engine].
//
//	-slice
//
// Blame only the statements in the relevant slice of each failure (and
// those its run did not execute). On tests that run much code the failure
// does not depend on, package initialization above all, it spares the
// solver candidates that re-runs would refute one by one. It is off by
// default because the relevant slice does not model every effect (a
// callee's writes on a branch not taken), so it may miss a fix that works
// through one. See [agx.Options].SliceScope.
//
//	-first
//
// Localize only the first failed check of each case. A table-driven test
// that loops over its rows with t.Error fails in every faulty row, and a
// candidate would need angelic values for all of them at once; with
// -first the run is encoded up to the first failing row's check, blame
// stays in that check's slice, and a candidate is verified when its
// re-run passes that check and those before it (for an Example: its
// output up to the first wrong line). See [agx.Options].FirstFailure.
//
//	-all
//
// Diagnose the failing cases together instead of one at a time
// ([diagnose.Run], as CFaults does for C): every failing case's run
// goes into one formula with its own copy of the program's values and
// one fault predicate per statement shared by all, so that a diagnosis
// is a set of statements whose change explains every failing case at
// once. Diagnoses are enumerated by size up to the first size that holds
// a verified one; each is verified by re-running every failing case with
// its own angelic values for the same statements. The first 10 lines of
// the failing cases' ranking (slice and spectrum, as without -all) are
// checked first, each as a diagnosis of one statement, before the joint
// search ([localize.DefaultFirstLines]): a line's branches and the
// Booleans it returns or stores are forced the other way in each case,
// and the numbers it computes replaced (what a failed check got != want
// expected; NaN, zero, an infinity; zero, one more or less, a value
// across a comparison that reads it), by running,
// no solver; then each case's own formula is
// asked, each check within a share of the time left. On real code the
// joint search often ends at the deadline, and those are the diagnoses
// there are (bench/realbugs/DIAGNOSE.md). When no diagnosis of
// at most -max-size statements (default 3 with -all) explains every
// case, the cases are grouped (by the diagnoses that explain some of
// them, else by the assertion they fail) and each group is diagnosed
// alone. The output is one report for the package: in text, a line
// "# diagnosis of N failing cases of PKG (MODE, GROUPING): CASES", a line
// "## group I of K: CASES" per group when grouped, then per statement of
// each diagnosis "file:line: diagnosis N (verified, size K, explains E of
// C): SOURCE [angelic: CASE: VALUE; ...]", the diagnoses to read first
// first (those that are one fix, below, else the verified ones) and a
// line "# diagnoses I to N are weaker: not one fix" (or "not verified")
// before the others; in json one object with the
// fields of [localize.DiagnosisReport]: package, mode, cases, grouping
// (joint, by-diagnosis, by-assertion), groups [{cases, diagnoses
// [{locations, verified, oneFix, rejected, alsoReads, challenged, fix,
// explains, cases [{case, passed, angelic}]}], partial, reason, stats
// (undecided: the checks that did not answer within their share of the
// time, which the text report counts in a line of its own)}],
// errors [{case, failure}] (cases left out), partial, reason,
// ranked [{file, line, text}] (the lines checked first; the text report
// lists them, "file:line: rank N: SOURCE", when no diagnosis is
// verified), probeError, stats. Stopped by Ctrl-C, SIGTERM or -deadline
// before the diagnosis ran, it writes that report empty, partial, the
// reason naming the signal or the deadline (in text a line "(partial:
// REASON)"). -timeout bounds the whole diagnosis (default 1m
// with -all, pipeline.DefaultDiagnosisTimeout); -max-candidates bounds the diagnoses of each group. -all
// does not combine with -mode angelic or sat-tar, -flex, -fixes, -first,
// -tiebreak or -format html; -format sarif and github write a result per
// diagnosis (rule diagnosis/MODE, error; unverified-diagnosis/MODE, note)
// and, when none is verified, per line checked first
// (ranked-line/first-lines, warning). A statement that assigns or returns a
// constant gets one value for every case: its fix is one new constant.
//
//	-consistent (default true)
//
// With -all, also check whether each verified diagnosis is one fix rather
// than one change per failing case ([diagnose.Options].Consistent):
// what its statements do must be a function of what they read (the
// values of other lines, the variables the line mentions, its calls'
// results), the same for the same inputs in every failing case, and that
// function must keep the package's passing cases passing. The text
// report marks such diagnoses "verified, one fix" and says why the others
// are not; json has oneFix and rejected. A diagnosis rejected so is
// checked again with one more input, each package variable of at most
// four values in turn (a flag the faulty line forgot to test), then each
// predicate of the package (a function of no parameters computing a bool
// from package variables: a condition it forgot): "one fix also reading
// V", json alsoReads. A one fix whose table changed no
// passing case's run (its inputs are the failing cases' own) is marked
// "no passing case challenges" (json challenged counts those it
// changed): a weaker claim, since any verified diagnosis with such inputs
// passes.
// A fix that reads a variable of more values, or a local its line does
// not mention, is outside this check and shows as verified only. On by default: it only adds a mark, at the cost
// of running the passing cases under each verified diagnosis; where the
// cases' values disagree only by the solver's choice, values that agree
// are looked for first. bench/results/tcas-diagnosis-consistent.md
// compares, per TCAS version, the diagnoses marked one fix (or, in a
// version with none, the verified ones) with the verified ones, and
// gives the versions where they miss the fault.
// -consistent=false turns it off.
//
//	-native
//
// Run the package's tests natively, as go test does, for the native
// evidence (default true; see above): the ranking of a failing case the
// interpreter cannot run, and the native spectrum fused into the others'.
//
//	-evidence interp|native
//
// Where the spectrum's cases that -run leaves out come from: interp
// (default) interprets each, bounded one by one and all together;
// native takes their verdicts and line coverage from the native stage's
// go test run, which runs anyway: far faster on a package with many or
// slow tests, but those cases carry no step count, so the
// fix probe runs them on mutants with the interpreter's default budget.
// The selected failing cases are interpreted either way. Needs -native;
// where the native stage fails, the cases are interpreted and each
// report's reason says why (pipeline.Options.Evidence).
//
//	-probe
//
// When a case has no verified candidate, force the values of its
// ranking's first 10 lines, one line at a time (default true): a line
// whose forced branches or numbers make the case pass is a verified
// candidate, listed with its forced values as angelic values, and its
// line comes first ([angelic.ForceProbe]; a run of the case per try,
// 25 tries a line at most, bounded by 10 seconds a case). Then look for
// plausible fixes among the mutants of each ranking's first 20
// lines: the operators of -tiebreak mutation and the
// repair ones of -fixes but the angelic values, and statement deletion
// (SDL: an assignment, an increment, a call statement or a return
// deleted; "mutant fix (SDL): delete STMT"); a mutant is a plausible
// fix when the case passes under it and no passing case that executes
// its line fails (the passing cases cheapest first, stopping at the
// first that fails; a line's other mutants are left alone once it has
// one). The lines with one come first in the ranking. It costs a second
// load of the package and a run of the case per mutant, bounded by 15
// seconds a case (bench/realbugs/RANKERS.md has what it costs and
// finds). See [mutation.FixProbe]. With -all, the mutants of the lines checked first
// (the failures' ranking's first 10) are run on every failing case
// before the diagnosis, within a quarter of -timeout (15 seconds at
// most): a mutant under which all of them pass and no passing case that
// executes its line fails makes its line a diagnosis that is one fix,
// listed first with a line "(diagnosis N: every case passes, and no
// passing case fails, with `ORIG` replaced by `REPL` at column C (OP))",
// or "with `ORIG` deleted at column C (SDL))" for a deletion; in the
// json fix ([diagnose.Diagnoser] NoProbe, [localize.Diagnosis] Fix).
//
//	-fixes
//
// Also search for plausible fixes by mutation: mutants of every line the
// failing cases executed and of the candidates' lines (the operators of
// -tiebreak mutation, the candidates' angelic values as constants, a
// local variable read as another of the same type, an integer off by one,
// a constant operand changed to give an instance its angelic value) are
// run on every case that ran. A mutant under which a failing case passes
// and no passing case fails is listed under that case as
//
//	file:line:col: mutant fix (OP): orig -> repl
//
// (a deletion the fix probe found reads "mutant fix (SDL): delete
// stmt"). Such a fix satisfies the package's tests, which does not make it
// correct (it may overfit them); it is evidence found without the solver,
// and often where the solver finds nothing in time. See
// [mutation.Analysis.Fixes].
//
//	-flex
//
// Order the candidates of any mode with the flexibility test of angelic
// debugging (see -mode angelic): a candidate that a passing case
// executing it cannot survive under any alternate value tried, nor under
// a value the solver finds in the case's formula, is listed after the
// others (removed with -remove). See [angelic.FlexFilter].
//
//	-remove
//
// With -flex or -mode angelic, remove the candidates a passing case
// inhibits instead of listing them last. Not the default: a fix that
// changes a condition only for the failing inputs is inhibited all the
// same, so removing can lose the faulty line (bench/results/tcas-flex.md
// measures both policies on TCAS).
//
//	-shard i/n
//
// Localize shard i of n (counted from 0) of the failing cases, which a
// stable hash of their names splits, and write the shard's reports
// (JSON) instead of a report, for faultloc merge (see there; -format,
// -top and -threshold are merge's then). Every shard still runs every case, in the
// interpreter and natively, for the evidence: the shards share the
// searches, the expensive part. With -fixes each shard runs a share of the
// mutants (those made from its own candidates' angelic values, and its
// part of the others) on every case, and merge puts the plausible fixes
// together as one machine finds them. Not with -all (see merge).
// Default: from the environment of the engine that runs the shards;
// off: no sharding.
//
//	-tiebreak position|FORMULA|mutation|muse
//
// The order of candidates that tie on verified status and size (default
// position: by file and line). A spectrum formula such as ochiai (see
// 'faultloc spectra -formulas') orders them by the suspiciousness of
// their lines over the package's cases, passing and failing, run in the
// interpreter; mutation (Metallaxis) and muse (MUSE) by how the cases
// fare on mutants of each case's verified candidates' lines
// ([mutation.Scorer]). It reorders the report; it finds no other
// candidates. See [pipeline.Options].TieBreak.
//
//	-format text|json|html|sarif|github
//
// The output (default text). text is one block per failing case: a line
// "# NAME (MODE): FAILURE", then a line per location of each candidate,
// "file:line: candidate N (verified, size K): SOURCE [angelic: VALUE]"
// ("file:line:col:" with -by expr, whose candidates are expressions;
// ranked lines have no column),
// verified candidates first, then by size, then by -tiebreak. json is an
// array with one object per failing case, with the fields of
// [localize.Report], file names relative to the working directory as in
// the text:
//
//   - name, mode, failure: the case's full name, the encoding, how it
//     failed;
//   - candidates: locations [{file, line, text}], angelic [{file, line,
//     occurrence, instr, expr, branch, value, orig}] (expr: the
//     instruction as written, a branch's condition or an assignment's
//     left-hand side; orig: the instance's value in the failing run;
//     instance, with -mode angelic: the instance as a reader names it),
//     path (the branch decisions of the verifying run), verified, and
//     with -flex or -mode angelic flex: {executed, flexible [{case, line,
//     occurrence, instance, value, orig, solver}], inhibitors, proved,
//     untested, instances, flexibleInstances, searches, runs, score,
//     partial};
//   - ranking: [{file, line, rank, evidence}], the lines in the order a
//     developer reads them (see above), rank counting the lines examined,
//     inclusive, lines that tie sharing the worst;
//   - partial, reason: set when the search stopped early (timeout, bound);
//   - stats: runs, refinements, correction sets, constraints, solver calls
//     and times;
//   - fixes, from -probe or -fixes: [{op, file, line, column, orig,
//     repl, failKilled, passKilled, failToPass, passToFail}].
//
// html is one self-contained page: the source of the files involved, the
// candidates' lines highlighted with their angelic values inline, a
// section per failing case (with its plausible fixes under -fixes) and,
// when passing cases exist, the Ochiai ranking of the lines as a heat map.
//
// sarif is one SARIF 2.1.0 log (for GitHub code scanning and the VS Code
// SARIF viewer): one result per verified candidate (rule
// fix-candidate/MODE, level error), per line the other evidence ranks
// (ranked-line/EVIDENCE, warning), per candidate whose re-run did not
// pass (unverified-candidate/MODE, note) and per plausible fix
// (mutant-fix, error), in the text's order; the rank, evidence, test,
// failure, angelic values and a ranked line's score in each result's
// properties; the driver's version the command's (from its build info,
// "(devel)" when built from a checkout); URIs relative
// to the module root (%SRCROOT%); a partial fingerprint that follows the
// line's text. github is GitHub Actions annotations,
// "::error file=F,line=L,col=C,title=faultloc RULE::MESSAGE" (::warning,
// ::notice), one per location of the same results, files relative to
// the module root. A run stopped early (a signal, -deadline, a partial
// report) says so in both, results or none: SARIF's run has the
// property partial and an invocation whose execution did not succeed,
// github's first line is "::warning title=faultloc partial::...". See
// package localize/cireport.
//
//	-top N
//
// With -format sarif or github, only the first N results of each failing
// case (default 0: all).
//
//	-threshold X
//
// With -format sarif or github, only the ranked lines that the evidence
// placing them scores at least X (the score in their properties), as
// GZoltar's action comments a ranking above a score threshold; the
// candidates, the plausible fixes and the lines a probe promoted, which
// have no score, are kept (default: all).
//
// Example: the running example of the AgxFaults paper, whose Foo(3, 5)
// returns 8 where 2 is wanted, has five minimal fix candidates, each
// verified (an angelic value is one of the models Z3 finds; where several
// values work, another build of libz3 may show another):
//
//	$ faultloc localize -tags faultloc ./examples/foo
//	# TestFoo/testFoo (agx): foo_test.go:12: Foo(3, 5) = 8, want 2
//	examples/foo/foo.go:11: candidate 1 (verified, size 1): b := x + y // L1 [angelic: 2]
//	examples/foo/foo.go:14: candidate 2 (verified, size 1): a = x // L3 //fault: should be a = 2 * x [angelic: 5]
//	examples/foo/foo.go:18: candidate 3 (verified, size 1): if a >= y { // L6 [angelic: branch then]
//	examples/foo/foo.go:21: candidate 4 (verified, size 1): return b // L8 [angelic: 2]
//	examples/foo/foo.go:13: candidate 5 (verified, size 2): if x < y { // L2 [angelic: branch else]
//	examples/foo/foo.go:16: candidate 5 (verified, size 2): a = y - x // L4 [angelic: 6]
//
// # faultloc regress
//
// Usage:
//
//	faultloc regress -old DIR|REV|PATCH|MOD@V [-new DIR|MOD@V] [-test-from DIR|MOD@V] [flags] PKG
//
// Regress explains a regression with AFTER (Yi et al., ICSE 2015): the
// test cases of PKG passed on the old version and fail on the new one;
// which of the changes between the versions cause the failure, and how?
// It is [regress.Explain].
//
// The changes come from the syntax of the two directory trees (matched by
// relative path; tests are the new version's, and _test.go files are not
// compared): statements, the headers of compound statements (an if's
// condition), function signatures, declarations, imports and whole files.
// Changes the new version's tests need (declarations the old version
// lacks) are kept. The failing run is recorded on the new version and
// its dependences followed back from the failure in rounds separated by
// critical predicates (the branches that decide whether the statements
// reached run); the changes reached are the causes, those in a minimal
// correction set of the failing run's trace formula (the solver's view,
// as localize finds them, bounded at 20 seconds) marked, and each
// critical predicate's branch is compared with the one the run with every
// change reverted takes. The causes up to each
// round are reverted together, as overlays of the new version's files
// (nothing is written), until the cases pass; asymmetric delta debugging
// then shrinks that set to a minimal root cause, which a run of its
// version verifies (a final run, unless the search already ran that
// version: no version runs twice). Each tried set is completed with the auxiliary changes it
// needs to build, found from the type checker's errors; a set that
// cannot be completed counts as unresolved. The root cause says which
// change broke the cases; when it replaced code (a call to a new parser
// where the old loop was), the bug is often in the new code it brought
// in: the causes outside the root cause that the failing run executed
// and the run with it and its auxiliary changes reverted does not are
// listed after it as fix sites, ranked ("where to fix"): first those
// where switching a branch's decision in the failing run makes it pass
// (predicate switching, bounded by a third of the time -deadline leaves
// and a number of runs), then by how deeply each is nested in added
// code and by round. When the root cause is an added block (reverting it
// deletes its statements together) and the first fix site is a statement
// nested in it whose switch passes, that statement is the root cause,
// the block named as enclosing it; so it is when the root cause is one
// change whose reversal needs added code deleted with it (the new
// parser's file, declaring what the old code declares too) and the
// first fix site, switched, lies in that code. A root statement that runs under a
// condition the release changed too (an if whose condition changed, or
// an added if that returns or breaks) gives its place to that condition
// when reverting the condition alone (an added if whole) passes as
// well; otherwise the condition is listed under the root cause as where
// the fix may belong.
// The report gives
// the root cause, its auxiliary changes, the fix sites, the cause tree
// from the failure back to
// the root changes, the causes by round, the critical predicates, every
// change, and, for comparison, classic delta debugging over all changes
// and over the causes (without auxiliary changes) and git bisect's halving
// over the changes in file order (as if each were a commit; a version
// that does not build is skipped), each with the versions it tried, its
// test runs and its time.
//
// PKG is resolved in the current directory, which must be inside the new
// version's module (for example -new .). The old version may be a git
// revision of the repository holding the new one instead of a directory:
// its tree is read with git archive into a temporary directory, removed
// at the end; or a file holding a unified diff (diff -u, git diff) from
// the old version to the new one, whose hunks are undone on the new
// version's files. Either version may also be a module version,
// path@version (for example github.com/x/y@v1.4.0): it is fetched with go
// mod download (through GOPROXY and the module cache) into a temporary
// directory, its go.sum completed with go mod tidy; with -new a module
// version, PKG is resolved in its root (. or ./sub). Regressions between
// releases are usually found by a later release's test: -test-from takes
// PKG's _test.go files from another version of the module (a directory or
// path@version), laid over the new version's as overlays (nothing is
// written; the package's testdata files stay the new version's).
//
// The flags are:
//
//	-old DIR|REV|PATCH
//
// The root of the old version, a module version (path@version), a git
// revision of the repository that holds -new, or a unified diff from the
// old version to -new (required).
//
//	-new DIR|MOD@V
//
// The root of the new version, or a module version (default the current
// directory).
//
//	-test-from DIR|MOD@V
//
// Take PKG's _test.go files from this version of the module (the
// directory of PKG at the same place under DIR, or in the module version)
// in place of the new version's files of the same names, for example the
// release that fixed the regression and added its test.
//
//	-run REGEXP
//
// Explain only the failing cases selected as go test -run selects them.
//
//	-tags TAGS
//
// Comma-separated build tags (this repository's examples need faultloc).
//
//	-format text|json|html|sarif|github
//
// The output (default text): the text report; JSON; one self-contained
// HTML page with each changed file's two versions side by side, the root
// changes, their auxiliary changes, the other causes and the other
// changes marked, followed by the text report; a SARIF 2.1.0 log with a
// result per root change (rule regression/root-cause, level error when
// verified), auxiliary change (regression/auxiliary-change), fix site
// (regression/fix-site), other cause (regression/cause) and critical predicate
// (regression/critical-predicate); or the same results as GitHub Actions
// annotations. sarif and github name files relative to the module root.
//
//	-timeout D
//
// The time bound of each run of a case (default 30s); a version whose run
// takes longer is unresolved.
//
//	-deadline D
//
// The time bound of the whole run (default 0: none). When it passes, or
// on SIGINT or SIGTERM, the report so far is written, marked PARTIAL with
// the reason: the failing cases, the causes found, and as root cause the
// smallest set of changes seen to make the cases pass when reverted, if
// delta debugging got that far (neither minimal nor verified); the exit
// status is 3. When it passes during the baselines, after the root cause
// was found, the report is complete but for the baselines stopped, each
// marked so; the exit status is 3 too.
//
//	-v
//
// Print each version tried on standard error as it ends: the method
// (AFTER or a baseline), the changes reverted, the outcome and the time.
//
//	-trials auto|interp|native
//
// How the versions tried are run: in faultloc's interpreter; natively,
// each version's test binary built by go test -c with -overlay and run
// once per failing case; or (auto, the default) in the interpreter when
// it can run the failing cases on the new version and one fails there,
// natively otherwise (go test decides whether a case the interpreter
// passes fails: where it does, the interpreter does not reproduce the
// failure, and the report says so).
// Natively, a failing case the interpreter cannot record gets no causes
// (the report says why) and the root cause is searched among every
// change. With -trials interp, selected cases the interpreter cannot run
// on the new version are named in the report, with why, and not
// explained; when none of them can run the command says so and exits
// with status 1.
//
//	-parallel N
//
// Try up to N versions at once, each loaded or built and run on its own
// (default 0: as many as GOMAXPROCS when the versions run natively, one
// at a time in the interpreter, where each version is loaded whole). The
// answer is the same; a few more versions may be tried, so the counts
// reported vary with N.
//
//	-cpuprofile FILE
//
// Write a CPU profile of the command to FILE, as go test -cpuprofile
// does, for go tool pprof.
//
//	-memprofile FILE
//
// Write a profile of the command's allocations to FILE when it ends, as
// go test -memprofile does.
//
//	-prune
//
// Set aside, before any trial, the changes the failing cases cannot
// execute, by a static call graph of the new version from the cases'
// test functions (default true); they are put back when the version with
// every other change reverted does not pass. False: AFTER searches every
// change.
//
//	-baselines
//
// Also run the two delta-debugging baselines (default true).
//
//	-switch
//
// Rank the fix sites by predicate switching first (default true). False:
// the structural order alone, no switched runs, and an added block that
// is the root cause stays whole, as does a rewrite's call.
//
//	-reverse-dd
//
// Have the baselines try the changes last first, the order of the AFTER
// paper's example (default false: in the changes' order).
//
//	-timing
//
// Print each method's time (default true; false gives output that does
// not vary between runs).
//
// Example: the AFTER paper's running example, whose root cause is c2 and
// c3 together:
//
//	$ faultloc regress -tags faultloc -old examples/max3/correct -new examples/max3 -timing=false ./examples/max3
//	regression of github.com/faultloc/faultloc/examples/max3: TestMax3/failing fail on the new version
//	failure: Max3(3, 2, 1) = 1, want 3
//
//	root cause: c2 c3 (among the causes up to round 2; verified: reverting them makes the cases pass)
//	  c2 max3.go:21 (Max3) modified if header: if x < y ⇐ if x > y
//	  c3 max3.go:29 (Max3) modified if header: if z < sum ⇐ if z > sum
//	auxiliary changes (reverted with it so that it builds): none
//	...
//
// # faultloc repair
//
// Usage:
//
//	faultloc repair [flags] PKG
//
// Repair loads the package PKG with its tests, runs the test cases in
// faultloc's interpreter and, for the failing ones, looks for patches
// ([repair.Repair]). Angelic debugging on the first failing case gives
// the repair sites: expressions whose value alone, changed, makes it
// pass; those a passing case inhibits (the flexibility test) come last,
// the others in the order of their lines' suspiciousness in the
// spectrum of the selected cases (Ochiai). At each site the repair data is collected over every selected
// case ([repair.Collect]): the site's instances, the variables in scope
// there, the values that make each failing case pass and those that keep
// each passing case passing. Replacement expressions are enumerated in
// layers of growing size over the variables in scope, the constants of
// the code and Go's operators, and kept when they fit every case
// ([repair.Synthesize]); mutation analysis' plausible fixes of the sites'
// lines join them. The patches are ranked site by site, in the sites'
// order, a site's by size and distance to the source they replace (the
// first quarter of -max-patches of each site before the others), and
// the first ones validated:
// each is laid over the package as a go build -overlay, the test binary
// built (go test -c) and run natively, first on the failing cases (a
// patch under which one still fails is refuted there), then on the
// package's whole test suite: every test, subtest, example and fuzz seed
// the package has, whatever -run selects. A patch is plausible when
// every test of the whole suite passes; plausible patches are listed
// first, those at a site (checked on the repair data) before the
// statement edits and inserted statements (checked by the validation
// alone), each in the order above. A plausible patch passes the tests;
// it need not be correct.
// Before those builds, a patch schema screens the first patches (ten
// times -max-patches) in one build: each patch's statement is switched
// on an environment variable the test binary reads, and the suite runs
// once per patch, stopping at its first failing test; a patch refuted
// there is shown "refuted in the patch schema", one that passes is then
// validated by its own build.
//
// The synthesis covers one expression or right-hand side of an integer,
// float, string or Boolean type (a compound assignment x -= c, or x++,
// becomes x = replacement), over the variables in scope, the constants
// of the code and calls of the package's functions that have no side
// effects, the insertion of a guard, `if cond { return result }`,
// before a return or an assignment (the text shows it as "insert if
// ..."), and the insertion before the site's statement of a statement
// of its function that assigns a variable the site reads (a missing
// statement from nearby code, "insert x += c"), which only the
// validation checks.
//
// The text output lists the failing cases, each site with how many
// failing cases its values rescue and how many replacements fit, then
// each patch, "file:line: patch N (validation; origin, size, distance):
// orig -> repl", followed by its unified diff, which git apply and patch
// -p1 read from the module's root.
//
// The flags are:
//
//	-run REGEXP
//
// Repair with only the cases selected as go test -run selects them
// (default: all the package's cases): they are the evidence, run in the
// interpreter. The validation still runs the package's whole test suite:
// a patch that fits the selected cases but breaks another test is
// refuted.
//
//	-deadline D
//
// A time bound on the whole run (default 0: none). The search for
// patches ends at 70% of it, leaving the rest to their validation; when
// the bound passes, what was found is written, marked partial, and the
// exit status is 3. Ctrl-C (SIGINT) and SIGTERM stop it the same way;
// stopped before any site was repaired (while loading, say), it writes
// an empty result, partial, its reason naming the signal or the deadline.
//
//	-format text|json|sarif
//
// The output (default text). JSON is the [repair.Result], files named
// relative to the current directory. SARIF 2.1.0 has a result per
// plausible patch (rule repair/plausible-patch, level error) and per
// patch not validated (repair/unvalidated-patch, a note), in rank order,
// each with its fix (the span replaced and the text put there), files
// named relative to the module root; refuted patches are left out.
//
//	-overlay FILE
//
// A go build -overlay file, as for localize: the files it names are
// loaded from their replacements, the patches apply to them, and the
// validation builds the package with them (a seeded fault, a version of
// the code that is not on disk).
//
//	-tags TAGS
//
// Comma-separated build tags to load and test the package with (this
// repository's examples need faultloc).
//
//	-arith bv|int
//
// The integer encoding of the solver searches, as for localize (default
// bv: exact bit-vectors; int: unbounded integers, faster where
// multiplications make bit-vectors slow).
//
//	-max-size N
//
// The largest replacement synthesized, counting operands and operators
// (default 3: a + b).
//
//	-max-sites N
//
// The most sites synthesized for, in their order (default 5).
//
//	-max-patches N
//
// The most patches validated by a build of their own, in rank order
// (default 10): each costs a build of the test binary and a run of the
// suite. The patch schema screens ten times as many first.
//
//	-schema
//
// Screen the patches in a patch schema before their own builds (default
// true; -schema=false validates the first -max-patches by their own
// builds only).
//
//	-mutation
//
// Add mutation analysis' plausible fixes of the sites' lines to the
// patches (default true).
//
//	-cpuprofile FILE
//
// Write a CPU profile of the command to FILE, as go test -cpuprofile
// does, for go tool pprof.
//
//	-memprofile FILE
//
// Write a profile of the command's allocations to FILE when it ends, as
// go test -memprofile does.
//
// Example: the triangle classifier of the angelic-debugging paper, whose
// fault is the c of `a == c` on line 23:
//
//	$ faultloc repair -tags faultloc -arith int -run TestClassify ./examples/triangle
//	# repair of github.com/faultloc/faultloc/examples/triangle: 1 failing (TestClassify/T8), 7 passing
//	examples/triangle/triangle.go:23:6: site 1: a (value, int, spectrum 0.41): rescues 1 of 1 failing runs; 0 replacements fit
//	examples/triangle/triangle.go:23:11: site 2: c (value, int, spectrum 0.41): rescues 1 of 1 failing runs; 1 replacement fits
//	examples/triangle/triangle.go:32:6: site 3: retval (assignment, int, spectrum 0.71) (inhibited by TestClassify/T6): rescues 1 of 1 failing runs; 0 replacements fit, 8 guards
//	examples/triangle/triangle.go:23:8: site 4: a == c (condition, bool, spectrum 0.41) (inhibited by TestClassify/T2, TestClassify/T5, TestClassify/T6): rescues 1 of 1 failing runs; 1 replacement fits
//	examples/triangle/triangle.go:23:16: site 5: b (value, int, spectrum 0.41) (inhibited by TestClassify/T3): rescues 1 of 1 failing runs; 0 replacements fit
//	examples/triangle/triangle.go:23: patch 1 (plausible: the whole suite passes, 9 tests; mutation VRP, synthesis, size 1, distance 1): c -> b
//	--- a/examples/triangle/triangle.go
//	+++ b/examples/triangle/triangle.go
//	@@ -20,7 +20,7 @@
//	 func Classify(a, b, c int) int {
//	 	var retval int
//	 	if a >= b && b >= c {
//	-		if a == c || b == c { //fault: should be a == b || b == c
//	+		if a == b || b == c { //fault: should be a == b || b == c
//	 			if a == b && a == c {
//	 				retval = Equilateral
//	 			} else {
//	...
//
// Site 2 and a mutant give the same patch: it is listed once, with each
// origin. A site the flexibility test inhibits (some passing case fails
// under every other value tried there) is listed with its inhibitors,
// after the others; sites otherwise come in the order of their lines'
// spectrum score. The patches that follow (left out here) are guards at
// site 3: the suite passes on the first, if a == b { return Isosceles }
// before line 32; a plausible patch passes the tests, it need not be
// the fix.
//
// # faultloc spectra
//
// Usage:
//
//	faultloc spectra [flags] PKG...
//
// Spectra runs the packages' tests natively with go test's coverage, one
// test case at a time (each test binary is built once), and ranks the
// packages' lines by a spectrum formula of how often failing and passing
// cases execute them. It needs no solver and no interpreter, so it works
// on any package go test runs.
//
// On standard error it reports the cases whose verdict differs between
// the whole suite's run and their own run (flaky or order-dependent
// tests), the cases whose coverage was lost (the test binary died), which
// are left out, and that no case fails, if none does (every score is then
// uninformative). Stopped by Ctrl-C or SIGTERM, it ranks the cases done
// so far (none: an empty ranking, in the format asked for), marked
// partial in json ("partial": true, "reason"), says how many, and exits
// with status 3.
//
// The flags are:
//
//	-formula NAME
//
// The suspiciousness formula (default tarantula): ochiai, dstar, op2,
// jaccard, barinel and the others that -formulas lists. See
// [spectra.Formulas].
//
//	-formulas
//
// List the formulas' names and exit.
//
//	-ties worst|best|average
//
// The rank of elements whose scores tie (default worst: the position of
// the last of them, as the SAT-TAR paper counts).
//
//	-kind line|block|function
//
// The program elements ranked (default line).
//
//	-format text|json|gzoltar|sarif|github
//
// The output (default text): "file:line: score rank" lines, most
// suspicious first (a block is "file:line.col,endline.endcol", the
// coverage profile's notation); a JSON ranking; GZoltar's files
// (spectra.csv, tests.csv, matrix.txt and the formula's ranking) in the
// directory -o names; a SARIF 2.1.0 log, one result per element (rule
// spectrum/FORMULA, level warning; score, rank and the counts ef, ep,
// nf, np in its properties); or GitHub Actions annotations, one
// ::warning per element. sarif and github name files relative to the
// module root.
//
//	-o DIR
//
// The directory of the gzoltar files (default the current one).
//
//	-top N
//
// Print only the first N entries of a text, sarif or github ranking
// (default 0: all).
//
//	-threshold X
//
// Print only the entries of a text, sarif or github ranking scored at
// least X (default: all), as GZoltar's action comments a ranking above a
// score threshold.
//
//	-tags TAGS
//
// Comma-separated build tags (this repository's examples need faultloc).
//
//	-run REGEXP
//
// Only the cases whose full names (TestX/sub) match REGEXP.
//
//	-skip REGEXP
//
// Leave out the cases whose full names match REGEXP (flaky tests, whose
// changing verdicts would change the ranking).
//
//	-j N
//
// The number of parallel cases run at once (default 0: GOMAXPROCS).
//
//	-p
//
// Run every case concurrently with the others, each in its own process,
// not only those whose test calls t.Parallel: faster, and safe unless
// tests share outside state (files, ports).
//
//	-suspects file:line,...
//
// A suspect set (an unsat core's lines, say) whose lines get -bonus added
// to their scores, as SAT-TAR combines a formula's suspects with
// Tarantula.
//
//	-bonus X
//
// The score added to each suspect (default 1; 0: none).
//
//	-shard i/n
//
// Run shard i of n (counted from 0) of the cases, which a stable hash of
// their names splits, and write the shard's part of the coverage matrix
// (JSON) instead of a ranking, for faultloc merge (see there; -format,
// -top, -threshold and -o are merge's then). Default: from the
// environment of the engine that runs the shards; off: no sharding.
//
//	-cpuprofile FILE
//
// Write a CPU profile of the command to FILE, as go test -cpuprofile
// does, for go tool pprof.
//
//	-memprofile FILE
//
// Write a profile of the command's allocations to FILE when it ends, as
// go test -memprofile does.
//
//	-v
//
// Report progress on standard error, then the run's statistics: cases,
// failing cases, elements, build and run times, and the matrix's density,
// diversity, uniqueness and DDU.
//
// Example: the triangle classifier of the angelic-debugging paper, whose
// fault is on line 23:
//
//	$ faultloc spectra -tags faultloc -formula ochiai -top 4 ./examples/triangle
//	examples/triangle/triangle.go:32: 0.5774 1
//	examples/triangle/triangle.go:31: 0.5000 2
//	examples/triangle/triangle.go:30: 0.4472 3
//	examples/triangle/triangle.go:23: 0.3780 4
//
// # faultloc merge
//
// Usage:
//
//	faultloc merge [flags] FILE...
//
// Merge combines the shard files that the n shards of one spectra or
// localize run wrote (-shard) into the report one machine would have
// written: for spectra, the coverage matrix of every case, ranked as the
// shards' flags say; for localize, every failing case's report, in the
// order of one machine's, each report's tied candidates then ordered by
// the others' (localize.FailCount, as one machine orders them). The
// files must be the n shards of one run, each once, with the same flags
// and the same cases; a shard that was stopped, or one missing, is an
// error naming it. File names in the shards are relative to the
// directory each ran in: run merge in the same directory of the same
// checkout. A localize run with -fixes is merged by loading the package
// again (no test runs) to order the shards' mutants as one machine's;
// its -tags and -overlay are the shards'.
//
// localize -all does not shard: its diagnoses are sets of statements that
// explain every failing case at once, found by one search whose formula
// shares one fault predicate per statement across the cases, so its work
// does not split by case, and merging would be that whole search again.
// Run -all on one machine (its -deadline bounds it), or shard localize
// without -all and merge the per-case reports.
//
// A shard of the cases is chosen by the FNV-1a hash of the case's name
// modulo n. The shard comes from -shard i/n or, when -shard is not given,
// from the environment: Bazel's TEST_SHARD_INDEX and TEST_TOTAL_SHARDS
// (and TEST_SHARD_STATUS_FILE is created, saying the run shards); a
// Kubernetes Indexed Job's JOB_COMPLETION_INDEX with JOB_COMPLETIONS,
// which the manifest sets to the Job's completions; CircleCI's
// CIRCLE_NODE_INDEX and CIRCLE_NODE_TOTAL. A total of one there is no
// sharding.
//
// A GitHub Actions matrix runs the shards as jobs and merges their
// artifacts in one more:
//
//	jobs:
//	  shard:
//	    strategy:
//	      matrix: {shard: [0, 1, 2, 3]}
//	    runs-on: ubuntu-latest
//	    steps:
//	      - uses: actions/checkout@v4
//	      - uses: actions/setup-go@v5
//	      - run: sudo apt-get install -y libz3-dev
//	      - run: go install github.com/faultloc/faultloc/cmd/faultloc@latest
//	      - run: faultloc localize -shard ${{ matrix.shard }}/4 ./pkg > shard-${{ matrix.shard }}.json
//	      - uses: actions/upload-artifact@v4
//	        with: {name: shard-${{ matrix.shard }}, path: shard-${{ matrix.shard }}.json}
//	  merge:
//	    needs: shard
//	    runs-on: ubuntu-latest
//	    steps:
//	      - uses: actions/checkout@v4
//	      - uses: actions/setup-go@v5
//	      - uses: actions/download-artifact@v4
//	        with: {pattern: shard-*, merge-multiple: true}
//	      - run: CGO_ENABLED=0 go install github.com/faultloc/faultloc/cmd/faultloc@latest
//	      - run: faultloc merge -format github shard-*.json
//
// (merge needs no solver: the build without cgo, see the introduction,
// does.) A Kubernetes Indexed Job runs one pod per shard, each
// writing its file to a shared volume (here /out), and merge runs once
// they are done:
//
//	apiVersion: batch/v1
//	kind: Job
//	metadata: {name: faultloc}
//	spec:
//	  completions: 4
//	  parallelism: 4
//	  completionMode: Indexed
//	  template:
//	    spec:
//	      restartPolicy: Never
//	      containers:
//	        - name: faultloc
//	          image: faultloc-checkout   # the module's checkout and faultloc
//	          env: [{name: JOB_COMPLETIONS, value: "4"}]
//	          command: [sh, -c, "faultloc spectra ./... > /out/shard-$JOB_COMPLETION_INDEX.json"]
//	          volumeMounts: [{name: out, mountPath: /out}]
//	      volumes: [{name: out, persistentVolumeClaim: {claimName: faultloc-out}}]
//
// Under Bazel, an sh_test that runs faultloc with shard_count = n gets
// TEST_SHARD_INDEX and TEST_TOTAL_SHARDS; it writes the shard file to
// $TEST_UNDECLARED_OUTPUTS_DIR, and merge runs on the n files that
// bazel test leaves in bazel-testlogs. CircleCI's parallelism: n sets
// its variables the same way.
//
// The flags are:
//
//	-format text|json|sarif|github|gzoltar|html
//
// The output, as the command's -format (default text; gzoltar for
// spectra only, html for localize only: each localize shard keeps the
// spectrum of every case, the page's heat map).
//
//	-top N
//
// As the command's -top: only the first N entries (default 0: all).
//
//	-threshold X
//
// As the command's -threshold: only the entries scored at least X
// (default: all).
//
//	-o DIR
//
// The directory of the gzoltar files (default the current one).
//
// # faultloc help
//
// Usage:
//
//	faultloc help [command]
//
// Help prints this reference's introduction, with the list of commands,
// or, given a command, its section. The reference is this package's
// documentation, which help prints from the same source.
package main
