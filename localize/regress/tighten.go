package regress

import (
	"cmp"
	"context"
	"slices"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/slicing"
)

// Bounds of tighten: the auxiliary changes whose own auxiliary changes
// it looks for (type checks only), and the versions it runs.
const (
	tightenLooks  = 16
	tightenTrials = 4
)

// tighten replaces root by one of its auxiliary changes when reverting
// that change alone (with its own auxiliary changes) makes the cases
// pass and reverts fewer changes in all. Delta debugging keeps the first
// minimal set it finds, and reverting it may need the very change that
// broke the cases as an auxiliary one: a call site reverted to the old
// signature of a rewritten function takes the rewritten function along,
// and the root cause is then the call site, the fault one of its
// auxiliary changes. The candidates are the auxiliary changes that are
// causes, in the causes' order (rank: nearest the failure first), or,
// without a semantic analysis (rank nil), the auxiliary changes in the
// changes' order; it looks at most tightenLooks of them (type checks
// only) and runs those that would revert fewer changes, at most
// tightenTrials. Changes count as the outermost ones: a change nested in
// another reverted one is reverted with it.
func tighten(ctx context.Context, p *prober, root []*changes.Change, rank map[string]int) ([]*changes.Change, error) {
	g := p.r
	aux, ok, err := g.auxiliary(ctx, root)
	if err != nil || !ok || len(aux) == 0 {
		return root, err
	}
	total := outermost(g.set, slices.Concat(root, aux))
	var cands []*changes.Change
	for _, a := range aux {
		if _, isCause := rank[a.ID]; isCause || rank == nil {
			cands = append(cands, a)
		}
	}
	if rank != nil {
		slices.SortStableFunc(cands, func(x, y *changes.Change) int { return cmp.Compare(rank[x.ID], rank[y.ID]) })
	}
	trials := 0
	for _, a := range cands[:min(len(cands), tightenLooks)] {
		if trials == tightenTrials {
			break
		}
		aa, ok, err := g.auxiliary(ctx, []*changes.Change{a})
		if err != nil {
			return root, err
		}
		if !ok || outermost(g.set, append([]*changes.Change{a}, aa...)) >= total {
			continue
		}
		trials++
		o, err := p.outcome(ctx, append([]*changes.Change{a}, aa...))
		if err != nil {
			return root, err
		}
		if o == slicing.Pass {
			return []*changes.Change{a}, nil
		}
	}
	return root, nil
}

// outermost counts the changes of cs that no other change of cs holds.
func outermost(set *changes.Set, cs []*changes.Change) int {
	n := 0
	for _, c := range cs {
		if !holdsAncestor(set, cs, c) {
			n++
		}
	}
	return n
}
