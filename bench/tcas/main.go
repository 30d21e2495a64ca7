package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/examples/tcas"
)

// options are the command's settings (its flags).
type options struct {
	Versions []int         // versions to evaluate; default all but v33 and v38
	Modes    []encode.Mode // default agx, pf, fs, fi
	Sel      selection
	Timeout  time.Duration // per AgxFaults run; default 1m
	MaxSize  int           // agx.Options.MaxSize; default 1
	Arith    encode.Arith  // agx.Options.Arith; default encode.BitVector
	Jobs     int           // concurrent runs; default 1
	Out      string        // the report; default bench/results/tcas.md
	CSV      string        // one row per run; default bench/results/tcas.csv
	Verbose  bool          // progress on stderr
	Show     bool          // every report's text on stderr
	Spectra  bool          // Tarantula and Ochiai over the universe; default true
	Ties     []tiePolicy   // tie policies scored beyond position and random
	CPUProf  string        // write a CPU profile of the evaluation there
	Flex     int           // passing tests of the flexibility test per version (0: not run)
	Args     []string      // the command line, for the report
	// Diagnose runs diagnose.Run on each version's failing tests
	// together instead of AgxFaults on each (see diagnose.go).
	Diagnose bool
	Baseline string // -diagnose: the single-test report's CSV to compare with
	Slice    bool   // -diagnose: agx.Options.SliceScope
	NoDriver bool   // -diagnose: main, tcas.c's test driver, cannot be blamed
	// Consistent (-diagnose) verifies each diagnosis as one fix over the
	// version's passing tests (diagnose.Options.Consistent).
	Consistent bool
}

func main() {
	opts, err := parseFlags(os.Args[1:], os.Stderr)
	if err != nil {
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, opts, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "bench/tcas:", err)
		os.Exit(1)
	}
}

// parseFlags parses the command line into options.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("bench/tcas", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: go run ./bench/tcas [flags]\n\n"+
			"Runs agx.Localize on failing tests of the TCAS faulty versions and\n"+
			"writes a report comparing it with the AgxFaults paper (see doc.go).\n\n")
		fs.PrintDefaults()
	}
	var (
		versions = fs.String("versions", "", "versions to evaluate, e.g. 1,5-9 (default: 1-41 without 33 and 38)")
		modes    = fs.String("modes", "agx,pf,fs,fi", "encodings to run, comma-separated (agx, pf, fs, fi)")
		sampleN  = fs.Int("sample", 3, "failing tests per version, a seeded sample (0: all; see -all)")
		all      = fs.Bool("all", false, "run every eligible failing test (same as -sample 0)")
		seed     = fs.Uint64("seed", 1, "seed of the sample")
		oob      = fs.Bool("oob", false, "also run failing tests whose altitude layer is outside 0..3")
		timeout  = fs.Duration("timeout", time.Minute, "per-run timeout (a run that reaches it is scored on its partial report)")
		maxSize  = fs.Int("maxsize", 1, "largest fix candidate (statements); 0: no bound (issue 8 asks for 3 on multi-fault versions; see doc.go)")
		jobs     = fs.Int("j", 1, "runs in parallel")
		arith    = fs.String("arith", "bv", "integer encoding: bv (exact bit-vectors) or int (unbounded integers; inexact, candidates are still verified by re-running)")
		out      = fs.String("o", "bench/results/tcas.md", "report file (- for stdout)")
		csvOut   = fs.String("csv", "bench/results/tcas.csv", "per-run CSV file (empty: none)")
		verbose  = fs.Bool("v", false, "print progress on stderr")
		show     = fs.Bool("show", false, "print every report (its candidates) on stderr")
		spec     = fs.Bool("spectra", true, "also rank lines with Tarantula and Ochiai over the whole universe (a few seconds per version)")
		cpuProf  = fs.String("cpuprofile", "", "write a CPU profile (go tool pprof) of the evaluation to this file")
		flexN    = fs.Int("flex", 0, "also run angelic debugging's flexibility test (angelic.FlexTest) on every run's candidates, with this many passing tests of the universe per version, a seeded sample (0: not run)")
		diag     = fs.Bool("diagnose", false, "diagnose each version's failing tests together (diagnose.Run) instead of localizing each; -timeout then bounds a version, -maxsize a diagnosis (0: localize's default), -j the parallel replays; the report defaults to bench/results/tcas-diagnosis.md")
		baseline = fs.String("baseline", "bench/results/tcas.csv", "-diagnose: the CSV of a single-test run (agx) whose correct fault locations the report compares with (empty: none)")
		slice    = fs.Bool("slice", true, "-diagnose: blame only each failing test's relevant slice (agx.Options.SliceScope)")
		consist  = fs.Bool("consistent", false, "-diagnose: verify each diagnosis as one fix (diagnose.Options.Consistent): its values a function of what its statements read, and that function keeping every eligible passing test of the universe passing")
		driver   = fs.Bool("driver", true, "-diagnose: main, tcas.c's test driver (its argc check and the assignments of argv to the inputs), can be blamed, as in the single-test runs; false leaves it out of scope, as CFaults' tests give the program its inputs")
		ties     = fs.String("tiebreak", "ochiai,tarantula", "tie policies to score besides position and random, comma-separated: "+
			"ochiai, tarantula (spectrum over the universe), failcount (the version's failing tests), ochiai-mfc (both), "+
			"mutation, muse (the universe run on mutants of the run's candidate lines), "+
			"frequency, guards, assignments (the failing test alone), or a+b (by a, ties by b); none: only position and random "+
			"(with -spectra=false and no -tiebreak, the default is none)")
	)
	if err := fs.Parse(args); err != nil {
		return options{}, err
	}
	o := options{Sel: selection{Sample: *sampleN, Seed: *seed, OOB: *oob}, Timeout: *timeout, MaxSize: *maxSize,
		Jobs: max(*jobs, 1), Out: *out, CSV: *csvOut, Verbose: *verbose, Show: *show, Spectra: *spec, CPUProf: *cpuProf, Flex: *flexN, Args: args,
		Diagnose: *diag, Baseline: *baseline, Slice: *slice, NoDriver: !*driver, Consistent: *consist}
	if o.Diagnose {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["o"] {
			o.Out = "bench/results/tcas-diagnosis.md"
		}
		if !set["csv"] {
			o.CSV = "bench/results/tcas-diagnosis.csv"
		}
		if !set["maxsize"] {
			o.MaxSize = 0
		}
		if !set["sample"] {
			o.Sel.Sample = 0 // every failing test: the point of diagnosis
		}
	}
	if *all {
		o.Sel.Sample = 0
	}
	switch *arith {
	case "bv":
		o.Arith = encode.BitVector
	case "int":
		o.Arith = encode.Integer
	default:
		err := fmt.Errorf("unknown -arith %q (want bv or int)", *arith)
		fmt.Fprintln(stderr, "bench/tcas:", err)
		return options{}, err
	}
	// The default policies rank by the universe's spectra: without them
	// (-spectra=false) the default is none rather than a usage error; an
	// explicit -tiebreak that needs spectra still is one.
	tiesSet := false
	fs.Visit(func(f *flag.Flag) { tiesSet = tiesSet || f.Name == "tiebreak" })
	if !tiesSet && !o.Spectra {
		*ties = "none"
	}
	var err error
	if o.Ties, err = parseTies(*ties); err != nil {
		fmt.Fprintln(stderr, "bench/tcas:", err)
		return options{}, err
	}
	for _, p := range o.Ties {
		if p.needsSpectrum() && !o.Spectra {
			err := fmt.Errorf("-tiebreak %s needs the spectra of the universe (-spectra)", p.Name)
			fmt.Fprintln(stderr, "bench/tcas:", err)
			return options{}, err
		}
	}
	if o.Versions, err = parseVersions(*versions); err != nil {
		fmt.Fprintln(stderr, "bench/tcas:", err)
		return options{}, err
	}
	for _, s := range strings.Split(*modes, ",") {
		if strings.TrimSpace(s) == "" {
			continue // -modes "": spectra only
		}
		m, err := encode.ParseMode(strings.TrimSpace(s))
		if err != nil {
			fmt.Fprintln(stderr, "bench/tcas:", err)
			return options{}, err
		}
		o.Modes = append(o.Modes, m)
	}
	return o, nil
}

// parseVersions parses a list like "1,5-9"; "" is every version but the
// dropped ones.
func parseVersions(s string) ([]int, error) {
	var out []int
	if s == "" {
		for n := 1; n <= tcas.NumVersions; n++ {
			if !dropped[n] {
				out = append(out, n)
			}
		}
		return out, nil
	}
	seen := map[int]bool{}
	for _, f := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(f), "-")
		a, err := strconv.Atoi(lo)
		b := a
		if err == nil && isRange {
			b, err = strconv.Atoi(hi)
		}
		if err != nil || a < 1 || b > tcas.NumVersions || a > b {
			return nil, fmt.Errorf("bad version list %q (versions are 1..%d)", s, tcas.NumVersions)
		}
		for n := a; n <= b; n++ {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out, nil
}

// run evaluates the versions and writes the report and the CSV after each
// version, so that an interrupted evaluation (SIGINT) leaves a report of the
// versions completed, marked as such.
func run(ctx context.Context, o options, stderr io.Writer) error {
	start := time.Now()
	if o.CPUProf != "" {
		f, err := os.Create(o.CPUProf)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	if o.Diagnose {
		return runDiagnosis(ctx, o, stderr)
	}
	var (
		results []runResult
		vers    []versionInfo
	)
	write := func(status string) error {
		sortResults(results, o.Modes)
		env := environment{
			Command: commandLine(o.Args),
			Date:    time.Now().UTC().Format("2006-01-02 15:04 MST"),
			Machine: fmt.Sprintf("%s/%s, %d CPUs, %s", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version()),
			Wall:    time.Since(start),
			Status:  status,
			Commit:  commit(),
		}
		if err := writeFile(o.Out, func(w io.Writer) error { return writeReport(w, env, o, vers, results) }); err != nil {
			return err
		}
		if o.CSV != "" {
			return writeFile(o.CSV, func(w io.Writer) error { return writeCSV(w, results, o.Ties) })
		}
		return nil
	}
	for i, n := range o.Versions {
		ver, err := loadVersion(ctx, n, o.Sel)
		if err == nil {
			vi := info(ver)
			var lines map[string]map[int]float64
			if o.Spectra {
				vi.Spectra, vi.SpectraFailed, lines, err = spectrumBaselines(ctx, ver)
			}
			var rs []runResult
			if err == nil {
				rs = runVersion(ctx, ver, o)
				err = ctx.Err()
			}
			if err == nil && slices.ContainsFunc(o.Ties, tiePolicy.needsMutation) {
				vi.Mutation, err = mutationScores(ctx, ver, rs, o.Jobs)
				if err == nil && o.Verbose {
					m := vi.Mutation
					fmt.Fprintf(stderr, "v%d: mutation analysis: %d lines, %d mutants (%d dropped), %d test runs in %v\n",
						n, m.Lines, m.Mutants, m.Dropped, m.Runs, m.Time.Round(time.Millisecond))
				}
			}
			if err == nil && o.Flex > 0 {
				vi.Flex, err = flexScores(ctx, ver, rs, o.Flex, o.Sel.Seed)
				if err == nil && o.Verbose {
					f := vi.Flex
					fmt.Fprintf(stderr, "v%d: flexibility test: %d candidates, %d inhibited (%d proved, %d faulty), %d searches, %d replays in %v; values alone: %d inhibited (%d faulty) in %v\n",
						n, f.Candidates, f.Inhibited, f.Proved, f.InhibitedFaulty, f.Searches, f.Replays, f.Time.Round(time.Millisecond), f.Values.Inhibited, f.Values.InhibitedFaulty, f.Values.Time.Round(time.Millisecond))
				}
			}
			if err == nil {
				scoreTies(rs, o.Ties, lines, ver.file, ver.faulty) // drops the runs' candidates
			}
			if err == nil {
				vers = append(vers, vi)
				results = append(results, rs...)
				if o.Verbose {
					fmt.Fprintf(stderr, "v%d: %d tests × %d modes in %v (elapsed %v)\n", n, len(ver.tests), len(o.Modes),
						sumTotal(rs).Round(time.Millisecond), time.Since(start).Round(time.Second))
				}
			}
		}
		if err != nil {
			if ctx.Err() != nil && len(vers) > 0 {
				status := fmt.Sprintf("INTERRUPTED during v%d: only the %d versions listed below were evaluated", n, len(vers))
				if werr := write(status); werr != nil {
					return werr
				}
			}
			return err
		}
		last := i == len(o.Versions)-1
		if last || o.Out != "-" { // stdout gets the final report only
			status := ""
			if !last {
				status = fmt.Sprintf("IN PROGRESS: %d of %d versions evaluated", len(vers), len(o.Versions))
			}
			if err := write(status); err != nil {
				return err
			}
		}
	}
	return nil
}

// commandLine renders the invocation, quoting arguments a shell would
// not keep as they are.
func commandLine(args []string) string {
	out := []string{"go", "run", "./bench/tcas"}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t'\"$\\*?;&|<>()") {
			a = strconv.Quote(a)
		}
		out = append(out, a)
	}
	return strings.Join(out, " ")
}

// commit describes the source evaluated: the git revision of the working
// directory when the command runs and the packages of the pipeline that
// have uncommitted changes (the checkout is shared), or else the revision
// go build recorded; "" when neither is known. With go run, the documented
// way, the binary is built from that same tree; a binary built earlier may
// differ from it.
func commit() string {
	if out, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output(); err == nil {
		rev := strings.TrimSpace(string(out))
		st, err := exec.Command("git", append([]string{"status", "--porcelain", "--"}, pipelineDirs...)...).Output()
		if err != nil {
			return rev
		}
		dirty := map[string]bool{}
		for _, line := range strings.Split(strings.TrimRight(string(st), "\n"), "\n") {
			if len(line) <= 3 {
				continue
			}
			for _, d := range pipelineDirs {
				if strings.HasPrefix(line[3:], d+"/") {
					dirty[d] = true
				}
			}
		}
		if len(dirty) > 0 {
			rev += " + uncommitted changes in " + strings.Join(slices.Sorted(maps.Keys(dirty)), ", ")
		}
		return rev
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" {
			return s.Value
		}
	}
	return ""
}

// pipelineDirs are the directories whose code the evaluation runs.
var pipelineDirs = []string{"encode", "localize", "maxsat", "trace", "internal/z3", "examples/tcas", "bench/tcas"}

// runVersion runs every selected test of ver in every mode, o.Jobs at a
// time.
func runVersion(ctx context.Context, ver *version, o options) []runResult {
	type job struct {
		i, j int
	}
	jobs := make(chan job)
	out := make([]runResult, len(ver.tests)*len(o.Modes))
	var wg sync.WaitGroup
	for range o.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for jb := range jobs {
				r := evaluate(ctx, ver, ver.tests[jb.i], o.Modes[jb.j], o)
				out[jb.i*len(o.Modes)+jb.j] = r
				if o.Verbose {
					fmt.Fprintf(os.Stderr, "  v%d %s %s: rank %d/%d, cands %d (%d verified), correct=%v, %v%s\n",
						r.Version, r.Test, r.Mode, r.Rank, r.Exec, r.Candidates, r.Verified, r.CorrectLoc,
						r.Total.Round(time.Millisecond), note(r))
				}
			}
		}()
	}
	for i := range ver.tests {
		for j := range o.Modes {
			jobs <- job{i, j}
		}
	}
	close(jobs)
	wg.Wait()
	return out
}

func note(r runResult) string { return noteOf(r.Err, r.Partial, r.Reason) }

// noteOf is the progress line's note on a run: its error, or why it is
// partial.
func noteOf(err string, partial bool, reason string) string {
	switch {
	case err != "":
		return " ERROR " + err
	case partial:
		return " partial: " + reason
	}
	return ""
}

func sumTotal(rs []runResult) time.Duration {
	var d time.Duration
	for _, r := range rs {
		d += r.Total
	}
	return d
}

// writeFile writes to path ("-": stdout) through fn.
func writeFile(path string, fn func(io.Writer) error) error {
	if path == "-" {
		return fn(os.Stdout)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := fn(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
