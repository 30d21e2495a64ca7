package encode

import (
	"fmt"
	"go/token"
	"go/types"
	"hash/fnv"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// event encodes one event.
func (e *Encoder) event(r *run, ev trace.EventID) error {
	t := r.t
	instr := t.Instr(ev)
	sk := seenKey{t.Key(ev), r.prefix}
	fi := e.opts.Mode == FI

	if instr == nil { // parameter
		return e.param(r, ev, sk)
	}
	if iff, ok := instr.(*ssa.If); ok {
		stmt := e.statementOf(t, ev)
		decision := t.Value(ev).Bool()
		g := maxsat.BoolVar(e.keyName("g", t.Key(ev)))
		r.terms[ev] = []*maxsat.Term{g}
		if fi {
			return nil
		}
		cond := e.operand(r, ev, iff.Cond)
		if cond == nil {
			cond = maxsat.BoolConst(decision)
		}
		if err := e.hard(r, sk, e.guarded(r.path, stmt, maxsat.Iff(g, cond))); err != nil {
			return err
		}
		if stmt != "" {
			e.record(r, ev, stmt, sortInfo{ok: true, isBool: true}, []*maxsat.Term{g}, true)
		}
		sk := sideKey{r.prefix, t.Key(ev)}
		sd := e.sides[sk]
		if sd == nil {
			sd = &side{path: r.path, g: g}
			e.sides[sk] = sd
		}
		if decision {
			sd.taken[1] = true
		} else {
			sd.taken[0] = true
		}
		// Advance the path literal.
		// Deterministic names keep Z3's search, and so the report, the same
		// from run to run.
		h := fnv.New64a()
		k := t.Key(ev)
		e.keyName("", k)
		fmt.Fprintf(h, "%d|%d|%v", r.prefix, e.ids[k], decision)
		next := h.Sum64()
		p, ok := e.paths[next]
		if !ok {
			p = maxsat.BoolVar(fmt.Sprintf("%spi_%x", e.names, next))
			e.paths[next] = p
			lit := g
			if !decision {
				lit = maxsat.Not(g)
			}
			def := maxsat.Iff(p, maxsat.And(r.path, lit))
			if err := e.s.AddHard(def); err != nil {
				return fmt.Errorf("encode: %w", err)
			}
			if e.opts.Sanity {
				r.sanity = append(r.sanity, def)
			}
			e.stats.Constraints++
			r.added++
			if r.diverged == trace.NoEvent && r.n > 1 {
				r.diverged = ev
			}
		}
		r.path, r.prefix = p, next
		return nil
	}
	if ret, ok := instr.(*ssa.Return); ok {
		return e.ret(r, ev, sk, ret)
	}
	if ia, ok := instr.(*ssa.IndexAddr); ok {
		_, err := e.indexBound(r, ev, sk, ia)
		return err
	}

	val := t.SSAValue(ev)
	var si sortInfo
	var typ types.Type
	switch in := instr.(type) {
	case *ssa.Store:
		typ = in.Val.Type()
	case *ssa.MapUpdate:
		typ = in.Value.Type()
	default:
		if val != nil {
			typ = val.Type()
		}
	}
	if typ != nil && types.IsInterface(typ) && e.formatted(instr) {
		return nil
	}
	si = e.valueSort(typ, t.Value(ev))
	if !si.ok {
		return nil
	}
	stmt := e.statementOf(t, ev)
	name := e.keyName("v", t.Key(ev))
	if stmt != "" {
		if n := e.opts.Shared.constName(instr, t.Static(ev)); n != "" {
			name = n
		}
	}
	x, err := e.variable(si, name)
	if err != nil {
		return err
	}
	r.terms[ev] = []*maxsat.Term{x}
	def := e.define(r, ev, si)
	var c *maxsat.Term
	hardOnly := false
	if def.term != nil {
		c = maxsat.Eq(x, def.term)
		if def.extra != nil {
			c = maxsat.And(c, def.extra)
		}
		hardOnly = def.hard
	} else {
		cv := si.concrete(t.Value(ev))
		if cv == nil {
			r.terms[ev] = nil
			return nil
		}
		c = maxsat.Eq(x, cv)
		if !isLoad(t.Instr(ev)) {
			if u := e.unchanged(r, ev); u != nil {
				c = maxsat.Implies(u, c)
			}
		}
	}
	if hardOnly {
		stmt = ""
	}
	if c.Err() != nil {
		// A sort mismatch between linked instances (e.g. a load of a field
		// last written by a whole-struct store): fall back to the concrete
		// value.
		cv := si.concrete(t.Value(ev))
		if cv == nil {
			r.terms[ev] = nil
			return nil
		}
		c = maxsat.Eq(x, cv)
		if u := e.unchanged(r, ev); u != nil && !isLoad(t.Instr(ev)) {
			c = maxsat.Implies(u, c)
		}
	}
	path := r.path
	if fi {
		path = maxsat.True()
	}
	if err := e.hard(r, sk, e.guarded(path, stmt, c)); err != nil {
		return err
	}
	if stmt != "" {
		e.record(r, ev, stmt, si, []*maxsat.Term{x}, false)
	}
	return nil
}

// unchanged returns the condition under which an instance the encoding
// does not model (a bridged call, a bitwise operation over Int...) keeps
// its run value: the values it depends on keep theirs. Pinning it whatever
// its operands would exclude every fix upstream of it; left free when they
// change, a model may give it any value, and the replay of a candidate,
// which computes it for real, is the judge. The values are found through
// the trace's dependences: an operand with a term is compared with its run
// value; one without (a string, an address) stands for what it depends on
// in turn, up to unchangedDepth dependences back and unchangedEvents of
// them (len(strconv.Itoa(y)) keeps its value when y does), beyond which it
// is taken as unchanged.
// It is nil when nothing it depends on has a term.
func (e *Encoder) unchanged(r *run, ev trace.EventID) *maxsat.Term {
	cs := e.unchangedDeps(r, ev, unchangedDepth, map[trace.EventID]bool{}, nil)
	if len(cs) == 0 {
		return nil
	}
	return maxsat.And(cs...)
}

// isLoad reports whether in reads memory. A load the encoding does not
// link to a store (an element of a package-level table read at a symbolic
// index, say) keeps its run value: freed whenever what its address depends
// on changes, it would let a model rewrite data (a test table in the
// package) with values no replay reproduces.
func isLoad(in ssa.Instruction) bool {
	u, ok := in.(*ssa.UnOp)
	return ok && u.Op == token.MUL
}

// unchangedDepth bounds how far back unchanged looks through values
// without terms, and unchangedEvents how many dependences it visits (what
// it does not reach is taken as unchanged).
const (
	unchangedDepth  = 6
	unchangedEvents = 64
)

func (e *Encoder) unchangedDeps(r *run, ev trace.EventID, depth int, seen map[trace.EventID]bool, cs []*maxsat.Term) []*maxsat.Term {
	t := r.t
	for _, d := range t.Deps(ev, nil) {
		if seen[d] || d < 0 || int(d) >= len(r.terms) || len(seen) >= unchangedEvents {
			continue
		}
		seen[d] = true
		if int(d) < len(r.independent) && r.independent[d] {
			continue // left out by Options.Independent: its run value
		}
		if ts := r.terms[d]; len(ts) == 1 && ts[0] != nil {
			if cv := concreteFor(ts[0], t.Value(d)); cv != nil {
				cs = append(cs, maxsat.Eq(ts[0], cv))
			}
			continue
		}
		if depth > 0 {
			cs = e.unchangedDeps(r, d, depth-1, seen, cs)
		}
	}
	return cs
}

// definition is the term an instance equals, when the encoding models it.
type definition struct {
	term  *maxsat.Term // nil: not modelled, use the concrete value
	extra *maxsat.Term // a side condition (divisor non-zero), or nil
	hard  bool         // the link is not part of a statement (phi)
}

// define returns the definition of event ev's value in terms of its
// operands' terms.
func (e *Encoder) define(r *run, ev trace.EventID, si sortInfo) definition {
	t := r.t
	switch in := t.Instr(ev).(type) {
	case *ssa.Store:
		return definition{term: e.operand(r, ev, in.Val)}
	case *ssa.MapUpdate:
		return definition{term: e.operand(r, ev, in.Value)}
	case *ssa.UnOp:
		if in.Op == token.MUL { // load
			return definition{term: e.load(r, ev, in, si)}
		}
		x := e.operand(r, ev, in.X)
		if x == nil {
			return definition{}
		}
		switch in.Op {
		case token.NOT:
			return definition{term: maxsat.Not(x)}
		case token.SUB:
			if si.isFloat {
				return definition{term: maxsat.FNeg(x)}
			}
			return definition{term: maxsat.Neg(x)}
		case token.XOR:
			if si.integer {
				return definition{}
			}
			return definition{term: maxsat.BVNot(x)}
		}
	case *ssa.BinOp:
		return e.binop(r, ev, in)
	case *ssa.Convert:
		x := e.operand(r, ev, in.X)
		from := e.sortOf(in.X.Type())
		if x == nil || !from.ok || from.isBool || si.isBool || from.isString || si.isString {
			return definition{} // string(rune), []byte(s)...: not modelled
		}
		if from.isFloat || si.isFloat {
			return floatConv(x, from, si)
		}
		if si.integer {
			// Widening (or same-width) conversions keep the value over
			// Int; narrowing ones would wrap: keep them concrete.
			if si.width < from.width || si.signed != from.signed {
				return definition{}
			}
			return definition{term: x}
		}
		switch {
		case si.width < from.width:
			return definition{term: maxsat.Extract(x, si.width-1, 0)}
		case si.width > from.width && from.signed:
			return definition{term: maxsat.SignExt(x, si.width-from.width)}
		case si.width > from.width:
			return definition{term: maxsat.ZeroExt(x, si.width-from.width)}
		}
		return definition{term: x}
	case *ssa.ChangeType:
		return definition{term: e.operand(r, ev, in.X)}
	case *ssa.MakeInterface:
		// The interface's term is its dynamic value's (see valueSort).
		return definition{term: e.operand(r, ev, in.X)}
	case *ssa.ChangeInterface:
		return definition{term: e.operand(r, ev, in.X)}
	case *ssa.TypeAssert:
		// An assertion to a concrete type that held in the run: the
		// value inside, of the same sort.
		if !in.CommaOk && !types.IsInterface(in.AssertedType) {
			return definition{term: e.operand(r, ev, in.X)}
		}
	case *ssa.Field:
		if _, isStruct := in.X.Type().Underlying().(*types.Struct); isStruct {
			x := e.fieldOf(r, t.Producer(ev, in.X), in.Field, si, 0)
			if x != nil {
				e.stats.FieldCopies++
			}
			return definition{term: x}
		}
	case *ssa.Call:
		return e.builtin(r, ev, in, si)
	case *ssa.Phi:
		// The value of the edge taken: its event, or the callee's Return
		// when the edge is a call's result (p && f(x)). Left unlinked, the
		// phi would keep the run's concrete value under the run's path
		// prefix, and exclude every execution along that prefix whose
		// call returns otherwise: a real fix, or the run of a candidate
		// substituting values elsewhere (a refinement).
		r.deps = t.Deps(ev, r.deps[:0])
		for _, d := range r.deps {
			if ts := r.terms[d]; len(ts) == 1 && slices.ContainsFunc(in.Edges, func(v ssa.Value) bool { return produces(t, d, v) }) {
				return definition{term: ts[0], hard: true}
			}
		}
	case *ssa.Extract:
		r.deps = t.Deps(ev, r.deps[:0])
		for _, d := range r.deps {
			if _, ok := t.Instr(d).(*ssa.Return); ok && in.Index < len(r.terms[d]) {
				return definition{term: r.terms[d][in.Index], hard: true}
			}
		}
		// The value of a comma-ok assertion to a concrete type that held
		// in the run (a type switch's case): the interface's, as for the
		// plain assertion. Its ok keeps its run value: a dynamic type
		// does not change.
		if d := t.Producer(ev, in.Tuple); d != trace.NoEvent && in.Index == 0 {
			if ta, ok := t.Instr(d).(*ssa.TypeAssert); ok && ta.CommaOk && !types.IsInterface(ta.AssertedType) {
				if v := t.Value(d); v.Kind() == trace.KindTuple && v.Len() == 2 && v.Index(1).Bool() {
					return definition{term: e.operand(r, d, ta.X)}
				}
			}
		}
	}
	return definition{}
}

// panicCondition encodes why the recorded panicking event ev panicked, when
// the encoding models it: an index out of range or a zero divisor. It
// reports whether it did.
func (e *Encoder) panicCondition(r *run, ev trace.EventID) (bool, error) {
	t := r.t
	sk := seenKey{t.Key(ev), r.prefix}
	switch in := t.Instr(ev).(type) {
	case *ssa.IndexAddr:
		return e.indexBound(r, ev, sk, in)
	case *ssa.Slice:
		return e.sliceBound(r, ev, sk, in)
	case *ssa.BinOp:
		if in.Op != token.QUO && in.Op != token.REM {
			return false, nil
		}
		def := e.binop(r, ev, in)
		if def.extra == nil {
			return false, nil
		}
		path := r.path
		if e.opts.Mode == FI {
			path = maxsat.True()
		}
		return true, e.hard(r, sk, e.guarded(path, e.statementOf(t, ev), def.extra))
	}
	return false, nil
}

// operand returns the term of operand v of event ev, or nil if it is not
// modelled.
func (e *Encoder) operand(r *run, ev trace.EventID, v ssa.Value) *maxsat.Term {
	switch v := v.(type) {
	case *ssa.Const:
		si := e.sortOf(v.Type())
		if !si.ok {
			return nil
		}
		return si.constant(v.Value)
	case *ssa.Global, *ssa.Function, *ssa.Builtin:
		return nil
	}
	// A call's result: the dependence is on the callee's Return.
	if d := r.t.Producer(ev, v); d != trace.NoEvent {
		if ts := r.terms[d]; len(ts) == 1 {
			return ts[0]
		}
		// Left out by Options.Independent: its value is the run's
		// wherever the path to it holds, and a use of it takes that
		// value (left unknown, it would free every use that a
		// blamable value also feeds).
		if int(d) < len(r.independent) && r.independent[d] {
			if si := e.valueSort(v.Type(), r.t.Value(d)); si.ok {
				return si.concrete(r.t.Value(d))
			}
		}
	}
	return nil
}

// produces reports whether event d of t produced SSA value v: it is v's
// instruction, or, when v is a call's result, the callee's Return for that
// call (the event a use of the result depends on).
func produces(t *trace.Trace, d trace.EventID, v ssa.Value) bool {
	if t.SSAValue(d) == v {
		return true
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	if _, ok := t.Instr(d).(*ssa.Return); !ok {
		return false
	}
	c := t.CallOf(d)
	return c != trace.NoEvent && t.Instr(c) == ssa.Instruction(call)
}
