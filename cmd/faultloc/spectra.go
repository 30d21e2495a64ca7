package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/faultloc/faultloc/localize/cireport"
	"github.com/faultloc/faultloc/spectra"
)

func init() {
	register("spectra", command{summary: "rank a package's lines by its own tests (spectrum-based)", run: runSpectra})
}

// runSpectra implements `faultloc spectra [flags] PKG...`.
func runSpectra(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("spectra", flag.ContinueOnError)
	fs.SetOutput(stderr)
	prof := profileFlags(fs)
	formula := fs.String("formula", "tarantula", "suspiciousness formula (see -formulas)")
	format := fs.String("format", "text", "output: text (file:line: score rank), json, gzoltar (files in -o), sarif (SARIF 2.1.0) or github (GitHub Actions annotations), files relative to the module root")
	ties := fs.String("ties", "worst", "rank of tied elements: worst, best or average")
	outDir := fs.String("o", ".", "directory of the gzoltar files")
	tags := fs.String("tags", "", "comma-separated build tags (the example subjects need faultloc)")
	kind := fs.String("kind", "line", "element granularity: line, block or function")
	top := fs.Int("top", 0, "print only the first N entries of a text, sarif or github ranking (0: all)")
	threshold := fs.Float64("threshold", math.Inf(-1), "print only the entries of a text, sarif or github ranking scored at least this (default: all)")
	workers := fs.Int("j", 0, "concurrent runs of parallel tests (0: GOMAXPROCS)")
	runPat := fs.String("run", "", "only the test cases whose names match this regexp")
	skipPat := fs.String("skip", "", "leave out the test cases whose names match this regexp (flaky tests)")
	allPar := fs.Bool("p", false, "run every test case concurrently, not only those that call t.Parallel")
	verbose := fs.Bool("v", false, "report progress and collection statistics on stderr")
	list := fs.Bool("formulas", false, "list the formulas and exit")
	suspects := fs.String("suspects", "", "comma-separated file:line suspect set (e.g. an unsat core's lines), boosted as in SAT-TAR")
	bonus := fs.Float64("bonus", 1, "score added to each suspect")
	shardValue := shardFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: faultloc spectra [flags] PKG...\n\nRuns the packages' tests natively, one test case at a time, and ranks\nthe lines of the packages by how often failing and passing cases execute them.\n\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 1
	}
	if *list {
		for _, f := range spectra.Formulas() {
			fmt.Fprintln(stdout, f.Name)
		}
		return 0
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 1
	}
	stopProfiles, err := prof.start(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "faultloc spectra: %v\n", err)
		return 1
	}
	defer stopProfiles()
	f, opt, err := spectraRanking(*formula, *ties, *bonus, *suspects)
	if err != nil {
		fmt.Fprintf(stderr, "faultloc spectra: %v\n", err)
		return 1
	}
	k, err := spectra.ParseKind(*kind)
	if err != nil || k == spectra.Instruction {
		fmt.Fprintf(stderr, "faultloc spectra: -kind must be line, block or function\n")
		return 1
	}
	switch *format {
	case "text", "json", "gzoltar", "sarif", "github":
	default:
		fmt.Fprintf(stderr, "faultloc spectra: unknown -format %q (want text, json, gzoltar, sarif or github)\n", *format)
		return 1
	}
	sh, err := resolveShard(fs, *shardValue, "format", "top", "threshold", "o")
	if err != nil {
		fmt.Fprintf(stderr, "faultloc spectra: %v\n", err)
		return 1
	}
	src := &spectra.GoTest{Patterns: fs.Args(), Kind: k, Workers: *workers, AllParallel: *allPar, Run: *runPat, Skip: *skipPat}
	if *tags != "" {
		src.Tags = strings.Split(*tags, ",")
	}
	if *verbose {
		src.Log = stderr
	}
	var listed []string // every case, for the shard file
	if sh.On() {
		src.Select = func(name string) bool {
			listed = append(listed, name)
			return sh.Has(name)
		}
	}
	m, err := spectra.Build(ctx, src)
	stopped := false
	switch {
	case err != nil && ctx.Err() != nil:
		// Stopped by a signal: rank the cases done (none: an empty
		// ranking, still one whole report in the format asked for).
		fmt.Fprintf(stderr, "faultloc spectra: %v: stopped (%v); ranking the %d cases done\n", context.Cause(ctx), err, m.NumTests())
		stopped = true
	case err != nil:
		fmt.Fprintf(stderr, "faultloc spectra: %v\n", err)
		return 1
	}
	if *verbose {
		s := src.Stats
		fmt.Fprintf(stderr, "faultloc spectra: %d cases (%d failing), %d elements; build %v, discovery %v, runs %v (%v per case)\n",
			m.NumTests(), m.Failed(), m.NumElements(), s.Build, s.Discover, s.Runs, s.PerCase())
		q := m.Quality()
		fmt.Fprintf(stderr, "faultloc spectra: density %.3f, diversity %.3f, uniqueness %.3f (%d ambiguity groups), DDU %.3f\n",
			q.Density, q.Diversity, q.Uniqueness, q.Groups, q.DDU)
	}
	base, _ := os.Getwd()
	if sh.On() {
		sf := &shardFile{Command: "spectra", Index: sh.Index, Total: sh.Total, Args: shardArgs(fs), Spectra: spectraShardOf(m, listed, src.Stats, base)}
		sf.Spectra.Formula, sf.Spectra.Ties, sf.Spectra.Bonus, sf.Spectra.Suspects = *formula, *ties, *bonus, *suspects
		if stopped {
			sf.Stopped = context.Cause(ctx).Error()
		}
		err = writeShard(stdout, sf)
	} else {
		if !stopped || m.NumTests() > 0 {
			spectraNotes(stderr, m, src.Stats)
		}
		out := spectraOutput{format: *format, top: *top, threshold: *threshold, dir: *outDir}
		if stopped {
			out.partial = fmt.Sprintf("%v: stopped after %d cases", context.Cause(ctx), m.NumTests())
		}
		err = writeSpectra(stdout, m, f, opt, out, base)
	}
	if err != nil {
		fmt.Fprintf(stderr, "faultloc spectra: %v\n", err)
		return 2
	}
	if stopped {
		return exitInterrupted
	}
	return 0
}

// spectraRanking returns the formula and the ranking options that the
// flags -formula, -ties, -bonus and -suspects give.
func spectraRanking(formula, ties string, bonus float64, suspects string) (spectra.Formula, *spectra.Options, error) {
	f, err := spectra.Lookup(formula)
	if err != nil {
		return f, nil, err
	}
	tp, err := spectra.ParseTies(ties)
	if err != nil {
		return f, nil, err
	}
	opt := &spectra.Options{Ties: tp, Bonus: bonus}
	if bonus == 0 {
		opt.Bonus = -1 // no boost: Options.Bonus 0 means the default 1
	}
	if suspects != "" {
		for _, s := range strings.Split(suspects, ",") {
			file, line, ok := strings.Cut(strings.TrimSpace(s), ":")
			n, err := strconv.Atoi(line)
			abs, aerr := filepath.Abs(file)
			if !ok || err != nil || aerr != nil || n <= 0 {
				return f, nil, fmt.Errorf("bad -suspects entry %q (want file:line)", s)
			}
			opt.Suspects = append(opt.Suspects, spectra.Element{File: abs, Line: n})
		}
	}
	return f, opt, nil
}

// spectraNotes says on w which cases changed verdict or lost their
// coverage, and that no case fails.
func spectraNotes(w io.Writer, m *spectra.Matrix, stats spectra.GoTestStats) {
	for _, name := range stats.Changed {
		fmt.Fprintf(w, "faultloc spectra: %s: verdict differs between the suite run and its own run (flaky or order-dependent)\n", name)
	}
	for _, name := range stats.Lost {
		if t, ok := m.TestIndex(name); ok && m.Test(t).Failed {
			fmt.Fprintf(w, "faultloc spectra: %s: coverage lost (the test binary died), kept as failing with no coverage\n", name)
		} else {
			fmt.Fprintf(w, "faultloc spectra: %s: coverage lost (the test binary died), case left out\n", name)
		}
	}
	if m.Failed() == 0 {
		fmt.Fprintln(w, "faultloc spectra: no test case fails: every score is uninformative")
	}
}

// spectraOutput is how a spectra report is written: -format, -top,
// -threshold and -o.
type spectraOutput struct {
	format    string
	top       int
	threshold float64
	dir       string
	partial   string // why the collection stopped early ("": it did not); the JSON ranking says it
}

// writeSpectra ranks m with f and opt and writes the ranking as out
// asks, files relative to base.
func writeSpectra(w io.Writer, m *spectra.Matrix, f spectra.Formula, opt *spectra.Options, out spectraOutput, base string) error {
	r := m.Rank(f, opt)
	r.Partial, r.Reason = out.partial != "", out.partial
	switch out.format {
	case "json":
		return r.WriteJSON(w, base)
	case "gzoltar":
		return spectra.WriteGZoltar(out.dir, m, base, r)
	case "sarif", "github":
		return writeCI(w, out.format, cireport.Top(cireport.Threshold(cireport.Spectra(r), out.threshold), out.top), "", out.partial)
	}
	kept := r.Entries[:0:0]
	for _, e := range r.Entries {
		if !(e.Score >= out.threshold) {
			break // most suspicious first: the rest score no higher (NaN last)
		}
		kept = append(kept, e)
	}
	if out.top > 0 && out.top < len(kept) {
		kept = kept[:out.top]
	}
	r.Entries = kept
	return r.WriteText(w, base, math.Inf(-1))
}
