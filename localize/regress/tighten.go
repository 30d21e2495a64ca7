package regress

import (
	"cmp"
	"context"
	"slices"
	"strings"

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
// without causes, those the cases can execute (rank: the changes not
// set aside as unreachable; nil, every auxiliary change, when none was),
// those reverting the fewest changes in all first; it looks at most tightenLooks of them (type checks
// only) and runs those that would revert fewer changes, at most
// tightenTrials. Changes count as the outermost ones: a change nested in
// another reverted one is reverted with it.
func tighten(ctx context.Context, p *prober, root []*changes.Change, rank map[string]int, causes bool) ([]*changes.Change, error) {
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
	switch {
	case causes:
		slices.SortStableFunc(cands, func(x, y *changes.Change) int { return cmp.Compare(rank[x.ID], rank[y.ID]) })
	default:
		// Without causes to order them, those reverting the fewest
		// changes in all first (the bounds leave most untried).
		size := map[*changes.Change]int{}
		for _, a := range cands[:min(len(cands), tightenLooks)] {
			aa, ok, err := g.auxiliary(ctx, []*changes.Change{a})
			if err != nil {
				return root, err
			}
			size[a] = len(g.set.Changes) + 1
			if ok {
				size[a] = outermost(g.set, append([]*changes.Change{a}, aa...))
			}
		}
		cands = cands[:min(len(cands), tightenLooks)]
		slices.SortStableFunc(cands, func(x, y *changes.Change) int { return cmp.Compare(size[x], size[y]) })
	}
	return tryReverting(ctx, p, root, cands, func(a *changes.Change, aa []*changes.Change) bool {
		return outermost(g.set, append([]*changes.Change{a}, aa...)) < total
	})
}

// tryReverting looks at the candidates cands in order, at most
// tightenLooks of them, and reverts each that try accepts (given the
// candidate and its auxiliary changes) with its auxiliary changes, at
// most tightenTrials: the first whose reversal makes the cases pass is
// the new root; root stays when none does.
func tryReverting(ctx context.Context, p *prober, root, cands []*changes.Change, try func(a *changes.Change, aa []*changes.Change) bool) ([]*changes.Change, error) {
	trials := 0
	for _, a := range cands[:min(len(cands), tightenLooks)] {
		if trials == tightenTrials {
			break
		}
		aa, ok, err := p.r.auxiliary(ctx, []*changes.Change{a})
		if err != nil {
			return root, err
		}
		if !ok || !try(a, aa) {
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

// origin replaces root by a cause that cannot be reverted without it:
// reverting the cause needs every root change too (as auxiliary
// changes). The candidates are the root's auxiliary changes (which
// the root needs as much: a call site of a function's new signature,
// the function, a statement of it written against the new signature)
// and package-level variables (a new table of values that only the
// rewritten function taking it as a parameter reads, though the
// function can be reverted without it). Reverting cannot tell such
// changes apart, and the root cause is then the one where
// the wrong value starts: a change the root's code depends on by data,
// those depending on the fewest other candidates first (the table the
// loop reading it depends on), then the farthest from the root's code
// (the most dependences between them, semantic.upstreamDepth: a call
// site passes on the value its callee returns, computed farther back),
// then in the causes' order (rank). A function's signature computes
// nothing (its parameters pass values on) and is never chosen, nor is a
// change holding a root change (reverting it reverts the root with it:
// wider, not another). It looks at most tightenLooks candidates and
// runs at most tightenTrials; a candidate replaces the root when its
// reversal, with its own auxiliary changes, makes the cases pass.
// Without a semantic analysis root is returned as is.
func origin(ctx context.Context, p *prober, root []*changes.Change, rank map[string]int, sem *semantic) ([]*changes.Change, error) {
	if sem == nil || rank == nil {
		return root, nil
	}
	g := p.r
	aux, ok, err := g.auxiliary(ctx, root)
	if err != nil || !ok {
		return root, err
	}
	var cands []*changes.Change
	depth := map[string]int{}
	for _, a := range g.set.Changes {
		_, isCause := rank[a.ID]
		if !isCause || a.Unit == "func signature" || slices.Contains(root, a) || holdsAncestor(g.set, root, a) || holdsDescendant(g.set, a, root) {
			continue
		}
		if !slices.Contains(aux, a) && !isVarDecl(a) {
			continue
		}
		if d, up := sem.upstreamDepth(root, a.ID); up {
			cands, depth[a.ID] = append(cands, a), d
		}
	}
	below := map[string]int{} // the other candidates a candidate depends on by data
	for _, x := range cands {
		for _, y := range cands {
			if _, ok := sem.upstream[x.ID][y.ID]; ok && x != y {
				below[x.ID]++
			}
		}
	}
	slices.SortStableFunc(cands, func(x, y *changes.Change) int {
		return cmp.Or(cmp.Compare(below[x.ID], below[y.ID]), cmp.Compare(depth[y.ID], depth[x.ID]), cmp.Compare(rank[x.ID], rank[y.ID]))
	})
	return tryReverting(ctx, p, root, cands, func(_ *changes.Change, aa []*changes.Change) bool {
		return needsAll(g.set, aa, root)
	})
}

// needsAll reports whether every change of root is in reverted or
// nested in a change of it.
func needsAll(set *changes.Set, reverted, root []*changes.Change) bool {
	for _, r := range root {
		if !holdsAncestor(set, reverted, r) && !slices.Contains(reverted, r) {
			return false
		}
	}
	return true
}

// deepen replaces the root by a statement of added code the code of
// every root change depends on by data when reverting that statement
// alone (deleting it, with its own auxiliary changes) makes the cases
// pass and reverts no more changes in all, and does not need any root
// change reverted. Added code has no old version to revert to: delta
// debugging finds the changes through which the failing run enters it
// (a call site rewritten to call an added function; each of them when
// several call sites pass its value on, and the cases pass only with
// all of them reverted) before the wrong statement inside it, though
// reverting either passes; the root cause is then where the wrong value
// starts, as with origin. A root with a change nested in another is
// left as it is. The candidates are the causes nested in added code
// (Change.Parent set, Kind Added), not an added function's whole
// declaration: those depending on the fewest other candidates first
// (where the wrong value starts: a statement returning a constant
// before a chain of statements building a value of their own; one
// whose own dependences were not analysed, last), then the farthest
// from the root's code (semantic.upstreamDepth), then in the causes'
// order. A statement that is the whole body of an added if without
// else is lifted to the if's header (see conditionOnly). It looks at
// most tightenLooks candidates and runs at most tightenTrials. Without
// a semantic analysis root is returned as is.
func deepen(ctx context.Context, p *prober, root []*changes.Change, rank map[string]int, sem *semantic) ([]*changes.Change, error) {
	if sem == nil || rank == nil || len(root) == 0 || slices.ContainsFunc(root, func(r *changes.Change) bool { return r.Parent != "" }) {
		return root, nil
	}
	g := p.r
	aux, ok, err := g.auxiliary(ctx, root)
	if err != nil || !ok {
		return root, err
	}
	total := outermost(g.set, slices.Concat(root, aux))
	var cands []*changes.Change
	depth := map[string]int{}
	for _, c := range g.set.Changes {
		_, isCause := rank[c.ID]
		if !isCause || c.Kind != changes.Added || c.Parent == "" || slices.Contains(root, c) || len(g.set.Children(c)) > 0 && c.Unit == "decl" {
			continue
		}
		if d, up := sem.upstreamDepth(root, c.ID); up {
			cands, depth[c.ID] = append(cands, c), d
		}
	}
	// Where the wrong value starts: a candidate that depends on no
	// other by data first (a statement returning a constant), one
	// whose dependences are unknown (not among the causes analysed
	// upstream) last.
	below := map[string]int{}
	for _, x := range cands {
		if sem.upstream[x.ID] == nil {
			below[x.ID] = len(cands)
			continue
		}
		for _, y := range cands {
			if _, ok := sem.upstream[x.ID][y.ID]; ok && x != y {
				below[x.ID]++
			}
		}
	}
	slices.SortStableFunc(cands, func(x, y *changes.Change) int {
		return cmp.Or(cmp.Compare(below[x.ID], below[y.ID]), cmp.Compare(depth[y.ID], depth[x.ID]), cmp.Compare(rank[x.ID], rank[y.ID]))
	})
	t, err := tryReverting(ctx, p, root, cands, func(a *changes.Change, aa []*changes.Change) bool {
		cs := append([]*changes.Change{a}, aa...)
		return !slices.ContainsFunc(root, func(r *changes.Change) bool { return slices.Contains(cs, r) || holdsAncestor(g.set, cs, r) }) && outermost(g.set, cs) <= total
	})
	if err != nil || slices.Equal(t, root) {
		return root, err
	}
	if h := g.set.ByID(t[0].Parent); h != nil && conditionOnly(g.set, h, t[0]) {
		if o, err := p.withAux(ctx, []*changes.Change{h}); err != nil || o == slicing.Pass {
			return []*changes.Change{h}, err
		}
	}
	return t, nil
}

// conditionOnly reports whether c is the whole body of h, an added if
// without else: deleting c then does what neutralising h's condition
// does, and h, which holds the condition, is no wider a change than c.
func conditionOnly(set *changes.Set, h, c *changes.Change) bool {
	kids := set.Children(h)
	return h.Kind == changes.Added && h.Unit == "if header" && len(kids) == 1 && kids[0] == c
}

// holdsDescendant reports whether a change of cs is nested in c.
func holdsDescendant(set *changes.Set, c *changes.Change, cs []*changes.Change) bool {
	for _, d := range cs {
		if holdsAncestor(set, []*changes.Change{c}, d) {
			return true
		}
	}
	return false
}

// isVarDecl reports whether c is a whole package-level variable
// declaration (or one spec of a parenthesized one, or one element of its
// table): a value the code reads, not code that runs.
func isVarDecl(c *changes.Change) bool {
	return c.Parent == "" && (c.Unit == "decl" || c.Unit == "spec" || c.Unit == "element") && strings.HasPrefix(c.Func, "var ")
}
