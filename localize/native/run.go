package native

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/types"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// Run is what one native go test run of a package says about
// its cases ([Collect]): their coverage, how the failing ones
// failed, and how far each line of the package is from those failures
// in its static call graph. pipeline.Run collects it for every package it
// localizes, whether or not the interpreter runs the failing cases, so
// that a case the interpreter cannot run is still ranked.
type Run struct {
	// Spectrum is the line coverage of each case of the package
	// (spectra.GoTest: one build, one process per case), with each
	// failing case's go test output as its Message.
	Spectrum *spectra.Matrix
	// Stats are the native run's: spectra's account of a go test
	// collection (its build, discovery and per-case runs, the cases
	// skipped, lost or flaky), which spectra, below localize, keeps in
	// its own type; a report's work is in its localize.Stats.
	Stats spectra.GoTestStats
	// Early says that the go test run is one [Start] began before the
	// program was loaded, which Collect used (Options.Started).
	Early bool

	// partial says that the run is a snapshot of the cases a go test run
	// not yet done had done (Progress.Snapshot): the cases most like the
	// failing ones run first, so the others are missing from it.
	partial bool

	// graph is the static call graph of the code under test: the
	// functions of the loaded program's in-scope packages ([measured]).
	graph *callGraph
	// files maps the base name of each file of those packages to its
	// absolute paths, the target packages' first: go test names the
	// files of a failed assertion by base name, a panic's frames by
	// absolute path.
	files map[string][]string
	// targets are the directories of the packages whose lines native
	// Ochiai ranks for [Floor] (targetDirs).
	targets map[string]bool
	// support are the directories of the module's test helpers, whose
	// lines no scorer ranks (supportDirs).
	support map[string]bool
}

// static returns a Run that shares n's call graph, files and the
// directories of its packages, which are not written after the graph is
// built, without its cases.
func (n *Run) static() *Run {
	return &Run{graph: n.graph, files: n.files, targets: n.targets, support: n.support}
}

var _ localize.NativeRun = (*Run)(nil)

// runOf returns f's native run when it is one that [Collect] made: the
// call graph and the coverage the scorers of this package read are its
// own. It returns nil for none, and for a caller's own
// [localize.NativeRun], which these scorers cannot read.
func runOf(f *localize.Failure) *Run {
	r, _ := f.Native.(*Run)
	return r
}

// FailureLines returns the places of case name's failure in the files
// of the code under test that its go test output names: the frames of its
// panic's stack and the lines of its failed assertions (test files
// included), in the order the output names them, each once. It returns
// nil when the native run has no failing case of that name.
func (n *Run) FailureLines(name string) []trace.Line {
	if n == nil || n.Spectrum == nil {
		return nil
	}
	t, ok := n.Spectrum.TestIndex(name)
	if !ok || !n.Spectrum.Test(t).Failed {
		return nil
	}
	return failureLines(n.Spectrum.Test(t).Message, n.files)
}

// Failed reports whether case name failed in the native run.
func (n *Run) Failed(name string) bool {
	if n == nil || n.Spectrum == nil {
		return false
	}
	t, ok := n.Spectrum.TestIndex(name)
	return ok && n.Spectrum.Test(t).Failed
}

// Message returns the go test output of case name ("" if it passed or
// did not run natively).
func (n *Run) Message(name string) string {
	if n == nil || n.Spectrum == nil {
		return ""
	}
	if t, ok := n.Spectrum.TestIndex(name); ok {
		return n.Spectrum.Test(t).Message
	}
	return ""
}

// frameRE matches a file:line of go test's output: an assertion's
// "    x_test.go:12: message" and a stack frame's "\t/abs/x.go:12 +0x1d".
var frameRE = regexp.MustCompile(`([^\s:()]+\.go):(\d+)`)

// failureLines returns the file:line places in msg whose file is one of
// files (by base name: files' paths of that name), each once, in order.
func failureLines(msg string, files map[string][]string) []trace.Line {
	var out []trace.Line
	for _, m := range frameRE.FindAllStringSubmatch(msg, -1) {
		abs, ok := resolve(m[1], files[filepath.Base(m[1])])
		if !ok {
			continue
		}
		n, err := strconv.Atoi(m[2])
		if err != nil {
			continue
		}
		if l := (trace.Line{File: abs, Line: n}); !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// resolve returns the path among paths (files of one base name) that
// name, as go test's output writes it, stands for: the same file for an
// absolute name (a stack frame); else the first whose path ends in name
// (a base name, as a failed assertion's; or a relative path), paths
// being in order of preference.
func resolve(name string, paths []string) (string, bool) {
	for _, p := range paths {
		if filepath.IsAbs(name) {
			if sameFile(name, p) {
				return p, true
			}
		} else if p == name || strings.HasSuffix(p, string(filepath.Separator)+filepath.Clean(name)) {
			return p, true
		}
	}
	return "", false
}

// sameFile reports whether a and b name the same file, through symbolic
// links (a temporary directory's /tmp may be one).
func sameFile(a, b string) bool {
	if a == b {
		return true
	}
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}

// DefaultBound is the default bound of the native evidence stage
// (pipeline.Options.NativeBound): the build of the test binary and the
// runs of every case.
const DefaultBound = 2 * time.Minute

// Options configure [Collect]. The zero value is the default.
type Options struct {
	// Run, if not empty, is a regular expression over case names
	// ("TestX/sub"): only the cases it matches run. Default "": every
	// case of the package.
	Run string
	// First, if not empty, is a go test -run expression whose cases run
	// before the others (spectra.GoTest.First): the failing cases a
	// caller localizes, whose coverage and failures are then in the
	// run even when the bound stops the rest of a slow suite. Default
	// "": every case in the suite's order.
	First string
	// FirstDone, if set, gets the evidence of the cases First selects
	// as soon as they are done, while Collect goes on with the others
	// (spectra.GoTest.FirstDone): a caller that cannot wait for the
	// whole suite ranks the failing cases by it. It is called at most
	// once, on Collect's goroutine.
	FirstDone func(*Run)
	// Bound bounds the build and the runs: the cases not run by then are
	// left out, and Collect returns what it has with an error.
	// Default 0: DefaultBound; negative: no bound.
	Bound time.Duration
	// Timeout bounds each run of the test binary (go test's -timeout):
	// the run of the whole suite that lists the cases, then each case's.
	// A case that runs longer (a loop that does not end) fails, its
	// coverage lost. Default 0: DefaultTimeout.
	Timeout time.Duration
	// Started, if set, is a run [Start] began before the program was
	// loaded: Collect uses it if it fits ([Started.Fits]) instead of
	// building and running the tests again, its bound counting from
	// Start's (Bound is Start's; ctx stops it too), else stops it and
	// runs its own. Collect stops it either way when ctx ends.
	// Default nil: Collect runs the tests itself.
	Started *Started
	// Progress, if set, follows the run: its Snapshot returns the
	// evidence of the cases done so far while Collect goes on (a
	// caller whose bound passes before the run is done ranks by it).
	// Default nil.
	Progress *Progress
}

// DefaultTimeout is the default bound of one run of the test
// binary in the native evidence stage ([Options.Timeout]).
const DefaultTimeout = 30 * time.Second

// Collect runs the tests of package pkgPath of prog natively, as go
// test does (where prog was loaded: its directory, build tags and
// environment; without go test's vet checks, whose findings say nothing
// of how the cases behave: spectra.GoTest), recording each case's coverage of the code under test
// (pkgPath and prog's other in-scope packages: go test -coverpkg; see
// the package doc), and builds the static call graph of that code,
// against which [Run] measures the distance of a line from a failure,
// whatever package the line or the failure is in. The tests run as the
// user's own go test would run them: a test that writes files or opens
// connections does so. A program loaded with an overlay is refused (its
// files are not those on disk that go test would build). On an error
// after some cases ran, the evidence holds them.
func Collect(ctx context.Context, prog *trace.Program, pkgPath string, opts *Options) (*Run, error) {
	if opts == nil {
		opts = &Options{}
	}
	cfg, _ := prog.LoadedWith()
	st := opts.Started
	if st != nil && !st.Fits(prog, pkgPath, opts) {
		st.Stop()
		st = nil
	}
	if len(cfg.Overlay) > 0 {
		return nil, errors.New("native: the program was loaded with an overlay, which go test would not build")
	}
	g := &spectra.GoTest{Patterns: []string{pkgPath}, CoverPkg: measured(prog, pkgPath), Dir: cfg.Dir, Env: cfg.Env, Run: opts.Run, First: opts.First, Tags: buildTags(cfg.BuildFlags), Timeout: cmp.Or(opts.Timeout, DefaultTimeout)}
	n := &Run{files: map[string][]string{}, targets: targetDirs(prog), support: supportDirs(prog)}
	// The call graph is built while go test builds and runs: the one
	// is work of this process, the other mostly waiting on the go
	// command and the test binary.
	graphDone := make(chan struct{})
	go func() {
		defer close(graphDone)
		n.graph = newCallGraph(prog, n.files)
		opts.Progress.graphBuilt(n)
	}()
	if st != nil {
		opts.Progress.follow(st.progress, true)
		m, stats, err := st.collect(ctx, n, graphDone, opts)
		<-graphDone
		n.Early = true
		return n.finish(m, stats, err)
	}
	if opts.Progress != nil {
		g.Progress = &spectra.GoTestProgress{}
		opts.Progress.follow(g.Progress, false)
	}
	if opts.FirstDone != nil {
		g.FirstDone = func(m *spectra.Matrix) {
			<-graphDone
			r := n.static()
			r.Spectrum = m
			opts.FirstDone(r)
		}
	}
	nctx, cancel := bounded(ctx, opts.Bound)
	defer cancel()
	m := spectra.NewMatrix()
	err := g.Collect(nctx, m)
	<-graphDone
	return n.finish(m, g.Stats, err)
}

// bounded returns ctx bounded by bound, as Options.Bound says (0:
// DefaultBound; negative: none).
func bounded(ctx context.Context, bound time.Duration) (context.Context, context.CancelFunc) {
	bound = cmp.Or(bound, DefaultBound)
	if bound < 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeoutCause(ctx, bound, fmt.Errorf("native: the native evidence stage ran longer than %v (pipeline.Options.NativeBound)", bound))
}

// finish completes n with the matrix, stats and error of its go test
// run, and returns it with the error wrapped.
func (n *Run) finish(m *spectra.Matrix, stats spectra.GoTestStats, err error) (*Run, error) {
	n.Stats = stats
	if m.NumTests() > 0 || err == nil {
		n.Spectrum = m
	}
	if err != nil {
		return n, fmt.Errorf("native: %w", err)
	}
	return n, nil
}

// measured returns the import paths of the packages whose lines the
// native run measures (go test -coverpkg): pkgPath and the other
// packages prog has in scope (those trace.Config.Module or Scope put
// there: with Module, the module's own packages that the tests import,
// where a failing test's fault may lie as well as in pkgPath), test
// packages aside; nil when that is pkgPath alone, go test's default.
// They are the packages whose lines the interpreter's evidence ranks too.
func measured(prog *trace.Program, pkgPath string) []string {
	out := []string{pkgPath}
	for _, p := range codePackages(prog) {
		path := p.Pkg.Path()
		if strings.HasSuffix(path, "_test") || strings.HasSuffix(path, ".test") || slices.Contains(out, path) {
			continue
		}
		out = append(out, path)
	}
	if len(out) == 1 {
		return nil
	}
	return out
}

// buildTags returns the tags of a -tags build flag.
func buildTags(flags []string) []string {
	var tags []string
	for i, f := range flags {
		v, ok := strings.CutPrefix(f, "-tags=")
		if !ok && f == "-tags" && i+1 < len(flags) {
			v, ok = flags[i+1], true
		}
		if ok {
			tags = append(tags, strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' })...)
		}
	}
	return tags
}

// Distance returns, for each line of the functions of the code under
// test (any of its packages) that case name's failure may depend on,
// its static distance from the failure: 0 for a line its output names
// (a panic's frame, a failed assertion) and for the first line of the
// statement such a line is part of, else 1 plus the fewest calls
// between its function and a function of those lines in the static call
// graph (a call either way: callers on the stack and callees alike).
// The lines scored are all lines of the reachable functions, the caller
// filters by coverage. It returns nil when the case did not fail
// natively or its output names no line of the code under test.
func (n *Run) Distance(name string) map[trace.Line]int {
	return n.distance(n.FailureLines(name))
}

// distance is Distance from the failure's places lines.
func (n *Run) distance(lines []trace.Line) map[trace.Line]int {
	if len(lines) == 0 || n.graph == nil {
		return nil
	}
	d := n.graph.distances(lines)
	out := map[trace.Line]int{}
	for file, ss := range n.graph.spans {
		for _, s := range ss {
			if d[s.fn] < 0 {
				continue
			}
			for ln := s.from; ln <= s.to; ln++ {
				l := trace.Line{File: file, Line: ln}
				if x, ok := out[l]; !ok || 1+d[s.fn] < x {
					out[l] = 1 + d[s.fn]
				}
			}
		}
	}
	for _, l := range lines {
		out[l] = 0
		if st, ok := n.graph.statementOf(l); ok {
			out[st] = 0
		}
	}
	return out
}

// targetDirs returns the directories of the files of the code the floor
// ranks, the code under test (trace.Program.UnderTest): prog's target
// packages and the packages their own code (test files aside) imports,
// directly or not; not a package that only their tests import (a test
// helper, the oracle's scaffolding as test files are).
func targetDirs(prog *trace.Program) map[string]bool {
	return packageDirs(prog, prog.UnderTest)
}

// supportDirs returns the directories of the module's test helpers
// (trace.Program.Support), whose lines no scorer of the native evidence
// ranks, as it ranks no line of a test file.
func supportDirs(prog *trace.Program) map[string]bool {
	return packageDirs(prog, prog.Support)
}

// packageDirs returns the directories of the files of the packages of
// prog's code (codePackages) that keep accepts.
func packageDirs(prog *trace.Program, keep func(*types.Package) bool) map[string]bool {
	out := map[string]bool{}
	for _, p := range codePackages(prog) {
		if !keep(p.Pkg) {
			continue
		}
		for _, mem := range p.Members {
			if fn, ok := mem.(*ssa.Function); ok && fn.Pos().IsValid() {
				out[filepath.Dir(prog.SSA.Fset.Position(fn.Pos()).Filename)] = true
			}
		}
	}
	return out
}

// floorScores returns the scores of ochiai (native Ochiai over the run's
// cases) of the lines of the package tested and of the packages its code
// imports (targetDirs), which [Floor] ranks the lines by. The lines of a
// package that only the tests import (a test helper the native run
// measures with -coverpkg) get no floor: ranked, those that only the
// failing case runs would tie the fault's Ochiai rank down, as neither
// go test's coverage of the package nor the benchmarks' baseline counts
// them. All of ochiai when the targets are not known.
func (n *Run) floorScores(ochiai localize.LineScores) localize.LineScores {
	if n == nil || len(n.targets) == 0 {
		return ochiai
	}
	out := localize.LineScores{}
	for l, x := range ochiai {
		if n.targets[filepath.Dir(l.File)] {
			out[l] = x
		}
	}
	return out
}
