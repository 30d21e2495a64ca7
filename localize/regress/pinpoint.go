package regress

import (
	"slices"

	"github.com/faultloc/faultloc/changes"
)

// pinpoint narrows a verified root cause to the statement of added code
// that decides the failure, when predicate switching found one: the
// first fix site, a switch of whose branch made the cases pass
// (FixSite.Switched), nested in added code that the verified version
// deleted with the root cause. Reverting an added block, function or
// file deletes its statements together, so no reversal singles one out:
// a switched site nested in an added change of root takes that change's
// place in rep.Root (rep.Chosen ChosenSwitched, the added change in
// rep.Enclosing). A rewrite's root cause (one change: the call of a new
// parser where the old loop was) may need the new code removed with it
// to build (an added file declaring what the old code declares too): a
// switched site nested in an added auxiliary change of a root of one
// change takes the root's place (rep.Chosen ChosenBroughtIn, the root
// it replaced in rep.Enclosing); new code the version kept is not enough,
// as the run that passed still had it. The site leaves the fix sites,
// which are ranked again. It returns the root as narrowed (root itself
// when nothing changed).
func pinpoint(set *changes.Set, rep *Report, root []*changes.Change) []*changes.Change {
	if len(rep.FixSites) == 0 || !rep.FixSites[0].Switched {
		return root
	}
	site := set.ByID(rep.FixSites[0].Change)
	if site == nil {
		return root
	}
	holds := func(c *changes.Change) bool { // added code that the site is nested in
		return c != nil && c.Kind == changes.Added && nestedIn(set, site, c)
	}
	i := slices.IndexFunc(root, holds)
	chosen := ChosenSwitched
	switch {
	case i >= 0:
	case len(root) == 1 && slices.ContainsFunc(rep.Aux, func(id string) bool { return holds(set.ByID(id)) }):
		i, chosen = 0, ChosenBroughtIn
	default:
		return root
	}
	if rep.Chosen == "" {
		rep.Found = ids(root)
	}
	rep.Enclosing = []string{root[i].ID}
	rep.Chosen = chosen
	out := slices.Clone(root)
	out[i] = site
	rep.Root = ids(out)
	rep.FixSites = slices.Clone(rep.FixSites[1:])
	for k := range rep.FixSites {
		rep.FixSites[k].Rank = k + 1
	}
	return out
}

// nestedIn reports whether c is nested, at any depth, in p.
func nestedIn(set *changes.Set, c, p *changes.Change) bool {
	for q := set.ByID(c.Parent); q != nil; q = set.ByID(q.Parent) {
		if q == p {
			return true
		}
	}
	return false
}
