package diagnose

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/trace"
)

// The passing cases a diagnosis read as one fix must keep passing
// (DiagnoseOptions.Passing), and the runs of a case under a fix's table.

// fixRounds bounds the re-runs of a passing case under a table: each
// re-run may reach instances (of a loop, say) with other inputs.
const fixRounds = 3

// keptEvents bounds the events of the passing cases' runs that Diagnose
// keeps (DiagnoseOptions.Passing). A passing case is first run for its
// coverage alone (trace.RunOptions.CoverOnly), and run recorded when a
// diagnosis's lines are among those it executes; that run is kept for
// the next diagnosis while the runs kept stay within the bound. A run's
// values are copied into its trace: bitset's passing runs, all kept,
// held over 10 GiB.
const keptEvents = 1 << 20

// passCase is a case that passes (DiagnoseOptions.Passing), which a
// diagnosis verified as one fix must keep passing, or a failing case
// whose run under a table is checked.
type passCase struct {
	name string
	sub  *search.Subject
	// first is the case's recorded run, nil until one is kept; passed
	// says whether the case passed, and lines are the lines it executed
	// ("file:line"), nil when first was given. kept bounds the runs
	// kept, shared by the passing cases of a Diagnose call. told, when
	// lines come from a spectrum's row, says which lines the row tells
	// (nil: lines are the run's own, every line told).
	first  *search.Verdict
	passed bool
	lines  map[string]bool
	told   *toldLines
	kept   *keptRuns
	run    trace.RunOptions
}

// keptRuns counts the events of the passing cases' runs kept.
type keptRuns struct {
	mu           sync.Mutex
	events, most int
}

// take reports whether a run of n events may be kept, and counts it if
// so.
func (k *keptRuns) take(n int) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.events+n > k.most {
		return false
	}
	k.events += n
	return true
}

// asCase is m as a case to run under a table, from its failing run.
func (m *member) asCase() *passCase {
	return &passCase{name: m.name, sub: m.cf.Sub, first: m.cf.First, passed: m.cf.First.Passed, run: m.cf.Opts.Run}
}

// base returns p's recorded run, to read the executions of lines in: the
// run kept, or, when p executes one of lines, a new run, kept if the
// bound allows, else released by the caller (fresh); nil when p executes
// none of lines.
func (p *passCase) base(ctx context.Context, lines map[string]bool) (v *search.Verdict, fresh bool, err error) {
	if p.first != nil {
		return p.first, false, nil
	}
	if !p.executes(lines) {
		return nil, false, nil
	}
	ro := p.run
	ro.Hooks = nil
	v, err = p.sub.Run(ctx, &ro)
	if err != nil {
		return nil, false, err
	}
	if p.kept != nil && v.Res.Trace != nil && p.kept.take(v.Res.Trace.Len()) {
		p.first = v
		return v, false, nil
	}
	return v, true, nil
}

// coveredLines returns the lines ("file:line") of the instructions of
// cover (trace.Result.Covered), parameters left out.
func coveredLines(prog *trace.Program, cover []trace.StaticID) map[string]bool {
	out := map[string]bool{}
	for _, s := range cover {
		if st, ok := prog.StaticInfo(s); ok && st.Instr != nil {
			out[lineName(st.Position.Filename, st.Position.Line)] = true
		}
	}
	return out
}

// keepsPassing applies tab to p and reports whether p still passes, and
// the runs it made; when p fails, its failing run, which the caller
// releases.
func keepsPassing(ctx context.Context, p *passCase, tab fixTable, rd reading) (bool, int, *search.Verdict, error) {
	v, _, runs, err := runUnder(ctx, p, tab, rd)
	if err != nil || v == nil {
		return p.passed, runs, nil, err
	}
	if v.Passed {
		v.Release()
		return true, runs, nil, nil
	}
	return false, runs, v, nil
}

// runUnder runs p with tab applied: the table's values for every
// execution whose inputs it holds and whose effects differ, in p's run
// and then in the runs so made (a changed course reaches other
// executions), up to fixRounds runs. It returns the last run, which the
// caller releases, and its hooks; a nil run when tab changes nothing in
// p's run.
func runUnder(ctx context.Context, p *passCase, tab fixTable, rd reading) (*search.Verdict, *trace.Hooks, int, error) {
	runs := 0
	base, fresh, err := p.base(ctx, rd.lines)
	if err != nil || base == nil {
		return nil, nil, 0, err
	}
	if fresh {
		runs++
	}
	poll := search.NewPoll(ctx)
	hooks, changed := fixHooks(poll, p.sub.Prog.Fset, base.Res.Trace, tab, rd)
	if fresh {
		base.Release()
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, runs, err
	}
	if !changed {
		return nil, nil, runs, nil
	}
	for round := 1; ; round++ {
		ro := p.run
		ro.Hooks = hooks
		v, err := p.sub.Run(ctx, &ro)
		runs++
		if err != nil {
			return nil, nil, runs, err
		}
		next, _ := fixHooks(poll, p.sub.Prog.Fset, v.Res.Trace, tab, rd)
		if err := ctx.Err(); err != nil {
			v.Release()
			return nil, nil, runs, err
		}
		// The hooks found in a run that had hooks include them.
		for k, b := range hooks.Branches {
			if _, ok := next.Branches[k]; !ok {
				next.Branches[k] = b
			}
		}
		for k, w := range hooks.Values {
			if _, ok := next.Values[k]; !ok {
				next.Values[k] = w
			}
		}
		if sameHooks(next, hooks) || round >= fixRounds {
			return v, hooks, runs, nil
		}
		v.Release()
		hooks = next
	}
}

// underTable applies tab to the cases ps, in parallel, and returns the
// first that fails (-1: none) with its failing run, which the caller
// releases, and how many of those run passed with the table changing
// what they do (challenged).
func (d *diagnoser) underTable(ctx context.Context, ps []*passCase, tab fixTable, rd reading, st *localize.Stats) (int, *search.Verdict, int, error) {
	ok := make([]bool, len(ps))
	n := make([]int, len(ps))
	failed := make([]*search.Verdict, len(ps))
	errs := make([]error, len(ps))
	// In chunks, stopping after one with a failure: a table that is no
	// fix usually fails many cases, and the first found is the same
	// whatever the machine's timing.
	chunk := 4 * runtime.GOMAXPROCS(0)
	if d.opts.Parallel > 0 {
		chunk = 4 * d.opts.Parallel
	}
	end := len(ps)
	for lo := 0; lo < len(ps); lo += chunk {
		hi := min(lo+chunk, len(ps))
		d.each(hi-lo, func(j int) {
			i := lo + j
			ok[i], n[i], failed[i], errs[i] = keepsPassing(ctx, ps[i], tab, rd)
		})
		if slices.ContainsFunc(ok[lo:hi], func(b bool) bool { return !b }) {
			end = hi
			break
		}
	}
	for i := end; i < len(ps); i++ {
		ok[i] = true // not run
	}
	first, challenged := -1, 0
	for i := range ps {
		st.Runs += n[i]
		if i < end && ok[i] && n[i] > 0 {
			challenged++
		}
		if first < 0 && !ok[i] && errs[i] == nil {
			first = i
			continue
		}
		failed[i].Release()
	}
	if err := joinDistinct(errs); err != nil {
		if first >= 0 {
			failed[first].Release()
		}
		return -1, nil, 0, err
	}
	if first < 0 {
		return -1, nil, challenged, nil
	}
	return first, failed[first], challenged, nil
}

// maxPassingMembers bounds the passing cases that join a group's
// formula.
const maxPassingMembers = 8

// passingMember makes passing case p, whose run v under a diagnosis
// failed, a member of the group's formula (not yet active).
func passingMember(p *passCase, v *search.Verdict, opts *search.Options) (*member, error) {
	o := *opts
	o.Run.MaxSteps = p.run.MaxSteps
	copts := &o
	eo, err := search.EncodeOptions(p.sub, v, copts, nil, nil)
	if err != nil {
		return nil, err
	}
	return &member{cf: &search.CaseFormula{Sub: p.sub, First: v, Opts: copts}, name: p.name, unrolled: map[trace.StaticID]bool{}, eo: eo, blamable: eo.Blamable, passing: true}, nil
}

// runPassing runs the cases of DiagnoseOptions.Passing once each, for
// their coverage alone, and keeps those that pass; the others are named
// in the report's Errors. A case whose row of the failures' spectrum
// holds that run (a spectrumCase) is not run again: it passed, and its
// lines and steps are the row's.
func (d *diagnoser) runPassing(ctx context.Context) error {
	if !d.opts.Consistent || len(d.opts.Passing) == 0 {
		return nil
	}
	kept := &keptRuns{most: cmp.Or(d.opts.keptEvents, keptEvents)}
	ps := make([]*passCase, len(d.opts.Passing))
	errs := make([]error, len(d.opts.Passing))
	failures := make([]string, len(d.opts.Passing))
	reused := make([]bool, len(d.opts.Passing)) // taken from the spectrum: not run
	d.each(len(ps), func(i int) {
		c := d.opts.Passing[i]
		if c == nil {
			errs[i] = fmt.Errorf("localize: Diagnose: nil passing case")
			return
		}
		p := &passCase{name: c.Name(), sub: &search.Subject{Prog: d.prog, Case: c}, run: d.opts.Search.Run, kept: kept}
		p.run.Hooks = nil
		if sc, ok := c.(*spectrumCase); ok && sc.asRun(&p.run) {
			reused[i] = true
			p.sub.Case = sc.Case
			p.passed, p.lines, p.told = true, sc.lines, sc.told
			p.run = search.ReplayBound(&search.Options{Run: p.run}, sc.steps).Run
			ps[i] = p
			return
		}
		ro := p.run
		ro.CoverOnly = true
		v, err := p.sub.Run(ctx, &ro)
		if err != nil {
			errs[i] = fmt.Errorf("localize: running %s: %w", c.Name(), err)
			return
		}
		p.passed, failures[i] = v.Passed, v.Failure
		p.lines = coveredLines(d.prog, v.Res.Covered)
		p.run = search.ReplayBound(&search.Options{Run: p.run}, v.Res.Steps).Run
		ps[i] = p
	})
	for i, p := range ps {
		if errs[i] != nil {
			return errs[i]
		}
		if !reused[i] {
			d.passRuns++
		}
		if !p.passed {
			d.rep.Errors = append(d.rep.Errors, localize.CaseFailure{Case: p.name, Failure: "given as passing, it fails: " + failures[i]})
			continue
		}
		d.passing = append(d.passing, p)
	}
	return nil
}

// releasePassing hands the passing cases' runs back.
func (d *diagnoser) releasePassing() {
	for _, p := range d.passing {
		if p.first != nil {
			p.first.Release()
		}
	}
	d.passing = nil
}
