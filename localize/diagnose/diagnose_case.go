package diagnose

// One case of a diagnosis: its own formula's models, its replays and the
// refinements of its formula.

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// aloneRefinements bounds the refinements of an inactive case's own
// formula for one correction set (explainAlone).
const aloneRefinements = 4

// caseModel returns a model of inactive case m's own formula with groups
// relaxed (those of its statements: the others are not in its formula),
// preferring one on the paths its formula encodes and values near the
// run's, as AgxFaults' models, with the groups it relaxed; a nil model
// when there is none or no check answered within its bound. Only a
// cancelled ctx is an error.
func caseModel(ctx context.Context, m *member, groups []string, guess uint32) (*maxsat.Model, []string, error) {
	var in []string
	for _, g := range groups {
		if _, ok := m.own.GroupWeight(g); ok {
			in = append(in, g)
		}
	}
	if len(in) == 0 {
		return nil, nil, nil
	}
	c := search.Checker{Solver: m.own, Encs: []*encode.Encoder{m.cf.Enc}, Guess: guess}
	model, err := c.RelaxedModel(ctx, in, m.cf.Enc.Explored())
	if model == nil && err == nil {
		model, err = c.RelaxedModel(ctx, in)
	}
	return model, in, err
}

// ownSolvers returns the members' own solvers still open.
func ownSolvers(members []*member) []*maxsat.Solver {
	var out []*maxsat.Solver
	for _, m := range members {
		if m.own != nil {
			out = append(out, m.own)
		}
	}
	return out
}

// each calls fn(0) ... fn(n-1), Parallel at a time.
func (d *diagnoser) each(n int, fn func(i int)) {
	par := d.opts.Parallel
	if par <= 0 {
		par = runtime.GOMAXPROCS(0)
	}
	sem := make(chan struct{}, par)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			fn(i)
		}()
	}
	wg.Wait()
}

// replayOne replays case m with r's candidate, again from inside its
// statements when the replay fails and the candidate has such values
// (encode.Candidate.Inner), as AgxFaults does; it returns the runs made.
func (d *diagnoser) replayOne(ctx context.Context, m *member, r *replay) int {
	ro := m.cf.Opts.Run
	ro.Hooks = r.cand.Hooks
	r.v, r.err = m.cf.Sub.Run(ctx, &ro)
	if r.err != nil || r.v.Passed || r.cand.Inner == nil {
		return 1
	}
	ro.Hooks = r.cand.Inner.Hooks
	w, err := m.cf.Sub.Run(ctx, &ro)
	if err != nil {
		r.err = err
		return 2
	}
	if w.Passed {
		r.v.Release()
		r.v = w
		r.cand.Angelic, r.cand.Hooks = r.cand.Inner.Angelic, r.cand.Inner.Hooks
	} else {
		r.inner = w
	}
	return 2
}

// recalled returns the replay the case passed with for the statements
// of groups while inactive (member.explained), nil if none.
func (m *member) recalled(groups []string) *replay {
	if x, ok := m.explained[search.SetKey(groups)]; ok {
		return &replay{out: x.c, outHooks: x.hooks}
	}
	return nil
}

// remember records r, a replay of the case that passed, as its
// explanation by the statements of groups (member.explained).
func (m *member) remember(groups []string, r *replay) {
	c := search.CandidateOf(localize.Sources{}, r.cand, r.v, m.cf.Opts.Granularity == encode.ByExpression)
	if m.explained == nil {
		m.explained = map[string]explainedSet{}
	}
	m.explained[search.SetKey(groups)] = explainedSet{c: &c, hooks: r.cand.Hooks}
}

// explainAlone checks whether the statements of groups explain inactive
// case m: a model of its own formula with them relaxed, replayed, and in
// ATF refined with the replay while it fails (up to maxPer times). It
// returns the last replay, or nil when the formula admits no such model.
func (d *diagnoser) explainAlone(ctx context.Context, m *member, groups []string, guess uint32, maxPer int, mode encode.Mode, st *localize.Stats) (*replay, error) {
	if r := m.recalled(groups); r != nil {
		return r, nil
	}
	// Refinements here only decide whether the case joins the search,
	// where the set gets the full budget again: a few are enough.
	maxPer = min(maxPer, aloneRefinements)
	for tries := 0; ; tries++ {
		model, in, err := caseModel(ctx, m, groups, guess)
		if err != nil || model == nil {
			return nil, err
		}
		cand, err := m.cf.Enc.Decode(&maxsat.MCS{Groups: in, Model: model})
		if err != nil {
			return nil, fmt.Errorf("localize: %w", err)
		}
		r := &replay{cand: cand}
		st.Runs += d.replayOne(ctx, m, r)
		if r.err != nil {
			r.release()
			return nil, r.err
		}
		if r.v.Passed {
			m.remember(groups, r)
			return r, nil
		}
		if mode != encode.ATF || tries >= maxPer {
			return r, nil
		}
		grew, err := d.refineOne(ctx, m, r, st)
		if err != nil {
			r.release()
			return nil, err
		}
		if !grew {
			return r, nil
		}
		r.release()
	}
}

// refine adds the failed replays to their cases' formulas, with
// AgxFaults' loop unrolling, and reports whether any formula grew.
func (d *diagnoser) refine(ctx context.Context, members []*member, reps []*replay, st *localize.Stats) (bool, error) {
	grew := false
	for i, m := range members {
		r := reps[i]
		if r == nil || r.passed() {
			continue
		}
		ok, err := d.refineOne(ctx, m, r, st)
		if err != nil {
			return false, err
		}
		grew = grew || ok
	}
	return grew, nil
}

// refineOne adds the failed replay r of case m to its formula, with
// AgxFaults' loop unrolling, and reports whether the formula grew.
func (d *diagnoser) refineOne(ctx context.Context, m *member, r *replay, st *localize.Stats) (bool, error) {
	if r.v.Res.Outcome == trace.BudgetExceeded {
		return false, nil
	}
	{
		cf := m.cf
		added, err := cf.AddRun(r.v)
		if err == nil && added == 0 && r.inner != nil && r.inner.Res.Outcome != trace.BudgetExceeded {
			// The replay of the model's results took encoded paths only;
			// the inner values, run for real, may not.
			if added, err = cf.AddRun(r.inner); added > 0 {
				r.v.Release()
				r.v, r.inner = r.inner, nil
				r.cand.Hooks = r.cand.Inner.Hooks
			}
		}
		if err != nil {
			return false, err
		}
		if added == 0 {
			return false, nil
		}
		st.Refinements++
		if dv := cf.Enc.Diverged(); dv != trace.NoEvent {
			tmp := &localize.Report{}
			err := search.UnrollBranch(ctx, cf.Sub, cf.AddRun, cf.First.Res, r.v.Res.Trace.Static(dv), m.blamable, cf.Opts, tmp, m.unrolled)
			if err == nil {
				err = search.StayInLoop(ctx, cf.Sub, cf.AddRun, cf.First.Res, r.v.Res.Trace, dv, r.cand.Hooks, cf.Opts, tmp)
			}
			st.Runs += tmp.Stats.Runs
			st.Refinements += tmp.Stats.Refinements
			if err != nil {
				return false, err
			}
		}
	}
	return true, nil
}
