package main

import (
	"cmp"
	"context"
	"fmt"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize/agx"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/examples/tcas"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// tcasPkg is the import path of the port.
const tcasPkg = "github.com/faultloc/faultloc/examples/tcas"

// entry is the interpreted entry function: twelve int inputs, one int
// result (see tcas.Advisory).
const entry = "Advisory"

// dropped are the versions left out by default, as AgxFaults' evaluation
// leaves them out: their faults are array-bound errors (v33 writes
// Positive_RA_Alt_Thresh[4], v38 declares the array with three elements),
// undefined behaviour in C and a panic on line 53 in every Go run with
// twelve inputs (see examples/tcas/DIFFERENCES.md).
var dropped = map[int]bool{33: true, 38: true}

// version is one faulty version loaded for evaluation.
type version struct {
	v       tcas.Version
	prog    *trace.Program
	fn      *ssa.Function // tcas.Advisory
	dir     string        // the port's directory (examples/tcas)
	file    string        // absolute path of the version's tcas.go
	faulty  map[int]bool  // ground truth: faulty lines, the version's numbering
	lines   []int         // ground truth, sorted
	exec    []int         // executable lines of the port (see executableLines)
	scope   func(*ssa.Function) bool
	overlay map[string][]byte // the version's source, for the reports' quotes
	tests   []trace.Test      // the selected failing tests
	passing []trace.Test      // the eligible tests of the universe the version passes
	pool    int               // eligible failing tests before sampling
	skips   map[string]int    // failing tests not eligible, by reason
	loadT   time.Duration     // time to load and build the version
}

// selection says which failing tests of a version are evaluated.
type selection struct {
	Sample int    // tests per version; 0: all eligible failing tests
	Seed   uint64 // seed of the sample (mixed with the version number)
	OOB    bool   // include out-of-bounds tests whose expected outcome is an output
}

// loadVersion loads faulty version n through its go/packages overlay and
// selects its failing tests.
func loadVersion(ctx context.Context, n int, sel selection) (*version, error) {
	v, err := tcas.Lookup(n)
	if err != nil {
		return nil, err
	}
	overlay, faulty, err := tcas.FaultyVersion(n)
	if err != nil {
		return nil, err
	}
	dir, err := tcas.Dir()
	if err != nil {
		return nil, err
	}
	start := time.Now()
	prog, err := trace.Load(ctx, &trace.Config{Dir: dir, Overlay: overlay}, ".")
	if err != nil {
		return nil, fmt.Errorf("v%d: %w", n, err)
	}
	fn := prog.Func(tcasPkg, entry)
	if fn == nil {
		return nil, fmt.Errorf("v%d: no function %s.%s", n, tcasPkg, entry)
	}
	ver := &version{
		v:      v,
		prog:   prog,
		fn:     fn,
		dir:    dir,
		file:   filepath.Join(dir, tcas.SourceFile),
		faulty: map[int]bool{},
		lines:  faulty,
		skips:  map[string]int{},
	}
	for _, l := range faulty {
		ver.faulty[l] = true
	}
	ver.scope = func(f *ssa.Function) bool { return inPort(prog.Fset, v, ver.file, f) }
	ver.overlay = overlay
	ver.exec = executableLines(prog, ver.file, ver.scope)
	if err := ver.selectTests(sel); err != nil {
		return nil, err
	}
	ver.loadT = time.Since(start)
	return ver, nil
}

// inPort reports whether f is a function of the port proper: declared in
// the version's tcas.go on a line that ports tcas.c (Main, UsageError.Error
// and Advisory, which exist only in Go, are not).
func inPort(fset *token.FileSet, v tcas.Version, file string, f *ssa.Function) bool {
	fn := f
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if !fn.Pos().IsValid() {
		return false
	}
	p := fset.Position(fn.Pos())
	if p.Filename != file {
		return false
	}
	orig, err := v.PortLine(p.Line)
	return err == nil && orig >= 1 && orig <= tcas.PortLines
}

// executableLines returns the lines of file that hold at least one SSA
// instruction with a position in a function in scope, as trace builds them
// (ssa.NaiveForm): the statements AgxFaults can blame. It is the
// denominator of EXAM.
func executableLines(prog *trace.Program, file string, scope func(*ssa.Function) bool) []int {
	seen := map[int]bool{}
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if pos := in.Pos(); pos.IsValid() {
					if p := prog.Fset.Position(pos); p.Filename == file {
						seen[p.Line] = true
					}
				}
			}
		}
		for _, anon := range f.AnonFuncs {
			visit(anon)
		}
	}
	for _, pkg := range prog.Packages {
		for _, m := range pkg.Members {
			if f, ok := m.(*ssa.Function); ok && scope(f) {
				visit(f)
			}
		}
	}
	lines := make([]int, 0, len(seen))
	for l := range seen {
		lines = append(lines, l)
	}
	slices.Sort(lines)
	return lines
}

// Reasons a failing test is not evaluated.
const (
	skipOOB       = "out-of-bounds layer (see -oob)"
	skipWantPanic = "expected outcome is a panic (not encodable)"
	skipUsage     = "usage error (fewer than 12 inputs)"
)

// selectTests picks the version's failing tests: those whose expected
// outcome is an output and, unless sel.OOB, whose altitude layer is in
// 0..3; then a seeded sample of sel.Sample of them.
func (ver *version) selectTests(sel selection) error {
	failing, panicking, err := ver.v.FailingTests()
	if err != nil {
		return err
	}
	universe, err := tcas.Universe()
	if err != nil {
		return err
	}
	expected, err := tcas.Expected()
	if err != nil {
		return err
	}
	var pool []tcas.Test
	for _, i := range failing {
		tc := universe[i]
		switch {
		case len(tc.Args) < 12:
			ver.skips[skipUsage]++
		case expected[i] == tcas.Panic:
			ver.skips[skipWantPanic]++
		case tc.OutOfBounds() && !sel.OOB:
			ver.skips[skipOOB]++
		default:
			pool = append(pool, tc)
		}
	}
	ver.pool = len(pool)
	pool = sample(pool, sel.Sample, sel.Seed, uint64(ver.v.N))
	for _, tc := range pool {
		ver.tests = append(ver.tests, ver.dataTest(tc, expected))
	}
	fails := map[int]bool{}
	for _, i := range append(failing, panicking...) {
		fails[i] = true
	}
	for i, tc := range universe {
		if fails[i] || len(tc.Args) < 12 || expected[i] == tcas.Panic || (tc.OutOfBounds() && !sel.OOB) {
			continue
		}
		ver.passing = append(ver.passing, ver.dataTest(tc, expected))
	}
	return nil
}

// dataTest is universe test tc as a test of the version's Advisory.
func (ver *version) dataTest(tc tcas.Test, expected []tcas.Outcome) trace.Test {
	t := trace.Test{Name: tc.Name(), Func: ver.fn, Want: []trace.Value{trace.Int(int64(expected[tc.Index]))}}
	for _, a := range tc.Args[:12] {
		t.Args = append(t.Args, trace.Int(int64(a)))
	}
	return t
}

// sample returns n elements of tests chosen by a PCG generator seeded with
// (seed, stream), in universe order; all of them when n is 0 or at least
// len(tests).
func sample(tests []tcas.Test, n int, seed, stream uint64) []tcas.Test {
	if n <= 0 || n >= len(tests) {
		return tests
	}
	r := rand.New(rand.NewPCG(seed, stream))
	perm := r.Perm(len(tests))[:n]
	slices.Sort(perm)
	out := make([]tcas.Test, n)
	for i, p := range perm {
		out[i] = tests[p]
	}
	return out
}

// runResult is the evaluation of one AgxFaults run: one mode on one failing
// test of one version.
type runResult struct {
	Version int
	Test    string
	Mode    string

	Err     string // AgxFaults returned an error (no report)
	Partial bool   // the report is partial (timeout, bounds)
	Reason  string

	Candidates int // minimal fix candidates reported
	Verified   int // of which verified
	Suspicious int // distinct lines in the ranking

	// CorrectLoc: some candidate's locations are all faulty lines (the
	// paper's "correct fault location"). CorrectFix: such a candidate is
	// also verified (the paper's "correct fix localization"). AnyFaulty:
	// some verified candidate contains a faulty line.
	CorrectLoc, CorrectFix, AnyFaulty bool

	Rank int     // rank of the best-ranked faulty line (0: not ranked)
	Exam float64 // EXAM, a fraction (see exam)
	// RankTie and ExamTie are the expected rank and EXAM when candidates
	// that tie on the report's ranking keys (verified, size) are read in a
	// random order rather than by position (see tieRank).
	RankTie float64
	ExamTie float64
	Exec    int // executable lines (EXAM's denominator)
	Solve   time.Duration
	Total   time.Duration

	Runs, Refinements int

	// Ties are the run's scores under options.Ties, in that order (nil
	// when the run failed).
	Ties []tieScore
	// cands are the report's candidates, kept until scoreTies has used
	// them.
	cands []localize.Candidate
	// mut are the run's line scores under the mutation-based policies
	// (mutationScores), by policy name.
	mut map[string]map[int]float64
}

// evaluate runs AgxFaults in mode m on test t of ver with a timeout.
func evaluate(ctx context.Context, ver *version, t trace.Test, m encode.Mode, opts options) runResult {
	r := runResult{Version: ver.v.N, Test: t.Name, Mode: m.String(), Exec: len(ver.exec)}
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	start := time.Now()
	rep, err := agx.Localize(ctx, ver.prog, ver.prog.TestCase(t), &agx.Options{
		Mode:    m,
		InScope: ver.scope,
		MaxSize: opts.MaxSize,
		Arith:   opts.Arith,
		Overlay: ver.overlay,
	})

	if err != nil {
		r.Err = err.Error()
		r.Total = time.Since(start)
		r.Exam = exam(0, 0, r.Exec)
		r.ExamTie = r.Exam
		return r
	}
	score(&r, rep, ver.file, ver.faulty)
	r.cands = rep.Candidates
	if opts.Show {
		var b strings.Builder
		rep.Output.Dir = filepath.Dir(ver.file)
		rep.WriteText(&b)
		fmt.Fprintf(os.Stderr, "v%d %s", ver.v.N, b.String())
	}
	return r
}

// score fills r from a report: candidates, success criteria, rank and
// EXAM, statistics.
func score(r *runResult, rep *localize.Report, file string, faulty map[int]bool) {
	r.Partial, r.Reason = rep.Partial, rep.Reason
	r.Candidates = len(rep.Candidates)
	r.Suspicious = len(rep.Ranking)
	r.Solve, r.Total = rep.Stats.Solve, rep.Stats.Total
	r.Runs, r.Refinements = rep.Stats.Runs, rep.Stats.Refinements
	for _, c := range rep.Candidates {
		if c.Verified {
			r.Verified++
		}
		all, any := len(c.Locations) > 0, false
		for _, l := range c.Locations {
			if l.File == file && faulty[l.Line] {
				any = true
			} else {
				all = false
			}
		}
		if all {
			r.CorrectLoc = true
			if c.Verified {
				r.CorrectFix = true
			}
		}
		if any && c.Verified {
			r.AnyFaulty = true
		}
	}
	for _, l := range rep.Ranking {
		if l.File == file && faulty[l.Line] && (r.Rank == 0 || l.Rank < r.Rank) {
			r.Rank = l.Rank
		}
	}
	r.Exam = exam(r.Rank, r.Suspicious, r.Exec)
	r.RankTie = tieRank(rep.Candidates, file, faulty, nil)
	if r.RankTie > 0 {
		r.ExamTie = r.RankTie / float64(r.Exec)
	} else {
		r.ExamTie = r.Exam
	}
}

// tieRank is the expected rank of the first faulty line when the report's
// candidates are read group by group, a group being the candidates that
// tie on localize's ranking keys (verified first, then size, then, when s
// is not nil, their score under s; see localize.Suspiciousness.Candidate), and the new
// lines of a group in a uniformly random order: with B lines read before
// the first group holding a new faulty line, L new lines in that group of
// which F are faulty, B + (L+1)/(F+1). The report's own order breaks such
// ties by file and line, which is no evidence about the fault and favours
// faults near the top of the file. For candidates of one line (size bound
// 1) the expectation is exact; with larger candidates it treats the lines
// of a group, not the candidates, as shuffled. 0 when no faulty line is
// ranked.
func tieRank(cs []localize.Candidate, file string, faulty map[int]bool, s localize.Suspiciousness) float64 {
	seen := map[localize.Location]bool{}
	before := 0
	for i := 0; i < len(cs); {
		j := i
		for j < len(cs) && cs[j].Verified == cs[i].Verified && len(cs[j].Locations) == len(cs[i].Locations) &&
			s.Candidate(cs[j]) == s.Candidate(cs[i]) {
			j++
		}
		fresh, bad := 0, 0
		for _, c := range cs[i:j] {
			for _, l := range c.Locations {
				k := localize.Location{Position: localize.At(l.SourceLine())}
				if seen[k] {
					continue
				}
				seen[k] = true
				fresh++
				if l.File == file && faulty[l.Line] {
					bad++
				}
			}
		}
		if bad > 0 {
			return float64(before) + float64(fresh+1)/float64(bad+1)
		}
		before += fresh
		i = j
	}
	return 0
}

// exam is the EXAM score of a run, a fraction of the executable lines: the
// rank of the best faulty line divided by the executable lines; when no
// faulty line is ranked, the developer reads the suspicious lines and then,
// on average, half of the rest: (suspicious + (exec-suspicious+1)/2) / exec.
func exam(rank, suspicious, exec int) float64 {
	if exec == 0 {
		return 0
	}
	if rank > 0 {
		return float64(rank) / float64(exec)
	}
	rest := max(exec-suspicious, 0)
	return (float64(suspicious) + float64(rest+1)/2) / float64(exec)
}

// timedOut reports whether a run's partial report or error came from the
// per-run timeout.
func timedOut(r runResult) bool {
	d := context.DeadlineExceeded.Error()
	return strings.Contains(r.Reason, d) || strings.Contains(r.Err, d)
}

// sortResults orders results by version, test, then mode order.
func sortResults(rs []runResult, modes []encode.Mode) {
	idx := map[string]int{}
	for i, m := range modes {
		idx[m.String()] = i
	}
	slices.SortStableFunc(rs, func(a, b runResult) int {
		return cmp.Or(cmp.Compare(a.Version, b.Version), cmp.Compare(testNum(a.Test), testNum(b.Test)), cmp.Compare(idx[a.Mode], idx[b.Mode]))
	})
}

// testNum is the number of a test named "t<N>".
func testNum(name string) int {
	n := 0
	for _, c := range name[min(1, len(name)):] {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}
