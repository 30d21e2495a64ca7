package diagnose

import (
	"context"
	"fmt"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/faultloc/faultloc/localize"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// A diagnosis read as one fix (DiagnoseOptions.Consistent): what its
// statements do, case by case, is a function of what they read. One
// execution of a statement (its line's instructions in one frame, one
// iteration) reads values from outside it (operands computed on other
// lines, the values it loads, the results its calls return) and has
// effects (the values it stores or returns, the block its branch leaves
// to); two executions that read the same values must have the same
// effects, in one case or in two, since a fix is one program. The table
// of those effects, with the angelic values that produced them, is then
// applied to every passing case (an execution whose inputs are in the
// table and whose effects differ gets the table's values), which must
// still pass. A diagnosis whose replays pass one by one but whose effects
// are no function, or whose function breaks a passing case, is not
// verified.
//
// Inputs are compared by their printed values (keyOf): a reference (a
// pointer, a map, a channel, a function) by whether it is nil, since
// what a statement reads through it is in its loads and its calls'
// results. A diagnosis that changes an execution whose inputs have no
// key (an interface holding a value of a type the program does not
// know, a long slice) is undecided, not one fix: its table could neither
// be read as a function nor applied to the passing cases. A statement's
// own constants are not inputs:
// `x = 600` reads nothing, so every execution of it, in every case, must
// store the same value (encode.Options.Shared gives them one term).

// lineName names a line as the one-fix check keys executions, tables
// and the lines a case executes: "file:line".
func lineName(file string, line int) string {
	return file + ":" + strconv.Itoa(line)
}

// execution is one execution of a statement: its line's events in one
// frame with one occurrence.
type execution struct {
	line   string // lineName
	events []trace.EventID
	in     map[trace.EventID]bool // events as a set, made by set
}

// set returns x's events as a set.
func (x *execution) set() map[trace.EventID]bool {
	if x.in == nil {
		x.in = make(map[trace.EventID]bool, len(x.events))
		for _, e := range x.events {
			x.in[e] = true
		}
	}
	return x.in
}

// executions returns the executions in t of the given lines, in order.
func executions(poll *search.Poll, t *trace.Trace, lines map[string]bool) []*execution {
	type key struct {
		frame trace.EventID
		line  string
		occ   int
	}
	byKey := map[key]*execution{}
	var out []*execution
	// The line of each static instruction, "" when it is not one of
	// lines: a trace may hold millions of events, and a position is
	// dear to compute.
	lineOf := map[trace.StaticID]string{}
	for e := range trace.EventID(t.Len()) {
		if poll.Stopped() {
			return out
		}
		s := t.Static(e)
		line, ok := lineOf[s]
		if !ok {
			if in := t.Instr(e); in != nil && !deferStack(in) { // not a parameter, nor the frame's defer stack
				p := t.Pos(e)
				if l := lineName(p.Filename, p.Line); lines[l] {
					line = l
				}
			}
			lineOf[s] = line
		}
		if line == "" {
			continue
		}
		k := key{t.CallOf(e), line, t.Occurrence(e)}
		x := byKey[k]
		if x == nil {
			x = &execution{line: line}
			byKey[k] = x
			out = append(out, x)
		}
		x.events = append(x.events, e)
	}
	return out
}

// deferStack reports whether in is the bookkeeping of a frame's defer
// stack: ssa:deferstack() or the store of its result.
func deferStack(in ssa.Instruction) bool {
	if st, ok := in.(*ssa.Store); ok {
		if c, ok := st.Val.(*ssa.Call); ok {
			in = c
		}
	}
	c, ok := in.(*ssa.Call)
	if !ok {
		return false
	}
	b, ok := c.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "ssa:deferstack"
}

// inputs returns the key of the values x reads from outside itself, or
// false when one of them has no key (keyOf). The variables its line mentions (package variables and
// locals) are among them whether x loaded them or not, with the value
// they hold when x starts: a fix may read what a short circuit skipped.
// So are the inputs also of a wider reading (widerFix).
func (x *execution) inputs(t *trace.Trace, fset *token.FileSet, also []extraInput) (inputs, bool) {
	in := x.set()
	vals := map[string]string{}
	add := func(src string, v trace.Value) bool {
		k, ok := keyOf(v, 0)
		if !ok {
			return false
		}
		if _, ok := vals[src]; !ok {
			vals[src] = k
		}
		return true
	}
	loaded := map[ssa.Value]bool{}
	var deps []trace.EventID
	for _, e := range x.events {
		switch instr := t.Instr(e).(type) {
		case *ssa.UnOp:
			if instr.Op == token.MUL { // a load: what it reads, unless x wrote it
				deps = t.Deps(e, deps[:0])
				if slices.ContainsFunc(deps, func(d trace.EventID) bool { return in[d] }) {
					continue
				}
				loaded[instr.X] = true
				if !add(varKey(t, e, instr.X), t.Value(e)) {
					return nil, false
				}
				continue
			}
		case *ssa.Call:
			// What the callee returned (the call's own value may be an
			// angelic one).
			v := t.Value(e)
			if _, ret, ok := t.Callee(e); ok && ret != trace.NoEvent {
				v = t.Value(ret)
			}
			if !add("call "+strconv.Itoa(int(t.Static(e))), v) {
				return nil, false
			}
			continue
		}
		deps = t.Deps(e, deps[:0])
		for _, d := range deps {
			if in[d] {
				continue
			}
			if _, ok := t.Instr(d).(*ssa.Alloc); ok {
				continue // a local variable's address: where, not what
			}
			if !add("dep "+strconv.Itoa(int(t.Static(d))), t.Value(d)) {
				return nil, false
			}
		}
	}
	// The variables the line mentions that x did not load.
	first := x.events[0]
	fn, pos := t.Func(first), t.Pos(first)
	if fn != nil {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ld, ok := instr.(*ssa.UnOp)
				if !ok || ld.Op != token.MUL || loaded[ld.X] || fset.Position(ld.Pos()).Line != pos.Line {
					continue
				}
				switch ld.X.(type) {
				case *ssa.Global, *ssa.Alloc:
				default:
					continue
				}
				v, ok := lastStore(t, first, ld.X)
				if !ok || !add(varKey(t, first, ld.X), v) {
					return nil, false
				}
				loaded[ld.X] = true
			}
		}
	}
	// The inputs of a wider reading (see widerFix), as the line's.
	for _, xi := range also {
		if xi.g != nil && loaded[xi.g] {
			continue
		}
		if v, ok := xi.value(t, first); ok && !add(xi.source(t, first), v) {
			return nil, false
		}
	}
	return vals, true
}

// inputs are what an execution reads, by source (a variable, a call,
// another line's instruction), as printed.
type inputs map[string]string

// key is the table's key of in.
func (in inputs) key() string {
	var sb strings.Builder
	for _, k := range slices.Sorted(maps.Keys(in)) {
		sb.WriteString(k)
		sb.WriteByte('=')
		sb.WriteString(in[k])
		sb.WriteByte(0)
	}
	return sb.String()
}

// agrees reports whether in and o have the same value for every source
// both read.
func (in inputs) agrees(o inputs) bool {
	for k, v := range in {
		if w, ok := o[k]; ok && w != v {
			return false
		}
	}
	return true
}

// id names x across runs of one case: its frame's path, line and
// occurrence.
func (x *execution) id(t *trace.Trace) string {
	e := x.events[0]
	return strconv.FormatUint(t.Key(e).Path, 16) + "|" + x.line + "|" + strconv.Itoa(t.Occurrence(e))
}

// varKey names the variable (or the load) a load at event e reads
// through addr.
func varKey(t *trace.Trace, e trace.EventID, addr ssa.Value) string {
	switch addr.(type) {
	case *ssa.Global, *ssa.Alloc:
		return "var " + addr.String() + "@" + strconv.Itoa(int(addr.Pos()))
	}
	return "load " + strconv.Itoa(int(t.Static(e)))
}

// maxStoreScan bounds how far back lastStore looks.
const maxStoreScan = 1 << 16

// lastStore returns the value the last store to variable addr (a package
// variable, or a local of before's frame) wrote before event before.
func lastStore(t *trace.Trace, before trace.EventID, addr ssa.Value) (trace.Value, bool) {
	_, local := addr.(*ssa.Alloc)
	frame := t.CallOf(before)
	for e := before - 1; e >= 0 && before-e <= maxStoreScan; e-- {
		st, ok := t.Instr(e).(*ssa.Store)
		if !ok || st.Addr != addr || (local && t.CallOf(e) != frame) {
			continue
		}
		return t.Value(e), true
	}
	return trace.Value{}, false
}

// effects returns what x does: the values it stores or returns, and the
// block its last branch leaves to.
func (x *execution) effects(t *trace.Trace) string {
	var sb strings.Builder
	for _, e := range x.effectEvents(t) {
		if in, ok := t.Instr(e).(*ssa.If); ok {
			succ := in.Block().Succs[1]
			if t.Value(e).Bool() {
				succ = in.Block().Succs[0]
			}
			fmt.Fprintf(&sb, "->%d", succ.Index)
			continue
		}
		sb.WriteString(t.Value(e).String())
		sb.WriteByte(';')
	}
	return sb.String()
}

// effectEvents returns the events of x that effects prints: its stores,
// map updates and returns, and its last event when it is a branch.
func (x *execution) effectEvents(t *trace.Trace) []trace.EventID {
	// A store that x itself loads back (a result spilled and reloaded)
	// is a step of x, not an effect.
	in := x.set()
	consumed := map[trace.EventID]bool{}
	var deps []trace.EventID
	for _, e := range x.events {
		if ld, ok := t.Instr(e).(*ssa.UnOp); ok && ld.Op == token.MUL {
			deps = t.Deps(e, deps[:0])
			for _, d := range deps {
				if in[d] {
					consumed[d] = true
				}
			}
		}
	}
	var out []trace.EventID
	for i, e := range x.events {
		if consumed[e] {
			continue
		}
		switch t.Instr(e).(type) {
		case *ssa.Store, *ssa.MapUpdate, *ssa.Return:
			out = append(out, e)
		case *ssa.If:
			if i == len(x.events)-1 {
				out = append(out, e)
			}
		}
	}
	return out
}

// keyOf returns v as an input of an execution, and false when no key
// tells it apart from the values it should not be confused with: a basic
// value as printed; an aggregate element by element (64 elements and
// four levels at most); a reference (a pointer, a map, a channel, a
// function) by whether it is nil alone, since what a statement reads
// through it is in its own loads and its calls' results, which are
// inputs of their own, while its address differs from run to run; a
// non-nil interface by its dynamic type and value.
func keyOf(v trace.Value, depth int) (string, bool) {
	switch v.Kind() {
	case trace.KindBool, trace.KindInt, trace.KindUint, trace.KindFloat, trace.KindComplex, trace.KindString:
		return v.String(), true
	case trace.KindStruct, trace.KindArray, trace.KindSlice, trace.KindTuple:
		if v.Kind() == trace.KindSlice && v.IsNil() {
			return "nil", true
		}
		if depth > 4 || v.Len() > 64 {
			return "", false
		}
		var sb strings.Builder
		sb.WriteByte('{')
		for i := range v.Len() {
			k, ok := keyOf(v.Index(i), depth+1)
			if !ok {
				return "", false
			}
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(k)
		}
		sb.WriteByte('}')
		return sb.String(), true
	case trace.KindPointer, trace.KindMap, trace.KindChan, trace.KindFunc:
		if v.IsNil() {
			return "nil", true
		}
		return "non-nil", true
	case trace.KindInterface:
		if v.IsNil() {
			return "nil", true
		}
		t := v.DynamicType()
		if t == nil || depth > 4 {
			return "", false
		}
		k, ok := keyOf(v.Elem(), depth+1)
		return t.String() + "(" + k + ")", ok
	}
	return "", false
}

// fixEntry is what a diagnosis makes of one statement for one key of
// inputs: the effects, the angelic values (by instruction) that gave
// them, and the member whose replay did.
type fixEntry struct {
	effects string
	values  map[trace.StaticID]trace.Value
	member  int
	// changed: the execution did something else in the case's failing
	// run.
	changed bool
	// keys are the instances of its effects (effectEvents) in the
	// member's replay, all those of its events.
	keys, all []trace.InstanceKey
	// orig are the values, in the case's failing run, of the
	// instructions values substitutes.
	orig map[trace.StaticID]trace.Value
}

// fixTable holds a diagnosis' entries by line and key of inputs.
type fixTable map[string]map[string]fixEntry

// reading says how a table reads executions: those of its lines, keyed
// by their inputs, which include the inputs also (a wider reading,
// widerFix; none in the narrow one).
type reading struct {
	lines map[string]bool
	also  []extraInput
}

// fixRun is a member's replay that passed: its trace and the hooks it
// ran with.
type fixRun struct {
	t     *trace.Trace
	hooks *trace.Hooks
	// orig is the case's failing run, whose executions tell what the
	// replay's read before the diagnosis changed their course (the
	// calls a forced branch skipped).
	orig *trace.Trace
}

// hookedLines returns the lines of r's hooked instances.
func hookedLines(r fixRun, lines map[string]bool) {
	for e := range trace.EventID(r.t.Len()) {
		k := r.t.Key(e)
		_, b := r.hooks.Branches[k]
		_, v := r.hooks.Values[k]
		if b || v {
			p := r.t.Pos(e)
			lines[lineName(p.Filename, p.Line)] = true
		}
	}
}

// buildFix reads the members' replays as one table, and returns every
// execution read, grouped by line and inputs (entryGroup). On conflicts
// (two executions with the same inputs and different effects) it marks
// their groups and returns a description of the first, and no table.
//
// Where a case's replay changed what one execution does and left another
// with the same inputs as it was (a statement run twice, the model
// changing one run alone), the change is taken for both: resolved then
// reports that the members' replays no longer show what the table does,
// and the caller replays them under it.
func buildFix(poll *search.Poll, fset *token.FileSet, members []*member, runs []fixRun, also []extraInput) (tab fixTable, rd reading, groups []*entryGroup, why string, resolved bool) {
	byKey := map[string]*entryGroup{}
	lines := map[string]bool{}
	undecided := "" // the line of a changed execution whose inputs have no key
	for _, r := range runs {
		if r.t != nil && r.hooks != nil {
			hookedLines(r, lines)
		}
	}
	tab = fixTable{}
	for i, r := range runs {
		if r.t == nil || members[i].passing {
			// A passing case that joined the formula: its values are
			// the solver's choice for it, which the table, applied to
			// it like to every passing case, must agree with.
			continue
		}
		var origIn map[string]inputs
		origEff := map[string]string{}
		origVal := map[string]map[trace.StaticID]trace.Value{}
		if r.orig != nil {
			origIn = map[string]inputs{}
			for _, x := range executions(poll, r.orig, lines) {
				if poll.Stopped() {
					break
				}
				origEff[x.id(r.orig)] = x.effects(r.orig)
				vs := map[trace.StaticID]trace.Value{}
				for _, e := range x.events {
					vs[r.orig.Static(e)] = r.orig.Value(e)
				}
				origVal[x.id(r.orig)] = vs
				if in, ok := x.inputs(r.orig, fset, also); ok {
					origIn[x.id(r.orig)] = in
				}
			}
		}
		for _, x := range executions(poll, r.t, lines) {
			if poll.Stopped() {
				break
			}
			in, ok := x.inputs(r.t, fset, also)
			if !ok {
				if o, known := origEff[x.id(r.t)]; (!known || o != x.effects(r.t)) && undecided == "" {
					undecided = x.line
				}
				continue
			}
			if o, ok := origIn[x.id(r.t)]; ok && in.agrees(o) {
				// The same state as in the failing run: what that run's
				// execution read counts, including what the replay's
				// course skipped.
				for k, v := range o {
					in[k] = v
				}
			}
			key := in.key()
			en := fixEntry{effects: x.effects(r.t), values: map[trace.StaticID]trace.Value{}, member: i}
			for _, e := range x.effectEvents(r.t) {
				en.keys = append(en.keys, r.t.Key(e))
			}
			for _, e := range x.events {
				en.all = append(en.all, r.t.Key(e))
			}
			if o, ok := origEff[x.id(r.t)]; ok {
				en.changed = o != en.effects
			}
			if r.hooks != nil {
				for _, e := range x.events {
					k := r.t.Key(e)
					if b, ok := r.hooks.Branches[k]; ok {
						en.values[k.Static] = trace.Bool(b)
					} else if v, ok := r.hooks.Values[k]; ok {
						en.values[k.Static] = v
					}
				}
			}
			if ov := origVal[x.id(r.t)]; ov != nil {
				en.orig = map[trace.StaticID]trace.Value{}
				for s := range en.values {
					if v, ok := ov[s]; ok {
						en.orig[s] = v
					}
				}
			}
			gk := x.line + "\x00" + key
			g := byKey[gk]
			if g == nil {
				g = &entryGroup{line: x.line, key: key}
				byKey[gk] = g
				groups = append(groups, g)
			}
			g.entries = append(g.entries, en)
			m := tab[x.line]
			if m == nil {
				m = map[string]fixEntry{}
				tab[x.line] = m
			}
			old, ok := m[key]
			if !ok {
				m[key] = en
				continue
			}
			if old.effects != en.effects && old.changed != en.changed {
				if en.changed {
					m[key] = en
				}
				resolved = true
				continue
			}
			if old.effects != en.effects {
				if why == "" {
					where := "in " + members[i].name
					if old.member != i {
						where = "in " + members[old.member].name + " and " + members[i].name
					}
					why = fmt.Sprintf("line %s does %q and %q for the same inputs %s",
						filepath.Base(x.line), old.effects, en.effects, where)
				}
				g.conflict = true
			}
		}
	}
	if why == "" && undecided != "" {
		// The change cannot be read as a function of what it reads,
		// nor applied to the passing cases: no evidence either way.
		why = fmt.Sprintf("undecided: line %s reads a value that no key identifies (an interface of a type the program does not know, a long slice)", filepath.Base(undecided))
	}
	if why != "" {
		return nil, reading{}, groups, why, false
	}
	return tab, reading{lines: lines, also: also}, groups, "", resolved
}

// fixHooks returns the hooks that apply tab to the run t, and whether
// there are any: the table's values for every execution whose inputs it
// holds and whose effects differ from the table's.
func fixHooks(poll *search.Poll, fset *token.FileSet, t *trace.Trace, tab fixTable, rd reading) (*trace.Hooks, bool) {
	h := &trace.Hooks{Values: map[trace.InstanceKey]trace.Value{}, Branches: map[trace.InstanceKey]bool{}}
	any := false
	for _, x := range executions(poll, t, rd.lines) {
		if poll.Stopped() {
			break
		}
		in, ok := x.inputs(t, fset, rd.also)
		if !ok {
			continue
		}
		en, ok := tab[x.line][in.key()]
		if !ok || en.effects == x.effects(t) {
			continue
		}
		for _, e := range x.events {
			v, ok := en.values[t.Static(e)]
			if !ok {
				continue
			}
			any = true
			if _, isIf := t.Instr(e).(*ssa.If); isIf {
				h.Branches[t.Key(e)] = v.Bool()
			} else {
				h.Values[t.Key(e)] = v
			}
		}
	}
	return h, any
}

// sameHooks reports whether a and b substitute the same values.
func sameHooks(a, b *trace.Hooks) bool {
	if len(a.Values) != len(b.Values) || len(a.Branches) != len(b.Branches) {
		return false
	}
	for k, v := range a.Branches {
		if w, ok := b.Branches[k]; !ok || w != v {
			return false
		}
	}
	for k, v := range a.Values {
		if w, ok := b.Values[k]; !ok || w.String() != v.String() {
			return false
		}
	}
	return true
}

// fixVerdict is checkFix's answer.
type fixVerdict struct {
	// why is "" when the replays are one fix, else why not.
	why string
	// join lists the inactive members in a conflict, which must join
	// the search (whose formula then gives their shared constants one
	// value) before the diagnosis can be judged.
	join []*member
	// agree holds, for conflicts between active members, the
	// constraints that their executions have the same effects: the
	// search looks for values of the set that satisfy them.
	agree []*maxsat.Term
	// groups are the executions to unify (unifyGroups): those with the
	// same inputs and other effects, or, when the table broke a case,
	// those whose effects the diagnosis changed.
	groups []*entryGroup
	// all are every group of executions buildFix read (the table).
	all []*entryGroup
	// unified: the replays were changed to make conflicts agree
	// (unifyThenCheck).
	unified bool
	// also are the inputs of a wider reading (widerFix).
	also []extraInput
	// challenged counts the passing cases the fix changed and kept
	// passing.
	challenged int
	// broke is the first passing case the fix fails, and run that run
	// (released by the caller).
	broke *passCase
	run   *search.Verdict
}

// checkFix decides whether the replays of a diagnosis, each of which
// passed, are one fix (see above), whose statements also read the
// inputs also (a wider reading).
func (d *diagnoser) checkFix(ctx context.Context, members []*member, reps []*replay, also []extraInput, st *localize.Stats) (fixVerdict, error) {
	runs := make([]fixRun, len(members))
	var rerun []*search.Verdict
	defer func() {
		for _, v := range rerun {
			v.Release()
		}
	}()
	for i, m := range members {
		r := reps[i]
		switch {
		case r.out != nil:
			// Explained earlier without a trace kept: run it again.
			ro := m.cf.Opts.Run
			ro.Hooks = r.outHooks
			v, err := m.cf.Sub.Run(ctx, &ro)
			st.Runs++
			if err != nil {
				return fixVerdict{}, err
			}
			rerun = append(rerun, v)
			runs[i] = fixRun{t: v.Res.Trace, hooks: r.outHooks, orig: m.cf.First.Res.Trace}
		case r.v != nil:
			runs[i] = fixRun{t: r.v.Res.Trace, hooks: r.cand.Hooks, orig: m.cf.First.Res.Trace}
		}
	}
	tab, rd, groups, why, resolved := buildFix(search.NewPoll(ctx), d.prog.Fset, members, runs, also)
	if err := ctx.Err(); err != nil {
		// The tables are partial: no verdict.
		return fixVerdict{}, err
	}
	if why != "" {
		fv := fixVerdict{why: why, all: groups, also: also}
		for _, g := range groups {
			if !g.conflict {
				continue
			}
			fv.groups = append(fv.groups, g)
			for _, en := range g.entries {
				if i := en.member; !members[i].active && !slices.Contains(fv.join, members[i]) {
					fv.join = append(fv.join, members[i])
				}
			}
			fv.agree = append(fv.agree, agreement(members, g)...)
		}
		return fv, nil
	}
	if resolved {
		// The failing cases under the table itself (a passing member's
		// passing run is in d.passing, checked below).
		var ps []*passCase
		for _, m := range members {
			if !m.passing {
				ps = append(ps, m.asCase())
			}
		}
		i, v, _, err := d.underTable(ctx, ps, tab, rd, st)
		v.Release()
		if err != nil {
			return fixVerdict{}, err
		}
		if i >= 0 {
			return fixVerdict{why: "as one fix it fails " + ps[i].name, groups: changedGroups(groups), all: groups, also: also}, nil
		}
	}
	if len(tab) == 0 || len(d.passing) == 0 {
		return fixVerdict{also: also}, nil
	}
	i, v, challenged, err := d.underTable(ctx, d.passing, tab, rd, st)
	if err != nil || i < 0 {
		return fixVerdict{also: also, challenged: challenged}, err
	}
	p := d.passing[i]
	return fixVerdict{why: "as one fix it fails the passing case " + p.name, broke: p, run: v, groups: changedGroups(groups), all: groups, also: also}, nil
}
