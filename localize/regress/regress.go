package regress

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize/internal/search"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/regress/internal/guard"
	"github.com/faultloc/faultloc/localize/regress/internal/reach"
	"github.com/faultloc/faultloc/slicing"
	"github.com/faultloc/faultloc/trace"
)

// RegressOptions configure [Regress].
type Options struct {
	// Old and New are the root directories of the two versions. The
	// tests run in New, with subsets of the changes reverted as overlays
	// (no file is written).
	Old, New string
	// Changes are the changes between the versions. Default nil:
	// changes.Dirs(Old, New, nil).
	Changes *changes.Set
	// Package is the package whose tests run: a go/packages pattern
	// resolved in Dir, naming one package of the new version.
	Package string
	// Dir is where Package is resolved. Default "": the current directory.
	Dir string
	// Run selects the failing test cases to explain, as go test -run
	// does. Default "": every case that fails on the new version.
	Run string
	// BuildFlags are passed to the build system, e.g. "-tags=faultloc".
	BuildFlags []string
	// Overlay holds files laid over the new version in every build, by
	// absolute path, as go/packages overlays: for example the test file
	// of a later release that holds the regression test, in place of the
	// new version's. A file that a reverted change also rewrites keeps
	// the reverted text. Default nil.
	Overlay map[string][]byte
	// RunTimeout bounds each run of a case; a run cut short makes its
	// version unresolved. Default 0: 30 seconds.
	RunTimeout time.Duration
	// Trials says how the versions that the search tries are run.
	// Default TrialsAuto: in the interpreter when it runs the failing
	// cases on the new version, natively otherwise (when it cannot run
	// them, or when every selected case passes in it: go test decides
	// then whether one fails).
	Trials Trials
	// Progress, if set, is called after each version tried, one call at
	// a time.
	Progress func(Trial)
	// Parallel is how many versions delta debugging tries at once (AFTER's
	// and the baselines'), each loaded or built and run on its own.
	// Default 0: GOMAXPROCS when the versions run natively, one at a time
	// in the interpreter (each version loaded whole). The report is the
	// same but for Effort: more versions may be tried (those of a wave
	// past the first that answers).
	Parallel int
	// NoPrune keeps the changes the failing cases cannot execute in
	// AFTER's search (Report.Unreachable stays empty). Default false:
	// they are set aside before any trial.
	NoPrune bool
	// NoSwitch leaves the fix sites in their structural order (see
	// FixSite.Rank): no branch of theirs is switched.
	NoSwitch bool
	// NoBaselines skips the baselines: delta debugging over all changes
	// and over the causes, bisection over all changes.
	NoBaselines bool
	// ReverseDD has the baselines try the changes last first (the order
	// of the AFTER paper's Fig. 10 on its running example). Default:
	// in the changes' order.
	ReverseDD bool
	// NoSolver skips the trace formula's minimal correction sets (the
	// Core mark of causes).
	NoSolver bool
	// SolverTimeout bounds the enumeration of the minimal correction
	// sets (of at most two statements). Default 0: 20 seconds.
	SolverTimeout time.Duration
}

func (o *Options) dir() string {
	if o.Dir != "" {
		return o.Dir
	}
	wd, _ := os.Getwd()
	return wd
}

// coreChanges enumerates the minimal correction sets of the failing
// case's trace formula (AgxFaults, at most two statements each) and
// returns the changes holding one of their statements, with a summary.
func coreChanges(ctx context.Context, prog *trace.Program, pkgPath, name string, set *changes.Set, opts *Options) (map[string]bool, string) {
	d := opts.SolverTimeout
	if d <= 0 {
		d = 20 * time.Second
	}
	sctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	arep, err := search.Localize(sctx, prog, prog.GoTestCase(pkgPath, name), &search.Options{MaxSize: 2})
	if err != nil {
		return nil, "minimal correction sets: " + err.Error()
	}
	core := map[string]bool{}
	for _, cand := range arep.Candidates {
		for _, l := range cand.Locations {
			for _, c := range set.Changes {
				if filepath.Join(set.New, filepath.FromSlash(c.File)) == l.File && c.New.End > c.New.Offset && c.New.StartLine <= l.Line && l.Line <= c.New.EndLine {
					core[c.ID] = true
				}
			}
		}
	}
	summary := fmt.Sprintf("%d minimal correction sets of at most two statements", len(arep.Candidates))
	if arep.Partial {
		summary += " (partial: " + arep.Reason + ")"
	}
	return core, summary
}

// parallel is Parallel with its default, for native trials or not.
func (o *Options) parallel(native bool) int {
	switch {
	case o.Parallel > 0:
		return o.Parallel
	case native:
		return runtime.GOMAXPROCS(0)
	}
	return 1
}

func (o *Options) runTimeout() time.Duration {
	if o.RunTimeout > 0 {
		return o.RunTimeout
	}
	return 30 * time.Second
}

// Baseline is the result of a method that AFTER is compared with: delta
// debugging over the changes, the AFTER paper's comparison (Zeller's dd,
// where a configuration is the set of changes applied to the old version,
// the others reverted from the new, a failing configuration is one whose
// run fails, and a version that does not build is unresolved: no
// auxiliary changes), or git bisect's halving over the changes in file
// order, what a user does by hand (Diff is then the one change that
// separates a passing version from a failing one). Each searches between
// the versions AFTER starts from (see Base); dd over the causes searches
// the causes with the auxiliary changes that reverting them all needs.
type Baseline struct {
	Name     string   `json:"name"`     // "dd over all changes", "dd over the causes", "bisection over all changes"
	Universe []string `json:"universe"` // the changes dd searched
	Diff     []string `json:"diff"`     // its failure-inducing difference
	// Base are the changes reverted in every version the method tried:
	// those the versions' tests need reverted to build on the new
	// version (AFTER's auxiliary changes of reverting nothing), so that
	// it searches between the versions AFTER starts from. Usually none.
	Base []string `json:"base,omitempty"`
	// Effort is the method's work: Probes (versions tried), Runs (test
	// runs), Unresolved and Total.
	Effort localize.Stats `json:"effort"`
	Err    string         `json:"error,omitempty"`
}

// RegressReport is what [Regress] found.
type Report struct {
	Package string   `json:"package"`
	Run     string   `json:"run,omitempty"`
	Failing []string `json:"failing"` // the cases explained: they fail on the new version
	// NotRun are the selected cases the interpreter could not run or did
	// not reach on the new version, and the tests whose cases it could
	// not all list, each with why ("case: reason"); they are not
	// explained.
	NotRun  []string `json:"notRun,omitempty"`
	Failure string   `json:"failure"` // how the first one fails
	// Changes are all the changes between the versions.
	Changes []*changes.Change `json:"changes"`
	// Kept are the changes the new version's tests need (declarations the
	// old version lacks): never reverted.
	Kept []string `json:"kept"`
	// Unreachable are the changes that the failing cases cannot execute
	// (by a static call graph of the new version, see the package doc),
	// set aside before any trial: AFTER's search never reverts them (the
	// baselines still search them), unless PutBack.
	Unreachable []string `json:"unreachable,omitempty"`
	// PutBack says that the Unreachable changes were put back into the
	// search: with every other change reverted the cases did not pass.
	PutBack bool `json:"putBack,omitempty"`
	// Causes are the changes the semantic analysis of the failing run
	// found, by round.
	Causes []Cause `json:"causes"`
	// Predicates are the critical predicates of the failing run, by
	// round.
	Predicates []CriticalPredicate `json:"predicates"`
	// Solver says what the enumeration of the trace formula's minimal
	// correction sets found (see Cause.Core), or why it did not run or
	// stopped.
	Solver string `json:"solver"`
	// Root is a minimal set of changes whose reversal (with Aux) makes
	// the failing cases pass: reverting any one fewer does not.
	Root []string `json:"root"`
	// Aux are the auxiliary changes: reverted with Root so that the
	// version builds; not causes.
	Aux []string `json:"aux"`
	// Guards are the changed conditions a statement of Root runs under:
	// the header of the innermost if, loop or case clause around it,
	// where the release changed that header too (an if whose condition
	// changed, or an added if, whose header change is the whole if) and
	// the failing run depends on it (a cause, where there are causes).
	// Reverting the statement passes, and so may neutralising the
	// condition; no reversal tells which is wrong, and a fix often
	// changes the condition. Set only for a verified Root.
	Guards []string `json:"guards,omitempty"`
	// Rounds is the round of the causes delta debugging searched among
	// (the light ones, when a light set of them sufficed): -1 if no set
	// of causes sufficed and it searched every change.
	Rounds int `json:"rounds"`
	// Chosen says how Root was chosen when it is not the minimal set
	// that delta debugging found (Found), or "" when it is:
	// ChosenAuxiliary, ChosenOrigin, ChosenAddedCode, ChosenGuard,
	// ChosenSwitched or ChosenBroughtIn, the step that
	// replaced the root found before it (when more than one did, the
	// last). Root may then lie outside the causes up to round Rounds.
	Chosen string `json:"chosen,omitempty"`
	// Found is the minimal set that delta debugging found (at the
	// changes' grain), when Root replaced it (Chosen is set).
	Found []string `json:"found,omitempty"`
	// Verified says that a run of the version with Root and Aux
	// reverted passed: a final run, or AFTER's earlier trial of that
	// same version (no version is run twice). With Chosen
	// ChosenSwitched or ChosenBroughtIn, the version run had Enclosing
	// reverted in place of the change of Root it replaced, and a switch
	// of that change's branch in the failing run passed too.
	Verified bool `json:"verified"`
	// Enclosing is the change of the root cause that a switched fix site
	// replaced in Root: the added change (a block or a function) it is
	// nested in (Chosen ChosenSwitched), or the root change that needs
	// the added code holding it deleted with it (Chosen
	// ChosenBroughtIn); nil otherwise.
	Enclosing []string `json:"enclosing,omitempty"`
	// Guarded is the root cause that a changed condition it ran under
	// replaced in Root (Chosen ChosenGuard): its reversal passes too.
	Guarded []string `json:"guarded,omitempty"`
	// OldTests says that the versions tried had the old version's test
	// files, except those declaring the failing cases' test functions
	// (the new version's). A release's other tests often need its new API;
	// they are set aside when the version with every change reverted
	// builds without them and the new version, with the changes they
	// need reverted, still fails (or the new tests do not build on the
	// old version).
	OldTests bool `json:"oldTests,omitempty"`
	// Trials says how the versions tried were run: "interp" (in faultloc's
	// interpreter) or "native" (built and run by go test).
	Trials string `json:"trials"`
	// AnalysisError says why the semantic analysis did not run, if it
	// did not (the interpreter could not run the failing case): then
	// there are no causes, and the root cause is searched among every
	// change. (Effort.Analysis is the analysis' time when it ran.)
	AnalysisError string `json:"analysisError,omitempty"`
	// Partial says that the search was stopped (Reason says why) before
	// it ended: Root is then the smallest set seen to pass when reverted
	// (with its auxiliary changes, not listed), if any: every change not
	// kept when the search stopped before a smaller set passed; not
	// minimal and not verified. A baseline stopped after the
	// search ended does not make the report partial: its Err says so.
	Partial bool   `json:"partial,omitempty"`
	Reason  string `json:"reason,omitempty"`
	// FixSites are where the fix may lie when the root cause replaced
	// code: the causes outside Root that the failing run executed only
	// because of the root cause, Aux's among them, and the causes nested
	// in an added root change (see FixSite), ranked. Root answers
	// which change broke the cases; on a rewrite, the fix sites answer
	// where in the new code it brought in the failure comes from. Empty
	// when no such cause ran (a root cause that replaced nothing the
	// failure depends on), or when the root cause is not verified or
	// there was no semantic analysis.
	FixSites []FixSite `json:"fixSites,omitempty"`
	// Descent says why the fix sites could not be looked for, if they
	// could not (the run with the root cause reverted could not be made).
	Descent string `json:"descent,omitempty"`
	// Switching says what the predicate switching that ranks the fix
	// sites did, when there were fix sites to switch.
	Switching *Switching `json:"switching,omitempty"`
	// Tree is the cause tree: from the failure (its root) to each root
	// change, the statements in between.
	Tree *CauseNode `json:"tree,omitempty"`
	// Effort is AFTER's work: Probes (versions tried), Runs (test runs),
	// Unresolved, Analysis (the semantic analysis: the failing run
	// recorded and walked back, and the solver's minimal correction
	// sets) and Total, which includes Analysis; Builds counts the type
	// checks of all methods, the baselines' included (they share one
	// cache).
	Effort localize.Stats `json:"effort"`
	// Baselines are dd over all changes, dd over the causes and
	// bisection over all changes.
	Baselines []Baseline `json:"baselines,omitempty"`

	// OldDir and NewDir are the root directories of the two versions
	// (Options.Old and New), from which WriteHTML reads their files
	// (not written).
	OldDir, NewDir string `json:"-"`
	// Output says how the writers write the report (not written).
	Output localize.WriteOptions `json:"-"`

	dir      string
	searched bool // AFTER's search, its verification and the cause tree are done
}

// How Report.Root was chosen when it replaced the minimal set that delta
// debugging found (Report.Chosen).
const (
	// ChosenAuxiliary: an auxiliary change of the minimal set that,
	// reverted alone or in place of one of the set's changes, makes the
	// cases pass with fewer changes reverted in all (the minimal set
	// needed it to build).
	ChosenAuxiliary = "auxiliary"
	// ChosenOrigin: a cause that cannot be reverted without the root
	// found before it, on which that root's code depends by data: where
	// the wrong value starts.
	ChosenOrigin = "origin"
	// ChosenAddedCode: a statement of added code on which the root
	// found before it depends by data, and whose deletion alone makes
	// the cases pass.
	ChosenAddedCode = "added code"
	// ChosenSwitched: a change nested in added code of the root cause
	// (an added block or function, whose reversal deletes its
	// statements together), the first fix site, whose branch, switched
	// in the failing run, made the cases pass: the statement of the
	// added code that decides the failure (Report.Enclosing names the
	// added change it replaced).
	ChosenSwitched = "switched"
	// ChosenBroughtIn: a statement of added code that the root found
	// before it (one change: a rewrite's call of new code where the old
	// code was) needs deleted as an auxiliary change (an added file
	// declaring what the old code declares too), the first fix site,
	// whose branch, switched in the failing run, made the cases pass:
	// the root found before it says which change broke the cases, this
	// one where the fault lies (Report.Enclosing names the change it
	// replaced).
	ChosenBroughtIn = "brought in"
	// ChosenGuard: a changed condition (the header of an if, loop or
	// case clause; an added if that leaves, whole) that the root found
	// before it runs under (Report.Guarded), whose reversal alone passes
	// as well: the failing run executes the statement because of it.
	ChosenGuard = "guard"
)

// nativeWhy says why the versions must run natively though the
// interpreter ran the selected cases of the new version (selected of
// them, failing failed, notRun had no verdict), "" if they need not:
// no case failed and some could not run; or, with TrialsAuto, every
// case passed, where go test has the last word (it may fail one the
// interpreter passes, and the interpreter does not reproduce the
// failure).
func nativeWhy(trials Trials, selected, failing int, notRun []*localize.CaseError) string {
	switch {
	case failing > 0:
		return ""
	case len(notRun) > 0:
		return fmt.Sprintf("the interpreter could not run the selected cases (%s)", notRun[0])
	case selected > 0 && trials == TrialsAuto:
		return "the interpreter does not reproduce the failure: every selected case passes in it"
	}
	return ""
}

// NoRegressionError reports that no selected case fails on the new
// version, so there is nothing to explain.
type NoRegressionError struct {
	Package, Run string
	Cases        int  // the cases selected in the interpreter (0 if it did not run them)
	Native       bool // the cases ran natively (go test)
}

// Error formats the error.
func (e *NoRegressionError) Error() string {
	if e.Native {
		return fmt.Sprintf("localize: regress: none of the cases of %s selected by -run %q fails on the new version under go test", e.Package, e.Run)
	}
	return fmt.Sprintf("localize: regress: none of the %d cases of %s selected by -run %q fails on the new version", e.Cases, e.Package, e.Run)
}

// CannotRunError reports that none of the selected cases could run on a
// version, so whether they fail there is unknown: the interpreter could
// not run them (with TrialsInterp), or their native test binary ended
// before it ran one (a panic in a package initializer, os.Exit) or
// outlived RunTimeout.
type CannotRunError struct {
	Package string
	Version string // "new", or "old" (every change reverted but the kept ones)
	// Cases are each case and why it could not run (or was not reached,
	// localize.ErrNotReached), and each test whose cases could not all be
	// listed; natively, one entry without a case name, for every
	// selected case.
	Cases []*localize.CaseError
}

// Error formats the error with the first cases' reasons.
func (e *CannotRunError) Error() string {
	if len(e.Cases) == 1 && e.Cases[0].Case == "" {
		return fmt.Sprintf("localize: regress: the selected cases of %s could not run on the %s version: %s", e.Package, e.Version, e.Cases[0].Error())
	}
	var why []string
	for i, c := range e.Cases {
		if i == 3 {
			why = append(why, fmt.Sprintf("and %d more", len(e.Cases)-3))
			break
		}
		why = append(why, c.Error())
	}
	return fmt.Sprintf("localize: regress: none of the %d selected cases of %s could run on the %s version: %s", len(e.Cases), e.Package, e.Version, strings.Join(why, "; "))
}

// Unwrap returns the cases' errors.
func (e *CannotRunError) Unwrap() []error {
	var errs []error
	for _, c := range e.Cases {
		errs = append(errs, c)
	}
	return errs
}

// OldFailsError reports that the failing cases fail on the old version
// too (the new version with every change reverted but the kept ones), or
// that the old version could not be run or built (Outcome Unresolved;
// Reason says why).
type OldFailsError struct {
	Outcome slicing.Outcome
	Reason  string // why the run was unresolved, if it was
}

// Error formats the error.
func (e *OldFailsError) Error() string {
	if e.Outcome == slicing.Unresolved {
		why := e.Reason
		if why == "" {
			why = "unresolved"
		}
		return fmt.Sprintf("localize: regress: the old version (every change reverted) could not be run: %s", why)
	}
	return fmt.Sprintf("localize: regress: with every change reverted the cases do not pass (%s): not a regression between these versions", e.Outcome)
}

// Regress explains a regression with AFTER (Yi et al., "A Synergistic
// Analysis Method for Explaining Failed Regression Tests", ICSE 2015):
// test cases of package opts.Package pass on the old version and fail on
// the new one; which of the changes between them cause the failure, and
// how?
//
//  1. The changes between the versions ([changes.Dirs]); the changes the
//     new version's tests need are kept.
//  2. Semantic analysis: the first failing case is recorded on the new
//     version and its dynamic dependences are followed back from the
//     failure in rounds separated by critical predicates (see [Cause],
//     [CriticalPredicate]); the changes reached are the causes.
//  3. Dynamic analysis: for each round, the causes up to it are reverted
//     together (with their auxiliary changes); the first set whose
//     reversal makes the cases pass is shrunk by asymmetric delta
//     debugging (ddmin over the reverted set, where passing is the
//     outcome kept) to a minimal root set; a root change whose reversal
//     needs a change holding it (an added block) is replaced by that
//     change; a root change holding nested changes (added code) is
//     replaced by one of them while reverting it instead still passes
//     (and does not need it); an auxiliary change of the root (a cause,
//     where there are causes) replaces the whole root when reverting it
//     alone passes and reverts fewer changes in all (reverting the first
//     minimal set found may need the faulty change as an auxiliary one:
//     a call site reverted to a rewritten function's old signature takes
//     the function along); a cause that cannot be reverted without the
//     root, and on which the root's code depends by data, replaces the
//     root (where the wrong value starts, not the
//     call passing it on); a statement of added code that every root
//     change depends on by data replaces the root when deleting the
//     statement alone passes too (added code has no old version: the
//     call sites entering it are found first), the one statement of an
//     added if without else standing for the if; a run of the version
//     verifies the root. If no set of
//     causes suffices, every change is searched.
//  4. Auxiliary changes complete each tried subset so that it builds,
//     found from the type checker's errors (see RegressReport.Aux); a
//     subset that cannot be completed is unresolved.
//  5. Fix sites: the causes outside the root that the failing run
//     executed and the run with the root and its auxiliary changes
//     reverted does not (the new code a rewriting root cause brought in;
//     see [FixSite]).
//  6. The cause tree joins each root change to the failure.
//
// Unless opts.NoBaselines, dd over all changes, dd over the causes (with
// the auxiliary changes reverting them all needs) and bisection over all
// changes in file order run too, each with its own cache, for
// comparison, between the versions AFTER starts from (Baseline.Base).
// The versions run in faultloc's interpreter or natively
// (Options.Trials).
//
// The semantic analysis follows dynamic dependences: the statements it
// takes as generators of a predicate are its data slice, a superset of
// the statements an unsat core of the weakest precondition would keep
// (the paper's); the trace formula's minimal correction sets only mark
// the causes (Cause.Core). The critical predicates' outcomes are
// compared with the old version's (CriticalPredicate.Differs) for the
// report, not used to prune the rounds. Removed code (a change with an empty span in
// the new version) is reached by no event: a statement removed from a
// function body whose code the walk reached is a cause one round after
// that code's earliest (it could have redefined what that code reads);
// other removed code is a cause only through the final search over every
// change.
//
// When ctx ends first, Explain returns the report so far, marked Partial,
// with ctx's error: the failing cases, the changes and causes found, and
// as Root the smallest set of changes whose reversal was seen to make the
// cases pass, if the search got that far (not verified). When it ends
// during the baselines, after the search, the report is complete but for
// the baselines stopped, each saying so in its Err.
func Explain(ctx context.Context, opts *Options) (*Report, error) {
	rep, err := explain(ctx, opts)
	if rep != nil && ctx.Err() != nil && !rep.searched {
		rep.Partial = true
		rep.Reason = context.Cause(ctx).Error()
	}
	return rep, err
}

// explain is Explain without the marking of partial reports.
func explain(ctx context.Context, opts *Options) (*Report, error) {
	if opts == nil || opts.Package == "" || opts.New == "" || (opts.Old == "" && opts.Changes == nil) {
		return nil, errors.New("localize: regress: RegressOptions needs Package, New and Old (or Changes)")
	}
	set := opts.Changes
	if set == nil {
		var err error
		if set, err = changes.Dirs(opts.Old, opts.New, nil); err != nil {
			return nil, err
		}
	}
	rep := &Report{Package: opts.Package, Run: opts.Run, Changes: set.Changes, Kept: []string{}, Causes: []Cause{}, Predicates: []CriticalPredicate{}, Root: []string{}, Aux: []string{}, OldDir: opts.Old, NewDir: opts.New, dir: opts.dir()}
	// The new version: which selected cases fail, in the interpreter
	// unless every trial is native (the interpreter still records the
	// failing run for the semantic analysis).
	var prog *trace.Program
	var pkgPath string
	var notRun []*localize.CaseError
	var selected int
	var why string            // why the interpreter cannot be used
	var loaded *trace.Program // the new version, loaded for the call graph
	{
		var err error
		prog, err = trace.Load(ctx, &trace.Config{Dir: opts.dir(), Tests: true, Module: true, BuildFlags: opts.BuildFlags, Overlay: opts.Overlay}, opts.Package)
		if err != nil {
			if ctx.Err() != nil {
				return rep, ctx.Err()
			}
			if opts.Trials == TrialsInterp {
				return rep, &BuildError{What: "the new version of " + opts.Package, Errors: []string{err.Error()}}
			}
			why = "the interpreter could not load the new version: " + err.Error()
		}
		loaded = prog
	}
	if prog != nil && opts.Trials != TrialsNative {
		var err error
		if pkgPath, err = prog.TargetPackage(); err != nil {
			return rep, err
		}
		rep.Package = pkgPath
		sel, err := localize.SelectCases(ctx, prog, pkgPath, opts.Run)
		if err != nil {
			return rep, err
		}
		selected = len(sel.Cases)
		for _, c := range sel.Cases {
			rctx, cancel := context.WithTimeout(ctx, opts.runTimeout())
			r, err := c.Run(rctx, &trace.RunOptions{NoTrace: true})
			ended := rctx.Err() != nil
			cancel()
			if ctx.Err() != nil {
				return rep, ctx.Err()
			}
			switch e := localize.NoVerdict(c.Name(), r, err); {
			case e != nil:
				notRun = append(notRun, e)
			case ended:
				notRun = append(notRun, &localize.CaseError{Case: c.Name(), Err: fmt.Errorf("its run took longer than %v (RunTimeout)", opts.runTimeout())})
			case r.Failed:
				rep.Failing = append(rep.Failing, c.Name())
				if rep.Failure == "" {
					rep.Failure = localize.FailureText(r.Result)
				}
			}
		}
		// A test whose cases could not all be listed may hide the
		// failing one: its error counts as a case not run.
		notRun = sel.NoVerdicts(notRun)
		if len(rep.Failing) == 0 && len(notRun) > 0 && opts.Trials == TrialsInterp {
			return rep, &CannotRunError{Package: pkgPath, Version: "new", Cases: notRun}
		}
		why = nativeWhy(opts.Trials, selected, len(rep.Failing), notRun)
	}
	rep.Trials = TrialsInterp.String()
	var nat *native
	if opts.Trials == TrialsNative || why != "" {
		var err error
		if nat, err = newNative(ctx, opts, opts.Package); err != nil {
			return rep, err
		}
		defer nat.close()
		rep.Trials = TrialsNative.String()
		pkgPath = nat.pkg.ImportPath
		rep.Package = pkgPath
		rep.Failing, rep.Failure, err = nat.failing(ctx, opts.Overlay, opts.Run)
		if err != nil {
			return rep, err
		}
		if why != "" {
			rep.NotRun = nil // the cases ran natively
			rep.AnalysisError = "not run: " + why
			prog = nil
		}
	} else {
		for _, e := range notRun {
			rep.NotRun = append(rep.NotRun, e.Error())
		}
	}
	if len(rep.Failing) == 0 {
		if len(notRun) > 0 && nat == nil {
			return rep, &CannotRunError{Package: pkgPath, Version: "new", Cases: notRun}
		}
		return rep, &NoRegressionError{Package: pkgPath, Run: opts.Run, Cases: selected, Native: nat != nil}
	}
	g := &regression{opts: opts, set: set, pattern: opts.Package, pkgPath: pkgPath, cases: rep.Failing, native: nat,
		kept: map[*changes.Change]bool{}, builds: map[string][]buildError{},
		aux: map[string][]*changes.Change{}, auxOK: map[string]bool{}, verdicts: map[string]trial{}}
	// The versions tried get the old version's other test files where
	// they build that way; else the new version's, with the changes their
	// declarations need kept.
	after := &prober{r: g, method: "AFTER", cache: map[string]slicing.Outcome{}}
	defer func() {
		// Stopped before delta debugging gave a smaller set: the
		// smallest set seen to pass when reverted, if any.
		if ctx.Err() != nil && !rep.searched && len(rep.Root) == 0 {
			after.mu.Lock()
			rep.Root = ids(g.inOrder(after.smallest))
			after.mu.Unlock()
		}
	}()
	reset := func() { // forget what the checks found with other test files
		g.tests = nil
		clear(g.kept)
		clear(g.builds)
		clear(g.aux)
		clear(g.auxOK)
		clear(g.verdicts)
		clear(after.cache)
		g.lastKey, g.lastProg = "", nil
		g.tc, g.tcListed = nil, false
	}
	if old := oldTests(ctx, opts, rep.Failing); len(old) > 0 {
		g.tests = old
		err := g.keep(ctx)
		hides := false
		if err == nil {
			// The old tests may use old API that the fault is part of:
			// the new version with what they need reverted must still
			// fail, or the search would start from a passing version;
			// then the new tests are used, where the old version builds
			// with them.
			base, ok, err2 := g.auxiliary(ctx, nil)
			if err2 != nil {
				err = err2
			} else if ok && len(base) > 0 {
				o, err2 := after.outcome(ctx, base)
				err, hides = err2, o == slicing.Pass
			}
		}
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		switch {
		case err != nil:
			reset()
		case hides:
			reset()
			if g.keep(ctx) != nil {
				if ctx.Err() != nil {
					return rep, ctx.Err()
				}
				// The new tests do not build on the old version: the
				// old tests it is.
				reset()
				g.tests = old
				if err := g.keep(ctx); err != nil {
					return rep, err
				}
				rep.OldTests = true
			}
		default:
			rep.OldTests = true
		}
	}
	if !rep.OldTests {
		if err := g.keep(ctx); err != nil {
			return rep, err
		}
	}
	var free []*changes.Change // the changes that may be reverted
	for _, c := range set.Changes {
		if g.kept[c] {
			rep.Kept = append(rep.Kept, c.ID)
		} else {
			free = append(free, c)
		}
	}
	start := time.Now()
	// The changes the cases cannot execute are set aside, where the
	// version with every other change reverted passes.
	all := free
	if loaded != nil && !opts.NoPrune {
		if un := reach.Unreachable(loaded, pkgPath, rep.Failing, set, free); len(un) > 0 {
			rep.Unreachable = ids(un)
			rest := without(free, un)
			o, err := after.withAux(ctx, rest)
			if err != nil {
				return rep, err
			}
			if o == slicing.Pass {
				free = rest
			} else {
				rep.PutBack = true
			}
		}
	}
	if len(free) == len(all) {
		if o, err := after.withAux(ctx, free); err != nil {
			return rep, err
		} else if o != slicing.Pass {
			return rep, &OldFailsError{Outcome: o, Reason: after.why}
		}
	}
	// Semantic analysis, where the interpreter runs the failing case.
	semStart := time.Now()
	var sem *semantic
	rep.Solver = "not run (NoSolver)"
	if prog != nil {
		var err error
		if sem, err = analyze(ctx, prog, pkgPath, rep.Failing[0], set); err != nil {
			if ctx.Err() != nil || nat == nil {
				return rep, fmt.Errorf("localize: regress: semantic analysis: %w", err)
			}
			rep.AnalysisError = "not run: the interpreter could not record " + rep.Failing[0] + ": " + err.Error()
		}
	}
	if sem != nil {
		core := map[string]bool{}
		if !opts.NoSolver {
			core, rep.Solver = coreChanges(ctx, prog, pkgPath, rep.Failing[0], set, opts)
		}
		for _, c := range sem.causes {
			if !g.kept[set.ByID(c.Change)] {
				c.Core = core[c.Change]
				rep.Causes = append(rep.Causes, c)
			}
		}
		rep.Predicates = append(rep.Predicates, sem.preds...)
	} else {
		rep.Solver = "not run: no recorded failing run"
	}
	semantic := time.Since(semStart)
	// Dynamic analysis, round by round: first among the light causes
	// (lightSearch), then among them all.
	root, rounds, err := lightSearch(ctx, after, rep.Causes, set, opts.parallel(nat != nil))
	if err == nil && root == nil {
		root, rounds, err = after.search(ctx, rep.Causes, set, free, opts.parallel(nat != nil))
	}
	rep.Rounds = rounds
	if err != nil {
		if ctx.Err() != nil {
			rep.Root = ids(root) // the smallest set seen to pass when reverted
			rep.Effort = after.effort(start)
			rep.Effort.Analysis = semantic
			g.mu.Lock()
			rep.Effort.Builds = g.nbuild
			g.mu.Unlock()
		}
		return rep, err
	}
	root, err = widen(ctx, after, set, root)
	if err == nil {
		root, err = narrow(ctx, after, set, root)
	}
	if err == nil {
		var rank map[string]int // the causes' order, nil without any
		for i, c := range rep.Causes {
			if rank == nil {
				rank = map[string]int{}
			}
			if _, ok := rank[c.Change]; !ok {
				rank[c.Change] = i
			}
		}
		if rank == nil && len(free) < len(all) {
			// Without causes, the changes the cases can execute stand
			// for them: an auxiliary change set aside as unreachable
			// (one the root needs to build) is no root cause.
			rank = map[string]int{}
			for i, c := range free {
				rank[c.ID] = i
			}
		}
		found := root
		for _, step := range []struct {
			chosen string
			f      func([]*changes.Change) ([]*changes.Change, error)
		}{
			{ChosenAuxiliary, func(r []*changes.Change) ([]*changes.Change, error) {
				return tighten(ctx, after, r, rank, len(rep.Causes) > 0)
			}},
			{ChosenAuxiliary, func(r []*changes.Change) ([]*changes.Change, error) { return swap(ctx, after, r, rank) }},
			{ChosenOrigin, func(r []*changes.Change) ([]*changes.Change, error) { return origin(ctx, after, r, rank, sem) }},
			{ChosenAddedCode, func(r []*changes.Change) ([]*changes.Change, error) { return deepen(ctx, after, r, rank, sem) }},
		} {
			var t []*changes.Change
			if t, err = step.f(root); err != nil {
				break
			}
			if !slices.Equal(t, root) {
				if root, err = narrow(ctx, after, set, t); err != nil {
					break
				}
				rep.Chosen, rep.Found = step.chosen, ids(found)
			}
		}
		if slices.Equal(root, found) { // replaced, then put back
			rep.Chosen, rep.Found = "", nil
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			for _, c := range root { // seen to pass when reverted
				rep.Root = append(rep.Root, c.ID)
			}
		}
		return rep, err
	}
	aux, _, err := g.auxiliary(ctx, root)
	if err != nil {
		return rep, err
	}
	for _, c := range root {
		rep.Root = append(rep.Root, c.ID)
	}
	for _, c := range aux {
		rep.Aux = append(rep.Aux, c.ID)
	}
	// The final run: a version AFTER already ran is not run again (its
	// run is as deterministic as any trial the search relied on).
	o, err := after.outcome(ctx, slices.Concat(root, aux))
	if err != nil {
		return rep, err
	}
	rep.Verified = o == slicing.Pass
	if rep.Verified {
		var causes map[string]bool
		for _, c := range rep.Causes {
			if causes == nil {
				causes = map[string]bool{}
			}
			causes[c.Change] = true
		}
		guards := guard.Guards(set, root, aux, causes)
		gr, err := guard.Prefer(ctx, guards, func(ctx context.Context, cs []*changes.Change) (bool, error) {
			o, err := after.withAux(ctx, cs)
			return o == slicing.Pass, err
		})
		if err != nil {
			return rep, err
		}
		if gr != nil {
			if rep.Chosen == "" {
				rep.Found = ids(root)
			}
			rep.Chosen, rep.Guarded, root = ChosenGuard, rep.Root, gr
			if aux, _, err = g.auxiliary(ctx, root); err != nil {
				return rep, err
			}
			rep.Root, rep.Aux = ids(root), ids(aux)
			guards = guard.Guards(set, root, aux, causes)
		}
		rep.Guards = ids(guards)
	}
	if sem != nil && rep.Verified {
		switchProg := prog
		if opts.NoSwitch {
			switchProg = nil
		}
		if rep.FixSites, rep.Descent, rep.Switching, err = descend(ctx, g, sem, switchProg, rep.Failing[0], rep.Causes, root, slices.Concat(root, aux)); err != nil {
			return rep, err
		}
		root = pinpoint(set, rep, root)
	}
	rep.Effort = after.effort(start)
	rep.Effort.Analysis = semantic
	if len(rep.Predicates) == 0 {
		// nothing to compare
	} else if err := compareOutcomes(ctx, g, all, rep.Predicates); err != nil {
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		for i := range rep.Predicates {
			rep.Predicates[i].Old = ""
		}
	}
	var chains [][]*CauseNode
	for _, c := range root {
		if sem == nil {
			break
		}
		if ch := sem.why(c.ID); ch != nil {
			chains = append(chains, ch)
		}
	}
	rep.Tree = causeTree(chains)
	rep.searched = true
	if !opts.NoBaselines {
		// The baselines search between the versions AFTER starts from:
		// the new version with the changes its tests need reverted
		// (base: usually none; with the old release's other tests, what
		// they use of the old API) and every change reverted.
		base, ok, err := g.auxiliary(ctx, nil)
		if err != nil || !ok {
			base = nil
		}
		var causes []*changes.Change
		for _, c := range rep.Causes {
			causes = append(causes, set.ByID(c.Change))
		}
		if len(causes) > 0 {
			// The causes reverted need their auxiliary changes to build:
			// they join the universe, as they join each set AFTER tries.
			if aux, ok, err := g.auxiliary(ctx, causes); err == nil && ok {
				causes = append(causes, aux...)
			}
		}
		rep.Baselines = append(rep.Baselines, g.baseline(ctx, "dd over all changes", without(all, base), base))
		rep.Baselines = append(rep.Baselines, g.baseline(ctx, "dd over the causes", without(g.inOrder(causes), base), base))
		rep.Baselines = append(rep.Baselines, g.bisect(ctx, without(all, base), base))
	}
	g.mu.Lock()
	rep.Effort.Builds = g.nbuild
	g.mu.Unlock()
	return rep, nil
}

// withAux runs the version with cs and their auxiliary changes reverted;
// Unresolved if no auxiliary changes make it build.
func (p *prober) withAux(ctx context.Context, cs []*changes.Change) (slicing.Outcome, error) {
	aux, ok, err := p.r.auxiliary(ctx, cs)
	if err != nil {
		return slicing.Unresolved, err
	}
	if !ok {
		p.mu.Lock()
		p.unres++
		p.mu.Unlock()
		return slicing.Unresolved, nil
	}
	o, err := p.outcome(ctx, slices.Concat(cs, aux))
	if err == nil && o == slicing.Pass {
		p.mu.Lock()
		if p.smallest == nil || len(cs) < len(p.smallest) {
			p.smallest = slices.Clone(cs)
		}
		p.mu.Unlock()
	}
	return o, err
}

// without returns cs without the changes of drop.
func without(cs, drop []*changes.Change) []*changes.Change {
	var out []*changes.Change
	for _, c := range cs {
		if !slices.Contains(drop, c) {
			out = append(out, c)
		}
	}
	return out
}

// baseline runs classic dd over universe: a configuration is the subset
// applied to the old version, the rest of universe reverted from the new,
// and base reverted in every configuration.
func (g *regression) baseline(ctx context.Context, name string, universe, base []*changes.Change) Baseline {
	b := Baseline{Name: name, Universe: []string{}, Diff: []string{}, Base: ids(base)}
	for _, c := range universe {
		b.Universe = append(b.Universe, c.ID)
	}
	order := slices.Clone(universe)
	if g.opts.ReverseDD {
		slices.Reverse(order)
	}
	p := &prober{r: g, method: name, cache: map[string]slicing.Outcome{}}
	start := time.Now()
	res, err := slicing.DD(ctx, order, func(ctx context.Context, applied []*changes.Change) slicing.Outcome {
		var revert []*changes.Change
		for _, c := range universe {
			if !slices.Contains(applied, c) {
				revert = append(revert, c)
			}
		}
		o, err := p.outcome(ctx, slices.Concat(revert, base))
		if err != nil {
			return slicing.Unresolved
		}
		return o
	}, &slicing.DDOptions{Parallel: g.opts.parallel(g.native != nil)})
	b.Effort = p.effort(start)
	var oe *slicing.OutcomeError
	switch {
	case ctx.Err() != nil:
		b.Err = "stopped before it ended: " + context.Cause(ctx).Error()
	case len(universe) == 0:
		b.Err = "no change to search"
	case errors.As(err, &oe) && oe.Config == "empty changes":
		b.Err = fmt.Sprintf("not applicable: with all of them reverted the cases do not pass (%s)", oe.Got)
		res.Diff = nil
	case errors.As(err, &oe) && oe.Config == "all changes":
		b.Err = fmt.Sprintf("not applicable: with none of them reverted (the new version%s) the cases do not fail (%s)", baseText(base), oe.Got)
		res.Diff = nil
	case err != nil:
		b.Err = err.Error()
	}
	for _, c := range g.inOrder(res.Diff) {
		b.Diff = append(b.Diff, c.ID)
	}
	return b
}

// ids returns the changes' IDs, never nil.
func ids(cs []*changes.Change) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

// baseText says which changes base reverts, for an error's message.
func baseText(base []*changes.Change) string {
	if len(base) == 0 {
		return ""
	}
	return ", with " + strings.Join(ids(base), " ") + " reverted for its tests to build"
}
