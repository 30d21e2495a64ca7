package encode

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// pointee returns the type a pointer type points to, or nil.
func pointee(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return nil
}

// isInit reports whether fn is a package initializer. A field stored by
// one is package data, such as a test table (examples/foo's Cases): a
// copy of it keeps its run value, as loads that no store term reaches do,
// or every row would be a candidate fixing the test by rewriting what it
// expects.
func isInit(fn *ssa.Function) bool {
	return fn != nil && (fn.Name() == "init" || strings.HasPrefix(fn.Name(), "init#")) && fn.Signature.Recv() == nil
}

// maxFieldDepth bounds how many copies fieldOf follows back.
const maxFieldDepth = 8

// fieldOf returns the term of field i (of sort si) of the struct value
// event d produced, following the value back through copies: a store of
// the whole struct (to its stored value), a load of one (to the last
// store of that field of the memory read, or of the whole struct, or the
// variable's zero value), a call's result (to the callee's Return and the
// value it returned). It returns nil where the value comes from anything
// else (a bridged call, a φ...), or more than maxFieldDepth copies back.
func (e *Encoder) fieldOf(r *run, d trace.EventID, i int, si sortInfo, depth int) *maxsat.Term {
	if depth > maxFieldDepth || d < 0 {
		return nil
	}
	t := r.t
	switch in := t.Instr(d).(type) {
	case *ssa.Alloc:
		return si.zero()
	case *ssa.Store:
		if c, ok := in.Val.(*ssa.Const); ok && c.Value == nil {
			return si.zero() // the zero struct
		}
		return e.fieldOf(r, t.Producer(d, in.Val), i, si, depth+1)
	case *ssa.Extract:
		for _, dep := range t.Deps(d, nil) {
			if ret, ok := t.Instr(dep).(*ssa.Return); ok && in.Index < len(ret.Results) {
				return e.fieldOf(r, t.Producer(dep, ret.Results[in.Index]), i, si, depth+1)
			}
		}
		if ta := t.Producer(d, in.Tuple); ta != trace.NoEvent && in.Index == 0 {
			if x, ok := t.Instr(ta).(*ssa.TypeAssert); ok && x.CommaOk {
				if v := t.Value(ta); v.Kind() == trace.KindTuple && v.Len() == 2 && v.Index(1).Bool() {
					return e.fieldOf(r, t.Producer(ta, x.X), i, si, depth+1)
				}
			}
		}
	case *ssa.Return:
		if len(in.Results) == 1 {
			return e.fieldOf(r, t.Producer(d, in.Results[0]), i, si, depth+1)
		}
	case *ssa.MakeInterface:
		return e.fieldOf(r, t.Producer(d, in.X), i, si, depth+1)
	case *ssa.ChangeInterface:
		return e.fieldOf(r, t.Producer(d, in.X), i, si, depth+1)
	case *ssa.TypeAssert:
		// A struct asserted out of an interface: the value boxed.
		if !in.CommaOk {
			return e.fieldOf(r, t.Producer(d, in.X), i, si, depth+1)
		}
	case *ssa.UnOp:
		if in.Op != token.MUL {
			return nil
		}
		deps := t.Deps(d, nil)
		ai := addrIndex(t, deps, in.X)
		if ai < 0 {
			return nil
		}
		addr := t.Value(deps[ai])
		if types.IsInterface(in.Type()) {
			// An interface boxing the struct: its one memory dependence
			// is the cell's last store, which append or copy may have
			// made at another address (trace: copiedStore).
			for j, dep := range deps {
				if j == ai {
					continue
				}
				if st, ok := t.Instr(dep).(*ssa.Store); ok && types.IsInterface(st.Val.Type()) {
					return e.fieldOf(r, dep, i, si, depth+1)
				}
				return nil
			}
			return nil
		}
		// A later store of field i itself, else the memory's last
		// store of the whole (its first dependence after the address).
		var whole trace.EventID = trace.NoEvent
		for j, dep := range deps {
			if j == ai {
				continue
			}
			st, ok := t.Instr(dep).(*ssa.Store)
			if !ok {
				if _, isAlloc := t.Instr(dep).(*ssa.Alloc); isAlloc && whole == trace.NoEvent {
					whole = dep
				}
				continue
			}
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fa.Field == i {
				if faEv := t.Producer(dep, st.Addr); faEv != trace.NoEvent {
					if x := t.Producer(faEv, fa.X); x != trace.NoEvent && trace.Equal(t.Value(x), addr) {
						if ts := r.terms[dep]; len(ts) == 1 && !isInit(t.Func(dep)) {
							return ts[0]
						}
						return nil
					}
				}
				continue
			}
			if whole == trace.NoEvent && types.Identical(st.Val.Type(), in.Type()) {
				if a := t.Producer(dep, st.Addr); a != trace.NoEvent && trace.Equal(t.Value(a), addr) {
					whole = dep
				}
			}
		}
		if whole != trace.NoEvent {
			return e.fieldOf(r, whole, i, si, depth+1)
		}
	}
	return nil
}

// addrUnknown is addrIndex's answer when it cannot tell which dependence
// is the address.
const addrUnknown = -2

// addrIndex returns the index in deps, the dependences of a load or of
// another access through address operand x, of x's producer: the
// address operand's dependence comes first when it has one, the memory's
// (its last store, or the Alloc of a variable never stored) after it. It
// returns -1 when x has no producer among deps (a global), and
// addrUnknown when it cannot tell.
//
// A free variable (a variable a closure captured) has no event of its
// own: its dependence is on the event that produced the value bound to
// it, the captured variable's Alloc, whose SSA value is not x. Taking
// that Alloc for the memory's dependence would read the variable as its
// zero value whatever was stored in it.
func addrIndex(t *trace.Trace, deps []trace.EventID, x ssa.Value) int {
	for i, d := range deps {
		if produces(t, d, x) {
			return i
		}
	}
	if _, ok := x.(*ssa.FreeVar); !ok || len(deps) == 0 {
		return -1
	}
	switch in := t.Instr(deps[0]).(type) {
	case *ssa.Store, *ssa.MapUpdate:
		return -1 // the memory's: the bound value has no event
	case *ssa.Return:
		return 0 // the bound value is a call's result
	case *ssa.Alloc:
		if len(deps) == 1 {
			// The bound variable with no store (its Alloc the memory's
			// dependence too, twice), or a cell the run wrote without
			// an event: either one.
			return addrUnknown
		}
		return 0
	case ssa.Value:
		if types.Identical(in.Type(), x.Type()) {
			return 0
		}
	}
	return addrUnknown
}

// load returns the term of the value a load reads: the last store's, or the
// zero value of a never-assigned variable. A load through &a[i] with a
// non-constant index reads, for every other value of T(i), the element of
// that index (see indexed).
func (e *Encoder) load(r *run, ev trace.EventID, in *ssa.UnOp, si sortInfo) *maxsat.Term {
	t := r.t
	r.deps = t.Deps(ev, r.deps[:0])
	ai := addrIndex(t, r.deps, in.X)
	if ai == addrUnknown {
		return nil
	}
	addr := trace.NoEvent
	var base *maxsat.Term
	found := false
	for i, d := range r.deps {
		if i == ai {
			addr = d
			continue // the address
		}
		if found {
			continue
		}
		found = true
		switch t.Instr(d).(type) {
		case *ssa.Alloc:
			base = si.zero()
		case *ssa.Store, *ssa.MapUpdate:
			if ts := r.terms[d]; len(ts) == 1 {
				base = ts[0]
			} else if fa, ok := in.X.(*ssa.FieldAddr); ok {
				// The field was last written by a store of the whole
				// struct holding it: its term is that value's field.
				if st, ok := t.Instr(d).(*ssa.Store); ok && types.Identical(st.Val.Type(), pointee(fa.X.Type())) {
					if base = e.fieldOf(r, d, fa.Field, si, 0); base != nil {
						e.stats.FieldCopies++
					}
				}
			}
		}
	}
	if ia, ok := in.X.(*ssa.IndexAddr); ok && addr != trace.NoEvent {
		if x := e.indexed(r, ev, addr, ia, si, base); x != nil {
			return x
		}
	}
	return base
}

// indexed returns the term of a load of element T(i) of a slice or array
// through the IndexAddr event addr: the element read (base, or the load's
// concrete value when base is nil) when T(i) is the index of the run, and
// the concrete value of element j when T(i) = j. Elements other than the
// one read are taken as the container holds them when the encoder reads
// the trace (the run's end): exact for a slice no statement writes after
// the load, as the test's inputs; otherwise an approximation, which the
// replay of candidates checks. It returns nil when the index is constant
// or not modelled, or the container is too long to unfold.
func (e *Encoder) indexed(r *run, ev, addr trace.EventID, ia *ssa.IndexAddr, si sortInfo, base *maxsat.Term) *maxsat.Term {
	const maxElems = 256
	if _, ok := ia.Index.(*ssa.Const); ok || si.isBool {
		return nil
	}
	t := r.t
	i := e.operand(r, addr, ia.Index)
	cont, ok := e.container(r, addr, ia)
	if i == nil || !ok || cont.Len() > maxElems {
		return nil
	}
	is := e.sortOf(ia.Index.Type())
	i0 := trace.EventID(trace.NoEvent)
	r.deps = t.Deps(addr, r.deps[:0])
	for _, d := range r.deps {
		if t.SSAValue(d) == ia.Index {
			i0 = d
		}
	}
	if i0 == trace.NoEvent {
		return nil
	}
	read := t.Value(i0).Int()
	cur := base
	if cur == nil {
		if cur = si.concrete(t.Value(ev)); cur == nil {
			return nil
		}
	}
	for j := cont.Len() - 1; j >= 0; j-- {
		if int64(j) == read {
			continue
		}
		c := si.concrete(cont.Index(j))
		k := is.constant(constant.MakeInt64(int64(j)))
		if c == nil || k == nil {
			return nil
		}
		cur = maxsat.Ite(maxsat.Eq(i, k), c, cur)
	}
	e.stats.IndexLoads++
	return cur
}

// container returns the slice an IndexAddr event indexes (from its
// operand's event), or, for a pointer to an array, a value whose Len is
// the array's length. ok is false when neither is known.
func (e *Encoder) container(r *run, addr trace.EventID, ia *ssa.IndexAddr) (trace.Value, bool) {
	t := r.t
	r.deps = t.Deps(addr, r.deps[:0])
	for _, d := range r.deps {
		if t.SSAValue(d) == ia.X {
			v := t.Value(d)
			switch v.Kind() {
			case trace.KindSlice:
				return v, true
			case trace.KindPointer:
				if el := v.Elem(); el.Kind() == trace.KindArray {
					return el, true
				}
			}
		}
	}
	return trace.Value{}, false
}

// indexBound encodes the bounds check of an IndexAddr event with a
// non-constant index: π ⇒ (ab_s ∨ 0 ≤ T(i) < len), as Go panics otherwise.
// It reports whether the condition is encoded (now or before).
func (e *Encoder) indexBound(r *run, ev trace.EventID, sk seenKey, ia *ssa.IndexAddr) (bool, error) {
	if _, ok := ia.Index.(*ssa.Const); ok {
		return false, nil
	}
	i := e.operand(r, ev, ia.Index)
	cont, ok := e.container(r, ev, ia)
	is := e.sortOf(ia.Index.Type())
	if i == nil || !ok || !is.ok || is.isBool {
		return false, nil
	}
	n := int64(cont.Len())
	var conds []*maxsat.Term
	switch {
	case is.integer:
		conds = append(conds, maxsat.Ge(i, maxsat.Int(0)), maxsat.Lt(i, maxsat.Int(n)))
	case is.signed:
		conds = append(conds, maxsat.SGE(i, maxsat.BV(0, is.width)))
		if is.width == 64 || n < 1<<(is.width-1) {
			conds = append(conds, maxsat.SLT(i, maxsat.BV(uint64(n), is.width)))
		}
	default:
		if is.width == 64 || n < 1<<is.width {
			conds = append(conds, maxsat.ULT(i, maxsat.BV(uint64(n), is.width)))
		}
	}
	path := r.path
	if e.opts.Mode == FI {
		path = maxsat.True()
	}
	stmt := e.statementOf(r.t, ev)
	return true, e.hard(r, sk, e.guarded(path, stmt, maxsat.And(conds...)))
}

// sliceBound encodes the bounds check of a Slice event that panicked:
// π ⇒ (ab_s ∨ 0 ≤ lo ≤ hi ≤ max ≤ n), n the length of the sliced
// string, slice or array in the run (for a slice its length stands for
// its capacity, which the trace does not keep: a fix that slices past the
// length within the capacity is not found). Bounds the formula does not
// model keep their run values. It reports whether the condition is
// encoded.
func (e *Encoder) sliceBound(r *run, ev trace.EventID, sk seenKey, in *ssa.Slice) (bool, error) {
	return e.sliceCond(r, sk, e.statementOf(r.t, ev), in, func(v ssa.Value) (*maxsat.Term, trace.Value, bool) {
		val, ok := e.operandValue(r, ev, v)
		return e.operand(r, ev, v), val, ok
	})
}

// operandFunc returns the term of an operand (nil if not modelled) and
// its value in the run (ok false if unknown).
type operandFunc func(v ssa.Value) (*maxsat.Term, trace.Value, bool)

// sliceCond is sliceBound for the statement stmt ("" if none may be
// blamed) with the operands given by operand.
func (e *Encoder) sliceCond(r *run, sk seenKey, stmt string, in *ssa.Slice, operand operandFunc) (bool, error) {
	_, x, ok := operand(in.X)
	if !ok {
		return false, nil
	}
	if x.Kind() == trace.KindPointer {
		x = x.Elem()
	}
	switch x.Kind() {
	case trace.KindSlice, trace.KindArray, trace.KindString:
	default:
		return false, nil
	}
	n := int64(x.Len())
	// The bounds are compared in their own sort: all integers, or all
	// bit-vectors of one width and signedness (int, most often).
	var si *sortInfo
	for _, v := range []ssa.Value{in.Low, in.High, in.Max} {
		if v == nil {
			continue
		}
		vs := e.sortOf(v.Type())
		if !vs.ok || vs.isBool || vs.isFloat || vs.isString || (si != nil && (vs.integer != si.integer || vs.width != si.width || vs.signed != si.signed)) {
			return false, nil
		}
		si = &vs
	}
	if si == nil || (!si.integer && si.width < 64 && n >= 1<<(si.width-1)) {
		return false, nil
	}
	constant := func(k int64) *maxsat.Term {
		if si.integer {
			return maxsat.Int(k)
		}
		return maxsat.BV(uint64(k), si.width)
	}
	bound := func(v ssa.Value, dflt int64) *maxsat.Term {
		if v == nil {
			return constant(dflt)
		}
		t, val, ok := operand(v)
		if t != nil {
			return t
		}
		if ok {
			return si.concrete(val)
		}
		return nil
	}
	lo, hi, mx := bound(in.Low, 0), bound(in.High, n), bound(in.Max, n)
	if lo == nil || hi == nil || mx == nil {
		return false, nil
	}
	le := maxsat.Le
	switch {
	case si.integer:
	case si.signed:
		le = maxsat.SLE
	default:
		le = maxsat.ULE
	}
	cond := maxsat.And(le(constant(0), lo), le(lo, hi), le(hi, mx), le(mx, constant(n)))
	path := r.path
	if e.opts.Mode == FI {
		path = maxsat.True()
	}
	return true, e.hard(r, sk, e.guarded(path, stmt, cond))
}

// faultCondition encodes the condition of a run-time panic the trace has
// no event for (trace.PanicInfo.Event is NoEvent): the instruction after
// the run's last event in its block, when it is a Slice at the panic's
// line, its operands found among the events of the last event's frame.
// It reports whether a condition was encoded; if not, the caller forbids
// the path.
func (e *Encoder) faultCondition(r *run, last trace.EventID, pos token.Position) (bool, error) {
	t := r.t
	in := t.Instr(last)
	if in == nil || in.Block() == nil {
		return false, nil
	}
	instrs := in.Block().Instrs
	i := slices.Index(instrs, in)
	if i < 0 || i+1 >= len(instrs) {
		return false, nil
	}
	sl, ok := instrs[i+1].(*ssa.Slice)
	if !ok || e.prog.SSA.Fset.Position(sl.Pos()).Line != pos.Line {
		return false, nil
	}
	stmt := ""
	if t.Pos(last).Line == pos.Line && t.Pos(last).Filename == pos.Filename {
		stmt = e.statementOf(t, last) // the panicking statement's other instructions
	}
	frame := t.CallOf(last)
	operand := func(v ssa.Value) (*maxsat.Term, trace.Value, bool) {
		if c, ok := v.(*ssa.Const); ok {
			si := e.sortOf(c.Type())
			if !si.ok {
				return nil, e.prog.Const(c), true
			}
			return si.constant(c.Value), e.prog.Const(c), true
		}
		for d := last; d >= 0; d-- {
			if t.CallOf(d) != frame {
				continue
			}
			if produces(t, d, v) {
				var term *maxsat.Term
				if ts := r.terms[d]; len(ts) == 1 {
					term = ts[0]
				}
				return term, t.Value(d), true
			}
		}
		return nil, trace.Value{}, false
	}
	sk := seenKey{t.Key(last), r.prefix ^ 0x2545f4914f6cdd1d}
	return e.sliceCond(r, sk, stmt, sl, operand)
}
