package diagnose

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/trace"
)

// singlesFrom is the number of cases above which Diagnose looks for the
// diagnoses of one statement case by case (singles) before the joint
// search: below it the joint search's formula stays small, and its
// refinements give a constant one value that keeps the passing cases
// passing (DiagnoseOptions.Consistent), which singles does not search
// for.
const singlesFrom = 32

// singles looks for the diagnoses of one statement case by case, before
// any joint formula. A statement's fault predicate is the only term the
// cases' formulas share (besides the value of a constant statement,
// unified below), so the joint formula with one statement relaxed is
// satisfiable exactly when every case's own formula is: a statement is a
// diagnosis of size one when every case's formula admits a model with it
// relaxed (explainAlone, which also replays the model and refines the
// case's formula while the replay fails). A statement is dropped at the
// first case it cannot explain, and that case is checked first for the
// next statement; with many failing cases this costs a check per case
// for the faulty statement and a few for the others, where the joint
// search's formula would come to hold every case. The statements on
// the lines first (DiagnoseOptions.First) are checked first, in their
// order; with only, they alone are. Of the diagnoses forcing found in
// the first case, one that only passes on a value another was forced to
// follows it (originsFirst). It returns the statements of the verified
// diagnoses found, in the order of g.Diagnoses' verified ones;
// if there are none, the caller goes on with the joint search.
//
// The statements in done are left out, and those singles makes a
// diagnosis of are added to it. With forceOnly, a statement is checked
// by forcing alone (forceAlone), before the cases' formulas hold their
// runs: one that forcing does not explain in some case is left for a
// later call, as are the statements not on the lines first (only is
// implied).
func (d *diagnoser) singles(ctx context.Context, g *groupResult, members []*member, opts *search.Options, steps int64, first []trace.Line, only bool, done map[string]bool, forceOnly bool) (found []string, err error) {
	// Each diagnosis appended (made[k] is g.Diagnoses[from+k]'s) ends
	// after those whose value it only passes on in the first case
	// (originsFirst); found follows.
	from := len(g.Diagnoses)
	var made []single
	defer func() { found = g.originsFirst(members[0].cf.First.Res.Trace, from, made, found) }()
	_, maxPer := search.RefinementBounds(opts)
	guess := search.GuessLimit(steps)
	var cands []string
	if forceOnly {
		only = true
		if cands, err = statementsOn(ctx, members, first); err != nil {
			return nil, err
		}
	} else {
		for _, name := range members[0].own.GroupNames() {
			if !slices.ContainsFunc(members[1:], func(m *member) bool {
				_, ok := m.own.GroupWeight(name)
				return !ok
			}) {
				cands = append(cands, name)
			}
		}
	}
	cands = onLinesFirst(slices.DeleteFunc(cands, func(s string) bool { return done[s] }), first, only)
	src := localize.Sources{}
	for name, b := range opts.Overlay {
		src[name] = strings.Split(string(b), "\n")
	}
	par := d.opts.Parallel
	if par <= 0 {
		par = runtime.GOMAXPROCS(0)
	}
	order := make([]int, len(members))
	for i := range order {
		order[i] = i
	}
	for si, s := range cands {
		if opts.MaxCandidates > 0 && len(g.Diagnoses) >= opts.MaxCandidates {
			g.Partial, g.Reason = true, fmt.Sprintf("stopped after %d diagnoses", len(g.Diagnoses))
			return found, nil
		}
		if err := ctx.Err(); err != nil {
			return found, err
		}
		reps := make([]*replay, len(members))
		release := func() {
			for _, r := range reps {
				if r != nil {
					r.release()
				}
			}
		}
		refuted := -1
		for lo := 0; lo < len(order) && refuted < 0; lo += par {
			idx := order[lo:min(lo+par, len(order))]
			errs := make([]error, len(idx))
			stats := make([]localize.Stats, len(idx))
			bound := checkShare(ctx, len(cands)-si, (len(order)+par-1)/par)
			d.each(len(idx), func(j int) {
				reps[idx[j]], errs[j] = d.explainOne(ctx, members[idx[j]], s, guess, maxPer, opts.Mode, bound, forceOnly, &stats[j])
			})
			for j, i := range idx {
				g.Stats.Add(stats[j])
				if errs[j] != nil {
					release()
					return found, errs[j]
				}
				if reps[i] == nil && refuted < 0 {
					refuted = i
				}
			}
		}
		if refuted >= 0 {
			release()
			k := slices.Index(order, refuted)
			order = slices.Insert(slices.Delete(order, k, k+1), 0, refuted)
			continue
		}
		g.Stats.MCSes++
		all := !slices.ContainsFunc(reps, func(r *replay) bool { return !r.passed() })
		why := ""
		if all {
			var err error
			if all, why, err = d.unifyConstant(ctx, members, reps, &g.Stats); err != nil {
				release()
				return found, err
			}
		}
		dg := d.diagnosis(src, opts, members, reps, all)
		if all && d.opts.Consistent {
			fv, err := d.fixAgreeing(ctx, members, reps, nil, &g.Stats)
			if err != nil {
				release()
				return found, err
			}
			fv.run.Release()
			fv.run = nil
			final, err := d.widerFix(ctx, g, members, reps, fv)
			if err != nil {
				release()
				return found, err
			}
			if fv.unified || fv.why != "" {
				// The replays were unified, here or by widerFix.
				dg = d.diagnosis(src, opts, members, reps, all)
			}
			setFix(&dg, final)
		} else if why != "" {
			dg.Rejected = why
		}
		made = append(made, single{s: s, verified: all, forced: reps[0].forced})
		done[s] = true
		g.Diagnoses = append(g.Diagnoses, dg)
		release()
		if all {
			found = append(found, s)
		}
	}
	return found, nil
}

// single is a diagnosis singles made: its statement, whether it is
// verified, and the values forceAlone forced in the first case, if it
// found them.
type single struct {
	s        string
	verified bool
	forced   map[trace.EventID]trace.Value
}

// originsFirst reorders g's diagnoses from index from on, made by
// singles as made says, by the package-level originsFirst over their
// first case's run t, and returns found in their new order (the
// statements of the verified ones).
func (g *groupResult) originsFirst(t *trace.Trace, from int, made []single, found []string) []string {
	if len(made) < 2 {
		return found
	}
	idx := make([]int, len(made))
	for i := range idx {
		idx[i] = i
	}
	idx = search.OriginsFirst(t, idx, func(i int) map[trace.EventID]trace.Value { return made[i].forced })
	ds := slices.Clone(g.Diagnoses[from : from+len(made)])
	found = found[:0]
	for k, i := range idx {
		g.Diagnoses[from+k] = ds[i]
		if made[i].verified {
			found = append(found, made[i].s)
		}
	}
	return found
}

// minCheck is the least time a case's check of one statement gets in
// singles, however little is left.
const minCheck = time.Second

// checkShare returns how long one case's check of a statement may take
// in singles so that the statements left (left of them, each checked in
// up to rounds rounds of parallel checks) share the time before ctx's
// deadline: on real code one case's formula may not answer within the
// whole deadline, which would leave the statements after it unchecked.
// It is 0 (no bound but ctx's) without a deadline.
func checkShare(ctx context.Context, left, rounds int) time.Duration {
	dl, ok := ctx.Deadline()
	if !ok {
		return 0
	}
	return max(time.Until(dl)/time.Duration(max(left*rounds, 1)), minCheck)
}

// explainOne checks whether statement s alone explains case m, within
// bound (0: ctx's deadline alone): first by forcing its values
// (forceAlone), then, unless forceOnly, by asking the case's formula
// (explainAlone). A check that does not answer within its bound leaves
// the case unexplained, as a refutation does; only ctx's end is an
// error.
func (d *diagnoser) explainOne(ctx context.Context, m *member, s string, guess uint32, maxPer int, mode encode.Mode, bound time.Duration, forceOnly bool, st *localize.Stats) (*replay, error) {
	cctx := ctx
	if bound > 0 {
		var cancel context.CancelFunc
		cctx, cancel = context.WithTimeout(ctx, bound)
		defer cancel()
	}
	r, err := d.forceAlone(cctx, m, s, st)
	if err == nil && r == nil && !forceOnly {
		r, err = d.explainAlone(cctx, m, []string{s}, guess, maxPer, mode, st)
	}
	if err != nil && ctx.Err() == nil && cctx.Err() != nil {
		if !forceOnly { // the formula is asked later
			st.Undecided++
		}
		return nil, nil
	}
	return r, err
}

// statementsOn returns the statements (encode.Encoder.GroupOf) on the
// lines first that every case's failing run executes, read from the
// runs, not from the cases' formulas, which need not hold them yet.
func statementsOn(ctx context.Context, members []*member, first []trace.Line) ([]string, error) {
	lines := map[string]bool{}
	for _, l := range first {
		lines[lineName(l.File, l.Line)] = true
	}
	var common map[string]bool
	poll := search.NewPoll(ctx)
	for _, m := range members {
		t := m.cf.First.Res.Trace
		have := map[string]bool{}
		onLine := map[trace.StaticID]bool{} // by static instruction: its line is one of first's
		for e := trace.EventID(0); int(e) < t.Len(); e++ {
			if poll.Stopped() {
				return nil, ctx.Err()
			}
			sid := t.Static(e)
			on, seen := onLine[sid]
			if !seen {
				p := t.StaticInfo(sid).Position
				on = lines[lineName(p.Filename, p.Line)]
				onLine[sid] = on
			}
			if !on {
				continue
			}
			if g := m.cf.Enc.GroupOf(t, e); g != "" && (common == nil || common[g]) {
				have[g] = true
			}
		}
		common = have
	}
	out := make([]string, 0, len(common))
	for g := range common {
		out = append(out, g)
	}
	slices.Sort(out)
	return out, nil
}

// onLinesFirst returns the statements of names on the lines first
// first, in the lines' order, then the others (none with only).
// Statements are named "file:line" or "file:line:column"
// (encode.Statement.Group).
func onLinesFirst(names []string, first []trace.Line, only bool) []string {
	if len(first) == 0 {
		if only {
			return nil
		}
		return names
	}
	var out []string
	taken := map[string]bool{}
	for _, l := range first {
		p := l.File + ":" + strconv.Itoa(l.Line)
		for _, n := range names {
			if !taken[n] && (n == p || strings.HasPrefix(n, p+":")) {
				out = append(out, n)
				taken[n] = true
			}
		}
	}
	if only {
		return out
	}
	for _, n := range names {
		if !taken[n] {
			out = append(out, n)
		}
	}
	return out
}

// unifyConstant gives a constant statement's instances one value in
// every case, as the joint formula does (encode.Options.Shared): the
// cases' own formulas chose theirs apart. It tries values the cases'
// replays used (the most used, the largest, the smallest, then the
// others, four at most), replaying every case with each; the first that
// passes everywhere replaces the cases' values. It reports
// whether the replays (so unified) all pass, and why not.
func (d *diagnoser) unifyConstant(ctx context.Context, members []*member, reps []*replay, st *localize.Stats) (bool, string, error) {
	var static trace.StaticID
	isConst := false
	count := map[string]int{}
	vals := map[string]trace.Value{}
	var order []string
	for _, r := range reps {
		h := r.hooks()
		for k, v := range h.Values {
			if !d.constInstr(k.Static) {
				continue
			}
			static, isConst = k.Static, true
			t := v.String()
			if count[t] == 0 {
				order = append(order, t)
				vals[t] = v
			}
			count[t]++
		}
	}
	if !isConst || len(order) <= 1 {
		return true, "", nil
	}
	slices.SortStableFunc(order, func(a, b string) int { return count[b] - count[a] })
	// The most used value, then the extremes: a constant that is a
	// bound (a threshold the cases' inputs are compared with) works for
	// every case at the strictest value one of them needed.
	tries := order[:1]
	lo, hi := "", ""
	for _, t := range order {
		v := vals[t]
		if !numeric(v) {
			continue
		}
		if lo == "" || less(v, vals[lo]) {
			lo = t
		}
		if hi == "" || less(vals[hi], v) {
			hi = t
		}
	}
	for _, t := range append([]string{hi, lo}, order[1:]...) {
		if t != "" && !slices.Contains(tries, t) && len(tries) < 4 {
			tries = append(tries, t)
		}
	}
	for _, t := range tries {
		v := vals[t]
		vs := make([]*search.Verdict, len(members))
		hs := make([]*trace.Hooks, len(members))
		errs := make([]error, len(members))
		d.each(len(members), func(i int) {
			h := cloneHooks(reps[i].hooks())
			for k := range h.Values {
				if k.Static == static {
					h.Values[k] = v
				}
			}
			ro := members[i].cf.Opts.Run
			ro.Hooks = h
			hs[i] = h
			vs[i], errs[i] = members[i].cf.Sub.Run(ctx, &ro)
		})
		st.Runs += len(members)
		ok := true
		for i := range members {
			if errs[i] != nil {
				for _, x := range vs {
					x.Release()
				}
				return false, "", errs[i]
			}
			ok = ok && vs[i].Passed
		}
		if !ok {
			for _, x := range vs {
				x.Release()
			}
			continue
		}
		line := 0
		if st, ok := d.prog.StaticInfo(static); ok {
			line = st.Position.Line
		}
		for i, r := range reps {
			if r.out != nil {
				// A replay reused from an earlier check: its report's
				// values change, and its hooks.
				c := *r.out
				c.Angelic = slices.Clone(c.Angelic)
				for j := range c.Angelic {
					if c.Angelic[j].Line == line && !c.Angelic[j].Branch {
						c.Angelic[j].Value = v.String()
					}
				}
				r.out, r.outHooks = &c, hs[i]
				vs[i].Release()
				continue
			}
			r.release()
			c := *r.cand
			c.Hooks = hs[i]
			c.Inner = nil
			c.Angelic = slices.Clone(c.Angelic)
			for j := range c.Angelic {
				if c.Angelic[j].Key.Static == static {
					c.Angelic[j].Value = v
				}
			}
			*r = replay{cand: &c, v: vs[i]}
		}
		return true, "", nil
	}
	return false, "no one value of the constant explains every case", nil
}

// less orders two numeric values of one kind.
func less(a, b trace.Value) bool {
	switch a.Kind() {
	case trace.KindInt:
		return a.Int() < b.Int()
	case trace.KindUint:
		return a.Uint() < b.Uint()
	}
	return a.Float() < b.Float()
}

// constInstr reports whether static instruction s stores or returns
// constants (encode.SharedConstant: a statement whose fix is one
// constant).
func (d *diagnoser) constInstr(s trace.StaticID) bool {
	st, ok := d.prog.StaticInfo(s)
	return ok && encode.SharedConstant(st.Instr)
}

// hooks returns the hooks r's replay ran with.
func (r *replay) hooks() *trace.Hooks {
	if r.out != nil {
		return r.outHooks
	}
	return r.cand.Hooks
}

// cloneHooks copies h's substitutions.
func cloneHooks(h *trace.Hooks) *trace.Hooks {
	c := &trace.Hooks{Values: map[trace.InstanceKey]trace.Value{}, Branches: map[trace.InstanceKey]bool{}}
	for k, v := range h.Values {
		c.Values[k] = v
	}
	for k, b := range h.Branches {
		c.Branches[k] = b
	}
	return c
}
