package localize

// Diagnoses of one statement found by forcing its predicates, without
// the solver.

import (
	"context"
	"fmt"
	"slices"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/trace"
)

// maxFlips bounds the predicate instances of one statement that flipAlone
// forces one at a time in one case; it then forces all of them at once.
const maxFlips = 8

// flipAlone looks for a replay of case m that passes with the predicates
// of statement s alone changed, by running it, not by asking its formula:
// predicate switching (Zhang, Gupta and Gupta, ICSE 2006), over the
// Booleans a statement returns or stores too (encode.Predicate), as Go
// code often computes a condition in a function of its own. Each of the
// statement's predicate instances in the case's failing run is forced
// the other way alone, the last executed first (the paper's order: the
// decision nearest the failure first), up to maxFlips of them, then all
// of them at once. It returns the first replay that passes, as a
// diagnosis's replay with the forced values as its angelic values, or
// nil when none does or s has no predicate. On real code, where a case's
// formula may not answer within the deadline (a sort of the input, say),
// this decides a wrong or missing condition in a few runs.
func (d *diagnoser) flipAlone(ctx context.Context, m *member, s string, st *Stats) (*replay, error) {
	if r := m.recalled([]string{s}); r != nil {
		return r, nil
	}
	t := m.cf.first.res.Trace
	var preds []trace.EventID
	for e := trace.EventID(0); int(e) < t.Len(); e++ {
		// GroupOf last: it formats a name, and it is per instance (the
		// slice scope blames some instances of an instruction only).
		if encode.Predicate(t.Instr(e)) && t.Value(e).Kind() == trace.KindBool && m.cf.enc.GroupOf(t, e) == s {
			preds = append(preds, e)
		}
	}
	if len(preds) == 0 {
		return nil, nil
	}
	var tries []map[trace.EventID]bool
	for _, e := range slices.Backward(preds) {
		if len(tries) == maxFlips {
			break
		}
		tries = append(tries, map[trace.EventID]bool{e: !t.Value(e).Bool()})
	}
	if len(preds) > 1 {
		all := map[trace.EventID]bool{}
		for _, e := range preds {
			all[e] = !t.Value(e).Bool()
		}
		tries = append(tries, all)
	}
	for _, forced := range tries {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cand, err := m.cf.enc.Forced(s, t, forced)
		if err != nil {
			return nil, fmt.Errorf("localize: %w", err)
		}
		ro := m.cf.opts.Run
		ro.Hooks = cand.Hooks
		v, err := m.cf.sub.run(ctx, &ro)
		st.Runs++
		if err != nil {
			return nil, err
		}
		if !v.passed {
			v.release()
			continue
		}
		r := &replay{cand: cand, v: v}
		m.remember([]string{s}, r)
		return r, nil
	}
	return nil, nil
}
