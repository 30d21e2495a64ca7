package diagnose

import (
	"context"
	"maps"
	"slices"

	"github.com/faultloc/faultloc/localize"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// Making a diagnosis' values agree (DiagnoseOptions.Consistent). Each
// case's angelic values are found for that case alone (or by a joint
// formula that does not know a fix is one program), so two executions of
// a statement that read the same values may be given different effects,
// each making its own case pass (`return Up_Separation + MINSEP` given
// 742 in one case and 741 in another for the same Up_Separation), or
// effects a case did not need that break a passing case. The diagnosis
// is one fix only if some values agree and keep the passing cases
// passing. In the joint search, the constraints that the executions'
// effects are equal join the check of the set (agreement); then, and for
// the cases checked apart (singles), a table of values is chosen group
// by group (the executions of a line with the same inputs) and every
// failing case is run under it (unifyGroups), as unifyConstant does for
// a constant.

// entryGroup holds the executions of one line, in the replays of
// members, that read the same inputs; conflict is true when their
// effects differ (buildFix).
type entryGroup struct {
	line, key string
	entries   []fixEntry
	conflict  bool
}

// defaultEntry is the entry of g a table holds unless one is chosen: its
// first changed one, else its first.
func (g *entryGroup) defaultEntry() fixEntry {
	for _, en := range g.entries {
		if en.changed {
			return en
		}
	}
	return g.entries[0]
}

// changedGroups returns the groups with an execution whose effects the
// diagnosis changed.
func changedGroups(gs []*entryGroup) []*entryGroup {
	var out []*entryGroup
	for _, g := range gs {
		if slices.ContainsFunc(g.entries, func(en fixEntry) bool { return en.changed }) {
			out = append(out, g)
		}
	}
	return out
}

// maxAgreeRounds bounds the rounds in which Diagnose asks a set for
// values that make its conflicting executions agree: each round replays
// the cases, and may show other conflicts.
const maxAgreeRounds = 4

// agreement returns the constraints that the executions of g have the
// same effects as its first, in the formulas of their members, for the
// executions whose members are active and whose formulas model them.
func agreement(members []*member, g *entryGroup) []*maxsat.Term {
	first := g.entries[0]
	a := members[first.member]
	if !a.active || a.cf.Enc == nil {
		return nil
	}
	var out []*maxsat.Term
	for _, en := range g.entries[1:] {
		b := members[en.member]
		if en.effects == first.effects || !b.active || b.cf.Enc == nil {
			continue
		}
		ka, kb := first.keys, en.keys
		if len(ka) != len(kb) {
			continue // other effects: no pairing
		}
		var eqs []*maxsat.Term
		for i := range ka {
			if ka[i].Static != kb[i].Static {
				eqs = nil
				break
			}
			ta, tb := a.cf.Enc.Term(ka[i]), b.cf.Enc.Term(kb[i])
			if ta == nil || tb == nil {
				continue
			}
			if eq := maxsat.Eq(ta, tb); eq.Err() == nil {
				eqs = append(eqs, eq)
			}
		}
		if len(eqs) > 0 {
			out = append(out, maxsat.And(eqs...))
		}
	}
	return out
}

// maxBisect bounds the steps of one group's bisection.
const maxBisect = 40

// unifyGroups chooses, for each group of todo (executions of one line
// with the same inputs, whose effects conflict or broke a case), the
// values all its executions get, and returns the failing cases' new
// replays under the table so made, by index; nil when some group has no
// values under which its cases pass. The table (see checkFix) holds, for
// every group of all, its chosen entry, else its default one, and each
// case runs under it (runUnder): the values follow the executions with
// those inputs wherever the changed course takes them. A group's
// candidates are its failing runs' own values (the diagnosis may have
// changed executions it did not need to), then the values its executions
// got (picks, in ascending order of value, or descending); the first
// under which the group's cases pass is kept, and an integer is then
// moved as far toward the last value that failed as the cases allow, by
// bisection: a bound the cases compare with works for all at its
// strictest, and there it is likeliest to keep the passing cases passing.
func (d *diagnoser) unifyGroups(ctx context.Context, members []*member, reps []*replay, todo, all []*entryGroup, also []extraInput, ascending bool, st *localize.Stats) (map[int]*replay, error) {
	tab := fixTable{}
	lines := map[string]bool{}
	for _, g := range all {
		if tab[g.line] == nil {
			tab[g.line] = map[string]fixEntry{}
		}
		tab[g.line][g.key] = g.defaultEntry()
		lines[g.line] = true
	}
	cases := make([]*passCase, len(members))
	for i, m := range members {
		cases[i] = m.asCase()
	}
	// under runs the cases idx under tab, and reports whether all pass;
	// keep: their runs and hooks are returned (else released).
	type result struct {
		vs    []*search.Verdict
		hooks []*trace.Hooks
	}
	under := func(idx []int, keep bool) (bool, result, error) {
		r := result{vs: make([]*search.Verdict, len(idx)), hooks: make([]*trace.Hooks, len(idx))}
		runs := make([]int, len(idx))
		errs := make([]error, len(idx))
		d.each(len(idx), func(j int) {
			r.vs[j], r.hooks[j], runs[j], errs[j] = runUnder(ctx, cases[idx[j]], tab, reading{lines: lines, also: also})
		})
		ok := true
		for j := range idx {
			st.Runs += runs[j]
			if errs[j] != nil {
				releaseVerdicts(r.vs)
				return false, result{}, errs[j]
			}
			ok = ok && r.vs[j] != nil && r.vs[j].Passed
		}
		if !ok || !keep {
			releaseVerdicts(r.vs)
			return ok, result{}, nil
		}
		return true, r, nil
	}
	casesOf := func(g *entryGroup) []int {
		var idx []int
		for _, en := range g.entries {
			if !slices.Contains(idx, en.member) && !members[en.member].passing {
				idx = append(idx, en.member)
			}
		}
		slices.Sort(idx)
		return idx
	}
	// The failing runs' own values first, group by group, twice: a
	// group's change may be needed only while another's stands.
	done := map[*entryGroup]bool{}
	for range 2 {
		for _, g := range todo {
			rv, ok := reverted(g)
			if done[g] || !ok {
				continue
			}
			old := tab[g.line][g.key]
			tab[g.line][g.key] = fixEntry{effects: "(reverted)", values: rv}
			ok, _, err := under(casesOf(g), false)
			if err != nil {
				return nil, err
			}
			if ok {
				done[g] = true
			} else {
				tab[g.line][g.key] = old
			}
		}
	}
	for _, g := range todo {
		if done[g] {
			continue
		}
		idx := casesOf(g)
		var lo trace.Value // a value that failed, toward which a pick moves
		hasLo := false
		if rv, ok := reverted(g); ok {
			lo, hasLo = lastValue(fixEntry{values: rv})
		}
		found := false
		for _, chosen := range picks(g.entries, ascending) {
			chosen.effects = "(chosen)" // every execution with the inputs gets the values
			tab[g.line][g.key] = chosen
			ok, _, err := under(idx, false)
			if err != nil {
				return nil, err
			}
			v, _ := lastValue(chosen)
			if !ok {
				lo, hasLo = v, true
				continue
			}
			found = true
			s, isVal := lastStatic(chosen)
			if !isVal || !hasLo || !beyond(lo, v, ascending) {
				break
			}
			l, h := lo.Int(), v.Int()
			for step := 0; (h-l > 1 || l-h > 1) && step < maxBisect; step++ {
				mid := l + (h-l)/2
				try := chosen
				try.values = maps.Clone(chosen.values)
				try.values[s] = trace.Int(mid)
				tab[g.line][g.key] = try
				ok, _, err := under(idx, false)
				if err != nil {
					return nil, err
				}
				if ok {
					h, chosen = mid, try
				} else {
					l = mid
				}
			}
			tab[g.line][g.key] = chosen
			break
		}
		if !found {
			return nil, nil
		}
	}
	// Every failing case under the whole table (the passing cases,
	// those that joined the formula too, are checkFix's).
	var idx []int
	for i, m := range members {
		if !m.passing {
			idx = append(idx, i)
		}
	}
	ok, r, err := under(idx, true)
	if err != nil || !ok {
		return nil, err
	}
	out := map[int]*replay{}
	for j, i := range idx {
		out[i] = reps[i].rehooked(d.prog, r.hooks[j], r.vs[j], members[i].cf.First.Res.Trace)
	}
	return out, nil
}

// releaseVerdicts releases the runs of vs.
func releaseVerdicts(vs []*search.Verdict) {
	for _, v := range vs {
		v.Release()
	}
}

// beyond reports whether lo and v are signed integers and lo lies on the
// side the picks come from (below v when ascending, above when not), so
// that a bisection between them moves v toward lo.
func beyond(lo, v trace.Value, ascending bool) bool {
	if lo.Kind() != trace.KindInt || v.Kind() != trace.KindInt {
		return false
	}
	if ascending {
		return lo.Int() < v.Int()
	}
	return lo.Int() > v.Int()
}

// rehooked returns r made the replay run v with hooks h, whose values
// replace the candidate's; orig is the case's failing run. r is
// unchanged.
func (r *replay) rehooked(prog *trace.Program, h *trace.Hooks, v *search.Verdict, orig *trace.Trace) *replay {
	value := func(k trace.InstanceKey) (trace.Value, bool) {
		if b, ok := h.Branches[k]; ok {
			return trace.Bool(b), true
		}
		w, ok := h.Values[k]
		return w, ok
	}
	if r.out != nil {
		// A replay reused from an earlier check (no trace kept): its
		// values change by line and occurrence.
		c := *r.out
		c.Angelic = slices.Clone(c.Angelic)
		for k := range keysOf(h) {
			w, _ := value(k)
			si, ok := prog.StaticInfo(k.Static)
			if !ok {
				continue
			}
			for j, a := range c.Angelic {
				if a.Line == si.Position.Line && a.Occurrence == int(k.Occ) {
					c.Angelic[j].Value = w.String()
				}
			}
		}
		v.Release() // checkFix runs it again
		return &replay{out: &c, outHooks: h}
	}
	// The angelic values are the hooks' now, at the instances of the
	// run (in its order) whose instructions the candidate changed.
	c := *r.cand
	c.Hooks = h
	c.Inner = nil
	tmpl := map[trace.StaticID]encode.Angelic{}
	for _, a := range r.cand.Angelic {
		if _, ok := tmpl[a.Key.Static]; !ok {
			tmpl[a.Key.Static] = a
		}
	}
	origOf := map[trace.InstanceKey]trace.Value{}
	if orig != nil {
		for e := range trace.EventID(orig.Len()) {
			if k := orig.Key(e); tmpl[k.Static].Statement != "" {
				origOf[k] = orig.Value(e)
			}
		}
	}
	c.Angelic = nil
	t := v.Res.Trace
	seen := map[trace.InstanceKey]bool{}
	for e := range trace.EventID(t.Len()) {
		k := t.Key(e)
		w, ok := value(k)
		a, known := tmpl[k.Static]
		if !ok || !known || seen[k] {
			continue
		}
		seen[k] = true
		a.Key, a.Value = k, w
		if o, ok := origOf[k]; ok {
			a.Orig = o
		}
		c.Angelic = append(c.Angelic, a)
	}
	return &replay{cand: &c, v: v}
}

// keysOf iterates over the instances h substitutes.
func keysOf(h *trace.Hooks) func(func(trace.InstanceKey) bool) {
	return func(yield func(trace.InstanceKey) bool) {
		for k := range h.Branches {
			if !yield(k) {
				return
			}
		}
		for k := range h.Values {
			if !yield(k) {
				return
			}
		}
	}
}

// isBranch reports whether static instruction s is a branch (an If).
func (d *diagnoser) isBranch(s trace.StaticID) bool {
	si, ok := d.prog.StaticInfo(s)
	if !ok {
		return false
	}
	_, isIf := si.Instr.(*ssa.If)
	return isIf
}

// maxPicks bounds the values unifyConflicts tries for a group.
const maxPicks = 6

// picks returns the entries whose values unifyConflicts tries for a
// group, at most maxPicks with distinct effects: by the value of their
// last substituted instruction (the one nearest their effects), in
// ascending or descending order, then those of other kinds by how many
// entries share their effects.
func picks(es []fixEntry, ascending bool) []fixEntry {
	count := map[string]int{}
	var nums, others []fixEntry
	for _, en := range es {
		if count[en.effects]++; count[en.effects] > 1 {
			continue
		}
		if v, ok := lastValue(en); ok && numeric(v) {
			nums = append(nums, en)
		} else {
			others = append(others, en)
		}
	}
	slices.SortStableFunc(nums, func(a, b fixEntry) int {
		va, _ := lastValue(a)
		vb, _ := lastValue(b)
		c := 0
		switch {
		case va.Kind() != vb.Kind():
		case less(va, vb):
			c = -1
		case less(vb, va):
			c = 1
		}
		if !ascending {
			c = -c
		}
		return c
	})
	slices.SortStableFunc(others, func(a, b fixEntry) int { return count[b.effects] - count[a.effects] })
	out := append(nums, others...)
	return out[:min(len(out), maxPicks)]
}

// lastStatic is the last instruction an entry substitutes (the one
// nearest its effects), if any.
func lastStatic(en fixEntry) (trace.StaticID, bool) {
	if len(en.values) == 0 {
		return 0, false
	}
	return slices.Max(slices.Collect(maps.Keys(en.values))), true
}

// lastValue is the value of an entry's last substituted instruction.
func lastValue(en fixEntry) (trace.Value, bool) {
	s, ok := lastStatic(en)
	if !ok {
		return trace.Value{}, false
	}
	return en.values[s], true
}

// numeric reports whether v's kind orders (less).
func numeric(v trace.Value) bool {
	switch v.Kind() {
	case trace.KindInt, trace.KindUint, trace.KindFloat:
		return true
	}
	return false
}

// fixAgreeing is checkFix, then, when the replays conflict (executions
// with the same inputs and other effects) or their table fails a case,
// unifyThenCheck.
func (d *diagnoser) fixAgreeing(ctx context.Context, members []*member, reps []*replay, also []extraInput, st *localize.Stats) (fixVerdict, error) {
	fv, err := d.checkFix(ctx, members, reps, also, st)
	if err != nil || len(fv.groups) == 0 {
		return fv, err
	}
	return d.unifyThenCheck(ctx, members, reps, fv, st)
}

// unifyThenCheck goes on from fv, a verdict with groups to unify
// (conflicts, or the executions a table that fails a case changed): it
// unifies them and checks the fix again, while groups remain, up to
// maxAgreeRounds times. Values are tried in ascending order, then, when
// the fix so made breaks a passing case or conflicts, in descending
// order. The verdict's unified is true when reps changed.
func (d *diagnoser) unifyThenCheck(ctx context.Context, members []*member, reps []*replay, fv fixVerdict, st *localize.Stats) (fixVerdict, error) {
	unified := false
	for round := 0; len(fv.groups) > 0 && round < maxAgreeRounds; round++ {
		var got map[int]*replay
		var next fixVerdict
		for _, asc := range []bool{true, false} {
			nr, err := d.unifyGroups(ctx, members, reps, fv.groups, fv.all, fv.also, asc, st)
			if err != nil {
				next.run.Release()
				releaseReplays(got)
				return fixVerdict{}, err
			}
			if nr == nil {
				continue
			}
			trial := slices.Clone(reps)
			for i, r := range nr {
				trial[i] = r
			}
			v, err := d.checkFix(ctx, members, trial, fv.also, st)
			if err != nil {
				releaseReplays(nr)
				next.run.Release()
				releaseReplays(got)
				return fixVerdict{}, err
			}
			if got == nil || v.why == "" {
				next.run.Release()
				releaseReplays(got)
				got, next = nr, v
			} else {
				v.run.Release()
				releaseReplays(nr)
			}
			if v.why == "" {
				break
			}
		}
		if got == nil {
			fv.why += "; no one of the values chosen explains every case"
			break
		}
		for i, r := range got {
			reps[i].release()
			*reps[i] = *r
		}
		unified = true
		fv.run.Release()
		same := next.why == fv.why
		fv = next
		if same {
			break // no progress: the same case fails for the same reason
		}
	}
	fv.unified = unified
	return fv, nil
}

// releaseReplays releases the runs of rs.
func releaseReplays(rs map[int]*replay) {
	for _, r := range rs {
		r.release()
	}
}

// reverted returns the values that give every execution of g what it did
// in its case's failing run, when g has a changed execution and every
// changed one has those values.
func reverted(g *entryGroup) (map[trace.StaticID]trace.Value, bool) {
	var out map[trace.StaticID]trace.Value
	for _, en := range g.entries {
		if !en.changed {
			continue
		}
		if len(en.orig) == 0 || len(en.orig) != len(en.values) {
			return nil, false
		}
		if out == nil {
			out = en.orig
		} else if !maps.EqualFunc(out, en.orig, func(a, b trace.Value) bool { return a.String() == b.String() }) {
			return nil, false
		}
	}
	return out, out != nil
}
