// Package regress explains a regression: a test case passes on an old
// version of a module and fails on a new one, and [Explain] says which
// changes between the versions cause the failure. It is AFTER (Yi, Yang,
// Liu, Zhao, Wang, ICSE 2015).
//
// The changes come from the versions' syntax (package
// [github.com/faultloc/faultloc/changes]). The failing run's dynamic
// dependences, followed back from the failure in rounds separated by
// critical predicates, say which changes are causes (the trace formula's
// minimal correction sets, from
// [github.com/faultloc/faultloc/localize/agx.Localize], mark those the
// solver blames too; a native panic inside a bridged call that a
// deferred recover turned into the failing error depends on nothing
// recorded, and the change holding where it was raised is a cause of
// the first round). The causes up to each round are reverted, as
// overlays of the new version's files, until the case passes; asymmetric
// delta debugging then shrinks that set to a minimal root cause, each
// tried set completed with the auxiliary changes it needs to build
// (found from the type checker's errors; an import that a reverted file
// no longer uses, though the new version's does, is made a blank
// import instead: no change holds it, and the changes naming the
// package are many). This search runs first among
// the light causes, those whose reversal needs at most a few dozen
// auxiliary changes, a heavier set being unresolved without a run, and
// among every cause only when no light set passes: between releases
// with a thousand changes, reverting a statement written against a
// refactoring's new API takes hundreds of changes along (those naming
// the identifiers the errors name), close to the old version, and
// would be kept as the root cause with the change that broke the case
// among its auxiliary changes. Where one of those auxiliary
// changes, a cause, reverted alone passes with fewer changes reverted in
// all, it is the root cause instead: the first minimal set found may
// need the faulty change to build (a call site reverted to a rewritten
// function's old signature takes the function along). Where a change
// cannot be reverted without the root (a call site of a function's new
// signature and a statement of the function written against it; a new
// table of values and the rewritten function reading it), no reversal
// tells them apart, and the root cause is the one the others' code
// depends on by data: where the wrong value starts, not the call
// passing it on. So too when a call site entering added code and a
// statement of that code each pass reverted alone, or when the call
// sites entering it pass only reverted together and the statement
// passes alone: the statement of added code is the root cause (an
// added if whose body is one statement is the change, as deleting the
// statement neutralises its condition).
// Delta debugging keeps the first minimal set it meets; among minimal
// sets of the same size the root cause is the one reverting the fewest
// changes in all, its auxiliary changes counted: a change of the set is
// replaced by one of the set's auxiliary changes that its own reversal
// needs (a call site reverted to a rewritten function's old parameter
// takes the function's added block along) when the set so made passes
// with fewer changes reverted, those the failing run depends on
// (causes) and nearest the failure (by round) tried first.
// Each critical predicate's branch is compared with the same occurrence
// of the same branch in the run with every change reverted.
//
// A statement of the root cause may run under a condition the release
// changed too (an added if whose body it is, an if whose condition
// changed): reverting the statement passes, and so may neutralising the
// condition, and no reversal tells which is wrong. The changed header
// of the innermost if, loop or case clause around a root statement,
// when the failing run depends on it, is reported with the root cause
// as its guard (Report.Guards): a fix often changes the condition.
// When reverting the guard alone passes too, the guard takes the
// statement's place in the root cause (Report.Chosen "guard",
// Report.Guarded naming the statement): the failing run executes the
// statement because of the condition. An added guard qualifies only as
// a check that leaves (an if without else whose body ends in return,
// break, continue, goto or panic), reverted whole: a statement of any
// other added block stays the finer answer.
//
// The root cause says which change broke the case. When it replaced code
// (a rewrite: a call to a new parser where the old loop was), the bug is
// often in the new code it brought in, which no reversal singles out:
// the causes outside the root cause that the failing run executed and
// the run with it and its auxiliary changes reverted (which passes) does
// not are the fix sites ([FixSite]), and so are the causes nested in a
// root change that is added code (an added block whose statement is
// wrong, though deleting that statement alone does not pass). They are
// ranked by evidence first: predicate switching forces the decisions of
// each site's branches in the failing run, one instance at a time, then
// all at once, and a site where a switch makes the case pass comes
// first (bounded in runs and to a third of the time the context leaves;
// Report.Switching says what it did, partial when cut). When the first
// site is nested in an added change of the root cause (an added block
// whose reversal deletes its statements together) and a switch of its
// branch made the case pass, it takes that change's place in the root
// cause (Report.Chosen "switched", Report.Enclosing naming the block):
// an added block whose one if is wrong is not blamed as a whole. When
// the root cause is one change (a rewrite's call of new code) whose
// reversal needs added code deleted with it (an added file declaring
// what the old code declares too) and the first site, switched, lies in
// that code, the site takes its place (Report.Chosen "brought in",
// Report.Enclosing naming the change): the rewrite says which change
// broke the case, the site where the fault lies. Then, as the
// structural order: by how deep in changed code they lie (the new
// code's own conditions count as critical predicates), by round, the
// trace formula's mark and their distance from the failure.
//
//	type       what it is
//	Options    the two versions (directories, or a directory and a
//	           unified diff), the package, the cases, the bounds
//	Report     the root cause, its auxiliary changes, the fix sites, a
//	           cause tree from the failure back to the root changes, and
//	           for comparison classic delta debugging over all changes
//	           and over the causes, and git bisect's halving over the
//	           changes in file order; text, JSON and an HTML page of both
//	           versions
//	Technique  the same as a [localize.Technique] of a pipeline
//
// The versions tried keep the new version's test files that declare the
// failing cases' tests and, where the version with every change reverted
// builds that way and the new version, with the changes they need
// reverted, still fails (or the new tests do not build on the old
// version), the old version's other test files (a release's
// other tests often use its new API); else the new version's tests, with
// the changes their declarations need kept.
//
// Before any trial, the changes the failing cases cannot execute are
// set aside (Report.Unreachable): those lying only in functions that a
// static call graph of the new version does not reach from the cases'
// test functions and the packages' initialisation, and those of files
// the test binary does not compile. The graph is conservative: a
// function is reached when reached code calls it or takes its value, and
// a type converted to an interface in reached code brings in the methods
// of its method sets and of the types it holds (what library code and
// reflection may call with it). The old version is not loaded: its calls
// are read from the old text of the changes in reached code, every
// function or method of the program of a name it calls being reached
// too. A change
// outside function bodies counts as reached when its file is compiled.
// When the version with every other change reverted does not pass, the
// changes set aside are put back (Report.PutBack). The graph needs the
// new version loaded by the interpreter (not run): without it nothing is
// set aside. Limits: a function called only by code outside the loaded
// program that reached code never hands it (a registry filled by another
// package's init through reflection) is not reached; the check by trial
// catches such a change when it matters.
//
// The versions tried run in faultloc's interpreter (loaded from source
// with overlays, nothing compiled) or natively (Options.Trials): each
// version's test binary built by go test -c with the version's files as
// -overlay, and run once per failing case. Natively, delta debugging
// tries up to GOMAXPROCS versions at once by default (Options.Parallel),
// in the order the one-at-a-time search would try them, taking the first
// that answers, so the report is the same but for Effort (a wave may try
// versions past the one that answers). A test binary is built once per
// distinct content of its overlay (the last few kept on disk), and a
// version's verdict is kept by the hash of the set of changes reverted,
// shared by AFTER and the baselines: a version one method ran is not run
// again for another, which still counts it in its effort. By default the interpreter
// runs them when it can run the failing cases on the new version; when
// it cannot (a construct it does not support), the versions run natively
// and, with no recorded failing run, there are no causes: the root cause
// is searched among every change (Report.AnalysisError says why). Native
// trials need no interpreter support but compile every version, which
// costs more than interpreting a small package's tests. With
// TrialsInterp, a selected case the interpreter cannot run is named in
// Report.NotRun, and when none can run Explain returns a
// [*CannotRunError]. When the context ends first, Explain returns the
// report so far, marked Partial.
//
// Costs: every version tried is type-checked first (the search for
// auxiliary changes tries many that only need that): in this process,
// from a list of the packages the go command makes once per set of
// imports the versions have, parsing and checking only the packages a
// version changes and those importing them; then, if it builds, it is
// loaded with overlays and its failing cases run again (or built and run
// natively), so a regression with many changes takes many loads. A
// native version costs a go test -c (the packages it changes compiled
// again, the binary linked) unless a version of the same files was
// built; versions run at once share the machine's cores with the go
// command's own parallelism. Setting changes aside costs a walk of the
// new version's functions (loaded once for the analysis) and one trial;
// it saves trials only where the failing cases reach a small part of
// the code (a test of a compiler's whole pipeline reaches most of it),
// and a smaller set of changes may still take delta debugging along a
// longer path. Limits: between releases with a thousand changes, the
// auxiliary changes of a set can number hundreds (a refactoring's
// changes that need each other); more than a few dozen are kept as
// found, not shrunk to a 1-minimal set, and a root cause reverted with
// that many, which the search takes only when no light set of causes
// passes, is verified but says little (Report.Aux lists them); a set
// whose build errors lead to none, where the other changes are that
// many, is unresolved (reverting all of them is the old version). The
// predicates whose outcome did not change are not dropped from the
// rounds, removed code outside the bodies of the functions the failing
// run's dependences reach is a cause only when no set of causes suffices,
// and the HTML page shows the versions' files side by side without
// aligning their lines. bench/realbugs/REGRESS.md
// (go run ./bench/realbugs -kinds regress) holds the figures.
//
// The exported API is stable (api/localize/regress.txt), and so are the
// JSON field names of Report; the text and HTML renderings may change.
package regress
