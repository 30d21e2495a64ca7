package regress

import (
	"slices"

	"github.com/faultloc/faultloc/changes"
)

// pinpoint narrows a verified root cause that is added code to the
// statement of it that decides the failure. Reverting an added block or
// function deletes its statements together, so delta debugging blames
// the whole of it; predicate switching (switchSites) tells its
// statements apart. When the first fix site is nested in an added change
// of root and a switch of its branch made the cases pass (FixSite.
// Switched), that site takes the added change's place in rep.Root
// (rep.Chosen ChosenSwitched, the added change in rep.Enclosing) and
// leaves the fix sites, which are ranked again. It returns the root as
// narrowed (root itself when nothing changed).
func pinpoint(set *changes.Set, rep *Report, root []*changes.Change) []*changes.Change {
	if len(rep.FixSites) == 0 || !rep.FixSites[0].Switched {
		return root
	}
	site := set.ByID(rep.FixSites[0].Change)
	if site == nil {
		return root
	}
	i := slices.IndexFunc(root, func(r *changes.Change) bool {
		return r.Kind == changes.Added && nestedIn(set, site, r)
	})
	if i < 0 {
		return root
	}
	if rep.Chosen == "" {
		rep.Found = ids(root)
	}
	rep.Enclosing = []string{root[i].ID}
	rep.Chosen = ChosenSwitched
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
