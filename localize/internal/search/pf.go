package search

import (
	"context"
	"fmt"

	"github.com/faultloc/faultloc/localize"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/trace"
)

// explorePaths approximates the program formula (PF mode): starting from the
// failing run, it re-runs the test with branch decisions forced so that
// every in-scope branch instance whose instruction ran fewer than
// opts.Unwind times before it in its frame is taken both ways, depth first, and adds
// every run to the formula before any solving. The number of paths grows
// exponentially with the bound; opts.MaxPaths caps it (the report is then
// partial). Each run's encoding is a step of own (Owner.Step): one still
// in a Z3 call when ctx ends is given up a moment later, an error
// wrapping ErrGivenUp.
func explorePaths(ctx context.Context, sub *Subject, own *Owner, enc *encode.Encoder, first *trace.Result, opts *Options, rep *localize.Report) error {
	unwind := opts.Unwind
	if unwind == 0 {
		unwind = 10
	}
	maxPaths := opts.MaxPaths
	if maxPaths == 0 {
		maxPaths = 1000
	}
	type decision struct {
		key   trace.InstanceKey
		taken bool
	}
	// A work item is a forced prefix of decisions; the run under it is
	// natural after the prefix.
	type item struct{ prefix []decision }
	stack := []item{{}}
	runs := 0
	for len(stack) > 0 {
		if err := ctx.Err(); err != nil {
			return err
		}
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		res := first
		if len(it.prefix) > 0 {
			ro := opts.Run
			ro.Hooks = &trace.Hooks{Branches: map[trace.InstanceKey]bool{}}
			for _, d := range it.prefix {
				ro.Hooks.Branches[d.key] = d.taken
			}
			v, err := sub.Run(ctx, &ro)
			rep.Stats.Runs++
			if err != nil {
				return err
			}
			res = v.Res
			err = own.Step(func() error {
				_, err := enc.AddRun(res, v.Avoid...)
				return err
			}, v)
			if err != nil {
				return err // given up: the step still reads res's trace
			}
		}
		runs++
		if runs >= maxPaths {
			rep.Partial, rep.Reason = true, fmt.Sprintf("PF explored its bound of %d paths", maxPaths)
			return nil
		}
		// Schedule the flip of every branch after the prefix.
		t := res.Trace
		var seen []decision
		for e := trace.EventID(0); int(e) < t.Len(); e++ {
			if _, ok := t.Instr(e).(*ssa.If); !ok {
				continue
			}
			d := decision{t.Key(e), t.Value(e).Bool()}
			if len(seen) >= len(it.prefix) && t.Occurrence(e) < unwind && localize.ProgramCode(t, e) && (opts.InScope == nil || opts.InScope(t.Func(e))) {
				flipped := append(append([]decision(nil), seen...), decision{d.key, !d.taken})
				stack = append(stack, item{flipped})
			}
			seen = append(seen, d)
		}
		if res != first {
			res.Trace.Release() // added to the formula: its memory is for later runs
		}
	}
	return nil
}
