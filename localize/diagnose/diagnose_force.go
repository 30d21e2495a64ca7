package diagnose

// Diagnoses of one statement found by forcing its values, without the
// solver.

import (
	"context"
	"fmt"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/trace"
)

// forceAlone looks for a replay of case m that passes with the values of
// statement s alone changed, by running it, not by asking its formula.
// First predicate switching (Zhang, Gupta and Gupta, ICSE 2006), over
// the Booleans a statement returns or stores too (encode.Predicate), as
// Go code often computes a condition in a function of its own: each of
// the statement's predicate instances in the case's failing run is
// forced the other way alone, the last executed first (the decision
// nearest the failure first), up to maxFlips of them, then all of them at
// once. Then value replacement (after Jeffrey, Gupta and Gupta, ISSTA
// 2008), over the numbers the statement computes (encode.Replaceable):
// the values the case's failed checks expected (expected), then those
// that make a computation's result wrong in a way a test notices, NaN,
// zero and the infinities for a float, zero and one more or less than
// the value run for an integer (see replacements), then the value that
// turns a comparison reading an integer the other way (boundaries). It
// returns
// the first replay that passes, as a diagnosis's replay with the forced
// values as its angelic values, or nil when none does. On real code,
// where a case's formula may not answer within the deadline (a sort of
// the input, IEEE 754 arithmetic), this decides a wrong or missing
// condition, or a result that should have been NaN or off by one, in a
// few runs. A statement forcing found nothing for is remembered
// (member.unforced), and not forced again in the case.
func (d *diagnoser) forceAlone(ctx context.Context, m *member, s string, st *localize.Stats) (*replay, error) {
	if r := m.recalled([]string{s}); r != nil {
		return r, nil
	}
	if m.unforced[s] {
		return nil, nil
	}
	t := m.cf.First.Res.Trace
	if m.kinds == nil {
		m.kinds = map[trace.StaticID]search.ForceKind{}
		m.want = search.Expected(m.cf.First)
	}
	f := search.NewForcer(t, m.want, m.kinds)
	poll := search.NewPoll(ctx)
	for e := trace.EventID(0); int(e) < t.Len(); e++ {
		if poll.Stopped() {
			return nil, ctx.Err()
		}
		// GroupOf last: it formats a name, and it is per instance (the
		// slice scope blames some instances of an instruction only).
		if k := f.Kind(e); k != search.ForceNone && m.cf.Enc.GroupOf(t, e) == s {
			f.Add(e, k)
		}
	}
	cand, forced, v, err := f.FirstPass(ctx, m.cf.Sub, m.cf.Opts.Run, m.cf.First.Res, func(forced map[trace.EventID]trace.Value) (*encode.Candidate, error) {
		c, err := m.cf.Enc.Forced(s, t, forced)
		if err != nil {
			return nil, fmt.Errorf("localize: %w", err)
		}
		return c, nil
	}, &st.Runs)
	if err != nil {
		return nil, err
	}
	if v == nil {
		if ctx.Err() != nil {
			return nil, ctx.Err() // cut short: the answer is not known
		}
		if m.unforced == nil {
			m.unforced = map[string]bool{}
		}
		m.unforced[s] = true
		return nil, nil
	}
	r := &replay{cand: cand, v: v, forced: forced}
	m.remember([]string{s}, r)
	return r, nil
}
