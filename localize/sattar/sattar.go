package sattar

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// Mode is the Mode of the reports of [Technique].
const Mode = "sat-tar"

// EvidenceCore is the evidence of a line that SAT-TAR ranks with the
// suspect boost of an unsat core ([localize.Core]); EvidenceSATTAR that of a line
// the scorer [Technique] ranks.
const (
	EvidenceCore   localize.Evidence = "core"
	EvidenceSATTAR localize.Evidence = "sat-tar"
)

// Options configure [Run] and [Technique]. The
// zero value is the default.
type Options struct {
	// Search configures the formulas of the unsat cores and of test
	// generation (agx.Options: Mode, Arith, Engine...); its
	// Hooks.NewEncoder makes the encoders of both. Its InScope is set
	// from Under.
	Search search.Options
	// Under names the functions under test as Go writes them in their
	// package: "(*List).Delete", "Insert", "(T).String" (a function
	// literal belongs to the function it is in). Only their statements
	// are suspects, ranked and blamed. Default nil: the functions of the
	// package's non-test files.
	Under []string
	// InitialOnly starts the spectrum from the initial failing case
	// alone, as the paper does, instead of the whole seed corpus (whose
	// cases then only decide the partition).
	InitialOnly bool
	// Inputs are inputs of the caller's for the fuzz function (its
	// arguments after the *testing.T), run like generated ones and added
	// to the initial suite: random tests for a baseline, say.
	Inputs [][]trace.Value
	// SpectrumOnly leaves the cores out: no suspects, no boost, and test
	// selection by coverage alone; the ranking is the formula's over the
	// same suite (the paper's Tarantula baseline).
	SpectrumOnly bool
	// Rounds bounds the tests the session adds to the spectrum, one per
	// round. Default 0: 10; negative: none (the seed corpus alone).
	Rounds int
	// Formula is the spectrum formula. Default (zero): Tarantula with its
	// confidence, as the paper.
	Formula spectra.Formula
	// Round, if set, is called after each round with what it added and
	// the ranking so far; returning false stops the session, which keeps
	// its results.
	Round func(*Round) bool
	// RunTimeout bounds each run of a generated input. Default 0: 10 s.
	RunTimeout time.Duration
}

// Test is a test of a SAT-TAR session: a seed of the fuzz target's
// corpus or a generated input.
type Test struct {
	// Name is the case's name: "FuzzX/seed#0", "FuzzX/gen#3".
	Name string `json:"name"`
	// Input is a generated test's input (the fuzz function's arguments
	// after its *testing.T); nil for a seed.
	Input []trace.Value `json:"input,omitempty"`
	// Failed reports whether the case failed; Checks are the checks it
	// violated (their messages), in the order of the run.
	Failed bool     `json:"failed"`
	Checks []string `json:"checks,omitempty"`
	// Round is the round that added the test to the spectrum: 0 for the
	// seeds, -1 for a generated test never added.
	Round int `json:"round"`

	checks []token.Position
	lines  []trace.Line // the lines under test it executed
}

// Round is what one round of a session did (Options.Round).
type Round struct {
	// Round counts from 1.
	Round int
	// Added is the test the round added to the spectrum.
	Added *Test
	// Strategy is the test selection in force: "coverage" (a test whose
	// coverage differs from every added test's) or "suspects" (whose
	// coverage of the suspects differs), to which a session switches
	// when rounds stop changing the suspects' ratings.
	Strategy string
	// Dropped are the suspects the round's failing test showed innocent
	// (their rating fell): they lose the core's boost.
	Dropped []localize.Position
	// Report is the ranking after the round.
	Report *localize.Report
}

// Result is what a session found.
type Result struct {
	// Report is the ranking of the lines under test: Tarantula (or
	// Options.Formula) over the seeds and the tests added, each suspect
	// of the cores raised by one (EvidenceCore), as SAT-TAR defines it.
	Report *localize.Report `json:"report"`
	// Cores are the unsat cores of the checks the initial failing case
	// violates, one per check.
	Cores []Core `json:"cores"`
	// Suspects are the suspects at the end: the cores' lines under test,
	// with the statements the formula does not model (see [Run]),
	// less those the rounds showed innocent.
	Suspects []localize.Position `json:"suspects"`
	// Tests are the seeds and the generated tests, added or not.
	Tests []*Test `json:"tests"`
	// Partition groups the failing seeds by the checks they violate: a
	// group holds the cases whose violated checks are a subset of its
	// first case's. The session localizes the initial case's group; a
	// failing test of another group is left out of its spectrum, as it
	// likely shows another fault.
	Partition [][]string `json:"partition"`
	// Rounds is the number of rounds run; Generated the inputs the solver
	// produced.
	Rounds    int `json:"rounds"`
	Generated int `json:"generated"`
	// Partial reports that the context ended the session before its
	// end, Reason why: the result holds what was done by then (with the
	// seeds run, Report ranks them without the cores' suspects when the
	// cores were not done).
	Partial bool   `json:"partial,omitempty"`
	Reason  string `json:"reason,omitempty"`
	// Scores are the final scores of Report's lines: the formula's
	// suspiciousness, plus one for a suspect, plus a millionth of the
	// confidence that breaks its ties. The JSON has them as the
	// report's ranked lines' scores.
	Scores localize.LineScores `json:"-"`
	// Output says how the writers write the result (not written).
	Output localize.WriteOptions `json:"-"`
}

// Run is SAT-TAR (Gopinath, Zaeem and Khurshid, ASE 2012) on fuzz
// target target of package pkg, starting from its failing case initial
// (a case of the target: "FuzzX/seed#2"; default "": its first failing
// seed). The fuzz target is the specification: its inputs build the
// state, its checks (t.Error, t.Fatal) are the constraints, one per
// call site, and its seed corpus is the initial test suite.
//
// The session extracts a minimal unsat core of each check the initial
// case violates ([Cores]); their statements under test are the suspects,
// together with the statements under test of the failing run that the
// formula does not model (pointer assignments: the core cannot clear
// them). It then ranks the lines under test by Tarantula over the
// suite, each suspect's score raised by one. Test generation negates the
// branch decisions of the failing run one at a time, prefix kept, and
// solves for the fuzz function's arguments (encode's Options.Inputs);
// each round adds the generated test that covers the most suspects and
// whose coverage no added test has, leaving out failing tests that
// violate checks the initial case does not (another fault). A failing
// test added shows innocent the suspects whose rating falls; when rounds
// stop moving the suspects' ratings, uniqueness is judged on the
// suspects' coverage alone.
//
// When ctx ends first, Run returns what the session has done, marked
// Partial, with an error wrapping ctx's.
func Run(ctx context.Context, prog *trace.Program, pkg, target, initial string, opts *Options) (*Result, error) {
	if opts == nil {
		opts = &Options{}
	}
	if prog == nil {
		return nil, errors.New("localize: SAT-TAR: no program")
	}
	if !strings.HasPrefix(target, "Fuzz") || strings.Contains(target, "/") {
		return nil, fmt.Errorf("localize: SAT-TAR: %q is not a fuzz target (FuzzXxx)", target)
	}
	s := &sattar{ctx: ctx, prog: prog, pkg: pkg, target: target, opts: opts}
	if err := s.scope(); err != nil {
		return nil, err
	}
	if err := s.seeds(initial); err != nil {
		if s.ctx.Err() != nil {
			return s.stopped(err)
		}
		return nil, err
	}
	if err := s.cores(); err != nil {
		if s.ctx.Err() != nil {
			// The seeds' ranking, without the cores' suspects.
			s.res.Report = s.rank()
			return s.stopped(err)
		}
		return s.res, err
	}
	s.res.Report = s.rank()
	if err := s.rounds(); err != nil {
		if s.ctx.Err() != nil {
			return s.stopped(err)
		}
		return s.res, err
	}
	return s.res, nil
}

// stopped returns the session's result marked Partial, its report too,
// and err as an error of the context's: the context ended the session
// (err says where).
func (s *sattar) stopped(err error) (*Result, error) {
	if !errors.Is(err, s.ctx.Err()) {
		err = fmt.Errorf("%w: %w", s.ctx.Err(), err)
	}
	if s.res == nil {
		s.res = &Result{}
	}
	s.res.Partial, s.res.Reason = true, err.Error()
	if s.res.Report != nil {
		s.res.Report.Partial, s.res.Report.Reason = true, s.res.Reason
	}
	return s.res, err
}

// Technique is SAT-TAR as a [localize.Technique] and a [localize.Scorer]: a failing case of a
// fuzz target ("FuzzX/seed#1", a corpus file's entry) is localized by
// [Run] from that case; other cases are an error. As a scorer
// after the technique (faultloc localize -mode sat-tar), it gives the
// scores of the session Localize ran for the same case, so that the
// pipeline's ranking is SAT-TAR's, completed by the other scorers.
type Technique struct {
	Options Options

	mu     sync.Mutex
	scores map[string]localize.LineScores // by case, from Localize
}

var (
	_ localize.Technique = (*Technique)(nil)
	_ localize.Scorer    = (*Technique)(nil)
)

// Evidence returns EvidenceSATTAR.
func (t *Technique) Evidence() localize.Evidence { return EvidenceSATTAR }

// Score returns the SAT-TAR scores of f's case (Result.Scores),
// from the session Localize ran for it, or from a new one.
func (t *Technique) Score(ctx context.Context, f *localize.Failure) (localize.LineScores, error) {
	t.mu.Lock()
	ls, ok := t.scores[f.Case.Name()]
	t.mu.Unlock()
	if ok {
		return ls, nil
	}
	res, err := t.session(ctx, f)
	if err != nil {
		return nil, err
	}
	return res.Scores, nil
}

// Name is Mode.
func (t *Technique) Name() string { return Mode }

// Localize runs [Run] from f's case.
func (t *Technique) Localize(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
	res, err := t.session(ctx, f)
	if res != nil && res.Report != nil {
		if err != nil {
			res.Report.Partial, res.Report.Reason = true, err.Error()
		}
		return res.Report, nil
	}
	return nil, err
}

// session runs Run from f's case and keeps its scores.
func (t *Technique) session(ctx context.Context, f *localize.Failure) (*Result, error) {
	target, _, ok := strings.Cut(f.Case.Name(), "/")
	if !ok || !strings.HasPrefix(target, "Fuzz") {
		return nil, fmt.Errorf("localize: SAT-TAR localizes a fuzz target's failing entry, not %s", f.Case.Name())
	}
	pkg := f.Package
	if pkg == "" {
		var err error
		if pkg, err = f.Program.TargetPackage(); err != nil {
			return nil, fmt.Errorf("localize: SAT-TAR: %w", err)
		}
	}
	res, err := Run(ctx, f.Program, pkg, target, f.Case.Name(), &t.Options)
	if res != nil && res.Scores != nil {
		t.mu.Lock()
		if t.scores == nil {
			t.scores = map[string]localize.LineScores{}
		}
		t.scores[f.Case.Name()] = res.Scores
		t.mu.Unlock()
	}
	return res, err
}

// sattar is the state of a session.
type sattar struct {
	ctx         context.Context
	prog        *trace.Program
	pkg, target string
	opts        *Options
	under       func(fn *ssa.Function) bool
	res         *Result
	first       *Test // the initial failing case
	suite       []*Test
	suspects    []trace.Line
	gen         int // generated inputs named so far
	strategy    string
	formula     spectra.Formula
	start       time.Time
}

// scope compiles Options.Under.
func (s *sattar) scope() error {
	s.start = time.Now()
	s.formula = s.opts.Formula
	if s.formula.Score == nil {
		f, err := spectra.Lookup("tarantula")
		if err != nil {
			return err
		}
		s.formula = f
	}
	names := s.opts.Under
	known := map[string]bool{}
	s.under = func(fn *ssa.Function) bool {
		for fn.Parent() != nil {
			fn = fn.Parent()
		}
		if fn.Pkg == nil || strings.TrimSuffix(fn.Pkg.Pkg.Path(), "_test") != s.pkg {
			return false
		}
		if names == nil {
			file := s.prog.Fset.Position(fn.Pos()).Filename
			return file != "" && !strings.HasSuffix(file, "_test.go")
		}
		return slices.Contains(names, fn.RelString(fn.Pkg.Pkg))
	}
	for _, p := range s.prog.Packages {
		if strings.TrimSuffix(p.Pkg.Path(), "_test") != s.pkg {
			continue
		}
		for _, m := range p.Members {
			switch m := m.(type) {
			case *ssa.Function:
				known[m.RelString(p.Pkg)] = true
			case *ssa.Type:
				for _, ptr := range []bool{false, true} {
					t := m.Type()
					if ptr {
						t = types.NewPointer(t)
					}
					ms := s.prog.SSA.MethodSets.MethodSet(t)
					for i := range ms.Len() {
						if fn := s.prog.SSA.MethodValue(ms.At(i)); fn != nil && fn.Pkg == p {
							known[fn.RelString(p.Pkg)] = true
						}
					}
				}
			}
		}
	}
	if len(known) == 0 {
		return fmt.Errorf("localize: SAT-TAR: no in-scope package %s", s.pkg)
	}
	for _, n := range names {
		if !known[n] {
			return fmt.Errorf("localize: SAT-TAR: Under names %q, not a function of %s (it has %s)", n, s.pkg, strings.Join(slices.Sorted(maps.Keys(known)), ", "))
		}
	}
	return nil
}

// seeds runs the target's seed corpus and picks the initial failing case.
func (s *sattar) seeds(initial string) error {
	s.res = &Result{}
	names, err := s.prog.ListTestsOf(s.ctx, s.pkg, func(n string) bool { return n == s.target }, nil)
	if err != nil && len(names) == 0 {
		return fmt.Errorf("localize: SAT-TAR: listing %s: %w", s.target, err)
	}
	for _, n := range names {
		if !strings.HasPrefix(n, s.target+"/") {
			continue
		}
		t, err := s.run(s.prog.GoTestCase(s.pkg, n), nil)
		if err != nil {
			return err
		}
		s.res.Tests = append(s.res.Tests, t)
	}
	if initial != "" && !slices.ContainsFunc(s.res.Tests, func(t *Test) bool { return t.Name == initial }) {
		// Not a seed: a case of the caller's (a generated input).
		t, err := s.run(s.prog.GoTestCase(s.pkg, initial), nil)
		if err != nil {
			return err
		}
		s.res.Tests = append(s.res.Tests, t)
	}
	for _, t := range s.res.Tests {
		if t.Failed && (initial == "" || t.Name == initial) {
			s.first = t
			break
		}
	}
	if s.first == nil {
		if initial != "" {
			return fmt.Errorf("localize: SAT-TAR: %s: %w", initial, localize.ErrTestPasses)
		}
		return fmt.Errorf("localize: SAT-TAR: no seed of %s fails (%d seeds)", s.target, len(s.res.Tests))
	}
	s.res.Partition = partitionByChecks(s.res.Tests)
	for _, t := range s.res.Tests {
		// The suite: the passing seeds and the failing ones of the
		// initial case's group.
		if t == s.first || !s.opts.InitialOnly && (!t.Failed || subset(t.checks, s.first.checks)) {
			t.Round = 0
			s.suite = append(s.suite, t)
		} else {
			t.Round = -1
		}
	}
	for i, in := range s.opts.Inputs {
		t, err := s.run(s.prog.FuzzCase(s.pkg, s.target, fmt.Sprintf("input#%d", i), in), in)
		if err != nil {
			return err
		}
		t.Round = 0
		s.res.Tests = append(s.res.Tests, t)
		s.suite = append(s.suite, t)
	}
	return nil
}

// run runs case c (a generated one has input in), coverage only, and
// records its outcome, checks and lines under test.
func (s *sattar) run(c trace.Case, input []trace.Value) (*Test, error) {
	ctx := s.ctx
	if input != nil {
		d := s.opts.RunTimeout
		if d <= 0 {
			d = 10 * time.Second
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	r, err := c.Run(ctx, &trace.RunOptions{CoverOnly: true})
	if err != nil {
		if s.ctx.Err() != nil {
			return nil, s.ctx.Err()
		}
		return nil, fmt.Errorf("localize: SAT-TAR: running %s: %w", c.Name(), err)
	}
	t := &Test{Name: c.Name(), Input: input, Failed: r.Failed, Round: -1}
	for _, a := range r.Assertions {
		if !slices.Contains(t.checks, a.Pos) {
			t.checks = append(t.checks, a.Pos)
			t.Checks = append(t.Checks, a.Message)
		}
	}
	if r.Failed && len(t.checks) == 0 {
		t.Checks = []string{r.Outcome.String()}
	}
	var under []trace.StaticID
	for _, id := range r.Covered {
		if st, ok := s.prog.StaticInfo(id); ok && st.Func != nil && s.under(st.Func) {
			under = append(under, id)
		}
	}
	for _, e := range spectra.CoveredElements(s.prog, under, spectra.Line) {
		t.lines = append(t.lines, trace.Line{File: e.File, Line: e.Line})
	}
	return t, nil
}

// partitionByChecks groups failing tests: each group's first test violates the
// most checks; a test joins the first group whose first test's checks
// hold all of its own.
func partitionByChecks(tests []*Test) [][]string {
	var failing []*Test
	for _, t := range tests {
		if t.Failed {
			failing = append(failing, t)
		}
	}
	slices.SortStableFunc(failing, func(a, b *Test) int { return cmp.Compare(len(b.checks), len(a.checks)) })
	var heads []*Test
	var groups [][]string
	for _, t := range failing {
		i := slices.IndexFunc(heads, func(h *Test) bool { return subset(t.checks, h.checks) })
		if i < 0 {
			heads = append(heads, t)
			groups = append(groups, nil)
			i = len(heads) - 1
		}
		groups[i] = append(groups[i], t.Name)
	}
	return groups
}

// subset reports whether every check of a is in b.
func subset(a, b []token.Position) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// cores extracts the cores of the initial failing case and the suspects.
func (s *sattar) cores() error {
	if s.opts.SpectrumOnly {
		return nil
	}
	o := s.opts.Search
	o.InScope = s.under
	c := s.prog.GoTestCase(s.pkg, s.first.Name)
	cores, err := Cores(s.ctx, s.prog, c, &o)
	s.res.Cores = cores
	if err != nil {
		return err
	}
	for _, core := range cores {
		for _, p := range core.Lines {
			if l := p.SourceLine(); !slices.Contains(s.suspects, l) {
				s.suspects = append(s.suspects, l)
			}
		}
	}
	for _, core := range cores {
		for _, p := range core.Unmodeled {
			if l := p.SourceLine(); !slices.Contains(s.suspects, l) {
				s.suspects = append(s.suspects, l)
			}
		}
	}
	search.SortLines(s.suspects)
	s.res.Suspects = localize.Positions(s.suspects)
	return nil
}

// matrix returns the spectrum of the suite over the lines under test.
func (s *sattar) matrix() *spectra.Matrix {
	m := spectra.NewMatrix()
	for _, t := range s.suite {
		var es []spectra.Element
		for _, l := range t.lines {
			es = append(es, spectra.Element{Kind: spectra.Line, File: l.File, Line: l.Line})
		}
		m.Add(spectra.TestRun{Name: t.Name, Failed: t.Failed}, es)
	}
	return m
}

// rank ranks the lines under test over the suite, suspects boosted.
func (s *sattar) rank() *localize.Report {
	m := s.matrix()
	var sus []spectra.Element
	for _, l := range s.suspects {
		sus = append(sus, spectra.Element{Kind: spectra.Line, File: l.File, Line: l.Line})
	}
	r := m.Rank(s.formula, &spectra.Options{Suspects: sus})
	rep := &localize.Report{Test: s.first.Name, Mode: Mode, Failure: strings.Join(s.first.Checks, "; "), Candidates: []localize.Candidate{}, Ranking: []localize.RankedLine{}}
	rep.Stats.Runs = len(s.res.Tests)
	rep.Stats.Total = time.Since(s.start)
	s.res.Scores = localize.LineScores{}
	for _, e := range r.Entries {
		if math.IsNaN(e.Score) || e.Counts.EF == 0 && !e.Suspect {
			continue
		}
		score := e.Score + e.Confidence*1e-6
		s.res.Scores[trace.Line{File: e.Element.File, Line: e.Element.Line}] = score
		ev := localize.EvidenceSpectrum
		if e.Suspect {
			ev = EvidenceCore
		}
		rl := localize.RankedLine{Position: localize.Position{File: e.Element.File, Line: e.Element.Line}, Rank: int(e.Rank), Evidence: ev}
		if !math.IsInf(score, 0) {
			rl.Score = score // JSON has no infinity: left out, as Report.Fuse does
		}
		rep.Ranking = append(rep.Ranking, rl)
	}
	return rep
}
