package angelic

import (
	"context"
	"errors"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/trace"
)

// flexModels bounds the models one solver search replays: a model whose
// replay fails is excluded and the formula solved again, up to this many
// times, before the instance is left undecided.
const flexModels = 2

// maxUndecided is how many searches of a candidate may end undecided
// before FlexTest stops searching its cases: a formula that does not
// decide an instance on one case (it admits values that no replay
// confirms) seldom does on the next, and each search costs a solver.
const maxUndecided = 3

// searchOutcome is what a solver search decided at one instance.
type searchOutcome int

const (
	// notModelled: the formula does not model the instance's value (it
	// is out of scope, or of a kind the encoding leaves out).
	notModelled searchOutcome = iota
	// found: a value the formula gave was replayed and kept the case
	// passing.
	found
	// inflexible: the formula has no model with another value at the
	// instance, but for values whose replay failed.
	inflexible
	// undecidedSearch: no answer within the bounds (the case's time, the
	// refinements, flexModels), or the search failed.
	undecidedSearch
)

// searchResult is a solver search's outcome, the value found, and the
// runs it cost.
type searchResult struct {
	outcome searchOutcome
	value   trace.Value
	runs    int
}

// search looks for a value other than orig at instance k of the passing
// case p that keeps p passing: AgxFaults (agx) on p's run with k the one
// blamable instance, by expression, and the hard constraint that k's
// value differs from orig, the case's own oracle (its assertions, a
// panic) the formula's. A correction set's model is replayed with its
// value at k alone, as Localize's are; a replay that fails refines the
// formula (ATF) or, at the refinement bounds, is excluded and the formula
// solved again. No model at all (the formula unsatisfiable with k
// relaxed) proves k inflexible within what the formula models: values it
// does not model (calls out of scope, strings under NoStrings, the other
// sides of branches no run took are free, so they cannot hide a model)
// keep their run values.
func (fx *flexer) search(ctx context.Context, p trace.Case, k trace.InstanceKey, orig trace.Value, run *trace.RunOptions) searchResult {
	var res searchResult
	exclude := []trace.Value{orig}
	for range flexModels {
		o := search.Options{Granularity: encode.ByExpression, MaxSize: 1, MaxCandidates: 1, Run: *run}
		// Any model will do: no preference for values near the run's,
		// whose checks would cost more than the search.
		o.Hooks = &search.Hooks{Model: search.AnyModel}
		var got []*encode.Candidate
		ext := &search.Extension{
			Blamable: func(x trace.InstanceKey) bool { return x == k },
			Differ:   &search.Differ{Key: k, Values: exclude},
			Decoded:  func(enc *encode.Candidate, _ localize.Candidate) { got = append(got, enc) },
		}
		rep, err := search.Search(ctx, &search.Subject{Prog: fx.prog, Case: p}, &o, ext)
		if errors.Is(err, search.ErrNotModelled) {
			return res
		}
		if err != nil {
			// The case failed to run, or no longer passes, or the
			// encoder failed: nothing decided.
			res.outcome = undecidedSearch
			return res
		}
		res.runs += rep.Stats.Runs
		if len(rep.Candidates) == 0 {
			if rep.Partial {
				res.outcome = undecidedSearch // out of time or refinements
			} else {
				res.outcome = inflexible
			}
			return res
		}
		v, ok := valueAt(got[0], k)
		if rep.Candidates[0].Verified {
			res.outcome, res.value = found, v
			if !ok {
				// Verified through inner values (encode.Candidate.Inner):
				// the case passes with them, not with one value at k.
				res.outcome = undecidedSearch
			}
			return res
		}
		if !ok {
			break
		}
		exclude = append(exclude, v) // its replay failed: another model
	}
	res.outcome = undecidedSearch
	return res
}

// valueAt returns candidate c's value at instance k (a branch: its
// decision), and whether c changes k.
func valueAt(c *encode.Candidate, k trace.InstanceKey) (trace.Value, bool) {
	for _, a := range c.Angelic {
		if a.Key == k {
			return a.Value, true
		}
	}
	return trace.Value{}, false
}
