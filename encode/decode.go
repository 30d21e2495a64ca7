package encode

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"math"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// Angelic is the angelic value of one instance of a candidate's statement:
// the value it must produce (or the decision it must take) for the test to
// pass, according to the MCS's model.
type Angelic struct {
	Statement string            // the statement's group
	Pos       token.Position    // the instance's position
	Instr     string            // the SSA instruction
	Expr      string            // the instruction as written: a branch's condition, an assignment's left-hand side, "return"; "" if unknown
	Key       trace.InstanceKey // the instance
	Branch    bool              // a branch: Value is its decision (true: then)
	Value     trace.Value       // the angelic value
	Orig      trace.Value       // the instance's value (a branch: its decision) in the first run encoded that executed it
}

// String formats a as "line: instr = value".
func (a Angelic) String() string {
	if a.Branch {
		return fmt.Sprintf("%d: branch %v", a.Pos.Line, a.Value)
	}
	return fmt.Sprintf("%d: %s := %v", a.Pos.Line, a.Instr, a.Value)
}

// Candidate is an MCS read back as a fix candidate: statements, angelic
// values and the hooks that replay them.
type Candidate struct {
	// Statements are the MCS's statements, in source order.
	Statements []*Statement
	// Angelic are the angelic values of the statements' representative
	// instances (assignments, branches, returns) that the model executes,
	// in execution order of the runs encoded.
	Angelic []Angelic
	// Hooks re-run the test with the statements' executed stores, results
	// and calls substituted by their model values and their branch
	// instances forced.
	Hooks *trace.Hooks
	// Inner, when not nil, is a second way to replay the candidate: from
	// inside its statements. It substitutes the values the statements
	// compute before what they produce (an operand expression such as
	// a - b in return Abs(a - b)) where the model changes them, forces
	// the same branches, and lets the re-run compute the stores, results
	// and calls that follow. A model may fix a statement through such a
	// value with an angelic continuation (past a branch side no run has
	// encoded yet, where everything is free), and then the values it
	// gives the statement's later instances mean nothing: replaying them
	// fails although the inner value, run for real, passes the test or
	// leads the formula to the side it must encode. Nil when the model
	// changes no inner value.
	Inner *Replay
}

// Replay is one way to re-run a candidate: the hooks that substitute its
// values and force its decisions, and those values for reports.
type Replay struct {
	// Angelic are the substituted values and forced decisions, in
	// execution order of the runs encoded.
	Angelic []Angelic
	// Hooks re-run the test with them.
	Hooks *trace.Hooks
}

// Decode reads MCS m back as a candidate.
func (e *Encoder) Decode(m *maxsat.MCS) (*Candidate, error) {
	if m == nil || m.Model == nil {
		return nil, fmt.Errorf("encode: MCS without a model")
	}
	in := map[string]bool{}
	c := &Candidate{Hooks: &trace.Hooks{Values: map[trace.InstanceKey]trace.Value{}, Branches: map[trace.InstanceKey]bool{}}}
	inner := &Replay{Hooks: &trace.Hooks{Values: map[trace.InstanceKey]trace.Value{}, Branches: map[trace.InstanceKey]bool{}}}
	for _, g := range m.Groups {
		in[g] = true
		st := e.stmts[g]
		if st == nil {
			return nil, fmt.Errorf("encode: MCS names unknown statement %q", g)
		}
		c.Statements = append(c.Statements, st)
	}
	slices.SortFunc(c.Statements, func(a, b *Statement) int {
		return cmp.Or(cmp.Compare(a.Pos.Filename, b.Pos.Filename), cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Column, b.Pos.Column))
	})
	exprs := map[ssa.Instruction]string{} // sourceOf reads the file: once per instruction, not per instance
	for _, k := range e.instOrder {
		inst := e.insts[k]
		if !in[inst.stmt] {
			continue
		}
		executed := false
		for _, p := range inst.paths {
			ok, err := m.Model.Bool(p)
			if err != nil {
				return nil, fmt.Errorf("encode: %w", err)
			}
			if ok {
				executed = true
				break
			}
		}
		if !executed {
			continue
		}
		var v trace.Value
		if len(inst.terms) == 1 {
			var err error
			v, err = inst.sort.value(m.Model, inst.terms[0])
			if err != nil {
				return nil, fmt.Errorf("encode: %w", err)
			}
		}
		// Only what a statement produces is replayed: its stores, results
		// and decisions. Substituting the operands it read (a load of an
		// index, say) could make the re-run fail for reasons the formula
		// does not model (an index out of range).
		a := Angelic{Statement: inst.stmt, Pos: inst.pos, Instr: inst.what, Key: k, Branch: inst.branch, Value: v, Orig: inst.orig}
		if st, ok := e.prog.StaticInfo(k.Static); ok {
			expr, ok := exprs[st.Instr]
			if !ok {
				expr = sourceOf(e.prog.Fset, st.Func, st.Instr)
				exprs[st.Instr] = expr
			}
			a.Expr = expr
		}
		switch {
		case inst.branch:
			c.Hooks.Branches[k] = v.Bool()
			inner.Hooks.Branches[k] = v.Bool()
			inner.Angelic = append(inner.Angelic, a)
		case inst.rep:
			c.Hooks.Values[k] = v
		case len(inst.terms) == 1 && v.IsValid() && inst.sort.concrete(inst.orig) != nil && v.String() != inst.orig.String():
			inner.Hooks.Values[k] = v
			inner.Angelic = append(inner.Angelic, a)
		}
		if inst.rep {
			c.Angelic = append(c.Angelic, a)
		}
	}
	c.Angelic = representatives(c.Angelic, e)
	if len(inner.Hooks.Values) > 0 {
		c.Inner = inner
	}
	return c, nil
}

// Forced returns the candidate that replays the statement of group with
// instances of t given the values of forced, as [Force] does, the
// statement being one of the encoder's (GroupOf names it): it is an error
// when an event of forced is not one of its instances. No run need have
// been added: forcing runs the program, not the formula, and a statement
// no run added yet gets a Statement of its own, with no fault predicate
// in the solver (the encoding of a run makes that one).
func (e *Encoder) Forced(group string, t *trace.Trace, forced map[trace.EventID]trace.Value) (*Candidate, error) {
	st := e.stmts[group]
	first := trace.NoEvent
	for ev := range forced {
		if int(ev) >= 0 && int(ev) < t.Len() {
			if e.GroupOf(t, ev) != group {
				if st == nil {
					return nil, fmt.Errorf("encode: Forced: unknown statement %q", group)
				}
				return nil, fmt.Errorf("encode: Forced: event %d (%v) is not an instance of %s", ev, t.Instr(ev), group)
			}
			if first == trace.NoEvent || ev < first {
				first = ev
			}
		}
	}
	if st == nil {
		if first == trace.NoEvent {
			return nil, fmt.Errorf("encode: Forced: unknown statement %q", group)
		}
		// The statement's position is its first instance's, as the
		// encoding of t would make it.
		at := t.StaticInfo(t.Static(first)).Position
		for ev := range first {
			if p := t.StaticInfo(t.Static(ev)).Position; p.Line == at.Line && p.Filename == at.Filename && e.GroupOf(t, ev) == group {
				first = ev
				break
			}
		}
		info := t.StaticInfo(t.Static(first))
		st = &Statement{Group: group, Pos: info.Position, Func: info.Func}
		if e.opts.Granularity == ByExpression {
			st.Expr = exprText(e.prog.Fset, info.Func, info.Pos)
		}
	}
	c, err := Force(t, forced)
	if err != nil {
		return nil, err
	}
	for i := range c.Angelic {
		c.Angelic[i].Statement = group
	}
	c.Statements = []*Statement{st}
	return c, nil
}

// Force returns the candidate that replays run t with the instances of
// forced given its values, a candidate a caller found by running the
// program rather than from a model (predicate switching, value
// replacement). A Bool at a predicate instance (see [Predicate]) forces
// it: an If's decision (true: the then-successor), or the Boolean a
// Return of one result or a Store produces. Any other value replaces the
// number a replaceable instance produces (see [Replaceable]); it must fit
// the instruction (see [Fits]). The events must be of one line, the
// candidate's one statement (its group "file:line"); its angelic values
// are the forced values in execution order. It is an error when forced
// is empty, an event is not in t, is neither a predicate nor
// replaceable, is on another line than the first, or a value does not
// fit.
func Force(t *trace.Trace, forced map[trace.EventID]trace.Value) (*Candidate, error) {
	if len(forced) == 0 {
		return nil, fmt.Errorf("encode: Force: no event to force")
	}
	c := &Candidate{Hooks: &trace.Hooks{Values: map[trace.InstanceKey]trace.Value{}, Branches: map[trace.InstanceKey]bool{}}}
	var st *Statement
	exprs := map[ssa.Instruction]string{} // sourceOf reads the file: once per instruction, not per instance
	for _, ev := range slices.Sorted(maps.Keys(forced)) {
		if int(ev) < 0 || int(ev) >= t.Len() {
			return nil, fmt.Errorf("encode: Force: event %d is not in the run", ev)
		}
		in := t.Instr(ev)
		k, v := t.Key(ev), forced[ev]
		if in == nil || !Predicate(in) && !Replaceable(in) {
			return nil, fmt.Errorf("encode: Force: event %d (%v) is not a predicate or replaceable", ev, in)
		}
		if !Fits(in, v) {
			return nil, fmt.Errorf("encode: Force: value %v does not fit event %d (%v)", v, ev, in)
		}
		si := t.StaticInfo(k.Static)
		p := si.Position
		if st == nil {
			st = &Statement{Group: fmt.Sprintf("%s:%d", p.Filename, p.Line), Pos: p, Func: si.Func}
		} else if p.Filename != st.Pos.Filename || p.Line != st.Pos.Line {
			return nil, fmt.Errorf("encode: Force: event %d (%v) is not on %s", ev, in, st.Group)
		}
		_, branch := in.(*ssa.If)
		if branch {
			c.Hooks.Branches[k] = v.Bool()
		} else {
			c.Hooks.Values[k] = v
		}
		expr, ok := exprs[in]
		if !ok {
			var fset *token.FileSet
			if si.Func != nil && si.Func.Prog != nil {
				fset = si.Func.Prog.Fset
			}
			expr = sourceOf(fset, si.Func, in)
			exprs[in] = expr
		}
		c.Angelic = append(c.Angelic, Angelic{Statement: st.Group, Pos: t.Pos(ev), Instr: in.String(), Expr: expr, Key: k, Branch: branch, Value: v, Orig: t.Value(ev)})
	}
	c.Statements = []*Statement{st}
	return c, nil
}

// Predicate reports whether in decides or produces a Boolean that
// [Encoder.Forced] can force: an If, a Return of one Boolean result, or
// a Store of a Boolean.
func Predicate(in ssa.Instruction) bool {
	switch in := in.(type) {
	case *ssa.If:
		return true
	case *ssa.Return:
		return len(in.Results) == 1 && sortOf(in.Results[0].Type()).isBool
	case *ssa.Store:
		return sortOf(in.Val.Type()).isBool
	}
	return false
}

// Replaceable reports whether [Encoder.Forced] can replace a number (an
// integer or a float) in produces: the one result a Return returns, the
// value a Store writes, or an instruction's value that leaves the
// expression computing it (it is passed, used as an index, a loop's next
// value, used on another line, or one of several results). The values a
// line's replaceable Return or Store takes, and the intermediate values
// of an expression (x+1 in (x+1)*2), are not replaceable: replacing the
// line's result covers them.
func Replaceable(in ssa.Instruction) bool {
	switch in := in.(type) {
	case *ssa.Return:
		return len(in.Results) == 1 && number(in.Results[0].Type())
	case *ssa.Store:
		return number(in.Val.Type())
	}
	v, ok := in.(ssa.Value)
	if !ok || !number(v.Type()) || v.Referrers() == nil || v.Parent() == nil || v.Parent().Prog == nil {
		return false
	}
	fset := v.Parent().Prog.Fset
	line := fset.Position(in.Pos()).Line
	for _, r := range *v.Referrers() {
		sameLine := r.Pos().IsValid() && fset.Position(r.Pos()).Line == line
		switch r.(type) {
		case *ssa.BinOp, *ssa.UnOp, *ssa.Convert, *ssa.ChangeType:
			if sameLine {
				continue // a larger expression of the line
			}
		case *ssa.Return, *ssa.Store:
			// One without a position is the line's own (the store of a
			// result into its slot, the return of a loaded result).
			if (sameLine || !r.Pos().IsValid()) && Replaceable(r) {
				continue // the line's result, replaced instead
			}
		}
		return true
	}
	return false
}

// number reports whether t is an integer or float type.
func number(t types.Type) bool {
	si := sortOf(t)
	return si.ok && !si.isBool && !si.isString
}

// Fits reports whether [Encoder.Forced] can force v at an instance of
// in: a Bool at a predicate (see [Predicate]), a number of the type of
// the value a replaceable instruction (see [Replaceable]) produces, an
// Int or Uint in the range of its integer type or a Float (of float32's
// precision for a float32, NaN and the infinities included).
func Fits(in ssa.Instruction, v trace.Value) bool {
	if Predicate(in) && v.Kind() == trace.KindBool {
		return true
	}
	if !Replaceable(in) {
		return false
	}
	switch in := in.(type) {
	case *ssa.Return:
		return fitsType(in.Results[0].Type(), v)
	case *ssa.Store:
		return fitsType(in.Val.Type(), v)
	}
	return fitsType(in.(ssa.Value).Type(), v)
}

// fitsType reports whether v is a number of type t as a trace holds it.
func fitsType(t types.Type, v trace.Value) bool {
	si := sortOf(t)
	switch {
	case !si.ok || si.isString || si.isBool:
		return false
	case si.isFloat:
		if v.Kind() != trace.KindFloat {
			return false
		}
		f := v.Float()
		return si.width == 64 || math.IsNaN(f) || float64(float32(f)) == f
	case si.signed:
		if v.Kind() != trace.KindInt {
			return false
		}
		i := v.Int()
		return si.width == 64 || i >= -1<<(si.width-1) && i < 1<<(si.width-1)
	}
	if v.Kind() != trace.KindUint {
		return false
	}
	return si.width == 64 || v.Uint() < 1<<si.width
}

// repRank orders the kinds of representative instances: a statement's
// angelic values are shown for its highest kind only (a return's result,
// not the store into the result slot before it).
func repRank(what string) int {
	switch {
	case strings.HasPrefix(what, "return"):
		return 3
	case strings.HasPrefix(what, "if "):
		return 2
	case strings.Contains(what, " = ") && !strings.HasPrefix(what, "*"):
		return 0 // a call's result
	}
	return 1 // a store
}

func representatives(as []Angelic, e *Encoder) []Angelic {
	best := map[string]int{}
	for _, a := range as {
		if r := repRank(a.Instr); r > best[a.Statement] {
			best[a.Statement] = r
		}
	}
	out := as[:0]
	for _, a := range as {
		if repRank(a.Instr) == best[a.Statement] {
			out = append(out, a)
		}
	}
	return out
}

// Preference returns a constraint that keeps the values of the given
// statements' non-branch instances within radius of the values the runs
// produced (as signed distances, per the Go type's width). Together with
// [maxsat.Solver.CheckRelaxed] it picks angelic values close to the
// original ones, which keeps loops and re-runs short and reports readable.
func (e *Encoder) Preference(groups []string, radius uint64) *maxsat.Term {
	in := map[string]bool{}
	for _, g := range groups {
		in[g] = true
	}
	var cs []*maxsat.Term
	for _, k := range e.instOrder {
		inst := e.insts[k]
		if !in[inst.stmt] || inst.branch || inst.sort.isBool || inst.sort.isString || inst.sort.isFloat || len(inst.terms) != 1 {
			continue
		}
		orig := inst.sort.concrete(inst.orig)
		if orig == nil {
			continue
		}
		if inst.sort.integer {
			d := maxsat.Sub(inst.terms[0], orig)
			r := int64(radius)
			cs = append(cs, maxsat.Le(d, maxsat.Int(r)), maxsat.Ge(d, maxsat.Int(-r)))
			continue
		}
		w := inst.sort.width
		r := radius
		if w < 64 && r >= 1<<(w-1) {
			continue // every value is within reach
		}
		if lo, hi, ok := window(inst.orig.Uint(), w, r); ok {
			// The same set of values without a subtraction circuit per
			// instance: bit-blasted, a comparison with a constant is a
			// fraction of the size, and these checks dominated the
			// solving time of long loops.
			cs = append(cs, maxsat.SGE(inst.terms[0], maxsat.BV(lo, w)), maxsat.SLE(inst.terms[0], maxsat.BV(hi, w)))
			continue
		}
		d := maxsat.Sub(inst.terms[0], orig)
		cs = append(cs, maxsat.SLE(d, maxsat.BV(r, w)), maxsat.SGE(d, maxsat.BVInt(-int64(r), w)))
	}
	return maxsat.And(cs...)
}

// window returns the bits of orig-r and orig+r (signed, of width w, orig
// given by its low w bits) when neither wraps around: the values whose
// signed distance to orig is at most r are then the signed interval
// [orig-r, orig+r]. Otherwise ok is false.
func window(orig uint64, w int, r uint64) (lo, hi uint64, ok bool) {
	if w < 1 || w > 64 || r >= 1<<(w-1) {
		return 0, 0, false
	}
	s := int64(orig<<(64-w)) >> (64 - w) // sign-extended
	minS := int64(-1) << (w - 1)
	maxS := -(minS + 1)
	if s < minS+int64(r) || s > maxS-int64(r) {
		return 0, 0, false
	}
	mask := ^uint64(0) >> (64 - w)
	return uint64(s-int64(r)) & mask, uint64(s+int64(r)) & mask, true
}
