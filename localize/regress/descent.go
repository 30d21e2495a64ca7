package regress

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// FixSite is a change where the fix may belong although the root cause
// lies elsewhere: a cause (found by the semantic analysis) outside the
// root cause, some of whose lines the failing run executed only because
// of the root cause: the run with Root and Aux reverted (which passes)
// executes none of them. An auxiliary change that is a cause is one: it
// is new code the root cause needs, gone with it. When the root cause
// replaced code (a rewrite: a call to a new parser where the old loop
// was), reverting it says which change broke the case, while the bug is
// often in the new code it brought in, which no reversal can single out
// (it has no old version): the fix sites are those of its lines the
// failure depends on. When the root cause is itself added code (an
// added block whose deletion makes the cases pass), the causes nested in
// it are fix sites too: the fault is one of its statements, which no
// reversal singles out when deleting it alone does not pass.
type FixSite struct {
	// Rank orders the sites, 1 first: those a switch of their branches
	// made pass (Switched) first; then, as the structural order, those
	// nested in the most changes
	// first (Change.Parent: a statement inside an added loop inside an
	// added if runs only under the new code's own conditions, which also
	// count as critical predicates and so raise its round), then by
	// round (the critical predicates between the failure and the change,
	// as Cause.Round), then those in a minimal correction set of the
	// trace formula first, then by the length of the dependence chain
	// from the failure to the change (its source lines), then in the
	// changes' order.
	Rank   int    `json:"rank"`
	Change string `json:"change"`
	Round  int    `json:"round"`
	Core   bool   `json:"core,omitempty"`
	// Switched says that switching a branch of the site (the decision
	// of one of its instances in the failing run, or of all of them)
	// made the failing case pass: the site decides the failure.
	Switched bool `json:"switched,omitempty"`
	// Lines are the change's lines of the new version that the failing
	// run executed (among those the failure depends on) and the run with
	// the root cause reverted did not, in order.
	Lines []localize.Position `json:"lines"`
}

// descend finds the fix sites of a verified root cause: it runs the
// first failing case, recording its coverage only, on the new version
// with reverted (root and its auxiliary changes) reverted, and keeps the
// causes outside root (and outside the changes nested in it, but for
// those nested in an added root change) with a line that run does not
// execute, ranked (see FixSite.Rank);
// an added function's declaration is left out (its statements are
// changes of their own).
// When that run cannot be made, it returns no sites and why.
// The sites are then switched (switchSites) in the failing case's run
// on newProg, the new version, unless it is nil; the switching's account
// is returned.
func descend(ctx context.Context, g *regression, sem *semantic, newProg *trace.Program, name string, causes []Cause, root, reverted []*changes.Change) ([]FixSite, string, *Switching, error) {
	within := func(c *changes.Change, cs []*changes.Change) bool { // c is in cs, or nested in a change of cs
		return slices.Contains(cs, c) || holdsAncestor(g.set, cs, c)
	}
	var cand []Cause
	for _, c := range causes {
		ch := g.set.ByID(c.Change)
		if ch == nil || slices.Contains(root, ch) || within(ch, root) && !inAdded(g.set, ch, root) || len(c.offsets) != len(c.Lines) || len(c.Lines) == 0 {
			continue
		}
		if ch.Kind == changes.Added && ch.Unit == "decl" && len(g.set.Children(ch)) > 0 {
			// An added function: its body's statements are changes
			// of their own, its own lines its parameters'.
			continue
		}
		cand = append(cand, c)
	}
	if len(cand) == 0 {
		return nil, "", nil, nil
	}
	overlay, err := g.revert(reverted)
	if err != nil {
		return nil, "", nil, err
	}
	g.mu.Lock()
	prog := g.lastProg // loaded for the latest version checked, with interpreted trials
	if g.lastKey != g.key(reverted) {
		prog = nil
	}
	g.mu.Unlock()
	if prog == nil {
		if prog, err = trace.Load(ctx, &trace.Config{Dir: g.opts.dir(), Tests: true, Module: true, BuildFlags: g.opts.BuildFlags, Overlay: overlay}, g.pattern); err != nil {
			if ctx.Err() != nil {
				return nil, "", nil, ctx.Err()
			}
			return nil, "not run: the interpreter could not load the version with the root cause reverted: " + err.Error(), nil, nil
		}
	}
	rctx, cancel := context.WithTimeout(ctx, g.opts.runTimeout())
	r, err := prog.GoTestCase(g.pkgPath, g.cases[0]).Run(rctx, &trace.RunOptions{CoverOnly: true})
	ended := rctx.Err() != nil
	cancel()
	switch {
	case ctx.Err() != nil:
		return nil, "", nil, ctx.Err()
	case err != nil:
		return nil, fmt.Sprintf("not run: the interpreter could not run %s with the root cause reverted: %v", g.cases[0], err), nil, nil
	case ended:
		return nil, fmt.Sprintf("not run: the run of %s with the root cause reverted took longer than %v (RunTimeout)", g.cases[0], g.opts.runTimeout()), nil, nil
	case r == nil || !r.Ran:
		return nil, fmt.Sprintf("not run: %s was not reached with the root cause reverted", g.cases[0]), nil, nil
	}
	ran := map[trace.Line]bool{}
	for _, id := range r.Covered {
		if st, ok := prog.StaticInfo(id); ok && st.Position.IsValid() {
			ran[trace.Line{File: st.Position.Filename, Line: st.Position.Line}] = true
		}
	}
	var sites []FixSite
	for _, c := range cand {
		ch := g.set.ByID(c.Change)
		file := filepath.Join(g.set.New, filepath.FromSlash(ch.File))
		src, ok := overlay[file]
		if !ok {
			if src, err = os.ReadFile(file); err != nil {
				return nil, "", nil, err
			}
		}
		if within(ch, reverted) {
			// An auxiliary change: its new code is gone, the old
			// code in its place may run.
			sites = append(sites, FixSite{Change: c.Change, Round: c.Round, Core: c.Core, Lines: c.Lines})
			continue
		}
		var only []localize.Position
		for i, p := range c.Lines {
			off := g.set.Forward(ch.File, reverted, c.offsets[i])
			line := 1 + bytes.Count(src[:min(off, len(src))], []byte("\n"))
			if !ran[trace.Line{File: file, Line: line}] {
				only = append(only, p)
			}
		}
		if len(only) > 0 {
			sites = append(sites, FixSite{Change: c.Change, Round: c.Round, Core: c.Core, Lines: only})
		}
	}
	slices.SortStableFunc(sites, func(a, b FixSite) int {
		core := func(s FixSite) int {
			if s.Core {
				return 0
			}
			return 1
		}
		da, db := depth(g.set, g.set.ByID(a.Change)), depth(g.set, g.set.ByID(b.Change))
		return cmp.Or(cmp.Compare(db, da), cmp.Compare(a.Round, b.Round), cmp.Compare(core(a), core(b)), cmp.Compare(sem.hops(a.Change), sem.hops(b.Change)),
			cmp.Compare(g.set.Index(g.set.ByID(a.Change)), g.set.Index(g.set.ByID(b.Change))))
	})
	var sw *Switching
	if newProg != nil && len(sites) > 0 {
		sw = switchSites(ctx, g, newProg, name, sem.branches, sites, r.Steps)
	}
	switchedFirst(sites)
	return sites, "", sw, nil
}

// inAdded reports whether c is nested in an added change of root: a
// statement of the new code the root cause is (an added block or
// function), which reverting the root deletes with it.
func inAdded(set *changes.Set, c *changes.Change, root []*changes.Change) bool {
	for p := set.ByID(c.Parent); p != nil; p = set.ByID(p.Parent) {
		if p.Kind == changes.Added && slices.Contains(root, p) {
			return true
		}
	}
	return false
}

// depth is the number of changes c is nested in.
func depth(set *changes.Set, c *changes.Change) int {
	n := 0
	for p := set.ByID(c.Parent); p != nil; p = set.ByID(p.Parent) {
		n++
	}
	return n
}
