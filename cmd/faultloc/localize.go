package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/angelic"
	"github.com/faultloc/faultloc/localize/diagnose"
	"github.com/faultloc/faultloc/localize/mutation"
	"github.com/faultloc/faultloc/localize/native"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/internal/frontend"
	"github.com/faultloc/faultloc/internal/testmatch"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/cireport"
	"github.com/faultloc/faultloc/localize/pipeline"
	"github.com/faultloc/faultloc/localize/sattar"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

func init() {
	register("localize", command{
		summary: "find minimal fix candidates for the failing tests of a package (AgxFaults)",
		run:     runLocalize,
	})
}

// runLocalize implements `faultloc localize [flags] PKG`.
func runLocalize(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("localize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	prof := profileFlags(fs)
	mode := fs.String("mode", "agx", "encoding: agx (angelic trace formula), pf (program formula), fs or fi (single path); or angelic (angelic debugging: one-expression repair candidates, those the passing cases inhibit listed last); or sat-tar (SAT-TAR, for a fuzz target's failing entries: Tarantula boosted by unsat cores, with concolic tests)")
	under := fs.String("under", "", "with -mode sat-tar: comma-separated functions under test, as named in their package ((*List).Delete); default the package's non-test functions")
	rounds := fs.Int("rounds", 10, "with -mode sat-tar: most generated tests added to the spectrum, one per round (negative: none)")
	maxSize := fs.Int("max-size", frontend.DefaultMaxSize, "largest number of statements in a candidate (0: no bound)")
	maxCands := fs.Int("max-candidates", 0, "stop after this many candidates per test (0: no bound)")
	parallel := fs.Int("parallel", 1, "localize up to N failing cases at once, each within its own -timeout (the reports are the same, in the same order; more memory, and the cases share the CPUs)")
	maxSteps := fs.Int64("max-steps", 0, "step budget of each interpreted run of a test case, exact (0: the interpreter's default, 10 million steps, raised for a case that still ends within a few seconds or as its native time says: see trace.SetMaxSteps); a case over it is reported as over budget")
	timeout := fs.Duration("timeout", pipeline.DefaultTimeout, "time bound per failing test case, all its stages included (search, ranking, probes; for the first case also the evidence the cases share, which gets at most half of it, two thirds while waiting for the native go test run); results found by then are reported as partial, the stage cut named in the reason")
	deadline := fs.Duration("deadline", 0, "time bound of the whole run (0: none); when it passes, the reports of the cases done are written, as on Ctrl-C, then the failing cases not localized by then, ranked by the native run alone, and the exit status is 3")
	runRE := fs.String("run", "", "localize only the test cases selected as go test -run selects them: one regular expression per level of the name, split at slashes (TestX/sub)")
	failedFrom := fs.String("failed-from", "", "localize the cases that failed in a recorded run: a file of go test -json output or a gotestsum --jsonfile (- for standard input); each must still fail, and the passing cases stay evidence; not with -run")
	format := fs.String("format", "text", "output format: text, json, html (one self-contained page, with a spectrum heat map when passing cases exist), sarif (SARIF 2.1.0, for code scanning and editors) or github (GitHub Actions annotations); sarif and github name files relative to the module root")
	top := fs.Int("top", 0, "with -format sarif or github: only the first N results of each failing case, in the text report's order (0: all)")
	threshold := fs.Float64("threshold", math.Inf(-1), "with -format sarif or github: only the ranked lines scored at least this by the evidence that placed them (candidates, fixes and lines without a score are kept; default: all)")
	overlay := fs.String("overlay", "", "a go build -overlay file (JSON: {\"Replace\": {file: replacement}}): the files it names are loaded from their replacements, as go build and go test do")
	tags := fs.String("tags", "", "comma-separated build tags to load the package with (e.g. faultloc for this repository's examples)")
	by := fs.String("by", "line", "fault locations: line (one per source line) or expr (one per expression, as angelic debugging does)")
	arith := fs.String("arith", "bv", "integer encoding: bv (exact bit-vectors) or int (unbounded integers, faster, inexact)")
	strs := fs.Bool("strings", true, "model strings in the formula when the test compares them (false: keep them at their run values; Z3's string solver is slower and has had crashes)")
	floats := fs.Bool("floats", true, "model floats (IEEE 754) in the formula when the test compares them (false: keep them at their run values)")
	engineFlag := fs.String("engine", "auto", "Z3 engine of the checks: auto (by the formula: see localize.AutoEngine), smt (Z3's SMT core), bv (Z3's bit-vector SAT solver) or hybrid (the SMT core to find models, the SAT solver for exhaustion proofs); bv and hybrid use the SMT core with -arith int; it changes how fast candidates are found, not which")
	first := fs.Bool("first", false, "in a test that fails several checks (a table-driven test looping with t.Error), localize the first failed check alone: a candidate is verified when the re-run passes it and every check before it")
	fixes := fs.Bool("fixes", false, "also search the mutants of every line the failing cases executed (and of the candidates' lines) for plausible fixes: mutants under which the case passes and no passing case fails (see mutation.Analysis.Fixes)")
	probe := fs.Bool("probe", true, "after ranking each failing case, when no candidate is verified, force the values of the ranking's first lines (angelic.ForceProbe: a line whose forced branches or numbers make the case pass is a verified candidate), then look for plausible fixes among the mutants of its first lines (mutation.FixProbe: the case passes and no passing case that executes the line fails) and rank the lines that have one first; with -all, mutants under which every failing case passes are diagnoses (diagnose.Diagnoser)")
	native := fs.Bool("native", true, "also run the package's tests natively, as go test does (native.Collect): a failing case the interpreter cannot run is ranked by that native evidence, and the native ranking is fused into the others' (native.Fuse)")
	evidence := fs.String("evidence", "interp", "where the coverage of the package's cases that -run leaves out comes from: interp (each interpreted) or native (the native stage's go test run, far faster on a large suite; needs -native); the failing cases selected are interpreted either way (pipeline.Options.Evidence)")
	slice := fs.Bool("slice", false, "blame only statements in the relevant slice of each failure (and statements its run did not execute): much faster on tests that run code unrelated to the failure, such as package initialization")
	flexFlag := fs.Bool("flex", false, "order the candidates by the flexibility test on the passing cases: a candidate is listed last (removed with -remove) when a passing case that executes it fails under every alternate value tried and every value the solver finds in its formula (always on with -mode angelic)")
	remove := fs.Bool("remove", false, "with -flex or -mode angelic: remove the candidates a passing case inhibits instead of listing them after the others")
	consistent := fs.Bool("consistent", true, "with -all: also check whether each verified diagnosis is one fix (diagnose.Options.Consistent): what its statements do a function of what they read, in every failing case, and that function keeping the package's passing cases passing; such diagnoses are marked \"one fix\"")
	all := fs.Bool("all", false, "diagnose the failing cases together (diagnose.Run): one report for the package listing diagnoses, sets of statements that explain every failing case at once, and the cases each explains; -timeout then bounds the whole diagnosis, -max-size a diagnosis (default 3), -max-candidates the diagnoses of each group; text or json")
	shardValue := shardFlag(fs)
	evidenceParallel := fs.Int("evidence-parallel", 1, "interpret up to N of the package's cases at once for the spectrum (the selected ones, then those -run leaves out): the same rows in the same order, sooner on idle cores, unless a case comes near a wall-clock bound (pipeline.Options.EvidenceParallel)")
	showProgress := fs.Bool("progress", false, "show progress on stderr: what runs now, the failing cases done, the time left of the stage's bound and of -deadline, as a bar on a terminal, else as a line once a stage has run 2 s and every 10 s after; then each stage's time (default: on with -format text, off with the other formats)")
	tiebreak := fs.String("tiebreak", "position", "order of candidates that tie on verified and size: position (file, line); a spectrum formula (e.g. ochiai, tarantula; see faultloc spectra -formula list) over the package's test cases, passing and failing, run in the interpreter; or mutation (Metallaxis) or muse (MUSE): the package's test cases run on mutants of the candidates' lines")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: faultloc localize [flags] PKG\n\nRuns every test case of PKG (subtests included) in faultloc's interpreter and,\nfor each failing one, reports the minimal sets of statements where a change\nmakes it pass, with the angelic values that do it, each verified by a re-run.\n\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 1
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 1
	}
	if *maxSteps < 0 {
		fmt.Fprintf(stderr, "faultloc localize: -max-steps %d: want 0 (the default budget) or a positive number of steps\n", *maxSteps)
		return 1
	}
	if *parallel < 1 {
		fmt.Fprintf(stderr, "faultloc localize: -parallel %d: want at least 1\n", *parallel)
		return 1
	}
	if *evidenceParallel < 1 {
		fmt.Fprintf(stderr, "faultloc localize: -evidence-parallel %d: want at least 1\n", *evidenceParallel)
		return 1
	}
	var evidenceSource pipeline.EvidenceSource
	switch *evidence {
	case "interp":
		evidenceSource = pipeline.InterpretedEvidence
	case "native":
		if !*native {
			fmt.Fprintln(stderr, "faultloc localize: -evidence native needs the native stage: drop -native=false")
			return 1
		}
		evidenceSource = pipeline.NativeEvidence
	default:
		fmt.Fprintf(stderr, "faultloc localize: -evidence %q: want interp or native\n", *evidence)
		return 1
	}
	stopProfiles, err := prof.start(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "faultloc localize: %v\n", err)
		return 1
	}
	defer stopProfiles()
	angelicMode := *mode == angelic.Mode
	useSATTAR := *mode == sattar.Mode
	if angelicMode || useSATTAR {
		*mode = "agx" // the search behind AngelicTest, the encoding of SAT-TAR's cores
	}
	m, err := encode.ParseMode(*mode)
	if err != nil {
		fmt.Fprintln(stderr, "faultloc localize:", err)
		return 1
	}
	opts := &agx.Options{Mode: m, MaxSize: *maxSize, MaxCandidates: *maxCands, SliceScope: *slice, FirstFailure: *first, NoStrings: !*strs, NoFloats: !*floats}
	switch *arith {
	case "bv":
	case "int":
		opts.Arith = encode.Integer
	default:
		fmt.Fprintf(stderr, "faultloc localize: unknown -arith %q (want bv or int)\n", *arith)
		return 1
	}
	switch *engineFlag {
	case "auto":
	case "smt":
		opts.Engine = agx.SMTEngine
	case "bv":
		opts.Engine = agx.BVEngine
	case "hybrid":
		opts.Engine = agx.HybridEngine
	default:
		fmt.Fprintf(stderr, "faultloc localize: unknown -engine %q (want auto, smt, bv or hybrid)\n", *engineFlag)
		return 1
	}
	switch *by {
	case "line":
	case "expr":
		opts.Granularity = encode.ByExpression
	default:
		fmt.Fprintf(stderr, "faultloc localize: unknown -by %q (want line or expr)\n", *by)
		return 1
	}
	tieFormula := "" // -tiebreak's spectrum formula, if it names one
	byMutation := *tiebreak == "mutation" || *tiebreak == "muse"
	if *tiebreak != "position" && !byMutation {
		if _, err := spectra.Lookup(*tiebreak); err != nil {
			fmt.Fprintf(stderr, "faultloc localize: -tiebreak: %v (or position, mutation, muse)\n", err)
			return 1
		}
		tieFormula = *tiebreak
	}
	if *format != "text" && *format != "json" && *format != "html" && !ciFormat(*format) {
		fmt.Fprintf(stderr, "faultloc localize: unknown -format %q (want text, json, html, sarif or github)\n", *format)
		return 1
	}
	sh, err := resolveShard(fs, *shardValue, "format", "top", "threshold")
	if err == nil && sh.On() && *all {
		err = errShardAll(sh)
	}
	if err != nil {
		fmt.Fprintln(stderr, "faultloc localize:", err)
		return 1
	}
	sharded := sh.On()
	maxSizeSet := false
	fs.Visit(func(f *flag.Flag) { maxSizeSet = maxSizeSet || f.Name == "max-size" })
	if *failedFrom != "" && *runRE != "" {
		fmt.Fprintln(stderr, "faultloc localize: -failed-from selects the cases: not with -run")
		return 1
	}
	consistentSet := false
	fs.Visit(func(f *flag.Flag) { consistentSet = consistentSet || f.Name == "consistent" })
	if consistentSet && !*all {
		fmt.Fprintln(stderr, "faultloc localize: -consistent needs -all")
		return 1
	}
	if *all {
		var bad []string
		for _, f := range []struct {
			on   bool
			name string
		}{{angelicMode, "-mode angelic"}, {useSATTAR, "-mode sat-tar"}, {*flexFlag, "-flex"}, {*fixes, "-fixes"}, {*first, "-first"}, {*format == "html", "-format html"}, {*tiebreak != "position", "-tiebreak"}} {
			if f.on {
				bad = append(bad, f.name)
			}
		}
		if len(bad) > 0 {
			fmt.Fprintf(stderr, "faultloc localize: -all cannot be combined with %s\n", strings.Join(bad, ", "))
			return 1
		}
		if !maxSizeSet {
			opts.MaxSize = 0 // localize.DefaultDiagnosisSize
		}
	}
	if *deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = withDeadline(ctx, *deadline, fmt.Errorf("-deadline %v passed", *deadline))
		defer cancel()
	}
	progressSet := false
	fs.Visit(func(f *flag.Flag) { progressSet = progressSet || f.Name == "progress" })
	var view *progressView // -progress: the run's progress on stderr
	if *showProgress || !progressSet && *format == "text" {
		view = newProgress(stderr, "faultloc localize", isTerminal(stderr), time.Now())
		view.liveSearch = *format == "text" && !*all
		view.deadline, _ = ctx.Deadline()
		stderr = view // its bar kept clear of the other lines
		view.run(progressPoll)
		defer func() { view.stop(time.Now()) }()
	}
	status := func(s pipeline.Status) {
		if view != nil {
			view.update(s, time.Now())
		}
	}
	status(pipeline.Status{Stage: "load"})
	// The first case's bound (-timeout) covers the load too.
	began := time.Now()
	cfg := &trace.Config{Tests: true, Module: true} // the module's own packages from source
	if *tags != "" {
		cfg.BuildFlags = []string{"-tags=" + *tags}
	}
	if *overlay != "" {
		if cfg.Overlay, err = readOverlay(*overlay); err != nil {
			fmt.Fprintln(stderr, "faultloc localize:", err)
			return 1
		}
		opts.Overlay = cfg.Overlay // candidates quote their lines from it
	}
	// The native go test run begins now, beside the load, which takes
	// seconds on a real library: pipeline.Run uses it. Not with -all (no
	// native stage), -failed-from (its cases are known after the load)
	// or -overlay (go test does not build one).
	var early *earlyNative
	if *native && !*all && *failedFrom == "" && *overlay == "" {
		early = startNativeEarly(ctx, cfg, fs.Arg(0), *runRE)
	}
	defer stopNativeEarly(early) // the load failed, or the run is over
	// Text reports that nothing reorders afterwards are written as each
	// case is done (a package with many failing cases takes minutes).
	wd, _ := os.Getwd()
	stream := *format == "text" && !*fixes && !sharded
	streamed := map[*localize.Report]bool{} // text reports written as they came
	pkgPath := fs.Arg(0)
	var res *pipeline.Result        // what the pipeline did, when it ran
	var fixShare *mutation.Analysis // a shard's share of -fixes' analysis
	noneFailing := ""               // the line a text report prints when no case fails
	// write writes the reports in the format asked for (text reports
	// that streamed are out already); sm, if not nil, is the spectrum
	// of the package's cases.
	write := func(reports []*localize.Report, sm *spectra.Matrix) error {
		if reports == nil {
			reports = []*localize.Report{}
		}
		if sharded {
			l := &localizeShard{Package: pkgPath, Cases: []string{}, Failing: []string{}, Reports: reports, NoneFailing: noneFailing}
			if res != nil {
				l.Cases, l.Failing = append(l.Cases, res.Cases...), append(l.Failing, res.Failing...)
			}
			for _, rep := range reports {
				rep.RelativeTo(wd)
			}
			if sm != nil {
				l.Spectrum = matrixShard(sm, wd)
			}
			if fixShare != nil {
				l.Fixes = &fixesShard{Pattern: fs.Arg(0), Tags: *tags, Overlay: *overlay, Analysis: fixShare}
				if err := rebase(fixShare, relativeTo(wd)); err != nil {
					return err
				}
			}
			sf := &shardFile{Command: "localize", Index: sh.Index, Total: sh.Total, Args: shardArgs(fs), Localize: l}
			if ctx.Err() != nil {
				sf.Stopped = context.Cause(ctx).Error()
			}
			return writeShard(stdout, sf)
		}
		out := &pipeline.Result{Package: pkgPath, Reports: reports, Spectrum: sm}
		switch *format {
		case "html":
			return out.WriteHTML(stdout)
		case "sarif", "github":
			stopped := ""
			if ctx.Err() != nil {
				stopped = context.Cause(ctx).Error()
			}
			return writeCI(stdout, *format, cireport.Top(cireport.Threshold(cireport.Localize(reports), *threshold), *top), "", partialReason(reports, stopped))
		case "json":
			for _, rep := range reports {
				rep.RelativeTo(wd) // as the text report names files
			}
			return out.WriteJSON(stdout)
		}
		out.Reports = slices.DeleteFunc(slices.Clone(reports), func(rep *localize.Report) bool { return streamed[rep] })
		out.Output.Dir = wd
		return out.WriteText(stdout)
	}
	// stopped ends a run that a signal or -deadline stopped: it writes
	// the reports done unless written (JSON stays one valid array) and
	// says how far the run got. res is nil if the cases had not run yet.
	stopped := func(res *pipeline.Result, written bool) int {
		view.stop(time.Now()) // the progress ends before the reports
		var reports []*localize.Report
		var sm *spectra.Matrix
		if res != nil {
			reports, sm = res.Reports, res.Spectrum
		}
		if !written {
			if err := write(reports, sm); err != nil {
				fmt.Fprintln(stderr, "faultloc localize:", err)
				return 2
			}
		}
		how := "before any failing case was localized"
		if sm != nil {
			// The cases the run never reached are ranked by the native
			// run alone (res.CutShort), after the ones it localized.
			done := reports[:len(reports)-len(res.CutShort)]
			how = fmt.Sprintf("with the reports of %d of the %d failing cases written", len(done), len(res.Failing))
			if n := len(done); n > 0 && done[n-1].Partial {
				how += fmt.Sprintf(" (%s's partial)", done[n-1].Test)
			}
			ranked := 0
			for _, rep := range reports[len(done):] {
				if len(rep.Ranking) > 0 {
					ranked++
				}
			}
			if ranked > 0 {
				how += fmt.Sprintf("; %d more ranked by the native run alone", ranked)
			}
			if n := len(res.CutShort) - ranked; n > 0 {
				how += fmt.Sprintf("; %d more without a ranking: the native run had none of them (their reports say why)", n)
			}
			if len(reports) == 0 && len(res.Failing) == 0 {
				// Not a pass: the native run, which alone could rank
				// the cases the interpreter could not run, had not
				// answered.
				how = "before any failing case was known: the interpreter failed none of the selected cases, and the native go test run had given no verdict on them"
			}
		}
		fmt.Fprintf(stderr, "faultloc localize: %v: stopped %s\n", context.Cause(ctx), how)
		return exitInterrupted
	}
	prog, err := trace.Load(ctx, cfg, fs.Arg(0))
	testHookNativeEarly("loaded")
	if err != nil {
		if ctx.Err() != nil && *all {
			// -all's report is one diagnosis, not a list of cases.
			view.stop(time.Now())
			if code := writeDiagnosis(stoppedDiagnosis(ctx, pkgPath, opts.Mode.String(), nil), ciOutput{*format, *top, *threshold}, stdout, stderr); code != 0 {
				return code
			}
			fmt.Fprintf(stderr, "faultloc localize: %v: stopped while loading\n", context.Cause(ctx))
			return exitInterrupted
		}
		if ctx.Err() != nil {
			return stopped(nil, false)
		}
		fmt.Fprintln(stderr, "faultloc localize:", err)
		return 1
	}
	// The program's own bound, not the process's: runs of other
	// programs in the process (tests of the command) keep theirs.
	prog.SetMaxSteps(*maxSteps)
	pkgPath, err = prog.TargetPackage()
	if err != nil {
		fmt.Fprintln(stderr, "faultloc localize:", err)
		return 1
	}
	var recorded []string // the failing cases -failed-from records
	if *failedFrom != "" {
		if recorded, err = recordedFailures(*failedFrom, pkgPath); err != nil {
			fmt.Fprintln(stderr, "faultloc localize: -failed-from:", err)
			return 1
		}
		*runRE = testmatch.Exact(recorded...)
	}
	if *all {
		d := time.Duration(0) // pipeline.DefaultDiagnosisTimeout: the whole diagnosis, not one case
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "timeout" {
				d = *timeout
			}
		})
		return diagnosePackage(ctx, prog, pkgPath, *opts, *consistent, *probe, *runRE, d, began, ciOutput{*format, *top, *threshold}, stdout, stderr, *failedFrom, recorded, status, view)
	}
	// The options faultloctest builds too (internal/frontend), so that
	// the helper ranks a failing case as the command does.
	set := &frontend.Settings{Run: *runRE, Search: *opts, Timeout: *timeout, NoNative: !*native, Evidence: evidenceSource, NoProbe: !*probe, TieBreak: tieFormula}
	popts, err := set.Options()
	if err != nil {
		fmt.Fprintln(stderr, "faultloc localize:", err)
		return 1
	}
	switch {
	case angelicMode:
		popts.Technique = &angelic.Technique{Options: angelic.Options{Search: *opts, Flex: angelic.FlexOptions{Remove: *remove}}}
	case *flexFlag:
		popts.Technique = &angelic.FlexFilter{Technique: popts.Technique, Options: angelic.FlexOptions{Remove: *remove}}
	}
	popts.Parallel, popts.Status, popts.Start, popts.NativeStarted = *parallel, status, began, early
	popts.EvidenceParallel = *evidenceParallel
	if sharded {
		popts.Shard = sh.Has // merge runs the case-set refiners
	}
	if useSATTAR {
		st := &sattar.Technique{Options: sattar.Options{Search: *opts, Rounds: *rounds}}
		if *under != "" {
			st.Options.Under = strings.Split(*under, ",")
		}
		popts.Technique = st
		popts.Scorers = append([]localize.Scorer{st}, localize.DefaultScorers()...)
	}
	if byMutation {
		popts.TieBreak = mutation.Scorer{Load: *cfg, Patterns: []string{fs.Arg(0)}, MUSE: *tiebreak == "muse", Parallel: runtime.NumCPU()}
	}
	var writeErr error
	var live *liveLines                       // text format: the cases' progress lines
	progressed := map[*localize.Report]bool{} // reports said on stderr as they came
	progress := func(rep *localize.Report) {
		if live != nil {
			live.done(rep.Test)
		}
		verified := 0
		for _, c := range rep.Candidates {
			if c.Verified {
				verified++
			}
		}
		fmt.Fprintf(stderr, "faultloc localize: %s: %d candidates (%d verified) in %v\n", rep.Test, len(rep.Candidates), verified, rep.Stats.Total.Round(time.Millisecond))
		progressed[rep] = true
	}
	// With several failing cases the reports come once every case is
	// done (each one's ties are broken by the others' candidates).
	popts.Progress = progress
	if *format == "text" {
		// The cheap ranking first, while the technique searches, then
		// the candidates as they come; for a case that takes longer
		// than liveDelay.
		stderr = &syncWriter{w: stderr} // the lines come from timers too
		live = newLiveLines(stderr, liveDelay)
		defer live.stop()
		popts.Preliminary = func(i, n int, rep *localize.Report) {
			lines := preliminaryLines(rep, wd, 5)
			live.start(rep.Test, fmt.Sprintf("faultloc localize: %s (%d of %d): preliminary ranking %s; searching for candidates within the case's bound (%v)",
				rep.Test, i, n, lines, caseBound(*timeout)),
				fmt.Sprintf("faultloc localize: %s: preliminary ranking revised with the evidence of the other cases %s", rep.Test, lines))
		}
		popts.Found = func(name string, c localize.Candidate, elapsed time.Duration) {
			live.add(name, fmt.Sprintf("faultloc localize: %s: found %s after %v", name, candidateLine(c, wd), elapsed.Round(time.Millisecond)))
		}
	}
	popts.Report = func(rep *localize.Report) {
		if live != nil {
			live.done(rep.Test)
		}
		if ctx.Err() != nil {
			// Cut short by a signal or -deadline: say so, unless the
			// reason does already; stopped writes what remains, in
			// the order of the cases.
			if cause := context.Cause(ctx).Error(); rep.Partial && !strings.Contains(rep.Reason, cause) {
				rep.Reason = cause + ": " + rep.Reason
			}
			return
		}
		if rep.Partial && len(rep.Candidates) == 0 && rep.Stats.Runs > 0 && ctx.Err() == nil {
			fmt.Fprintf(stderr, "faultloc localize: %s: no candidate (%s); the ranking comes from the other evidence; %s\n", rep.Test, rep.Reason, nothingFoundHint(opts, *timeout, *fixes))
		}
		if stream {
			rep.Output.Dir = wd
			if err := rep.WriteText(stdout); err != nil && writeErr == nil {
				writeErr = err
			}
			streamed[rep] = true
			return
		}
		// The reports come once every case is done (and -fixes or
		// -tiebreak has run): say where the search is meanwhile.
		if !progressed[rep] {
			progress(rep)
		}
	}
	res, err = pipeline.Run(ctx, prog, pkgPath, popts)
	adoptedEarly(res)
	if res != nil {
		printCaseErrors(stderr, res)
	}
	if writeErr != nil {
		fmt.Fprintln(stderr, "faultloc localize:", writeErr)
		return 2
	}
	if ctx.Err() != nil {
		// Stopped by a signal or -deadline, maybe while the last case
		// was being ranked: what is done is written, -fixes left out.
		return stopped(res, false)
	}
	if err != nil {
		fmt.Fprintln(stderr, "faultloc localize:", err)
		return 1
	}
	if recorded != nil && !checkRecorded(stderr, *failedFrom, recorded, res) {
		return 1
	}
	reports := res.Reports
	var ran []trace.Case // the selected cases that ran, for -fixes
	sm := res.Spectrum
	selected := map[string]bool{}
	for _, name := range res.Cases {
		selected[name] = true
	}
	for t := range sm.NumTests() {
		if selected[sm.Test(t).Name] {
			// A fix is plausible for the cases -run selects, as go
			// test -run would check it.
			ran = append(ran, prog.GoTestCase(pkgPath, sm.Test(t).Name))
		}
	}
	if *fixes && (len(reports) > 0 || sharded && len(res.Failing) > 0) {
		status(pipeline.Status{Stage: "fixes"})
		cands := fixCandidates(reports, sm, selected)
		var err error
		if sharded {
			// Every shard runs its share, its own reports or none.
			fixShare, err = shardFixes(ctx, sh, cands, sm, selected, cfg, fs.Arg(0), ran, wd, stderr)
		} else {
			err = addFixes(ctx, reports, cands, cfg, fs.Arg(0), ran, stderr)
		}
		if err != nil {
			if ctx.Err() != nil {
				return stopped(res, false) // the reports, without fixes
			}
			fmt.Fprintln(stderr, "faultloc localize: -fixes:", err)
			return 1
		}
	}
	var refused []string // selected cases (or their tests) the interpreter could not run
	for _, e := range res.Errors {
		if (selected[e.Case] || isParentOf(e.Case, res.Cases)) && !slices.Contains(refused, e.Case) && !errors.Is(e.Err, pipeline.ErrFailsAlone) {
			refused = append(refused, e.Case)
		}
	}
	unrun := notRunNatively(refused, res.Native)
	if len(res.Failing) == 0 && len(res.NotRun) > 0 {
		// The pipeline cut go test at -timeout before it ran them:
		// nobody knows whether they fail. Their reports say so.
		view.stop(time.Now())
		if err := write(reports, sm); err != nil {
			fmt.Fprintln(stderr, "faultloc localize:", err)
			return 2
		}
		fmt.Fprintf(stderr, "faultloc localize: neither the interpreter nor the native go test run, cut at -timeout (%v), ran %s of %s: no verdict, not a pass\n", caseBound(*timeout), strings.Join(res.NotRun, ", "), pkgPath)
		return 1
	} else if len(res.Failing) == 0 && len(refused) > 0 && res.Native != nil && len(unrun) > 0 {
		// go test was stopped at its own bound before it ran them:
		// nobody knows whether they fail.
		fmt.Fprintf(stderr, "faultloc localize: neither the interpreter nor the native go test run, stopped at its bound (%v), ran %s of %s: no verdict, not a pass\n", nativeStageBound, strings.Join(unrun, ", "), pkgPath)
		return 1
	} else if len(res.Failing) == 0 && len(refused) > 0 && res.Native != nil {
		// go test ran them: none of the selected cases fails there.
		fmt.Fprintf(stderr, "faultloc localize: the interpreter could not run %s, which go test passes\n", strings.Join(refused, ", "))
	} else if len(res.Failing) == 0 && len(refused) == len(res.Cases) {
		// Every selected case ended in an error: nothing ran, and
		// "no failing test case" would say otherwise.
		fmt.Fprintf(stderr, "faultloc localize: none of the %d selected cases of %s ran (their errors are above)\n", len(res.Cases), pkgPath)
		return 1
	}
	// With the native evidence, go test has said which cases fail: those
	// the interpreter does not fail have reports from it, and nothing is
	// left to cross-check.
	crossCheck := (*format == "text" || sharded) && len(res.Failing) == 0 && res.Native == nil
	if crossCheck && len(refused) > 0 {
		// A case the interpreter refused (a call it does not bridge:
		// writing files, starting processes, the network) is not run
		// natively either: the cross-check would do to the machine what
		// the refusal kept from it.
		fmt.Fprintf(stderr, "faultloc localize: not cross-checked with go test, which would run natively what the interpreter refused in %s\n", strings.Join(refused, ", "))
	} else if crossCheck {
		// Nothing failed in the interpreter: if go test says otherwise,
		// that is a disagreement to report, not a result.
		var tagList []string
		if *tags != "" {
			tagList = strings.Split(*tags, ",")
		}
		failed := nativeFailures(ctx, fs.Arg(0), *runRE, tagList, cfg.Overlay, *timeout)
		if ctx.Err() != nil {
			return stopped(res, false)
		}
		if len(failed) > 0 {
			fmt.Fprintf(stderr, "faultloc localize: go test fails %s, but in faultloc's interpreter every selected case of %s passes (%d selected): the interpreter does not reproduce the failure\n", strings.Join(failed, ", "), pkgPath, len(res.Cases))
			return 1
		}
	}
	if len(res.Failing) == 0 {
		noneFailing = fmt.Sprintf("no failing test case in %s (%d selected cases ran%s)", pkgPath, len(res.Cases)-len(refused)-len(res.Skipped), notRun(len(res.Skipped), len(refused)))
		if *format == "text" && !sharded {
			fmt.Fprintln(stdout, noneFailing)
		}
	}
	view.stop(time.Now())
	if err := write(reports, sm); err != nil {
		fmt.Fprintln(stderr, "faultloc localize:", err)
		return 2
	}
	if ctx.Err() != nil {
		// The signal came after the last case was localized, while it
		// was being ranked or its fixes searched: its report may lack
		// what that would have added.
		return stopped(res, true)
	}
	return 0
}

// printCaseErrors writes the errors of the selected cases, one line
// each, and names in one line the other cases (those that only add
// evidence to the spectrum) that could not run.
func printCaseErrors(w io.Writer, res *pipeline.Result) {
	var others []string
	for _, e := range res.Errors {
		if slices.Contains(res.Cases, e.Case) || e.Case == "" {
			fmt.Fprintf(w, "faultloc localize: %v\n", e)
		} else if !slices.Contains(others, e.Case) {
			others = append(others, e.Case)
		}
	}
	if len(others) > 0 {
		fmt.Fprintf(w, "faultloc localize: left out of the spectrum, as the interpreter could not run them: %s\n", strings.Join(others, ", "))
	}
}

// isParentOf reports whether test is the test function (or a parent
// subtest) of one of the cases names.
func isParentOf(test string, names []string) bool {
	return slices.ContainsFunc(names, func(n string) bool { return strings.HasPrefix(n, test+"/") })
}

// withDeadline derives the context of localize's -deadline: d from now,
// cause its cause. A test replaces it to pass the deadline at a point of
// the run it chooses, without a timed wait.
var withDeadline = context.WithTimeoutCause

// nativeStageBound bounds the native go test run, which localize waits
// for past -timeout when nothing else can rank the selected cases.
const nativeStageBound = native.DefaultBound

// notRunNatively returns the cases of names (a name may be a parent
// test: any of its subtests counts) that the native run n has no
// verdict of: it was stopped before it ran them.
func notRunNatively(names []string, n *native.Run) []string {
	if n == nil || n.Spectrum == nil {
		return nil
	}
	var out []string
	for _, name := range names {
		ran := false
		for i := range n.Spectrum.NumTests() {
			if t := n.Spectrum.Test(i).Name; t == name || strings.HasPrefix(t, name+"/") {
				ran = true
				break
			}
		}
		if !ran {
			out = append(out, name)
		}
	}
	return out
}

// notRun says how many selected cases skipped and how many could not
// run, for the summary line of a run without failing cases.
func notRun(skipped, refused int) string {
	s := ""
	if skipped > 0 {
		s += fmt.Sprintf(", %d skipped", skipped)
	}
	if refused > 0 {
		s += fmt.Sprintf(", %d could not run", refused)
	}
	return s
}

// diagnosePackage implements localize -all: the failing cases of pkgPath
// diagnosed together, one report written as out says (text, json, sarif
// or github).
// failedFrom and recorded are -failed-from's file and the failing cases
// it records, if given.
// status and view show its progress (view nil: none).
func diagnosePackage(ctx context.Context, prog *trace.Program, pkgPath string, opts agx.Options, consistent, probe bool, runRE string, timeout time.Duration, began time.Time, out ciOutput, stdout, stderr io.Writer, failedFrom string, recorded []string, status func(pipeline.Status), view *progressView) int {
	format := out.format
	d := &diagnose.Diagnoser{Options: diagnose.Options{Search: opts, Parallel: runtime.NumCPU(), Consistent: consistent},
		NoProbe: !probe, Probe: mutation.FixProbe{Parallel: runtime.NumCPU()}}
	res, err := pipeline.Run(ctx, prog, pkgPath, &pipeline.Options{Run: runRE, Diagnoser: d, Timeout: timeout, Start: began, Status: status})
	view.stop(time.Now())
	if res != nil {
		printCaseErrors(stderr, res)
	}
	if err != nil && ctx.Err() == nil {
		fmt.Fprintln(stderr, "faultloc localize:", err)
		return 1
	}
	if recorded != nil && ctx.Err() == nil && !checkRecorded(stderr, failedFrom, recorded, res) {
		return 1
	}
	if res != nil && res.Diagnosis != nil {
		rep := res.Diagnosis
		if ctx.Err() != nil && rep.Partial {
			rep.Reason = fmt.Sprintf("%v: %s", context.Cause(ctx), rep.Reason)
		}
		if code := writeDiagnosis(rep, out, stdout, stderr); code != 0 {
			return code
		}
	} else if ctx.Err() != nil {
		// Stopped before the diagnosis: its report all the same, empty
		// and partial, one whole document in the format asked for.
		var failing []string
		if res != nil {
			failing = res.Failing
		}
		if code := writeDiagnosis(stoppedDiagnosis(ctx, pkgPath, opts.Mode.String(), failing), out, stdout, stderr); code != 0 {
			return code
		}
	} else if format == "text" {
		fmt.Fprintf(stdout, "no failing test case in %s (%d selected cases ran)\n", pkgPath, len(res.Cases))
	} else if ciFormat(format) {
		if err := writeCI(stdout, format, nil, "", ""); err != nil {
			fmt.Fprintln(stderr, "faultloc localize:", err)
			return 2
		}
	} else {
		fmt.Fprintln(stdout, "null")
	}
	if ctx.Err() != nil {
		fmt.Fprintf(stderr, "faultloc localize: %v: stopped\n", context.Cause(ctx))
		return exitInterrupted
	}
	return 0
}

// nothingFoundHint suggests the flags that make a search cheaper, those
// of opts not yet in force first.
func nothingFoundHint(opts *agx.Options, timeout time.Duration, fixes bool) string {
	var try []string
	if !fixes {
		// Mutation needs no solver: on the seeded faults of
		// bench/realbugs it found the fix in every row where the search
		// found nothing.
		try = append(try, "-fixes (mutants that make the case pass, found without the solver)")
	}
	if !opts.SliceScope {
		try = append(try, "-slice (blame only the failure's relevant slice)")
	}
	if opts.Arith != encode.Integer {
		try = append(try, "-arith int (faster on division and multiplication)")
	}
	if !opts.FirstFailure {
		try = append(try, "-first (only the first failed check, in a test that fails several)")
	}
	if opts.MaxSize != 1 {
		try = append(try, "-max-size 1")
	}
	if opts.Engine == agx.AutoEngine && opts.Arith != encode.Integer {
		// On a long run auto picks the bit-vector SAT engine, which can be
		// slow to find models (x/mod/semver's TestCompare: 0.8 s a check
		// against 0.13 s with hybrid).
		try = append(try, "-engine hybrid (auto picks the slower SAT engine on some long runs)")
	}
	try = append(try, fmt.Sprintf("a -timeout longer than %v", timeout))
	return "try " + strings.Join(try, ", ")
}

// preliminaryLines lists the first n lines of a preliminary report's
// ranking, relative to dir as the text report names them: "[a.go:12
// a.go:7 b.go:3]". It rewrites rep's file names.
func preliminaryLines(rep *localize.Report, dir string, n int) string {
	rep.RelativeTo(dir)
	var out []string
	for _, rl := range rep.Ranking[:min(n, len(rep.Ranking))] {
		out = append(out, fmt.Sprintf("%s:%d", rl.File, rl.Line))
	}
	if len(out) == 0 {
		return "(empty)"
	}
	return "[" + strings.Join(out, " ") + "]"
}

// candidateLine describes a candidate in one line, its files relative
// to dir: "candidate a.go:12 b.go:3 (verified, size 2)".
func candidateLine(c localize.Candidate, dir string) string {
	// Its locations alone, copied: the candidate is the report's too.
	r := &localize.Report{Candidates: []localize.Candidate{{Locations: slices.Clone(c.Locations)}}}
	r.RelativeTo(dir)
	var lines []string
	for _, l := range r.Candidates[0].Locations {
		lines = append(lines, fmt.Sprintf("%s:%d", l.File, l.Line))
	}
	v := "NOT verified"
	if c.Verified {
		v = "verified"
	}
	return fmt.Sprintf("candidate %s (%s, size %d)", strings.Join(lines, " "), v, len(c.Locations))
}

// caseBound is the bound of one case's search that -timeout d gives.
func caseBound(d time.Duration) time.Duration {
	if d <= 0 {
		return pipeline.DefaultTimeout
	}
	return d
}

// stoppedDiagnosis is the report of localize -all stopped (ctx ended)
// before the diagnosis ran: no group, partial, saying so; mode is the
// encoding's name (-mode) and failing are
// the failing cases found by then, if any.
func stoppedDiagnosis(ctx context.Context, pkgPath, mode string, failing []string) *localize.DiagnosisReport {
	return &localize.DiagnosisReport{Package: pkgPath, Mode: mode, Cases: append([]string{}, failing...), Groups: []localize.DiagnosisGroup{},
		Partial: true, Reason: fmt.Sprintf("%v: stopped before the diagnosis", context.Cause(ctx))}
}

// writeDiagnosis writes rep as out asks (text, json, sarif or github)
// and returns 0, or 2 when writing failed (said on stderr).
func writeDiagnosis(rep *localize.DiagnosisReport, out ciOutput, stdout, stderr io.Writer) int {
	wd, _ := os.Getwd()
	var err error
	switch {
	case out.format == "json":
		rep.RelativeTo(wd)
		err = rep.WriteJSON(stdout)
	case ciFormat(out.format):
		err = writeCI(stdout, out.format, cireport.Top(cireport.Threshold(cireport.Diagnosis(rep), out.threshold), out.top), "", partialMark(rep.Partial, rep.Reason))
	default:
		rep.Output.Dir = wd
		err = rep.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "faultloc localize:", err)
		return 2
	}
	return 0
}
