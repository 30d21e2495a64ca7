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
// causes (rank is their position among the causes, nearest the failure
// first), or, without a semantic analysis (rank nil), the first
// tightenLooks auxiliary changes; those that would revert fewer changes
// are tried smallest first, at most tightenTrials of them. Changes count
// as the outermost ones: a change nested in another reverted one is
// reverted with it.
func tighten(ctx context.Context, p *prober, root []*changes.Change, rank map[string]int) ([]*changes.Change, error) {
	g := p.r
	aux, ok, err := g.auxiliary(ctx, root)
	if err != nil || !ok || len(aux) == 0 {
		return root, err
	}
	total := outermost(g.set, slices.Concat(root, aux))
	type candidate struct {
		c          *changes.Change
		size, rank int
	}
	var cands []candidate
	looked := 0
	for i, a := range aux {
		r := i
		if rank != nil {
			k, isCause := rank[a.ID]
			if !isCause {
				continue
			}
			r = k
		}
		if looked == tightenLooks {
			break
		}
		looked++
		aa, ok, err := g.auxiliary(ctx, []*changes.Change{a})
		if err != nil {
			return root, err
		}
		if n := outermost(g.set, append([]*changes.Change{a}, aa...)); ok && n < total {
			cands = append(cands, candidate{a, n, r})
		}
	}
	slices.SortFunc(cands, func(x, y candidate) int { return cmp.Or(cmp.Compare(x.size, y.size), cmp.Compare(x.rank, y.rank)) })
	for _, c := range cands[:min(len(cands), tightenTrials)] {
		o, err := p.withAux(ctx, []*changes.Change{c.c})
		if err != nil {
			return root, err
		}
		if o == slicing.Pass {
			return []*changes.Change{c.c}, nil
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
