package mutation

import (
	"cmp"
	"context"
	"fmt"
	"go/token"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/faultloc/faultloc/localize"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/internal/mutate"
	"github.com/faultloc/faultloc/trace"
)

// Options say how to load the program and which cases to run on
// its mutants.
type Options struct {
	// Load and Patterns are how the program was loaded (trace.Load's
	// arguments): the mutant schema is loaded the same way, with the
	// mutated files added to Load.Overlay.
	Load     trace.Config
	Patterns []string
	// Cases are the cases run on the mutants, of a program loaded as
	// Load and Patterns say (go test cases need Load.Tests): each is
	// found again in the mutant program by trace.Program.Rebind, so it
	// must be a case trace makes (a go test, fuzz case or test given as
	// data) and a test's function a declared function or method.
	Cases []trace.Case
	// Parallel is the number of tests run at once. Default (0): 1.
	Parallel int
	// Repair adds three operators made for finding fixes rather than for
	// scoring lines: VRP (a local variable's read replaced by each other
	// local of an identical type visible there), OBO (a non-constant
	// integer right-hand side or result e, or argument of a call of a
	// function whose body is one return of an expression without calls,
	// replaced by e + 1 and e - 1)
	// and ACR (in a right-hand side or result x + c, x - c, c + x, c - x
	// or x * c of integers, or a string concatenation with a constant end,
	// the constant c replaced by the one that gives an instance of the
	// candidates its angelic value, the other operand keeping its value
	// of the failing run: AngelicValue.Orig and Value). They fix common
	// faults the others cannot (a wrong variable, a forgotten +1, a wrong
	// constant) and make many more mutants; see [Analysis.Fixes].
	// Metallaxis and MUSE scores were designed without them.
	Repair bool
	// Share, if set, is asked about each mutant of the schema: only the
	// mutants it accepts are run and listed in Analysis.Mutants. The
	// analyses of shares that together accept every mutant (each machine
	// of a sharded run taking one) combine into the whole analysis by
	// [Merge]. Default nil: every mutant.
	Share func(localize.MutantResult) bool

	hooked bool // mutant runs select their mutant by hook, not by preset (tests compare the two)
	// beforeJob, if set, is called before each run of a case on a
	// mutant, with the mutant's line (a test seam: it may cancel the
	// context).
	beforeJob func(line int)
}

// Analysis is the outcome of running the tests on the mutants of
// the candidates' lines.
type Analysis struct {
	// Mutants are the mutants that type-checked, in the schema's order.
	Mutants []localize.MutantResult
	// Failing and Passing count the tests by their verdict on the
	// original program.
	Failing, Passing int
	// Dropped counts the mutants generated but dropped because they did
	// not type-check.
	Dropped int
	// Stats is the work done: Runs counts the test executions (a test is
	// run on a mutant only if its original run reaches the mutated
	// statement), Total is the wall time of the analysis, loading
	// included; the other counts are zero.
	Stats localize.Stats
	// Partial says the context ended the analysis: Mutants are then
	// those whose cases had all run (none if it ended before the
	// mutants' runs began), each with its complete results, and Analyze
	// returns the context's error with it.
	Partial bool

	fixed [][]string // per mutant, the names of the failing tests it makes pass
}

// Fixed returns the names of the tests, failing on the original program,
// that pass on the i-th mutant, in the order of MutationOptions.Cases.
func (a *Analysis) Fixed(i int) []string {
	if i < 0 || i >= len(a.fixed) {
		return nil
	}
	return a.fixed[i]
}

// Analyze runs mutation analysis on the lines of the given fix
// candidates (typically a report's verified ones): it makes the mutants
// of each line with the operators of mutation-based fault localization
// (Metallaxis, Papadakis and Le Traon, STVR 2015; MUSE, Moon et al.,
// ICST 2014): ROR (relational operator replaced), LCR (&& and ||
// swapped), AOR (arithmetic operator replaced), CRP (integer constant
// ±1), NEG and CON (a condition or Boolean value negated, or replaced by
// true and false), and ANG, the candidate's own evidence: the right-hand
// side of an assignment, definition or return replaced by an angelic value
// of a candidate on that line. The mutants go into one mutant schema (a
// copy of the source where a package variable selects the mutant that
// runs), loaded once like the program with its mutated files in the
// overlay; every test is run once on the original and, on each mutant,
// only if its original run reached the mutated statement (other tests
// cannot change). A mutant run has ten times its test's original steps as
// its budget (at least 10^5): a mutant that loops is killed by the budget.
//
// Score the lines with [Analysis.Metallaxis] or
// [Analysis.MUSE]. The analysis costs one more load of the
// program and, per mutant, one run of each test that reaches it. Errors
// are those of loading (a typed *trace.LoadError or the schema's) and of
// the original runs; a case the mutant program cannot run is a
// *trace.RebindError.
//
// The context bounds the whole analysis: when it ends, Analyze returns
// soon after, with its error (context.Cause) and the partial analysis
// (Analysis.Partial): the mutants every case reaching them ran on. The
// loads of the program do not stop at the context's end: Analyze then
// returns without waiting for them, and they finish in the background.
func Analyze(ctx context.Context, cands []localize.Candidate, opts *Options) (*Analysis, error) {
	start := time.Now()
	if opts == nil || len(opts.Patterns) == 0 {
		return nil, fmt.Errorf("localize: Mutation needs the program's load patterns")
	}
	cut := func(a *Analysis) (*Analysis, error) {
		a.Partial = true
		a.Stats.Total = time.Since(start)
		return a, context.Cause(ctx)
	}
	targets := targetsOf(cands)
	lc := opts.Load
	schema, err := bounded(ctx, func() (*mutate.Schema, error) {
		return mutate.Build(ctx, &mutate.Config{Dir: lc.Dir, Tests: lc.Tests, BuildFlags: lc.BuildFlags, Overlay: lc.Overlay, Env: lc.Env, Repair: opts.Repair},
			opts.Patterns, targets)
	})
	if err != nil {
		if ctx.Err() != nil {
			return cut(&Analysis{})
		}
		return nil, err
	}
	a := &Analysis{Dropped: schema.Dropped}
	var mutants []mutate.Mutant // those run: a.Mutants[i] is mutants[i]
	for _, m := range schema.Mutants {
		r := mutantResult(m)
		if opts.Share != nil && !opts.Share(r) {
			continue
		}
		a.Mutants = append(a.Mutants, r)
		mutants = append(mutants, m)
	}
	overlay := make(map[string][]byte, len(lc.Overlay)+len(schema.Files))
	for k, v := range lc.Overlay {
		overlay[k] = v
	}
	for k, v := range schema.Files {
		overlay[k] = v
	}
	lc.Overlay = overlay
	prog, err := bounded(ctx, func() (*trace.Program, error) { return trace.Load(ctx, &lc, opts.Patterns...) })
	if err != nil {
		if ctx.Err() != nil {
			a.Mutants = nil
			return cut(a)
		}
		return nil, err
	}
	tests, err := rebindCases(prog, opts)
	if err != nil {
		return nil, err
	}
	m := newMutRunner(prog, schema)
	m.hooked = opts.hooked
	// The original runs: verdicts, results, steps and hosts reached.
	base := make([]mutRun, len(tests))
	reach := make([][]int, len(tests))
	err = parallel(ctx, opts.Parallel, len(tests), func(w *mutWorker, i int) error {
		r, hosts, err := w.run(ctx, tests[i], 0, 0, true)
		if err != nil {
			return fmt.Errorf("localize: mutation analysis: %s: %w", tests[i].Name(), err)
		}
		base[i], reach[i] = r, hosts
		return nil
	}, m)
	if err != nil {
		if ctx.Err() != nil {
			a.Mutants = nil
			return cut(a)
		}
		return nil, err
	}
	a.Stats.Runs += len(tests)
	for _, b := range base {
		if b.passed {
			a.Passing++
		} else {
			a.Failing++
		}
	}
	byHost := make([][]int, len(schema.Hosts))
	for t, hs := range reach {
		for _, h := range hs {
			byHost[h] = append(byHost[h], t)
		}
	}
	type job struct{ mut, test int }
	var jobs []job
	for i, mu := range mutants {
		for _, t := range byHost[mu.Host] {
			jobs = append(jobs, job{i, t})
		}
	}
	var mu sync.Mutex
	// fixedAt records which mutant made which failing test pass, in the
	// parallel runs' order; Fixed is filled from it in the tests' order.
	type fixedTest struct{ mut, test int }
	var fixedAt []fixedTest
	// left counts each mutant's jobs not yet done; ran the jobs done.
	left := make([]int, len(mutants))
	for _, jb := range jobs {
		left[jb.mut]++
	}
	ran := 0
	err = parallel(ctx, opts.Parallel, len(jobs), func(w *mutWorker, j int) error {
		jb := jobs[j]
		b := base[jb.test]
		if opts.beforeJob != nil {
			opts.beforeJob(mutants[jb.mut].Line)
		}
		r, _, err := w.run(ctx, tests[jb.test], mutants[jb.mut].ID, max(10*b.steps, 100_000), false)
		if ctx.Err() != nil {
			return nil // cut by the context: the mutant is left incomplete
		}
		if err != nil {
			r = mutRun{sig: "error: " + err.Error()}
		}
		mu.Lock()
		defer mu.Unlock()
		left[jb.mut]--
		ran++
		res := &a.Mutants[jb.mut]
		if r.sig != b.sig {
			if b.passed {
				res.PassKilled++
			} else {
				res.FailKilled++
			}
		}
		switch {
		case b.passed && !r.passed:
			res.PassToFail++
		case !b.passed && r.passed:
			res.FailToPass++
			fixedAt = append(fixedAt, fixedTest{jb.mut, jb.test})
		}
		return nil
	}, m)
	if err != nil && ctx.Err() == nil {
		return nil, err
	}
	slices.SortFunc(fixedAt, func(x, y fixedTest) int { return cmp.Or(cmp.Compare(x.mut, y.mut), cmp.Compare(x.test, y.test)) })
	a.fixed = make([][]string, len(a.Mutants))
	for _, f := range fixedAt {
		a.fixed[f.mut] = append(a.fixed[f.mut], tests[f.test].Name())
	}
	a.Stats.Runs += ran
	if ctx.Err() != nil {
		// Only the mutants whose jobs all ran.
		kept, fixed := a.Mutants[:0], a.fixed[:0]
		for i := range a.Mutants {
			if left[i] == 0 {
				kept, fixed = append(kept, a.Mutants[i]), append(fixed, a.fixed[i])
			}
		}
		a.Mutants, a.fixed = kept, fixed
		return cut(a)
	}
	a.Stats.Total = time.Since(start)
	return a, nil
}

// bounded returns f's result, or the context's cause as soon as ctx
// ends: f (a load, which does not stop at ctx's end) then goes on in the
// background, its result dropped.
func bounded[T any](ctx context.Context, f func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, context.Cause(ctx)
	}
}

// targetsOf returns the lines of cands to mutate, in the order of their
// first candidate, each with the angelic values of its instances.
func targetsOf(cands []localize.Candidate) []mutate.Target {
	var targets []mutate.Target
	idx := map[localize.Location]int{}
	for _, c := range cands {
		for _, l := range c.Locations {
			k := localize.Location{Position: localize.At(l.SourceLine())}
			if _, ok := idx[k]; !ok {
				idx[k] = len(targets)
				targets = append(targets, mutate.Target{File: l.File, Line: l.Line})
			}
		}
		for _, a := range c.Angelic {
			if i, ok := idx[localize.Location{Position: localize.At(a.SourceLine())}]; ok && !a.Branch {
				targets[i].Values = append(targets[i].Values, a.Value)
				if a.Orig != "" {
					targets[i].Instances = append(targets[i].Instances, mutate.Instance{Orig: a.Orig, Angelic: a.Value})
				}
			}
		}
	}
	return targets
}

// mutantResult is mutant m, before any run.
func mutantResult(m mutate.Mutant) localize.MutantResult {
	return localize.MutantResult{Position: localize.Position{File: m.File, Line: m.Line, Column: m.Column}, Op: string(m.Op), Orig: m.Orig, Repl: m.Repl}
}

// Fixes returns the plausible fixes of the named failing test among the
// mutants: those under which it passes and no test that passed on the
// original program fails (PassToFail is 0). They are fixes in the sense of
// automated program repair's plausible patches: the package's own tests
// accept them, which does not make them correct (a fix that only
// satisfies the tests overfits them). Mutants that make more of the
// failing tests pass come first, then the schema's order (file, then
// position). The name is a Report's Test: a test's Name, or a go test
// case's full name.
func (a *Analysis) Fixes(test string) []localize.MutantResult {
	var out []localize.MutantResult
	for i, m := range a.Mutants {
		if m.PassToFail == 0 && slices.Contains(a.Fixed(i), test) {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(x, y localize.MutantResult) int { return cmp.Compare(y.FailToPass, x.FailToPass) })
	return out
}

// rebindCases finds the cases again in the mutant program.
func rebindCases(prog *trace.Program, opts *Options) ([]trace.Case, error) {
	out := make([]trace.Case, len(opts.Cases))
	for i, c := range opts.Cases {
		rc, err := prog.Rebind(c)
		if err != nil {
			return nil, fmt.Errorf("localize: mutation analysis: %w", err)
		}
		out[i] = rc
	}
	return out, nil
}

// mutRunner runs tests on the schema's mutants.
type mutRunner struct {
	prog   *trace.Program
	schema *mutate.Schema
	// selectors are the Presets keys of the selector variables, one per
	// mutated package.
	selectors []string
	// hooked makes mutant runs select their mutant with a hook, as the
	// original runs do, instead of presetting the selector (tests compare
	// the two).
	hooked bool
}

func newMutRunner(prog *trace.Program, schema *mutate.Schema) *mutRunner {
	m := &mutRunner{prog: prog, schema: schema}
	for _, pk := range prog.Packages {
		if _, ok := pk.Members[schema.Selector].(*ssa.Global); ok {
			m.selectors = append(m.selectors, pk.Pkg.Path()+"."+schema.Selector)
		}
	}
	return m
}

// mutRun is what one run of a test gave.
type mutRun struct {
	sig    string // its result, compared between the original and a mutant
	passed bool
	steps  int64
}

// mutWorker runs tests one at a time; its hook's cache of static
// instructions and its presets are its own.
//
// The runs that must tell which hosts they reach (the original ones) give
// every load of the selector the mutant's ID through a hook; the other
// runs (on mutants) preset the selector variables instead, which gives the
// same runs (the selector is declared without initializer and never
// assigned, so it holds its preset from the first step on) without hooks,
// on the interpreter's fast form.
type mutWorker struct {
	m       *mutRunner
	presets map[string]trace.Value
	// host[s] is 0 if static instruction s is not yet known, -1 if it is
	// not a load of the selector, h+1 if it is one in host h.
	host []int32
	sel  int64
	seen []bool // hosts reached by the current run, when recording
	rec  bool
	hook *trace.Hooks
}

func newMutWorker(m *mutRunner) *mutWorker {
	w := &mutWorker{m: m, presets: make(map[string]trace.Value, len(m.selectors))}
	w.hook = &trace.Hooks{Substitute: w.substitute}
	return w
}

// substitute gives every load of the selector the current mutant's ID.
func (w *mutWorker) substitute(k trace.InstanceKey, v trace.Value) (trace.Value, bool) {
	s := int(k.Static)
	if s < 0 {
		return v, false
	}
	for s >= len(w.host) {
		w.host = append(w.host, 0)
	}
	h := w.host[s]
	if h == 0 {
		h = -1
		if st, ok := w.m.prog.StaticInfo(k.Static); ok && w.isSelectorLoad(st) {
			if i := w.m.schema.HostAt(st.Position.Filename, st.Position.Offset); i >= 0 {
				h = int32(i + 1)
			}
		}
		w.host[s] = h
	}
	if h < 0 {
		return v, false
	}
	if w.rec {
		w.seen[h-1] = true
	}
	return trace.Int(w.sel), true
}

func (w *mutWorker) isSelectorLoad(st trace.Static) bool {
	u, ok := st.Instr.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	g, ok := u.X.(*ssa.Global)
	return ok && g.Name() == w.m.schema.Selector
}

// run runs t with mutant sel (0: the original) and a step budget (0: the
// default); with hosts, it also returns the hosts the run reached.
func (w *mutWorker) run(ctx context.Context, t trace.Case, sel int, budget int64, hosts bool) (mutRun, []int, error) {
	w.sel, w.rec = int64(sel), hosts
	if hosts {
		w.seen = make([]bool, len(w.m.schema.Hosts))
	}
	opts := &trace.RunOptions{NoTrace: true, Hooks: w.hook, MaxSteps: budget}
	if !hosts && !w.m.hooked {
		for _, k := range w.m.selectors {
			w.presets[k] = trace.Int(int64(sel))
		}
		opts.Hooks, opts.Presets = nil, w.presets
	}
	res, err := t.Run(ctx, opts)
	if err == nil && res == nil {
		err = fmt.Errorf("case %s ran without a result", t.Name())
	}
	if err != nil {
		return mutRun{}, nil, err
	}
	var sb strings.Builder
	if res.Test != nil {
		// A test given as data: its results.
		sb.WriteString(res.Outcome.String())
		for _, v := range res.Returns {
			sb.WriteString("|" + v.String())
		}
		if res.Panic != nil {
			sb.WriteString("|panic " + res.Panic.Message)
		}
	} else {
		// A go test or fuzz case: its verdict and assertions.
		fmt.Fprintf(&sb, "%s ran=%v failed=%v skipped=%v", res.Outcome, res.Ran, res.Failed, res.Skipped)
		for _, as := range res.Assertions {
			sb.WriteString("|" + as.Message)
		}
	}
	out := mutRun{sig: sb.String(), passed: res.Passed(), steps: res.Steps}
	var reached []int
	if hosts {
		for h, ok := range w.seen {
			if ok {
				reached = append(reached, h)
			}
		}
	}
	return out, reached, nil
}

// parallel calls f(w, i) for i in [0, n) on up to p workers (at least 1),
// each with its own mutWorker; it stops at the first error or when ctx is
// done.
func parallel(ctx context.Context, p, n int, f func(w *mutWorker, i int) error, m *mutRunner) error {
	p = max(1, min(p, n))
	next := make(chan int)
	errs := make(chan error, p)
	var wg sync.WaitGroup
	for range p {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newMutWorker(m)
			for i := range next {
				if err := f(w, i); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	var err error
loop:
	for i := range n {
		select {
		case next <- i:
		case err = <-errs:
			break loop
		case <-ctx.Done():
			err = ctx.Err()
			break loop
		}
	}
	close(next)
	wg.Wait()
	if err == nil {
		select {
		case err = <-errs:
		default:
		}
	}
	return err
}

// counted returns the test for the mutants that count for the given
// candidates: those of the candidates' lines, generic ones always and ANG
// ones when one of the candidates has that angelic value on that line.
// Nil candidates: every mutant counts.
func counted(cands []localize.Candidate) func(m localize.MutantResult) bool {
	if cands == nil {
		return func(localize.MutantResult) bool { return true }
	}
	lines := map[localize.Location]bool{}
	vals := map[localize.Location][]string{}
	for _, c := range cands {
		for _, l := range c.Locations {
			lines[localize.Location{Position: localize.At(l.SourceLine())}] = true
		}
		for _, a := range c.Angelic {
			if !a.Branch {
				k := localize.Location{Position: localize.At(a.SourceLine())}
				vals[k] = append(vals[k], strings.TrimSpace(a.Value))
			}
		}
	}
	return func(m localize.MutantResult) bool {
		k := localize.Location{Position: localize.At(m.SourceLine())}
		if !lines[k] {
			return false
		}
		return m.Op != string(mutate.ANG) || slices.Contains(vals[k], m.Repl)
	}
}

// Metallaxis scores each line by its most suspicious mutant (Papadakis
// and Le Traon's Metallaxis-FL with Ochiai): a mutant killed by kf of the
// F failing tests and kp passing ones scores kf / sqrt(F (kf + kp)), 0
// when no failing test kills it. A mutant that changes what the failing
// tests do and leaves the passing ones alone points at its line; one that
// changes everything (a statement on the path of every output) does not.
// Only the mutants of cands' lines count: the generic ones, and the ANG
// mutants whose value is an angelic value of one of cands on that line
// (nil cands: every mutant). Lines without a counted mutant score -Inf.
func (a *Analysis) Metallaxis(cands []localize.Candidate) localize.Suspiciousness {
	return a.metallaxis(cands).Suspiciousness()
}

// metallaxis is Metallaxis's scores of the lines.
func (a *Analysis) metallaxis(cands []localize.Candidate) localize.LineScores {
	included := counted(cands)
	score := map[localize.Location]float64{}
	for _, m := range a.Mutants {
		if !included(m) {
			continue
		}
		s := 0.0
		if m.FailKilled > 0 {
			s = float64(m.FailKilled) / math.Sqrt(float64(a.Failing)*float64(m.FailKilled+m.PassKilled))
		}
		k := localize.Location{Position: localize.At(m.SourceLine())}
		if old, ok := score[k]; !ok || s > old {
			score[k] = s
		}
	}
	return lineScores(score)
}

// MUSE scores each line as MUSE does (Moon, Kim, Kim and Yoo, ICST
// 2014): the mean over its mutants m of f2p(m)/(F2P+1) − α p2f(m)/(P2F+1),
// where f2p(m) counts the failing tests m makes pass, p2f(m) the passing
// tests it makes fail, F2P and P2F their sums over the counted mutants,
// and α = F2P/P2F (0 when P2F is 0); the mean divides by the line's
// mutants plus one, as MUSE's formula does. Mutants count as for
// [Analysis.Metallaxis]; lines without one score -Inf.
func (a *Analysis) MUSE(cands []localize.Candidate) localize.Suspiciousness {
	return a.muse(cands).Suspiciousness()
}

// muse is MUSE's scores of the lines.
func (a *Analysis) muse(cands []localize.Candidate) localize.LineScores {
	included := counted(cands)
	var f2p, p2f float64
	for _, m := range a.Mutants {
		if included(m) {
			f2p += float64(m.FailToPass)
			p2f += float64(m.PassToFail)
		}
	}
	alpha := 0.0
	if p2f > 0 {
		alpha = f2p / p2f
	}
	sum := map[localize.Location]float64{}
	n := map[localize.Location]int{}
	for _, m := range a.Mutants {
		if !included(m) {
			continue
		}
		k := localize.Location{Position: localize.At(m.SourceLine())}
		sum[k] += float64(m.FailToPass)/(f2p+1) - alpha*float64(m.PassToFail)/(p2f+1)
		n[k]++
	}
	for k := range sum {
		sum[k] /= float64(n[k] + 1)
	}
	return lineScores(sum)
}

// lineScores converts scores by location to LineScores.
func lineScores(score map[localize.Location]float64) localize.LineScores {
	out := make(localize.LineScores, len(score))
	for l, x := range score {
		out[l.SourceLine()] = x
	}
	return out
}
