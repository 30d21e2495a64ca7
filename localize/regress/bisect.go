package regress

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/slicing"
)

// bisect is the baseline a user without faultloc would run: git bisect's
// halving over the changes in file order, as if each were a commit. The
// version with the first i changes applied (the rest reverted) is tried;
// with none applied the cases pass, with all applied they fail, and the
// search halves the range until one change separates a passing version
// from a failing one: that change is its answer. A version that does not
// build or run is skipped as git bisect skip does: the nearest untried
// version of the range is tried instead, and if every version of the range
// is unresolved the answer is the whole range. The changes of base stay
// reverted in every version (see Baseline.Base).
func (g *regression) bisect(ctx context.Context, universe, base []*changes.Change) (b Baseline) {
	const name = "bisection over all changes"
	b = Baseline{Name: name, Universe: []string{}, Diff: []string{}, Base: ids(base)}
	for _, c := range universe {
		b.Universe = append(b.Universe, c.ID)
	}
	p := &prober{r: g, method: name, cache: map[string]slicing.Outcome{}}
	start := time.Now()
	defer func() { b.Effort = p.effort(start) }()
	if len(universe) == 0 {
		b.Err = "no change to search"
		return b
	}
	applied := func(i int) (slicing.Outcome, error) { return p.outcome(ctx, slices.Concat(universe[i:], base)) }
	lo, hi := 0, len(universe) // lo passes, hi fails (assumed, as git bisect's good and bad)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		o, at, err := firstResolved(applied, mid, lo, hi)
		if err != nil {
			b.Err = err.Error()
			if ctx.Err() != nil {
				b.Err = "stopped before it ended: " + context.Cause(ctx).Error()
			}
			break
		}
		if o == slicing.Unresolved {
			b.Err = fmt.Sprintf("every version between %d and %d changes applied is unresolved", lo+1, hi-1)
			break
		}
		if o == slicing.Fail {
			hi = at
		} else {
			lo = at
		}
	}
	for _, c := range universe[lo:hi] {
		b.Diff = append(b.Diff, c.ID)
	}
	return b
}

// firstResolved tries version mid, then, while unresolved, the versions
// nearest to it strictly between lo and hi, alternating above and below;
// it returns the first resolved outcome and its version, or Unresolved.
func firstResolved(try func(int) (slicing.Outcome, error), mid, lo, hi int) (slicing.Outcome, int, error) {
	for d := 0; mid+d < hi || mid-d > lo; d++ {
		near := []int{mid + d}
		if d > 0 {
			near = append(near, mid-d)
		}
		for _, i := range near {
			if i <= lo || i >= hi {
				continue
			}
			o, err := try(i)
			if err != nil {
				return slicing.Unresolved, i, err
			}
			if o != slicing.Unresolved {
				return o, i, nil
			}
		}
	}
	return slicing.Unresolved, mid, nil
}

// narrow replaces each change of root that holds nested changes (an
// added compound statement or function, see changes.Change.Parent) by one
// of its children while reverting the child instead still makes the cases
// pass: delta debugging settles on the outer change first, since any set
// holding it passes, though the fault is often one statement inside it.
// A child whose auxiliary changes take the change holding it along (an
// added declaration whose later uses need it) is no narrower: it is
// passed over; so is the one statement of an added if without else,
// whose deletion neutralises the if's condition (see conditionOnly).
func narrow(ctx context.Context, p *prober, set *changes.Set, root []*changes.Change) ([]*changes.Change, error) {
	root = slices.Clone(root)
	for i := 0; i < len(root); i++ {
		for {
			var to *changes.Change
			for _, ch := range set.Children(root[i]) {
				if conditionOnly(set, root[i], ch) {
					break
				}
				try := slices.Clone(root)
				try[i] = ch
				aux, ok, err := p.r.auxiliary(ctx, try)
				if err != nil {
					return root, err
				}
				if ok && holdsAncestor(set, aux, ch) {
					continue
				}
				o, err := p.withAux(ctx, try)
				if err != nil {
					return root, err
				}
				if o == slicing.Pass {
					to = ch
					break
				}
			}
			if to == nil {
				break
			}
			root[i] = to
		}
	}
	return root, nil
}

// widen replaces each change of root whose reversal needs a change
// holding it (an added block whose statements need each other) as an
// auxiliary change by the outermost such holder: reverting root reverts
// the holder, and the change with it. It keeps root unless the widened
// set, with its own auxiliary changes, still makes the cases pass.
func widen(ctx context.Context, p *prober, set *changes.Set, root []*changes.Change) ([]*changes.Change, error) {
	aux, ok, err := p.r.auxiliary(ctx, root)
	if err != nil || !ok {
		return root, err
	}
	var wide []*changes.Change
	for _, c := range root {
		w := c
		for a := set.ByID(c.Parent); a != nil; a = set.ByID(a.Parent) {
			if slices.Contains(aux, a) {
				w = a
			}
		}
		wide = append(wide, w)
	}
	if slices.Equal(wide, root) {
		return root, nil
	}
	var out []*changes.Change // without duplicates and changes nested in others
	for _, c := range wide {
		if !slices.Contains(out, c) && !holdsAncestor(set, wide, c) {
			out = append(out, c)
		}
	}
	o, err := p.withAux(ctx, out)
	if err != nil || o != slicing.Pass {
		return root, err
	}
	return out, nil
}

// holdsAncestor reports whether cs holds a change that c is nested in.
func holdsAncestor(set *changes.Set, cs []*changes.Change, c *changes.Change) bool {
	for p := set.ByID(c.Parent); p != nil; p = set.ByID(p.Parent) {
		if slices.Contains(cs, p) {
			return true
		}
	}
	return false
}
