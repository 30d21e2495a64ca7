package regress

// Predicate switching of the fix sites: the evidence that orders them.

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/trace"
)

// maxSwitchInstances bounds the instances of one branch of the failing
// run that switching forces one at a time (the first ones run); a
// branch with no more instances than that is also forced at all of
// them at once.
const maxSwitchInstances = 16

// maxSiteSwitches bounds the switched runs of one fix site.
const maxSiteSwitches = 24

// maxSwitchRuns bounds the switched runs of all the fix sites.
const maxSwitchRuns = 96

// switchShare is the share of the time left to Explain's context that
// the switching may take: the baselines come after it.
const switchShare = 3

// branch is a conditional branch (an If) of changed code that the
// failing run executed, with its first instances.
type branch struct {
	file   string // the new version's file
	offset int    // its position's offset in file
	keys   []trace.InstanceKey
	taken  []bool // each instance's decision
	count  int    // instances in all
}

// Switching says what the predicate switching of the fix sites did (see
// FixSite.Switched).
type Switching struct {
	// Sites is the number of fix sites holding a branch the failing run
	// executed; Tried the number of them switched, in rank order.
	Sites int `json:"sites"`
	Tried int `json:"tried"`
	// Runs is the number of switched runs of the failing case.
	Runs int `json:"runs"`
	// Partial says that the switching stopped before every site with
	// a branch was tried (Reason says why: Explain's context ended, or
	// its share of the time or runs was spent); the sites not tried
	// keep their structural order after those a switch made pass.
	Partial bool   `json:"partial,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

// changedBranches returns the branches of t whose position lies in a
// change of byFile (by the new version's file), in the order of their
// first instances, each with its first maxSwitchInstances instances.
func changedBranches(ctx context.Context, t *trace.Trace, byFile map[string][]*changes.Change) ([]*branch, error) {
	type info struct {
		b  *branch
		ok bool
	}
	seen := map[trace.StaticID]info{}
	var out []*branch
	for e := range t.Len() {
		if e%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		ev := trace.EventID(e)
		sid := t.Static(ev)
		in, known := seen[sid]
		if !known {
			st := t.StaticInfo(sid)
			if _, isIf := st.Instr.(*ssa.If); isIf && st.Position.IsValid() && !st.Synthetic {
				for _, c := range byFile[st.Position.Filename] {
					if c.New.Offset <= st.Position.Offset && st.Position.Offset < c.New.End {
						in = info{b: &branch{file: st.Position.Filename, offset: st.Position.Offset}, ok: true}
						out = append(out, in.b)
						break
					}
				}
			}
			seen[sid] = in
		}
		if !in.ok {
			continue
		}
		b := in.b
		b.count++
		if len(b.keys) < maxSwitchInstances && t.Value(ev).Kind() == trace.KindBool {
			b.keys = append(b.keys, t.Key(ev))
			b.taken = append(b.taken, t.Value(ev).Bool())
		}
	}
	return out, nil
}

// switches returns the branch forcings of b to try, each a switch of
// its decisions: each instance alone, in execution order, then all of
// them at once if b had no more instances than those kept.
func (b *branch) switches() []map[trace.InstanceKey]bool {
	var tries []map[trace.InstanceKey]bool
	for i, k := range b.keys {
		tries = append(tries, map[trace.InstanceKey]bool{k: !b.taken[i]})
	}
	if len(b.keys) > 1 && b.count == len(b.keys) {
		all := map[trace.InstanceKey]bool{}
		for i, k := range b.keys {
			all[k] = !b.taken[i]
		}
		tries = append(tries, all)
	}
	return tries
}

// switchSites switches the branches of sites (ranked structurally) in
// the failing case's run on prog, the new version: each branch belongs
// to the innermost site holding it, and a site is Switched when one of
// its switches makes the case pass (its first passing switch ends its
// tries). Sites are tried in order. Each run is bounded by steps times
// four (the steps of the passing run with the root cause reverted; 0
// for the default budget), RunTimeout and ctx; the stage takes at most
// 1/switchShare of the time ctx has left and maxSwitchRuns runs.
func switchSites(ctx context.Context, g *regression, prog *trace.Program, name string, branches []*branch, sites []FixSite, steps int64) *Switching {
	sw := &Switching{}
	own := make([][]*branch, len(sites))
	for _, b := range branches {
		best, size := -1, 0
		for i, s := range sites {
			ch := g.set.ByID(s.Change)
			if ch == nil || filepath.Join(g.set.New, filepath.FromSlash(ch.File)) != b.file || b.offset < ch.New.Offset || b.offset >= ch.New.End {
				continue
			}
			if n := ch.New.End - ch.New.Offset; best < 0 || n < size {
				best, size = i, n
			}
		}
		if best >= 0 && len(b.keys) > 0 {
			own[best] = append(own[best], b)
		}
	}
	for _, bs := range own {
		if len(bs) > 0 {
			sw.Sites++
		}
	}
	if sw.Sites == 0 {
		return sw
	}
	sctx, cancel := ctx, context.CancelFunc(func() {})
	if d, ok := ctx.Deadline(); ok {
		sctx, cancel = context.WithDeadline(ctx, time.Now().Add(time.Until(d)/switchShare))
	}
	defer cancel()
	ro := trace.RunOptions{NoTrace: true}
	if steps > 0 {
		ro.MaxSteps = 4*steps + 100_000
	}
	stop := func(why string) *Switching {
		sw.Partial, sw.Reason = true, why
		return sw
	}
	for i, bs := range own {
		if len(bs) == 0 {
			continue
		}
		sw.Tried++
		n := 0
	site:
		for _, b := range bs {
			for _, try := range b.switches() {
				switch {
				case ctx.Err() != nil:
					return stop(fmt.Sprintf("stopped: %v", context.Cause(ctx)))
				case sctx.Err() != nil:
					return stop(fmt.Sprintf("stopped: its share of the time left (1/%d) was spent", switchShare))
				case sw.Runs == maxSwitchRuns:
					return stop(fmt.Sprintf("stopped: %d switched runs made", maxSwitchRuns))
				case n == maxSiteSwitches:
					break site
				}
				n++
				sw.Runs++
				o := ro
				o.Hooks = &trace.Hooks{Branches: try}
				rctx, cancel := context.WithTimeout(sctx, g.opts.runTimeout())
				r, err := prog.GoTestCase(g.pkgPath, name).Run(rctx, &o)
				ended := rctx.Err() != nil
				cancel()
				if err == nil && !ended && r != nil && r.Ran && !r.Failed && !r.Skipped {
					sites[i].Switched = true
					break site
				}
			}
		}
	}
	return sw
}

// switchedFirst moves the sites a switch made pass before the others,
// keeping the order within each, and numbers the ranks.
func switchedFirst(sites []FixSite) {
	slices.SortStableFunc(sites, func(a, b FixSite) int {
		switch {
		case a.Switched == b.Switched:
			return 0
		case a.Switched:
			return -1
		}
		return 1
	})
	for i := range sites {
		sites[i].Rank = i + 1
	}
}
