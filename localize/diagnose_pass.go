package localize

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/faultloc/faultloc/trace"
)

// The passing cases a diagnosis read as one fix must keep passing
// (DiagnoseOptions.Passing), and the runs of a case under a fix's table.

// fixRounds bounds the re-runs of a passing case under a table: each
// re-run may reach instances (of a loop, say) with other inputs.
const fixRounds = 3

// keptEvents bounds the events of the passing cases' runs that Diagnose
// keeps (DiagnoseOptions.Passing): a run past the bound is run again
// when a diagnosis needs it, if it executes the diagnosis's lines. A
// run's values are copied into its trace, so a package whose tests
// build large values (bitset's) held over 10 GiB in its passing runs.
const keptEvents = 1 << 20

// passCase is a case that passes (DiagnoseOptions.Passing), which a
// diagnosis verified as one fix must keep passing, or a failing case
// whose run under a table is checked.
type passCase struct {
	name string
	sub  *subject
	// first is the case's run, nil when it was not kept; passed says
	// whether it passed, and lines are the lines it executed
	// ("file:line"), nil when first is kept.
	first  *verdict
	passed bool
	lines  map[string]bool
	run    trace.RunOptions
}

// asCase is m as a case to run under a table, from its failing run.
func (m *member) asCase() *passCase {
	return &passCase{name: m.name, sub: m.cf.sub, first: m.cf.first, passed: m.cf.first.passed, run: m.cf.opts.Run}
}

// base returns p's run, to read the executions of lines in: the run
// kept, or, when it was not kept and it executes one of lines, a new
// run, which the caller releases (fresh); nil when p's run executes none
// of lines.
func (p *passCase) base(ctx context.Context, lines map[string]bool) (v *verdict, fresh bool, err error) {
	if p.first != nil {
		return p.first, false, nil
	}
	hit := false
	for l := range lines {
		if p.lines[l] {
			hit = true
			break
		}
	}
	if !hit {
		return nil, false, nil
	}
	ro := p.run
	ro.Hooks = nil
	v, err = p.sub.run(ctx, &ro)
	if err != nil {
		return nil, false, err
	}
	return v, true, nil
}

// executedLines returns the lines ("file:line") t executes.
func executedLines(t *trace.Trace) map[string]bool {
	out := map[string]bool{}
	seen := map[trace.StaticID]bool{}
	for e := range trace.EventID(t.Len()) {
		s := t.Static(e)
		if seen[s] {
			continue
		}
		seen[s] = true
		if t.Instr(e) != nil {
			p := t.Pos(e)
			out[p.Filename+":"+strconv.Itoa(p.Line)] = true
		}
	}
	return out
}

// keepsPassing applies tab to p and reports whether p still passes, and
// the runs it made; when p fails, its failing run, which the caller
// releases.
func keepsPassing(ctx context.Context, p *passCase, tab fixTable, rd reading) (bool, int, *verdict, error) {
	v, _, runs, err := runUnder(ctx, p, tab, rd)
	if err != nil || v == nil {
		return p.passed, runs, nil, err
	}
	if v.passed {
		v.release()
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
func runUnder(ctx context.Context, p *passCase, tab fixTable, rd reading) (*verdict, *trace.Hooks, int, error) {
	runs := 0
	base, fresh, err := p.base(ctx, rd.lines)
	if err != nil || base == nil {
		return nil, nil, 0, err
	}
	if fresh {
		runs++
	}
	hooks, changed := fixHooks(p.sub.prog.Fset, base.res.Trace, tab, rd)
	if fresh {
		base.release()
	}
	if !changed {
		return nil, nil, runs, nil
	}
	for round := 1; ; round++ {
		ro := p.run
		ro.Hooks = hooks
		v, err := p.sub.run(ctx, &ro)
		runs++
		if err != nil {
			return nil, nil, runs, err
		}
		next, _ := fixHooks(p.sub.prog.Fset, v.res.Trace, tab, rd)
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
		v.release()
		hooks = next
	}
}

// underTable applies tab to the cases ps, in parallel, and returns the
// first that fails (-1: none) with its failing run, which the caller
// releases, and how many of those run passed with the table changing
// what they do (challenged).
func (d *diagnoser) underTable(ctx context.Context, ps []*passCase, tab fixTable, rd reading, st *Stats) (int, *verdict, int, error) {
	ok := make([]bool, len(ps))
	n := make([]int, len(ps))
	failed := make([]*verdict, len(ps))
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
		failed[i].release()
	}
	if err := joinDistinct(errs); err != nil {
		if first >= 0 {
			failed[first].release()
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
func passingMember(p *passCase, v *verdict, opts *Options) (*member, error) {
	o := *opts
	o.Run.MaxSteps = p.run.MaxSteps
	copts := &o
	eo, err := encodeOptions(p.sub, v, copts, nil)
	if err != nil {
		return nil, err
	}
	return &member{cf: &caseFormula{sub: p.sub, first: v, opts: copts}, name: p.name, unrolled: map[trace.StaticID]bool{}, eo: eo, blamable: eo.Blamable, passing: true}, nil
}

// runPassing runs the cases of DiagnoseOptions.Passing once each and
// keeps those that pass; the others are named in the report's Errors.
func (d *diagnoser) runPassing(ctx context.Context) error {
	if !d.opts.Consistent || len(d.opts.Passing) == 0 {
		return nil
	}
	var mu sync.Mutex
	kept, bound := 0, d.opts.keptEvents // the events of the runs kept, and their bound
	if bound == 0 {
		bound = keptEvents
	}
	ps := make([]*passCase, len(d.opts.Passing))
	errs := make([]error, len(d.opts.Passing))
	d.each(len(ps), func(i int) {
		c := d.opts.Passing[i]
		if c == nil {
			errs[i] = fmt.Errorf("localize: Diagnose: nil passing case")
			return
		}
		p := &passCase{name: c.Name(), sub: &subject{prog: d.prog, c: c}, run: d.opts.Options.Run}
		p.run.Hooks = nil
		v, err := p.sub.run(ctx, &p.run)
		if err != nil {
			errs[i] = fmt.Errorf("localize: running %s: %w", c.Name(), err)
			return
		}
		p.first, p.passed = v, v.passed
		mu.Lock()
		keep := !v.passed || kept+v.res.Trace.Len() <= bound // a failing run is released below
		if keep && v.passed {
			kept += v.res.Trace.Len()
		}
		mu.Unlock()
		if !keep {
			p.lines = executedLines(v.res.Trace)
			p.run = replayBound(&Options{Run: p.run}, v.res.Steps).Run
			v.release()
			p.first = nil
		}
		ps[i] = p
	})
	for i, p := range ps {
		if errs[i] != nil {
			for _, q := range ps {
				if q != nil && q.first != nil {
					q.first.release()
				}
			}
			return errs[i]
		}
		d.passRuns++
		if !p.passed {
			failure := "given as passing, it fails"
			if p.first != nil {
				failure += ": " + p.first.failure
				p.first.release()
			}
			d.rep.Errors = append(d.rep.Errors, CaseFailure{Case: p.name, Failure: failure})
			continue
		}
		if p.first != nil {
			p.run = replayBound(&Options{Run: p.run}, p.first.res.Steps).Run
		}
		d.passing = append(d.passing, p)
	}
	return nil
}

// releasePassing hands the passing cases' runs back.
func (d *diagnoser) releasePassing() {
	for _, p := range d.passing {
		if p.first != nil {
			p.first.release()
		}
	}
	d.passing = nil
}
