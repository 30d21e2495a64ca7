package regress

import (
	"context"
	"fmt"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/slicing"
)

// A change is light when its reversal needs at most auxShrinkMax
// auxiliary changes (those shrunk to a 1-minimal set); a heavy one needs
// more, or none make it build. Between releases with a thousand changes,
// a statement written against a refactoring's new API (a struct literal
// naming its new fields) is heavy: reverting it takes the refactoring
// along, hundreds of changes found by the identifiers the type
// checker's errors name, and any change naming the same identifiers
// with them (a local variable named like an old field). Such a set,
// reverted, is close to the old version, which passes: delta debugging
// over every cause keeps the first heavy change it meets as the root
// cause, and the change that broke the case is one of its auxiliary
// changes, hidden among hundreds. So the root cause is searched first
// among the light causes, and among all of them only when no light set
// of causes passes reverted.

// light reports whether the version with cs reverted needs at most
// auxShrinkMax auxiliary changes to build.
func (g *regression) light(ctx context.Context, cs []*changes.Change) (bool, error) {
	aux, ok, err := g.auxUpTo(ctx, cs, auxShrinkMax)
	return ok && len(aux) <= auxShrinkMax, err
}

// lightSearch is the first search for the root cause: the causes of the
// first round whose light causes (those up to it, in the causes' order)
// make the cases pass reverted together (a light set, with its
// auxiliary changes), minimised by delta debugging in which a heavy set
// is unresolved (not run). It returns a nil root when no round's light
// causes pass (or there are no causes), and the round (-1 then).
func lightSearch(ctx context.Context, p *prober, causes []Cause, set *changes.Set, parallel int) ([]*changes.Change, int, error) {
	g := p.r
	isLight := map[string]bool{}
	keep := func(c *changes.Change) (bool, error) {
		l, seen := isLight[c.ID]
		if !seen {
			var err error
			if l, err = g.light(ctx, []*changes.Change{c}); err != nil {
				return false, err
			}
			isLight[c.ID] = l
		}
		return l, nil
	}
	search, round, err := p.firstRound(ctx, causes, set, keep, true)
	if err != nil || search == nil {
		return nil, -1, err
	}
	root, err := p.minimise(ctx, search, true, parallel)
	return root, round, err
}

// search is the search for the root cause over every cause: the causes
// up to the first round whose causes make the cases pass reverted
// (with their auxiliary changes), or every change that may be reverted
// (free) when none does or there are no causes, minimised by delta
// debugging. It returns the root and the round (-1 when free was
// searched).
func (p *prober) search(ctx context.Context, causes []Cause, set *changes.Set, free []*changes.Change, parallel int) ([]*changes.Change, int, error) {
	search, round, err := p.firstRound(ctx, causes, set, nil, false)
	if err != nil {
		return nil, -1, err
	}
	if search == nil {
		search, round = free, -1
	}
	root, err := p.minimise(ctx, search, false, parallel)
	return root, round, err
}

// firstRound returns the causes up to the first round (in the causes'
// order, which is by round) that make the cases pass reverted with
// their auxiliary changes, and that round; nil when none does. Only the
// causes keep accepts count (every cause when keep is nil); with light,
// a round whose causes make a heavy set is skipped without a run.
func (p *prober) firstRound(ctx context.Context, causes []Cause, set *changes.Set, keep func(*changes.Change) (bool, error), light bool) ([]*changes.Change, int, error) {
	g := p.r
	var cs []*changes.Change
	tried := ""
	for i, c := range causes {
		ch := set.ByID(c.Change)
		ok := true
		if keep != nil {
			var err error
			if ok, err = keep(ch); err != nil {
				return nil, -1, err
			}
		}
		if ok {
			cs = append(cs, ch)
		}
		if i+1 < len(causes) && causes[i+1].Round == c.Round || len(cs) == 0 {
			continue
		}
		if k := g.key(cs); k == tried {
			continue
		} else {
			tried = k
		}
		if light {
			if l, err := g.light(ctx, cs); err != nil || !l {
				if err != nil {
					return nil, -1, err
				}
				continue
			}
		}
		o, err := p.withAux(ctx, cs)
		if err != nil {
			return nil, -1, err
		}
		if o == slicing.Pass {
			return g.inOrder(cs), c.Round, nil
		}
	}
	return nil, -1, nil
}

// minimise shrinks search, whose reversal (with its auxiliary changes)
// makes the cases pass, to a 1-minimal such set by asymmetric delta
// debugging; with light, a set whose reversal needs more than
// auxShrinkMax auxiliary changes is unresolved, not run. When ctx ends
// first, it returns the smallest set seen to pass, with ctx's error.
func (p *prober) minimise(ctx context.Context, search []*changes.Change, light bool, parallel int) ([]*changes.Change, error) {
	if len(search) <= 1 {
		return search, nil
	}
	res, err := slicing.DDMin(ctx, search, func(ctx context.Context, cs []*changes.Change) slicing.Outcome {
		if len(cs) == 0 {
			// The new version fails (the premise). Its auxiliary
			// changes, when the versions get the old release's
			// tests, are those the tests need to build, and may
			// hold the cause: they are no root cause of nothing.
			return slicing.Pass
		}
		if light {
			if l, err := p.r.light(ctx, cs); err != nil || !l {
				return slicing.Unresolved
			}
		}
		o, err := p.withAux(ctx, cs)
		switch {
		case err != nil:
			return slicing.Unresolved
		case o == slicing.Pass:
			return slicing.Fail // kept by ddmin: reverting cs passes
		case o == slicing.Fail:
			return slicing.Pass
		}
		return slicing.Unresolved
	}, &slicing.DDOptions{NoRecheck: true, Parallel: parallel})
	switch {
	case err != nil && ctx.Err() != nil:
		return res.Min, ctx.Err()
	case err != nil:
		return nil, fmt.Errorf("localize: regress: asymmetric delta debugging: %w", err)
	}
	return res.Min, nil
}
