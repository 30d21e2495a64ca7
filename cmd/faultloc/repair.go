package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/angelic"
	"github.com/faultloc/faultloc/localize/cireport"
	"github.com/faultloc/faultloc/localize/repair"
	"github.com/faultloc/faultloc/trace"
)

func init() {
	register("repair", command{summary: "synthesize and validate patches for the failing tests of a package", run: runRepair})
}

// runRepair implements `faultloc repair [flags] PKG`.
func runRepair(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("repair", flag.ContinueOnError)
	fs.SetOutput(stderr)
	prof := profileFlags(fs)
	runRE := fs.String("run", "", "take as evidence only the test cases selected as go test -run selects them: one regular expression per level of the name, split at slashes (TestX/sub); the validation still runs the whole test suite")
	deadline := fs.Duration("deadline", 0, "time bound of the whole run (0: none); when it passes, what was found is written, marked partial, and the exit status is 3")
	format := fs.String("format", "text", "output format: text, json or sarif (SARIF 2.1.0: the plausible and the unvalidated patches as results with their fixes, files named relative to the module root)")
	overlay := fs.String("overlay", "", "a go build -overlay file (JSON: {\"Replace\": {file: replacement}}): the files it names are loaded, repaired and tested from their replacements")
	tags := fs.String("tags", "", "comma-separated build tags to load and test the package with (e.g. faultloc for this repository's examples)")
	arith := fs.String("arith", "bv", "integer encoding of the solver searches: bv (exact bit-vectors) or int (unbounded integers, faster, inexact)")
	maxSize := fs.Int("max-size", 3, "largest replacement expression synthesized: operands and operators (b: 1, a + b: 3)")
	maxSites := fs.Int("max-sites", 5, "most repair sites (angelic debugging's candidates) synthesized for")
	maxPatches := fs.Int("max-patches", 10, "most patches validated by a build of their own that runs the package's whole test suite natively, in rank order (ten times as many are first screened in one build, a patch schema)")
	schema := fs.Bool("schema", true, "screen the patches in a patch schema, one build holding them all behind a switch, before validating those that pass by their own builds")
	mutants := fs.Bool("mutation", true, "add mutation analysis' plausible fixes of the sites' lines to the patches")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: faultloc repair [flags] PKG\n\nFinds the repair sites of the package's failing test cases (angelic\ndebugging), synthesizes replacement expressions and guards that fit every\ncase, and validates each patch by running the package's whole test suite\nnatively: a patch is plausible when every test passes.\n\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 1
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 1
	}
	if *format != "text" && *format != "json" && *format != "sarif" {
		fmt.Fprintf(stderr, "faultloc repair: unknown -format %q (want text, json or sarif)\n", *format)
		return 1
	}
	var search agx.Options
	switch *arith {
	case "bv":
	case "int":
		search.Arith = encode.Integer
	default:
		fmt.Fprintf(stderr, "faultloc repair: unknown -arith %q (want bv or int)\n", *arith)
		return 1
	}
	if *maxSize < 1 || *maxSites < 1 || *maxPatches < 1 {
		fmt.Fprintln(stderr, "faultloc repair: -max-size, -max-sites and -max-patches must be at least 1")
		return 1
	}
	stopProfiles, err := prof.start(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "faultloc repair: %v\n", err)
		return 1
	}
	defer stopProfiles()
	if *deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, *deadline, fmt.Errorf("-deadline %v passed", *deadline))
		defer cancel()
	}
	cfg := &trace.Config{Tests: true, Module: true}
	var tagList []string
	if *tags != "" {
		cfg.BuildFlags = []string{"-tags=" + *tags}
		tagList = []string{*tags}
	}
	if *overlay != "" {
		if cfg.Overlay, err = readOverlay(*overlay); err != nil {
			fmt.Fprintln(stderr, "faultloc repair:", err)
			return 1
		}
	}
	wd, _ := os.Getwd()
	// stoppedEarly writes the result of a run stopped before Repair
	// returned one: nothing found, partial, saying where it stopped.
	stoppedEarly := func(pkg, where string) int {
		why := fmt.Sprintf("%v: stopped %s", context.Cause(ctx), where)
		if code := writeRepair(&repair.Result{Package: pkg, Failing: []string{}, Sites: []repair.SiteRepair{}, Patches: []repair.Candidate{}, Partial: true, Reason: why}, *format, wd, stdout, stderr); code != 0 {
			return code
		}
		fmt.Fprintf(stderr, "faultloc repair: %s\n", why)
		return exitInterrupted
	}
	prog, err := trace.Load(ctx, cfg, fs.Arg(0))
	if err != nil {
		if ctx.Err() != nil {
			return stoppedEarly(fs.Arg(0), "while loading")
		}
		fmt.Fprintln(stderr, "faultloc repair:", err)
		return 1
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		fmt.Fprintln(stderr, "faultloc repair:", err)
		return 1
	}
	res, err := repair.Repair(ctx, prog, pkg, &repair.Options{
		Run:        *runRE,
		Angelic:    angelic.Options{Search: search},
		Synth:      repair.SynthOptions{MaxSize: *maxSize},
		Validate:   repair.ValidateOptions{Tags: tagList, NoSchema: !*schema},
		MaxSites:   *maxSites,
		MaxPatches: *maxPatches,
		NoMutation: !*mutants,
	})
	if err != nil {
		if ctx.Err() != nil {
			return stoppedEarly(pkg, "before any site was repaired")
		}
		fmt.Fprintln(stderr, "faultloc repair:", err) // no failing case, or the cases cannot run
		return 1
	}
	if code := writeRepair(res, *format, wd, stdout, stderr); code != 0 {
		return code
	}
	if ctx.Err() != nil {
		fmt.Fprintf(stderr, "faultloc repair: %v: stopped, with what was found written\n", context.Cause(ctx))
		return exitInterrupted
	}
	return 0
}

// writeRepair writes res to stdout in format (text, json or sarif),
// files named relative to wd, and returns 0, or 2 when writing failed
// (said on stderr).
func writeRepair(res *repair.Result, format, wd string, stdout, stderr io.Writer) int {
	res.Output.Dir = wd
	var err error
	switch format {
	case "json":
		res.RelativeTo(wd)
		err = res.WriteJSON(stdout)
	case "sarif":
		err = writeCI(stdout, "sarif", cireport.Repair(res), wd, partialMark(res.Partial, res.Reason))
	default:
		err = res.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "faultloc repair:", err)
		return 2
	}
	return 0
}
