package search

import (
	"context"
	"maps"

	"github.com/faultloc/faultloc/localize"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace"
)

// UnrollBranch is ATF's refinement of a loop in one step. When an angelic
// execution left the encoded paths at branch instruction s, and the
// failing run executed s several times (a loop's test, typically), the
// execution sought may leave or stay in the loop at any of its iterations;
// found one refinement at a time, each costing a round of solving, that
// takes as many refinements as iterations. Instead, the first time s is
// refined, unrollBranch adds the runs that follow the failing run and flip
// one instance of s each: every iteration's other side, in one refinement
// step. Runs that add nothing new are not counted. With blamable set
// (Options.SliceScope), only the instances it admits are flipped: the
// others are outside the failure's slice, and their other sides cannot
// change it (a table-driven test's loops in the rows before the failing
// one, run thousands of times).
func UnrollBranch(ctx context.Context, sub *Subject, addRun func(*Verdict) (int, error), first *trace.Result, s trace.StaticID, blamable func(trace.InstanceKey) bool, opts *Options, rep *localize.Report, done map[trace.StaticID]bool) error {
	if done[s] {
		return nil
	}
	done[s] = true
	t := first.Trace
	n := 0
	for e := trace.EventID(0); int(e) < t.Len(); e++ {
		if t.Static(e) == s {
			n++
		}
	}
	if n < 2 {
		return nil
	}
	prefix := map[trace.InstanceKey]bool{}
	for e := trace.EventID(0); int(e) < t.Len(); e++ {
		if _, ok := t.Instr(e).(*ssa.If); !ok {
			continue
		}
		k, taken := t.Key(e), t.Value(e).Bool()
		if t.Static(e) == s && (opts.Unwind <= 0 || int(k.Occ) < opts.Unwind) && (blamable == nil || blamable(k)) {
			ro := opts.Run
			ro.Hooks = &trace.Hooks{Branches: maps.Clone(prefix)}
			ro.Hooks.Branches[k] = !taken
			v, err := sub.Run(ctx, &ro)
			rep.Stats.Runs++
			if err != nil {
				return err
			}
			added, err := addRun(v)
			if err != nil {
				return err
			}
			v.Release()
			if added > 0 {
				rep.Stats.Refinements++
			}
		}
		prefix[k] = taken
	}
	return nil
}

// StayInLoop complements a refinement whose run t left the encoded paths at
// branch event d and then executed d's instruction again in the same frame:
// an angelic execution that stays in a loop longer than any encoded run.
// Refined as is, the loop would grow by one iteration per round of solving
// (the run follows the model's decisions, then leaves the loop at once).
// StayInLoop adds the run with the candidate's hooks that also takes d's
// decision at every later instance of d's instruction in that frame, up to
// the unwinding bound (without one: twice the failing run's instances of
// it, plus 10), so that every exit up to the bound is encoded at once.
func StayInLoop(ctx context.Context, sub *Subject, addRun func(*Verdict) (int, error), first *trace.Result, t *trace.Trace, d trace.EventID, hooks *trace.Hooks, opts *Options, rep *localize.Report) error {
	k, taken := t.Key(d), t.Value(d).Bool()
	again := false
	for e := d + 1; int(e) < t.Len(); e++ {
		if ke := t.Key(e); ke.Static == k.Static && ke.Path == k.Path {
			again = true
			break
		}
	}
	if !again {
		return nil
	}
	limit := opts.Unwind
	if limit <= 0 {
		n := 0
		ft := first.Trace
		for e := trace.EventID(0); int(e) < ft.Len(); e++ {
			if ft.Static(e) == k.Static {
				n++
			}
		}
		limit = 2*n + 10
	}
	if int(k.Occ)+1 >= limit {
		return nil
	}
	h := &trace.Hooks{Values: hooks.Values, Branches: maps.Clone(hooks.Branches)}
	if h.Branches == nil {
		h.Branches = map[trace.InstanceKey]bool{}
	}
	for o := k.Occ + 1; int(o) < limit; o++ {
		ko := trace.InstanceKey{Static: k.Static, Path: k.Path, Occ: o}
		if _, ok := h.Branches[ko]; !ok {
			h.Branches[ko] = taken
		}
	}
	ro := opts.Run
	ro.Hooks = h
	v, err := sub.Run(ctx, &ro)
	rep.Stats.Runs++
	if err != nil {
		return err
	}
	defer v.Release()
	if v.Res.Outcome == trace.BudgetExceeded {
		return nil
	}
	added, err := addRun(v)
	if err != nil {
		return err
	}
	if added > 0 {
		rep.Stats.Refinements++
	}
	// The execution sought may also leave the loop at any iteration after
	// d's: add the runs that follow this one and leave at each of them
	// (within the bound), as unrollBranch does along the failing run.
	// Without them, each exit costs a round of solving and a refinement
	// (on examples/loops' BinarySearch, a chain of up to 16 for the loop
	// test alone, the candidate then reported unverified).
	t2 := v.Res.Trace
	prefix := map[trace.InstanceKey]bool{}
	for e := trace.EventID(0); int(e) < t2.Len(); e++ {
		if _, ok := t2.Instr(e).(*ssa.If); !ok {
			continue
		}
		ke, dec := t2.Key(e), t2.Value(e).Bool()
		if ke.Static == k.Static && ke.Path == k.Path && ke.Occ > k.Occ && int(ke.Occ) < limit && dec == taken {
			ro := opts.Run
			ro.Hooks = &trace.Hooks{Values: hooks.Values, Branches: maps.Clone(prefix)}
			ro.Hooks.Branches[ke] = !dec
			w, err := sub.Run(ctx, &ro)
			rep.Stats.Runs++
			if err != nil {
				return err
			}
			if w.Res.Outcome != trace.BudgetExceeded {
				added, err := addRun(w)
				if err != nil {
					return err
				}
				if added > 0 {
					rep.Stats.Refinements++
				}
			}
			w.Release()
		}
		prefix[ke] = dec
	}
	return nil
}
