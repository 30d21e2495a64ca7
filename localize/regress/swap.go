package regress

import (
	"cmp"
	"context"
	"slices"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/slicing"
)

// swap prefers, among minimal sets of root's size, one that reverts fewer
// changes in all: it replaces a change of root by one of root's
// auxiliary changes when the set so made makes the cases pass and,
// with its own auxiliary changes, reverts fewer changes (outermost ones)
// than root with its. Delta debugging keeps the first minimal set it
// meets, and a change reverted to an old signature takes new code along
// as auxiliary changes: a call site reverted to a rewritten function's
// old parameter takes the function's added statements with it, one of
// which, with the root's other changes, suffices alone. The order of
// preference is fewer auxiliary changes first, then changes the
// failing run depends on (causes; without causes, every auxiliary
// change), then nearest the failure (rank, the causes' order: by round,
// then in the changes' order). A candidate replaces a root change whose
// own auxiliary changes hold it (the reason it is auxiliary), never one
// it holds or is nested in. It looks at most tightenLooks candidates
// (type checks only) and runs at most tightenTrials; it repeats while a
// trial passes. A root of one change is left to tighten.
func swap(ctx context.Context, p *prober, root []*changes.Change, rank map[string]int) ([]*changes.Change, error) {
	g := p.r
	trials := 0
	for len(root) > 1 && trials < tightenTrials {
		aux, ok, err := g.auxiliary(ctx, root)
		if err != nil || !ok || len(aux) == 0 {
			return root, err
		}
		total := outermost(g.set, slices.Concat(root, aux))
		own := make([][]*changes.Change, len(root)) // each root change's auxiliary changes
		for i, r := range root {
			if own[i], _, err = g.auxiliary(ctx, []*changes.Change{r}); err != nil {
				return root, err
			}
		}
		type option struct {
			set   []*changes.Change
			total int
			rank  int
		}
		var opts []option
		looks := 0
		for _, a := range aux {
			r, isCause := rank[a.ID]
			if !isCause && rank != nil {
				continue
			}
			if looks == tightenLooks {
				break
			}
			looks++
			for i := range root {
				if !slices.Contains(own[i], a) || holdsAncestor(g.set, root, a) || holdsDescendant(g.set, a, root) {
					continue
				}
				try := slices.Clone(root)
				try[i] = a
				try = g.inOrder(try)
				aa, ok, err := g.auxiliary(ctx, try)
				if err != nil {
					return root, err
				}
				if n := outermost(g.set, slices.Concat(try, aa)); ok && n < total {
					opts = append(opts, option{try, n, r})
				}
			}
		}
		slices.SortStableFunc(opts, func(x, y option) int { return cmp.Or(cmp.Compare(x.total, y.total), cmp.Compare(x.rank, y.rank)) })
		swapped := false
		for _, o := range opts {
			if trials == tightenTrials {
				break
			}
			trials++
			out, err := p.withAux(ctx, o.set)
			if err != nil {
				return root, err
			}
			if out == slicing.Pass {
				root, swapped = o.set, true
				break
			}
		}
		if !swapped {
			break
		}
	}
	return root, nil
}
