package localize

// Diagnoses of one statement found by forcing its values, without the
// solver.

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/trace"
)

// maxFlips bounds the predicate instances of one statement that
// forceAlone forces one at a time in one case; it then forces all of
// them at once.
const maxFlips = 8

// maxReplacements bounds the replacements of one statement's values that
// forceAlone tries in one case.
const maxReplacements = 16

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
// the values that make a computation's result wrong in a way a test
// notices, NaN, zero and the infinities for a float, zero and one more or
// less than the value run for an integer (see replacements). It returns
// the first replay that passes, as a diagnosis's replay with the forced
// values as its angelic values, or nil when none does. On real code,
// where a case's formula may not answer within the deadline (a sort of
// the input, IEEE 754 arithmetic), this decides a wrong or missing
// condition, or a result that should have been NaN or off by one, in a
// few runs.
func (d *diagnoser) forceAlone(ctx context.Context, m *member, s string, st *Stats) (*replay, error) {
	if r := m.recalled([]string{s}); r != nil {
		return r, nil
	}
	t := m.cf.first.res.Trace
	kinds := map[trace.StaticID]forceKind{}
	var preds []trace.EventID
	repl := map[trace.StaticID][]trace.EventID{}
	var statics []trace.StaticID // of repl, by first instance
	for e := trace.EventID(0); int(e) < t.Len(); e++ {
		sid := t.Static(e)
		k, ok := kinds[sid]
		if !ok {
			k = classify(t.Instr(e))
			kinds[sid] = k
		}
		// GroupOf last: it formats a name, and it is per instance (the
		// slice scope blames some instances of an instruction only).
		if k == forceNone || m.cf.enc.GroupOf(t, e) != s {
			continue
		}
		switch {
		case k == forcePredicate && t.Value(e).Kind() == trace.KindBool:
			preds = append(preds, e)
		case k == forceValue:
			if repl[sid] == nil {
				statics = append(statics, sid)
			}
			repl[sid] = append(repl[sid], e)
		}
	}
	tries := flips(t, preds)
	for _, sid := range statics {
		tries = append(tries, replacements(t, repl[sid])...)
		if len(tries) > maxFlips+1+maxReplacements {
			tries = tries[:maxFlips+1+maxReplacements]
			break
		}
	}
	sub := m.cf.sub
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
		// A forced value may send the run far from the failing one (an
		// infinite bound, a loop one longer each time): a few times its
		// steps are enough for a run that passes.
		ro.MaxSteps = min(cmp.Or(ro.MaxSteps, forceSteps(m)), forceSteps(m))
		if !sub.firstOnly {
			// Most tries fail: they run unrecorded, and the one that
			// passes again, recorded (runs are deterministic). With
			// FirstFailure whether a run passes may need its trace.
			q := ro
			q.NoTrace = true
			v, err := sub.run(ctx, &q)
			st.Runs++
			if err != nil {
				return nil, err
			}
			passed := v.passed
			v.release()
			if !passed {
				continue
			}
		}
		v, err := sub.run(ctx, &ro)
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

// forceSteps is the step budget of a run of case m with forced values:
// four times the failing run's steps, and 10^5 more.
func forceSteps(m *member) int64 {
	return 4*m.cf.first.res.Steps + 100_000
}

// forceKind is what forceAlone can do with an instruction's instances.
type forceKind uint8

const (
	forceNone      forceKind = iota
	forcePredicate           // encode.Predicate
	forceValue               // encode.Replaceable
)

// classify returns what forceAlone can do with in's instances.
func classify(in ssa.Instruction) forceKind {
	switch {
	case in == nil:
		return forceNone
	case encode.Predicate(in):
		return forcePredicate
	case encode.Replaceable(in):
		return forceValue
	}
	return forceNone
}

// flips returns the predicate switches of the predicate instances preds
// of t, in execution order: each of the last maxFlips alone, the last
// first, then all of them at once.
func flips(t *trace.Trace, preds []trace.EventID) []map[trace.EventID]trace.Value {
	var tries []map[trace.EventID]trace.Value
	for _, e := range slices.Backward(preds) {
		if len(tries) == maxFlips {
			break
		}
		tries = append(tries, map[trace.EventID]trace.Value{e: trace.Bool(!t.Value(e).Bool())})
	}
	if len(preds) > 1 {
		all := map[trace.EventID]trace.Value{}
		for _, e := range preds {
			all[e] = trace.Bool(!t.Value(e).Bool())
		}
		tries = append(tries, all)
	}
	return tries
}

// replacements returns the value replacements of evs, the instances of
// one replaceable instruction in t, in execution order: for a float NaN,
// zero, +Inf and -Inf, for an integer zero and the value run plus one and
// minus one, each at every instance at once, then at the last instance
// alone. A replacement that changes no value, or holds a value that does
// not fit the instruction (encode.Fits), is left out.
func replacements(t *trace.Trace, evs []trace.EventID) []map[trace.EventID]trace.Value {
	in := t.Instr(evs[0])
	var ways []func(trace.Value) trace.Value
	switch t.Value(evs[0]).Kind() {
	case trace.KindFloat:
		for _, f := range []float64{math.NaN(), 0, math.Inf(1), math.Inf(-1)} {
			ways = append(ways, func(trace.Value) trace.Value { return trace.Float(f) })
		}
	case trace.KindInt:
		ways = append(ways,
			func(trace.Value) trace.Value { return trace.Int(0) },
			func(v trace.Value) trace.Value { return trace.Int(v.Int() + 1) },
			func(v trace.Value) trace.Value { return trace.Int(v.Int() - 1) })
	case trace.KindUint:
		ways = append(ways,
			func(trace.Value) trace.Value { return trace.Uint(0) },
			func(v trace.Value) trace.Value { return trace.Uint(v.Uint() + 1) },
			func(v trace.Value) trace.Value { return trace.Uint(v.Uint() - min(v.Uint(), 1)) })
	default:
		return nil
	}
	scopes := [][]trace.EventID{evs}
	if len(evs) > 1 {
		scopes = append(scopes, evs[len(evs)-1:])
	}
	var tries []map[trace.EventID]trace.Value
	for _, way := range ways {
		for _, scope := range scopes {
			forced := map[trace.EventID]trace.Value{}
			changed, fits := false, true
			for _, e := range scope {
				orig := t.Value(e)
				v := way(orig)
				changed = changed || v.String() != orig.String()
				fits = fits && encode.Fits(in, v)
				forced[e] = v
			}
			if changed && fits {
				tries = append(tries, forced)
			}
		}
	}
	return tries
}
