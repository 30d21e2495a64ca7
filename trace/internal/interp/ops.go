package interp

import (
	"fmt"
	"go/token"
	"go/types"
	"math"
	"strings"
	"unicode/utf8"
)

// elemAddr is IndexAddr: the address of element i of x, a slice or a
// pointer to an array, with the runtime's panics for a nil array pointer
// and an index out of range.
func (r *run) elemAddr(fr *frame, in *ins, x, i Value) Value {
	if c := elemCell(x, r.index(i)); c != nil {
		return addrOf(c)
	}
	if x.k != KindSlice && x.p == nil {
		r.rtPanicEvent(fr, in, nilDeref)
	}
	r.rtPanicEvent(fr, in, "%s", indexOutOfRange(i, len(elemCells(x))))
	panic("unreachable")
}

// indexOutOfRange is the runtime's message for index v out of range of a
// length n: a negative index is printed without the length.
func indexOutOfRange(v Value, n int) string {
	if v.k == KindUint {
		return fmt.Sprintf("index out of range [%d] with length %d", v.n, n)
	}
	if int64(v.n) < 0 {
		return fmt.Sprintf("index out of range [%d]", int64(v.n))
	}
	return fmt.Sprintf("index out of range [%d] with length %d", int64(v.n), n)
}

func (r *run) index(v Value) int {
	if v.k == KindUint && v.n > math.MaxInt32*2 {
		return -1
	}
	i := int64(v.n)
	if i > 1<<40 {
		return -1
	}
	return int(i)
}

func (r *run) binop(fr *frame, in *ins, x, y Value) Value {
	op := in.sub
	switch in.cls {
	case clsInt, clsUint:
		z, k, ok := intBin(in, x.n, y.n)
		if !ok {
			switch op {
			case token.QUO, token.REM:
				r.rtPanicEvent(fr, in, "integer divide by zero")
			case token.SHL, token.SHR:
				r.rtPanicEvent(fr, in, "negative shift amount")
			}
			panic("bad integer op " + op.String())
		}
		return Value{n: z, k: k}
	case clsFloat:
		a, b := x.Float(), y.Float()
		var z float64
		switch op {
		case token.ADD:
			z = a + b
		case token.SUB:
			z = a - b
		case token.MUL:
			z = a * b
		case token.QUO:
			z = a / b
		case token.EQL:
			return Bool(a == b)
		case token.NEQ:
			return Bool(a != b)
		case token.LSS:
			return Bool(a < b)
		case token.LEQ:
			return Bool(a <= b)
		case token.GTR:
			return Bool(a > b)
		case token.GEQ:
			return Bool(a >= b)
		default:
			panic("bad float op " + op.String())
		}
		if in.ii.bits == 32 {
			z = float64(float32(z))
		}
		return Float(z)
	case clsComplex:
		a, b := x.Complex(), y.Complex()
		var z complex128
		switch op {
		case token.ADD:
			z = a + b
		case token.SUB:
			z = a - b
		case token.MUL:
			z = a * b
		case token.QUO:
			z = a / b
		case token.EQL:
			return Bool(a == b)
		case token.NEQ:
			return Bool(a != b)
		default:
			panic("bad complex op " + op.String())
		}
		if in.ii.bits == 32 {
			z = complex128(complex64(z))
		}
		return Complex(z)
	case clsString:
		a, b := x.Str(), y.Str()
		switch op {
		case token.ADD:
			r.allocate(int64(len(a)) + int64(len(b)))
			return String(a + b)
		case token.EQL:
			return Bool(a == b)
		case token.NEQ:
			return Bool(a != b)
		default:
			return cmpResult(op, a < b, a == b)
		}
	}
	switch op {
	case token.EQL:
		return Bool(r.equal(fr, in, x, y))
	case token.NEQ:
		return Bool(!r.equal(fr, in, x, y))
	}
	panic("bad operands for " + op.String())
}

func (r *run) equal(fr *frame, in *ins, x, y Value) bool {
	if x.k == KindInterface && y.k == KindInterface && x.p != nil && y.p != nil {
		xi, yi := (*iface)(x.p), (*iface)(y.p)
		if xi.nat == nil && yi.nat == nil && xi.t.id == yi.t.id && !types.Comparable(xi.t.t) {
			r.rtPanic(fr, in, "comparing uncomparable type %s", runtimeTypeString(xi.t.t))
		}
	}
	return Equal(x, y)
}

// hashable panics if k is an interface holding a value of an uncomparable
// type (which cannot be a map key).
func (r *run) hashable(fr *frame, in *ins, k Value) {
	if k.k == KindInterface && k.p != nil {
		if it := (*iface)(k.p); it.nat == nil && !types.Comparable(it.t.t) {
			r.rtPanic(fr, in, "hash of unhashable type %s", runtimeTypeString(it.t.t))
		}
	}
}

func cmpResult(op token.Token, lt, eq bool) Value {
	switch op {
	case token.LSS:
		return Bool(lt)
	case token.LEQ:
		return Bool(lt || eq)
	case token.GTR:
		return Bool(!lt && !eq)
	case token.GEQ:
		return Bool(!lt)
	}
	panic("bad comparison " + op.String())
}

func (r *run) unop(fr *frame, in *ins, x Value) Value {
	switch in.sub {
	case token.NOT:
		return Bool(x.n == 0)
	case token.SUB:
		switch in.cls {
		case clsInt:
			return Value{n: in.ii.norm(-x.n), k: KindInt}
		case clsUint:
			return Value{n: in.ii.norm(-x.n), k: KindUint}
		case clsFloat:
			return Float(-x.Float())
		case clsComplex:
			return Complex(-x.Complex())
		}
	case token.XOR:
		return Value{n: in.ii.norm(^x.n), k: x.k}
	}
	panic("bad unary op " + in.sub.String())
}

func (r *run) convert(ci *convInfo, v Value) Value {
	switch {
	case ci.toBytes:
		s := v.Str()
		r.allocCells(len(s))
		cs := make([]cell, len(s))
		for i := 0; i < len(s); i++ {
			cs[i] = cell{v: Uint(uint64(s[i])), st: NoEvent}
		}
		return sliceOf(cs)
	case ci.toRun:
		r.allocCells(len(v.Str()))
		var cs []cell
		for _, c := range v.Str() {
			cs = append(cs, cell{v: Int(int64(c)), st: NoEvent})
		}
		if cs == nil {
			cs = []cell{}
		}
		return sliceOf(cs)
	case ci.fromBytes:
		cs := v.slice()
		b := make([]byte, len(cs))
		for i := range cs {
			b[i] = byte(cs[i].v.n)
		}
		return String(string(b))
	case ci.fromRunes:
		var sb strings.Builder
		for _, c := range v.slice() {
			sb.WriteRune(rune(int64(c.v.n)))
		}
		return String(sb.String())
	}
	switch ci.fcls {
	case clsInt, clsUint:
		switch ci.tcls {
		case clsInt, clsUint:
			return convInt(ci, v.n)
		case clsFloat:
			var f float64
			if ci.fcls == clsInt {
				f = float64(int64(v.n))
			} else {
				f = float64(v.n)
			}
			if ci.tii.bits == 32 {
				f = float64(float32(f))
			}
			return Float(f)
		case clsString:
			if (ci.fcls == clsInt && (int64(v.n) < 0 || int64(v.n) > utf8.MaxRune)) || (ci.fcls == clsUint && v.n > utf8.MaxRune) {
				return String("\uFFFD")
			}
			return String(string(rune(v.n)))
		}
	case clsFloat:
		f := v.Float()
		switch ci.tcls {
		case clsInt, clsUint:
			// Out-of-range conversions are implementation-defined: convert
			// to the exact type natively, as compiled code on this machine.
			return floatToInt(f, ci.tcls == clsInt, ci.tii.bits)
		case clsFloat:
			if ci.tii.bits == 32 {
				f = float64(float32(f))
			}
			return Float(f)
		}
	case clsComplex:
		if ci.tcls == clsComplex {
			c := v.Complex()
			if ci.tii.bits == 32 {
				c = complex128(complex64(c))
			}
			return Complex(c)
		}
	}
	return v
}

func (r *run) typeAssert(fr *frame, in *ins, x Value) Value {
	ai := in.x.(*assertInfo)
	ok := false
	var v Value
	if x.p != nil && x.k != KindInterface {
		// An interface operand holding something else would be read as
		// an iface below: memory of another shape. Only a bug of ours
		// (a native value where an interpreted interface belongs) makes
		// one; it stops the run with an error instead of crashing.
		panic(&InternalError{Value: fmt.Sprintf("type assertion on a %v value, not an interface", x.k), Pos: r.pos(in)})
	}
	if x.p != nil {
		it := (*iface)(x.p)
		if ai.isIface {
			ok = r.p.implements(it, ai.t)
			v = x
		} else if it.nat != nil {
			ok = nativeIs(it.nat, ai.t.t)
			if ok {
				v = nativeToValue(r, it.nat, ai.t.t)
			}
		} else {
			ok = it.t.id == ai.t.id
			v = it.v
		}
	}
	if in.commaOk {
		if !ok {
			v = in.z
		}
		return Tuple(v, Bool(ok))
	}
	if !ok {
		want := runtimeTypeString(ai.t.t)
		var msg string
		if x.p == nil && ai.nilCheck {
			// go/ssa's nil check of an interface method value x.M
			r.rtPanicEvent(fr, in, "invalid memory address or nil pointer dereference")
		}
		if x.p == nil {
			msg = "interface conversion: interface is nil, not " + want
		} else {
			it := (*iface)(x.p)
			dyn := ""
			if it.nat != nil {
				dyn = fmt.Sprintf("%T", it.nat)
			} else {
				dyn = runtimeTypeString(it.t.t)
			}
			if ai.isIface {
				msg = fmt.Sprintf("interface conversion: %s is not %s: missing method", dyn, want)
				if it.nat == nil {
					if m, _ := types.MissingMethod(it.t.t, ai.t.t.Underlying().(*types.Interface), true); m != nil {
						msg += " " + m.Name()
					}
				}
			} else {
				msg = fmt.Sprintf("interface conversion: %s is %s, not %s", runtimeTypeString(ai.from), dyn, want)
			}
		}
		v := Value{k: KindInterface, p: ptrOf(&iface{nat: typeAssertionError{msg}, t: typeRef{id: -1}})}
		r.throw(fr, in, v, r.panicEvent(fr, in))
	}
	return v
}

// implements reports whether the dynamic type of it implements interface t.
func (p *Program) implements(it *iface, t typeRef) bool {
	if it.nat != nil {
		return nativeImplements(it.nat, t.t)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	k := implKey{it.t.id, t.id}
	ok, hit := p.impl[k]
	if !hit {
		ok = types.Implements(it.t.t, t.t.Underlying().(*types.Interface))
		p.impl[k] = ok
	}
	return ok
}

func (r *run) sliceOp(fr *frame, in *ins) Value {
	regs := fr.regs
	x := regs[in.a[0]]
	lo, hi, max := 0, -1, -1
	if s := in.a[1]; s >= 0 {
		lo = r.index(regs[s])
	}
	if s := in.a[2]; s >= 0 {
		hi = r.index(regs[s])
	}
	if s := in.a[3]; s >= 0 {
		max = r.index(regs[s])
	}
	if x.k == KindString {
		s := x.Str()
		if hi == -1 && in.a[2] < 0 {
			hi = len(s)
		}
		if lo < 0 || hi < lo || hi > len(s) {
			r.rtPanicEvent(fr, in, "slice bounds out of range [%d:%d] with length %d", lo, hi, len(s))
		}
		return String(s[lo:hi])
	}
	var cs []cell
	if x.k == KindSlice {
		cs = x.slice()
	} else {
		if x.p == nil {
			r.rtPanicEvent(fr, in, "invalid memory address or nil pointer dereference")
		}
		cs = (*cell)(x.p).v.cells()
		if cs == nil {
			cs = []cell{} // slicing an array never yields a nil slice
		}
	}
	if hi == -1 && in.a[2] < 0 {
		hi = len(cs)
	}
	if max == -1 && in.a[3] < 0 {
		max = cap(cs)
	}
	if lo < 0 || hi < lo || max < hi || max > cap(cs) {
		r.rtPanicEvent(fr, in, "slice bounds out of range [%d:%d:%d] with capacity %d", lo, hi, max, cap(cs))
	}
	if cs == nil {
		return Value{k: KindSlice}
	}
	return sliceOf(cs[lo:hi:max])
}

// iterObj is a range iterator over a string or map.
type iterObj struct {
	isMap bool
	s     string
	i     int
	ents  []*mentry
}

func (r *run) rangeIter(x Value, isMap bool) Value {
	it := &iterObj{isMap: isMap}
	if isMap {
		if x.p != nil {
			it.ents = (*mapObj)(x.p).live()
			if n := len(it.ents); n > 1 && r.seed != 0 {
				k := int(r.seed % uint64(n))
				it.ents = append(it.ents[k:], it.ents[:k]...)
			}
		}
	} else {
		it.s = x.Str()
		it.ents = nil
		it.i = 0
	}
	return Value{k: kindIter, p: ptrOf(it), n: boolWord(isMap)}
}

func boolWord(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func (it *iterObj) next(z Value) (Value, EventID) {
	if it.isMap {
		for it.i < len(it.ents) {
			e := it.ents[it.i]
			it.i++
			if !e.dead {
				return Tuple(Bool(true), e.k, copyVal(e.c.v)), e.c.st
			}
		}
		return Tuple(Bool(false), Value{}, z), NoEvent
	}
	if it.i >= len(it.s) {
		return Tuple(Bool(false), Int(0), Int(0)), NoEvent
	}
	c, n := utf8.DecodeRuneInString(it.s[it.i:])
	v := Tuple(Bool(true), Int(int64(it.i)), Int(int64(c)))
	it.i += n
	return v, NoEvent
}

// floatToInt converts f to the integer type of the given signedness and
// width exactly as a native Go conversion does on this machine.
func floatToInt(f float64, signed bool, bits uint8) Value {
	if signed {
		var i int64
		switch bits {
		case 8:
			i = int64(int8(f))
		case 16:
			i = int64(int16(f))
		case 32:
			i = int64(int32(f))
		default:
			i = int64(f)
		}
		return Int(i)
	}
	var u uint64
	switch bits {
	case 8:
		u = uint64(uint8(f))
	case 16:
		u = uint64(uint16(f))
	case 32:
		u = uint64(uint32(f))
	default:
		u = uint64(f)
	}
	return Uint(u)
}
