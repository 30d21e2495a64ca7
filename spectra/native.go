package spectra

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/faultloc/faultloc/internal/nativetest"
)

// GoTest is a [Source] that runs the tests of real Go packages natively,
// at native speed and without faultloc's interpreter, and records each test
// case's coverage.
//
// For every package it builds the test binary once with coverage
// instrumentation (go test -c -cover -covermode=set), runs the whole suite
// once to discover the test cases and their verdicts, then runs the binary
// once per test case with -test.run anchored on the case's name and
// -test.coverprofile (the cases First selects are discovered and run
// before the others, and the others then one top-level test at a time,
// a test without subtests once: see First). Test cases are the leaves of the test tree: a test
// that calls t.Run is represented by its subtests, each its own case (and
// is a case itself only if it fails outside them); examples and fuzz
// targets' seed inputs are cases too; skipped cases are left out. Verdicts follow go test -json: a case that started and did not
// end (its binary died) failed.
//
// A case that panics kills its binary before the coverage profile is
// written. To keep those cases (often the most telling failures), the test
// binary is built with an overlay that adds t.Cleanup(flush) at the top of
// every TestXxx function; testing runs a test's cleanups, and its parents',
// when a subtest panics, and flush writes the coverage counters when
// faultloc asks for them; they are converted with go tool covdata. Cases
// whose coverage is still lost (os.Exit, a panic in a goroutine of the
// test's own, a timeout, or any crash in a package of the module cache,
// whose files the go command does not let overlays replace) are named in
// [GoTestStats].Lost: a passing one is left out of the matrix, a failing
// one is added as failing with no coverage, so that every case go test
// fails, or whose binary died while it ran, is a failing test of the
// matrix. A test package without statements of its own (test files only)
// writes no coverage when its binary dies: such a case is kept the same
// way.
//
// The binary is built as go test builds it, but without the go vet
// checks go test runs first (go test -vet=off): a vet finding (a
// printf verb of the wrong type in a test file, say) makes go test
// report a build failure and run no test, while the evidence collected
// here is how the cases behave, which the finding does not change. Run
// go vet for the findings.
//
// Cancelling the context stops the runs: the cases already done are
// added, and Collect returns an error naming how many of the package's
// cases were, wrapping the context's cause.
//
// Order and concurrency: the cases the discovery run failed run before
// those it passed, and of those the ones whose names share the most
// levels with a failing case's first ("TestX/a/b" before "TestX/c" when
// "TestX/a/c" fails), so that a stopped collection keeps the failures
// and the passing cases most like them.
// Within each group cases run one binary process at a time, except cases
// whose test called t.Parallel (or whose top-level test did), and a fuzz
// target's seed inputs (whose function the fuzzing engine itself runs in
// several processes at once): like go test's parallel tests, those run
// after the others, up to Workers processes at once (Workers 1: one
// process at a time, whatever the case).
// AllParallel runs every case that way. Cases are added to the sink in discovery order
// whatever the concurrency, so results are deterministic.
type GoTest struct {
	Patterns []string // packages to test, as for go test (required)
	Dir      string   // directory the go command runs in; default the current one
	Tags     []string // build tags, e.g. "faultloc" for the example subjects
	// CoverPkg lists the packages whose elements are measured (go list
	// patterns). Default: each tested package measures itself.
	CoverPkg []string
	Kind     Kind // Line (default), Block or Function; Instruction is not available natively
	Workers  int  // concurrent runs of parallel cases and fuzz seeds; default GOMAXPROCS; 1 runs one process at a time
	// Run and Skip, if not empty, are regular expressions over case names
	// ("TestX/sub"): only cases that match Run and do not match Skip are
	// run and added. Use Skip for flaky tests, whose changing verdicts
	// would make the spectra change too. Default: all cases.
	Run, Skip string
	// Select, if set, is asked about each case that Run and Skip leave,
	// by its name in the matrix, package by package in the order go
	// test lists them: only the cases it accepts are run and added (a
	// shard of the cases, say). Default nil: all of them.
	Select func(name string) bool
	// First, if not empty, is a go test -run expression (one regular
	// expression per level of a case's name) whose cases are listed and
	// run before the others, the listing running only them: they are
	// done, and added when Collect is stopped, even where the whole
	// suite's run is slow (the failing cases a caller localizes, say).
	// They come first in the sink. Run, Skip and Select apply to them
	// too. The other cases are then listed with -test.list and run one
	// top-level test at a time: a test without subtests runs once, its
	// run its case's (no listing run of the whole suite before it), and
	// its verdict is that run's (a failure that shows only after other
	// tests in the same process shows only without First). Default "":
	// one listing of the whole suite.
	First string
	// FirstDone, if set, is called when the cases First selects are
	// done in a package, before the others run, with a matrix of those
	// cases alone: evidence a caller can use while Collect goes on. The
	// matrix is the callee's; the sink still gets every case at the end.
	FirstDone func(*Matrix)
	// Progress, if set, follows the collection while it runs: its Done
	// returns the cases done so far, while Collect goes on (a caller
	// whose bound passes before a slow suite is done ranks by them).
	// Default nil.
	Progress *GoTestProgress
	// AllParallel runs every case concurrently with the others (each in
	// its own process), not only those whose test called t.Parallel.
	// Faster, and safe unless tests share outside state (files, ports).
	// Default false.
	AllParallel bool
	Timeout     time.Duration // limit of one test binary run; default 10 minutes
	GoCmd       string        // go command; default "go" from PATH
	Env         []string      // extra environment for the go command and the test binaries
	Log         io.Writer     // progress messages; default none

	// Stats is filled by Collect.
	Stats GoTestStats

	runRE, skipRE *regexp.Regexp
}

// GoTestStats describes the last [GoTest.Collect].
type GoTestStats struct {
	Packages int      // packages with tests
	Cases    int      // test cases added to the sink
	Skipped  []string // cases that skipped
	// Lost lists the cases whose coverage could not be recorded: a
	// passing one is left out, a failing one is a failing test of the
	// sink that covers nothing.
	Lost []string
	// Changed lists the cases whose verdict in their own run differs from
	// their verdict in the whole suite's run: flaky or order-dependent
	// tests. The matrix keeps the verdict of the run whose coverage it has.
	Changed  []string
	Build    time.Duration // building test binaries
	Discover time.Duration // the discovery runs
	Runs     time.Duration // wall time of the per-case runs
}

// PerCase returns the wall time of the per-case runs divided by the number
// of cases: the cost of native collection per test.
func (s GoTestStats) PerCase() time.Duration {
	if s.Cases == 0 {
		return 0
	}
	return s.Runs / time.Duration(s.Cases)
}

var _ Source = (*GoTest)(nil)

func (g *GoTest) logf(format string, args ...any) {
	if g.Log != nil {
		fmt.Fprintf(g.Log, format+"\n", args...)
	}
}

// Collect builds and runs the tests of every package that matches
// g.Patterns, adding the program elements of the measured packages (all of
// them, executed or not) and one test per case to into. Several packages'
// cases are named "importpath.TestX/sub"; a single package's "TestX/sub".
func (g *GoTest) Collect(ctx context.Context, into Sink) error {
	g.Stats = GoTestStats{}
	if g.Kind == Instruction {
		return errors.New("spectra: native coverage has no instruction granularity (use trace runs)")
	}
	if len(g.Patterns) == 0 {
		return errors.New("spectra: GoTest needs at least one package pattern")
	}
	if err := g.compile(); err != nil {
		return err
	}
	cfg := &nativetest.Config{GoCmd: g.GoCmd, Dir: g.Dir, Env: g.Env, Tags: g.Tags}
	pkgs, err := nativetest.List(ctx, cfg, g.Patterns...)
	if err != nil {
		return fmt.Errorf("spectra: %w", err)
	}
	var covered []*nativetest.Package
	if len(g.CoverPkg) > 0 {
		if covered, err = nativetest.List(ctx, cfg, g.CoverPkg...); err != nil {
			return fmt.Errorf("spectra: %w", err)
		}
	}
	tmp, err := os.MkdirTemp("", "faultloc-spectra-")
	if err != nil {
		return fmt.Errorf("spectra: %w", err)
	}
	defer os.RemoveAll(tmp)
	var tested []*nativetest.Package
	for _, p := range pkgs {
		if p.HasTests() {
			tested = append(tested, p)
		}
	}
	if len(tested) == 0 {
		return fmt.Errorf("spectra: no test files in %s", strings.Join(g.Patterns, " "))
	}
	g.Progress.expect(len(tested))
	for i, p := range tested {
		measured := covered
		if measured == nil {
			measured = []*nativetest.Package{p}
		}
		prefix := ""
		if len(tested) > 1 {
			prefix = p.ImportPath + "."
		}
		if err := g.collectPackage(ctx, cfg, p, measured, prefix, filepath.Join(tmp, fmt.Sprint(i)), into); err != nil {
			return err
		}
		g.Stats.Packages++
	}
	return nil
}

func (g *GoTest) compile() error {
	g.runRE, g.skipRE = nil, nil
	var err error
	if g.Run != "" {
		if g.runRE, err = regexp.Compile(g.Run); err != nil {
			return fmt.Errorf("spectra: GoTest.Run: %w", err)
		}
	}
	if g.Skip != "" {
		if g.skipRE, err = regexp.Compile(g.Skip); err != nil {
			return fmt.Errorf("spectra: GoTest.Skip: %w", err)
		}
	}
	return nil
}

// mapper turns coverage profiles into elements.
type mapper struct {
	kind     Kind
	files    map[string]string // profile file name -> absolute path
	elems    map[blockKey][]Element
	universe []Element
}

type blockKey struct {
	file                   string
	sl, sc, el, ec, nstmts int
}

func newMapper(kind Kind, measured []*nativetest.Package) *mapper {
	m := &mapper{kind: kind, files: map[string]string{}}
	for _, p := range measured {
		for _, f := range append(slices.Clone(p.GoFiles), p.CgoFiles...) {
			m.files[path.Join(p.ImportPath, f)] = filepath.Join(p.Dir, f)
		}
	}
	return m
}

// init lays out the measured files against the complete block list of a
// profile (every profile lists every block, executed or not).
func (m *mapper) init(blocks []nativetest.Block) error {
	m.elems = map[blockKey][]Element{}
	byFile := map[string][]nativetest.Block{}
	var order []string
	for _, b := range blocks {
		if _, ok := byFile[b.File]; !ok {
			order = append(order, b.File)
		}
		byFile[b.File] = append(byFile[b.File], b)
	}
	seen := map[Element]bool{}
	for _, name := range order {
		bs := byFile[name]
		abs, ok := m.files[name]
		if !ok {
			// A file the profile names but go list did not (generated
			// cgo files, for example): measure its blocks only.
			abs = name
		}
		var l *nativetest.Layout
		if m.kind != Block {
			var err error
			if l, err = nativetest.ParseLayout(abs, nil); err != nil {
				return fmt.Errorf("spectra: %w", err)
			}
		}
		switch m.kind {
		case Block:
			for _, b := range bs {
				e := Element{Kind: Block, File: abs, Line: b.StartLine, Col: b.StartCol, EndLine: b.EndLine, EndCol: b.EndCol}
				m.elems[blockKeyOf(b)] = []Element{e}
				m.universe = append(m.universe, e)
			}
		case Function:
			_, blockFunc := nativetest.MapBlocks(l, bs)
			for bi, b := range bs {
				if fi := blockFunc[bi]; fi >= 0 {
					f := l.Funcs[fi]
					e := Element{Kind: Function, File: abs, Line: f.Start.Line, Name: f.Name}
					m.elems[blockKeyOf(b)] = []Element{e}
					if !seen[e] {
						seen[e] = true
						m.universe = append(m.universe, e)
					}
				}
			}
		default:
			stmtBlock, _ := nativetest.MapBlocks(l, bs)
			for si, s := range l.Stmts {
				bi := stmtBlock[si]
				if bi < 0 {
					continue
				}
				e := Element{Kind: Line, File: abs, Line: s.Start.Line}
				k := blockKeyOf(bs[bi])
				if !slices.Contains(m.elems[k], e) {
					m.elems[k] = append(m.elems[k], e)
				}
				if !seen[e] {
					seen[e] = true
					m.universe = append(m.universe, e)
				}
			}
		}
	}
	slices.SortFunc(m.universe, Compare)
	return nil
}

func blockKeyOf(b nativetest.Block) blockKey {
	return blockKey{b.File, b.StartLine, b.StartCol, b.EndLine, b.EndCol, b.NumStmt}
}

// covered returns the elements the executed blocks account for.
func (m *mapper) covered(blocks []nativetest.Block) []Element {
	var out []Element
	for _, b := range blocks {
		if b.Count > 0 {
			out = append(out, m.elems[blockKeyOf(b)]...)
		}
	}
	return out
}

type caseResult struct {
	test    TestRun
	elems   []Element
	lost    bool
	absent  bool // not run (a parent failed first or filtered out)
	changed bool // verdict differs from the discovery run's
	skip    bool
}

func (g *GoTest) collectPackage(ctx context.Context, cfg *nativetest.Config, p *nativetest.Package, measured []*nativetest.Package, prefix, tmp string, into Sink) error {
	if err := os.MkdirAll(tmp, 0o777); err != nil {
		return fmt.Errorf("spectra: %w", err)
	}
	var coverPkgs []string
	for _, m := range measured {
		coverPkgs = append(coverPkgs, m.ImportPath)
	}
	bin := &nativetest.Binary{Path: filepath.Join(tmp, "pkg.test"), Dir: p.Dir, Env: g.Env, Timeout: g.Timeout}
	start := time.Now()
	g.logf("spectra: building %s", p.ImportPath)
	overlay, err := nativetest.FlushOverlay(p, tmp)
	if err != nil {
		return fmt.Errorf("spectra: %w", err)
	}
	err = nativetest.Build(ctx, cfg, p, coverPkgs, bin.Path, overlay)
	if err != nil && overlay != "" && strings.Contains(err.Error(), "must not be replaced") {
		// The go command refuses overlays of files in the module cache
		// (a dependency's tests): build without, and lose the coverage
		// of panicking cases.
		g.logf("spectra: %s is in the module cache: panicking cases will lose their coverage", p.ImportPath)
		err = nativetest.Build(ctx, cfg, p, coverPkgs, bin.Path, "")
	}
	if err != nil {
		return fmt.Errorf("spectra: %w", err)
	}
	g.Stats.Build += time.Since(start)

	mp := newMapper(g.Kind, measured)
	track := g.Progress.begin()
	unlisted, whole := 0, false // Progress's: top-level tests not listed yet; every case listed
	var initOnce sync.Once
	var initErr error
	var leaves []nativetest.Result // the cases listed, in the order they run
	var results []caseResult       // their results, by index
	// finish records case i's result from rs, the results of a run of
	// it, and prof, that run's coverage profile.
	finish := func(i int, rs []nativetest.Result, prof string) error {
		name := leaves[i].Name
		res := caseResult{test: TestRun{Name: prefix + name}}
		r, found := findResult(rs, name)
		switch {
		case !found && anyFailed(rs):
			res.test.Failed, res.test.Message = true, "did not run: "+firstFailure(rs)
		case !found:
			res.absent = true
		case r.Status == nativetest.Skip:
			res.skip = true
		default:
			res.test.Failed = r.Status == nativetest.Fail
			res.test.Duration = r.Elapsed
			res.changed = r.Status != leaves[i].Status
			if r.Status == nativetest.Fail {
				res.test.Message = strings.TrimSpace(r.Output)
				if res.test.Message == "" {
					// A panic that kills the binary in a subtest
					// (a fuzz target's seed) is printed as the
					// parent's output: the failure's place.
					res.test.Message = ancestorOutput(rs, name)
				}
			}
		}
		var universe []Element // the measured elements, once laid out by this goroutine
		blocks, perr := readProfile(prof)
		if perr != nil {
			// The binary died before writing its profile: ask the
			// cleanup added by the overlay to flush the counters.
			blocks, perr = bin.RunFlushed(ctx, cfg, nativetest.Pattern(name), filepath.Join(tmp, fmt.Sprintf("flush%d", i)))
		}
		if perr != nil {
			res.lost = true
		} else {
			initOnce.Do(func() { initErr = mp.init(blocks) })
			if initErr != nil {
				return initErr
			}
			res.elems = mp.covered(blocks)
			universe = mp.universe
		}
		results[i] = res
		g.Progress.finished(track, i, res, universe)
		return nil
	}
	run := func(i int) error {
		prof := filepath.Join(tmp, fmt.Sprintf("case%d.out", i))
		rs, _, err := bin.Run(ctx, nativetest.Pattern(leaves[i].Name), "", prof)
		if err != nil {
			return err
		}
		return finish(i, rs, prof)
	}
	// add adds the cases of the results rs not listed before, as Run,
	// Skip and Select filter them, to leaves.
	listed := map[string]bool{}
	add := func(rs []nativetest.Result) {
		from := len(leaves)
		for _, c := range nativetest.Cases(rs) {
			if !listed[c.Name] && (g.runRE == nil || g.runRE.MatchString(c.Name)) && (g.skipRE == nil || !g.skipRE.MatchString(c.Name)) && (g.Select == nil || g.Select(prefix+c.Name)) {
				listed[c.Name] = true
				leaves = append(leaves, c)
			}
		}
		results = append(results, make([]caseResult, len(leaves)-from)...)
		g.Progress.listed(track, len(leaves), unlisted, whole)
	}
	var runFrom func(from int, all []nativetest.Result) error
	// listAndRun lists the cases that the -test.run expression pattern
	// selects, those not listed before, and runs them.
	cut := false // the stop came during a listing
	listAndRun := func(pattern string) error {
		start := time.Now()
		all, crashed, err := bin.Discover(ctx, pattern)
		g.Stats.Discover += time.Since(start)
		if err != nil {
			cut = ctx.Err() != nil
			return err
		}
		from := len(leaves)
		whole = pattern == "" // the whole suite's listing
		add(all)
		g.logf("spectra: %s: %d test cases (%d crashed the binary)", p.ImportPath, len(leaves)-from, len(crashed))
		return runFrom(from, all)
	}
	// eachTop lists the top-level tests, examples and fuzz targets and
	// runs each on its own with coverage: one without subtests is its
	// own case, and that run its case's run; the subtests of one with
	// subtests (found by that run, or by a discovery of it when it
	// crashed the binary) are its cases, run as listAndRun runs them. A
	// suite of flat tests runs once, not once to list and once to cover.
	eachTop := func() error {
		start := time.Now()
		tops, err := bin.List(ctx, "")
		g.Stats.Discover += time.Since(start)
		if err != nil {
			cut = ctx.Err() != nil
			return err
		}
		runs := func(top string) bool { return !strings.HasPrefix(top, "Benchmark") && !listed[top] }
		for _, top := range tops {
			if runs(top) {
				unlisted++
			}
		}
		g.Progress.listed(track, len(leaves), unlisted, false)
		count := 0
		for k, top := range tops {
			if !runs(top) {
				continue
			}
			prof := filepath.Join(tmp, fmt.Sprintf("top%d.out", k))
			rs, complete, err := bin.Run(ctx, nativetest.Pattern(top), "", prof)
			if err == nil && !complete {
				// It crashed the binary: discover its subtests.
				rs, _, err = bin.Discover(ctx, nativetest.Pattern(top))
			}
			if err != nil {
				return err
			}
			from := len(leaves)
			unlisted--
			whole = unlisted == 0
			add(rs)
			count += len(leaves) - from
			if complete && len(leaves) == from+1 && leaves[from].Name == top && len(rs) == 1 {
				// No subtests: this run was the case's own.
				if err := finish(from, rs, prof); err != nil {
					return err
				}
				continue
			}
			if err := runFrom(from, rs); err != nil {
				return err
			}
		}
		whole = true
		g.Progress.listed(track, len(leaves), 0, true)
		g.logf("spectra: %s: %d test cases", p.ImportPath, count)
		return nil
	}
	// runFrom runs the cases leaves[from:], listed by a run with the
	// results all.
	runFrom = func(from int, all []nativetest.Result) error {
		parallel := map[string]bool{}
		for _, r := range all {
			if r.Parallel {
				parallel[r.Name] = true
			}
		}
		// The cases the listing failed run first, then the others,
		// nearest relatives of a failure first: a stop keeps the
		// failures, the evidence a caller localizes by, and the passing
		// cases that tell their lines apart best, whatever the order of
		// a slow suite.
		var failed, passed []int
		for i := from; i < len(leaves); i++ {
			if leaves[i].Status == nativetest.Fail {
				failed = append(failed, i)
			} else {
				passed = append(passed, i)
			}
		}
		byKinship(passed, failed, leaves)
		for _, group := range [][]int{failed, passed} {
			var seq, par []int
			for _, i := range group {
				top, _, _ := strings.Cut(leaves[i].Name, "/")
				if g.AllParallel || parallel[leaves[i].Name] || parallel[top] || isFuzzSeed(leaves[i].Name) {
					par = append(par, i)
				} else {
					seq = append(seq, i)
				}
			}
			for _, i := range seq {
				if err := run(i); err != nil {
					return err
				}
			}
			if err := parallelRun(ctx, par, g.Workers, run); err != nil {
				return err
			}
		}
		return nil
	}
	// The runs' time is this phase's past its discovery runs: the
	// per-case runs, and eachTop's runs of the top-level tests.
	start, discovered := time.Now(), g.Stats.Discover
	if g.First == "" {
		err = listAndRun("")
	} else if err = listAndRun(g.First); err == nil {
		if g.FirstDone != nil {
			first := NewMatrix()
			if _, err = addResults(first, mp.universe, results, nil); err != nil {
				return err
			}
			g.FirstDone(first)
		}
		err = eachTop()
	}
	g.Stats.Runs += time.Since(start) - (g.Stats.Discover - discovered)
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("spectra: %w", err)
	}

	if mp.elems == nil {
		// No case produced a profile: fall back to an empty layout.
		g.logf("spectra: %s: no coverage profile was produced", p.ImportPath)
	}
	done, err := addResults(into, mp.universe, results, &g.Stats)
	if err != nil {
		return err
	}
	if ctx.Err() != nil && cut {
		return fmt.Errorf("spectra: %s: stopped after %d cases, listing the others: %w", p.ImportPath, done, context.Cause(ctx))
	}
	if ctx.Err() != nil {
		return fmt.Errorf("spectra: %s: stopped after %d of %d cases: %w", p.ImportPath, done, len(leaves), context.Cause(ctx))
	}
	return nil
}

// addResults adds the measured elements universe and the cases of
// results that ran to into, and returns how many ran; stats, when not
// nil, gets the cases skipped, lost, added and flaky.
func addResults(into Sink, universe []Element, results []caseResult, stats *GoTestStats) (done int, err error) {
	into.AddElements(universe...)
	for _, r := range results {
		if r.test.Name == "" {
			continue // not run: the collection was stopped
		}
		done++
		switch {
		case r.skip:
			if stats != nil {
				stats.Skipped = append(stats.Skipped, r.test.Name)
			}
		case r.absent:
		case r.lost && !r.test.Failed:
			if stats != nil {
				stats.Lost = append(stats.Lost, r.test.Name)
			}
		default:
			if r.lost && stats != nil {
				// A failing case stays a failing row, with no
				// coverage: its failure is evidence still.
				stats.Lost = append(stats.Lost, r.test.Name)
			}
			if _, err := into.Add(r.test, r.elems); err != nil {
				return done, err
			}
			if stats != nil {
				stats.Cases++
				if r.changed {
					stats.Changed = append(stats.Changed, r.test.Name)
				}
			}
		}
	}
	return done, nil
}

// byKinship orders the cases idx (indexes of leaves) by their kinship
// to the failing cases failed, most akin first, stably: the kinship of
// two cases is the number of leading levels their names share
// ("TestX/a/b" and "TestX/a/c" share 2), a case's the most it shares
// with any failing case.
func byKinship(idx, failed []int, leaves []nativetest.Result) {
	if len(failed) == 0 {
		return
	}
	fails := make([][]string, len(failed))
	for k, i := range failed {
		fails[k] = strings.Split(leaves[i].Name, "/")
	}
	kin := make(map[int]int, len(idx))
	for _, i := range idx {
		parts := strings.Split(leaves[i].Name, "/")
		for _, f := range fails {
			n := 0
			for n < len(parts) && n < len(f) && parts[n] == f[n] {
				n++
			}
			kin[i] = max(kin[i], n)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return kin[b] - kin[a] })
}

func parallelRun(ctx context.Context, idx []int, workers int, run func(int) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
		next = make(chan int)
	)
	for range min(workers, len(idx)) {
		wg.Go(func() {
			for i := range next {
				if err := run(i); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
		})
	}
	for _, i := range idx {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if len(errs) > 0 {
		return errs[0]
	}
	return ctx.Err()
}

// isFuzzSeed reports whether the case called name is a seed input of a
// fuzz target ("FuzzX/seed#0", or a file of its corpus): the fuzz
// function, which the fuzzing engine runs in several worker processes
// at once, is one that runs safely in parallel processes, as the case
// runs then.
func isFuzzSeed(name string) bool {
	top, _, sub := strings.Cut(name, "/")
	return sub && strings.HasPrefix(top, "Fuzz")
}

func findResult(rs []nativetest.Result, name string) (nativetest.Result, bool) {
	for _, r := range rs {
		if r.Name == name {
			return r, true
		}
	}
	return nativetest.Result{}, false
}

// ancestorOutput returns the output of the nearest test above name
// (its parent, the parent's parent, ...) that failed with some, or "".
func ancestorOutput(rs []nativetest.Result, name string) string {
	for i := strings.LastIndexByte(name, '/'); i > 0; i = strings.LastIndexByte(name, '/') {
		name = name[:i]
		if r, ok := findResult(rs, name); ok && r.Status == nativetest.Fail {
			if out := strings.TrimSpace(r.Output); out != "" {
				return out
			}
		}
	}
	return ""
}

func anyFailed(rs []nativetest.Result) bool {
	return slices.ContainsFunc(rs, func(r nativetest.Result) bool { return r.Status == nativetest.Fail })
}

func firstFailure(rs []nativetest.Result) string {
	for _, r := range rs {
		if r.Status == nativetest.Fail {
			return r.Name + " failed"
		}
	}
	return ""
}

func readProfile(name string) ([]nativetest.Block, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return nativetest.ParseProfile(f)
}
