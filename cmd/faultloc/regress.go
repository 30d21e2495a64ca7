package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/cireport"
	"github.com/faultloc/faultloc/localize/regress"
)

func init() {
	register("regress", command{
		summary: "explain a regression: the changes between two versions that make a test fail (AFTER)",
		run:     runRegress,
	})
}

// runRegress implements `faultloc regress -old DIR -new DIR [flags] PKG`.
func runRegress(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("regress", flag.ContinueOnError)
	fs.SetOutput(stderr)
	prof := profileFlags(fs)
	oldDir := fs.String("old", "", "the old version, on which the test passed: a directory; a module version (path@version, from the module proxy); a git revision of the repository holding -new (its tree at that revision); or a file holding a unified diff from the old version to -new")
	newDir := fs.String("new", "", "the new version, on which the test fails: a root directory, or a module version (path@version; PKG is then resolved in its root) (default: the current directory)")
	testFrom := fs.String("test-from", "", "take PKG's _test.go files from this other version of the module (a directory or path@version, e.g. the release that fixed the regression), in place of the new version's")
	runRE := fs.String("run", "", "explain only the failing test cases selected as go test -run selects them")
	tags := fs.String("tags", "", "comma-separated build tags to load the package with (e.g. faultloc for this repository's examples)")
	format := fs.String("format", "text", "output format: text, json, html (one page: the changed files' two versions side by side, the root cause and its auxiliary changes marked), sarif (SARIF 2.1.0: the root cause, auxiliary changes, causes and critical predicates) or github (GitHub Actions annotations); sarif and github name files relative to the module root")
	timeout := fs.Duration("timeout", 30*time.Second, "time bound of each run of a test case; a version whose run takes longer is unresolved")
	deadline := fs.Duration("deadline", 0, "time bound of the whole run (0: none); when it passes the exit status is 3")
	trials := fs.String("trials", "auto", "how the versions tried are run: interp (faultloc's interpreter), native (built and run by go test, with -overlay), or auto (the interpreter when it runs the cases and one fails there, native otherwise)")
	parallel := fs.Int("parallel", 0, "try up to N versions at once (0: as many as GOMAXPROCS when the versions run natively, one at a time in the interpreter); the answer is the same, a few more versions may be tried")
	verbose := fs.Bool("v", false, "print each version tried, with its outcome, on standard error as it ends")
	prune := fs.Bool("prune", true, "set aside, before any trial, the changes the failing cases cannot execute (by a static call graph of the new version); false: search every change")
	baselines := fs.Bool("baselines", true, "also run classic delta debugging over all changes and over the causes, and bisection over the changes in file order, for comparison")
	switching := fs.Bool("switch", true, "rank the fix sites by predicate switching first: a site where switching a branch's decision in the failing run makes it pass comes first, and one nested in an added block that is the root cause takes its place (false: the structural order alone)")
	reverse := fs.Bool("reverse-dd", false, "have the baselines try the changes last first (the order of the AFTER paper's example)")
	timing := fs.Bool("timing", true, "print the time each method took (false: output that does not vary between runs)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: faultloc regress -old DIR|REV|PATCH|MOD@V [-new DIR|MOD@V] [-test-from DIR|MOD@V] [flags] PKG\n\nA test of PKG passes on the old version and fails on the new one: reports\nthe changes between the versions that cause the failure (reverting them,\nwith the auxiliary changes they need to build, makes it pass), and the\nchain of statements from them to the failure.\n\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 1
	}
	if fs.NArg() != 1 || *oldDir == "" {
		fs.Usage()
		return 1
	}
	stopProfiles, err := prof.start(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "faultloc regress: %v\n", err)
		return 1
	}
	defer stopProfiles()
	if *format != "text" && *format != "json" && *format != "html" && !ciFormat(*format) {
		fmt.Fprintf(stderr, "faultloc regress: unknown -format %q (want text, json, html, sarif or github)\n", *format)
		return 1
	}
	if *parallel < 0 {
		fmt.Fprintf(stderr, "faultloc regress: -parallel %d: want 0 (the default) or more\n", *parallel)
		return 1
	}
	trialsMode, ok := map[string]regress.Trials{"auto": regress.TrialsAuto, "interp": regress.TrialsInterp, "native": regress.TrialsNative}[*trials]
	if !ok {
		fmt.Fprintf(stderr, "faultloc regress: unknown -trials %q (want auto, interp or native)\n", *trials)
		return 1
	}
	newDefault := *newDir == ""
	if newDefault {
		*newDir = "."
	}
	wd, _ := os.Getwd()
	if st, err := os.Stat(*newDir); err != nil || !st.IsDir() {
		if !isModuleVersion(*newDir) {
			fmt.Fprintf(stderr, "faultloc regress: -new %s is neither a directory nor a module version (path@version)\n", *newDir)
			return 1
		}
		dir, cleanup, err := fetchVersion(ctx, *newDir)
		if err != nil {
			fmt.Fprintln(stderr, "faultloc regress: -new:", err)
			return 1
		}
		defer cleanup()
		*newDir, wd = dir, dir
	}
	var set *changes.Set
	st, err := os.Stat(*oldDir)
	oldIsDir := err == nil && st.IsDir() // a directory the user named
	if err != nil && isModuleVersion(*oldDir) {
		dir, cleanup, err := fetchVersion(ctx, *oldDir)
		if err != nil {
			fmt.Fprintln(stderr, "faultloc regress: -old:", err)
			return 1
		}
		defer cleanup()
		*oldDir = dir
	} else if err == nil && st.Mode().IsRegular() {
		// A unified diff from the old version to the new one.
		patch, err := os.ReadFile(*oldDir)
		if err == nil {
			set, err = changes.Patch(*newDir, patch, nil)
		}
		if err != nil {
			fmt.Fprintln(stderr, "faultloc regress: -old:", err)
			return 1
		}
	} else if err != nil || !st.IsDir() {
		// A git revision of the repository holding the new version.
		dir, cleanup, err := gitVersion(ctx, *newDir, *oldDir)
		if err != nil {
			fmt.Fprintln(stderr, "faultloc regress: -old:", err)
			return 1
		}
		defer cleanup()
		*oldDir = dir
	}
	if oldIsDir {
		if missing, suggest := misaligned(*oldDir, *newDir); missing != "" {
			// Compared by paths below their roots, every file would
			// be a change: a mistake, unless -new was chosen so.
			newName := *newDir
			if newDefault {
				newName += " (the default: the current directory)"
			}
			msg := fmt.Sprintf("-old %s and -new %s share no Go file by its path below them (%s is not in %s): the versions are compared file by file from their roots, so every file would be a change", *oldDir, newName, missing, *newDir)
			hint := "give -new the directory of the new version that -old's files match"
			if suggest != "" {
				hint += fmt.Sprintf(" (here probably -new %s)", suggest)
			}
			if newDefault {
				fmt.Fprintf(stderr, "faultloc regress: %s; %s\n", msg, hint)
				return 1
			}
			fmt.Fprintf(stderr, "faultloc regress: warning: %s; if that is not meant, %s\n", msg, hint)
		}
	}
	if *deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, *deadline, fmt.Errorf("-deadline %v passed", *deadline))
		defer cancel()
	}
	opts := &regress.Options{Old: *oldDir, New: *newDir, Changes: set, Package: fs.Arg(0), Dir: wd, Run: *runRE,
		RunTimeout: *timeout, NoBaselines: !*baselines, NoPrune: !*prune, NoSwitch: !*switching, ReverseDD: *reverse, Trials: trialsMode, Parallel: *parallel}
	if *tags != "" {
		opts.BuildFlags = []string{"-tags=" + *tags}
	}
	if *verbose {
		opts.Progress = func(t regress.Trial) { fmt.Fprintf(stderr, "faultloc regress: %s\n", t) }
	}
	if *testFrom != "" {
		if opts.Overlay, err = testsFrom(ctx, *testFrom, *newDir, wd, fs.Arg(0), opts.BuildFlags); err != nil {
			fmt.Fprintln(stderr, "faultloc regress: -test-from:", err)
			return 1
		}
	}
	rep, err := regress.Explain(ctx, opts)
	if ctx.Err() != nil {
		if rep == nil || len(rep.Failing) == 0 {
			// The report says so too, whole in its format: a caller
			// reading it finds a partial report, not nothing.
			const why = "stopped before a failing case was found"
			fmt.Fprintf(stderr, "faultloc regress: %v: %s\n", context.Cause(ctx), why)
			if rep == nil {
				rep = &regress.Report{Package: fs.Arg(0), Run: *runRE}
			}
			if rep.Reason == "" {
				rep.Reason = fmt.Sprintf("%v", context.Cause(ctx))
			}
			rep.Partial, rep.Reason = true, rep.Reason+": "+why
			if err := writeRegress(stdout, rep, *format, *oldDir, *newDir, wd, *timing); err != nil {
				fmt.Fprintln(stderr, "faultloc regress:", err)
			}
			return exitInterrupted
		}
		if rep.Partial {
			fmt.Fprintf(stderr, "faultloc regress: %v: stopped; the report is partial\n", context.Cause(ctx))
		} else {
			fmt.Fprintf(stderr, "faultloc regress: %v: stopped during the baselines; AFTER's answer is complete, the baselines stopped say so\n", context.Cause(ctx))
		}
		if err := writeRegress(stdout, rep, *format, *oldDir, *newDir, wd, *timing); err != nil {
			fmt.Fprintln(stderr, "faultloc regress:", err)
		}
		return exitInterrupted
	}
	if err != nil {
		fmt.Fprintln(stderr, "faultloc regress:", err)
		var nc *localize.NoCasesError
		var nr *regress.NoRegressionError
		var cr *regress.CannotRunError
		var of *regress.OldFailsError
		var be *regress.BuildError
		if errors.As(err, &nc) || errors.As(err, &nr) || errors.As(err, &cr) || errors.As(err, &of) || errors.As(err, &be) {
			return 1
		}
		return 2
	}
	if len(rep.NotRun) > 0 {
		fmt.Fprintf(stderr, "faultloc regress: %d selected cases could not run on the new version and are not explained (the report lists them)\n", len(rep.NotRun))
	}
	if err := writeRegress(stdout, rep, *format, *oldDir, *newDir, wd, *timing); err != nil {
		fmt.Fprintln(stderr, "faultloc regress:", err)
		return 2
	}
	return 0
}

// writeRegress writes rep in format (text, json, html, sarif or github).
func writeRegress(w io.Writer, rep *regress.Report, format, oldDir, newDir, wd string, timing bool) error {
	var err error
	switch format {
	case "json":
		err = rep.WriteJSON(w)
	case "sarif", "github":
		err = writeCI(w, format, cireport.Regress(rep, newDir), wd, partialMark(rep.Partial, rep.Reason))
	case "html":
		rep.OldDir, _ = filepath.Abs(oldDir)
		rep.NewDir, _ = filepath.Abs(newDir)
		rep.Output.Dir = wd
		err = rep.WriteHTML(w)
	default:
		rep.Output = localize.WriteOptions{Dir: wd, Timing: timing}
		err = rep.WriteText(w)
	}
	return err
}
