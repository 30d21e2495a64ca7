package interp

import (
	"fmt"
	"go/token"
	"go/types"
	"math"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// builtin runs a call to a Go built-in function (or an ssa: intrinsic).
func (r *run) builtin(fr *frame, in *ins, ci *callInfo, name string, args []Value) Value {
	st := NoEvent
	if r.tr != nil && r.tr.Len() > 0 {
		st = EventID(r.tr.Len() - 1)
		for st >= 0 && r.tr.ev.Static(st) != in.sid {
			st--
		}
	}
	switch name {
	case "panic":
		r.throw(fr, in, args[0], st) // the call's event depends on the value
	case "close":
		r.closeChan(fr, in, args[0])
		return Value{}
	case "len":
		x := args[0]
		if x.k == KindChan {
			return Int(int64((*chanObj)(x.p).length()))
		}
		if x.k == KindPointer {
			if x.p == nil {
				r.rtPanicAt(fr, in, st, "invalid memory address or nil pointer dereference")
			}
			return Int(int64((*cell)(x.p).v.n))
		}
		return Int(int64(x.Len()))
	case "cap":
		x := args[0]
		switch x.k {
		case KindChan:
			return Int(int64((*chanObj)(x.p).capacity()))
		case KindSlice:
			return Int(int64(cap(x.slice())))
		case KindPointer:
			if x.p == nil {
				r.rtPanicAt(fr, in, st, "invalid memory address or nil pointer dereference")
			}
			return Int(int64((*cell)(x.p).v.n))
		case KindArray:
			return Int(int64(x.n))
		}
	case "append":
		old, n := args[0].slice(), args[1].Len()
		r.bulk(n)
		if len(old)+n > cap(old) {
			r.bulk(len(old))
			r.allocCells(growCap(len(old)+n, cap(old), ci.esize, ci.noscan))
		}
		return appendValues(ci, args[0], args[1], st)
	case "copy":
		dst := args[0].slice()
		if args[1].k == KindString {
			s := args[1].Str()
			n := min(len(s), len(dst))
			r.bulk(n)
			for i := range n {
				storeInto(&dst[i], Uint(uint64(s[i])), st)
			}
			return Int(int64(n))
		}
		src := args[1].slice()
		n := min(len(src), len(dst))
		r.bulk(n)
		storeCells(dst[:n], src[:n], st, true)
		return Int(int64(n))
	case "delete":
		if args[0].p != nil {
			(*mapObj)(args[0].p).delete(args[1])
		}
		return Value{}
	case "clear":
		switch x := args[0]; x.k {
		case KindMap:
			if x.p != nil {
				(*mapObj)(x.p).clear()
			}
		case KindSlice:
			cs := x.slice()
			r.bulk(len(cs))
			for i := range cs {
				storeInto(&cs[i], ci.ez, st)
			}
		}
		return Value{}
	case "print", "println":
		var sb strings.Builder
		for i, a := range args {
			if i > 0 && name == "println" {
				sb.WriteByte(' ')
			}
			sb.WriteString(printValue(a, ci.args[i]))
		}
		if name == "println" {
			sb.WriteByte('\n')
		}
		fmt.Fprint(r.errOut, sb.String()) // print and println write to standard error
		return Value{}
	case "recover":
		if r.next == fr && fr.panic != nil {
			// A deferred recover() run by a panic of the frame that deferred
			// it is called by the panic, not by a deferred function: a no-op
			// (go/test/recover1.go's test7). Run by the frame's normal
			// return, it recovers like a call from that frame.
			return Value{k: KindInterface}
		}
		if d := fr.deferOf; d != nil && d.panic != nil && !isGoexit(d.panic.v) { // a Goexit is not recovered
			v := d.panic.v
			if pe := d.panic.ev; pe >= 0 && st >= 0 && int(st) == r.tr.Len()-1 {
				// The value is the panic's: the call's event, the last
				// one, depends on the panic's event (whose dependences
				// say why it panicked).
				r.tr.ev.Dep(pe)
			}
			d.panic = nil
			return v
		}
		return Value{k: KindInterface}
	case "min", "max":
		best := args[0]
		for _, a := range args[1:] {
			if ci.ecls == clsFloat {
				bf, af := best.Float(), a.Float()
				if math.IsNaN(af) || math.IsNaN(bf) {
					best = Float(math.NaN())
					continue
				}
				if (name == "min" && (af < bf || af == bf && math.Signbit(af))) || (name == "max" && (af > bf || af == bf && !math.Signbit(af))) {
					best = a
				}
				continue
			}
			var lt bool
			switch ci.ecls {
			case clsInt:
				lt = a.Int() < best.Int()
			case clsUint:
				lt = a.n < best.n
			case clsString:
				lt = a.Str() < best.Str()
			}
			gt := !lt && !Equal(a, best)
			if (name == "min" && lt) || (name == "max" && gt) {
				best = a
			}
		}
		return best
	case "complex":
		c := complex(args[0].Float(), args[1].Float())
		if ci.ecls == clsFloat && ci.args != nil {
			if _, ii := classify(ci.args[0]); ii.bits == 32 {
				c = complex128(complex64(c))
			}
		}
		return Complex(c)
	case "real":
		return Float(real(args[0].Complex()))
	case "imag":
		return Float(imag(args[0].Complex()))
	case "ssa:wrapnilchk":
		if args[0].p == nil {
			// compiled code (gc, Go 1.26) dereferences the nil receiver
			r.rtPanicAt(fr, in, st, "invalid memory address or nil pointer dereference")
		}
		return args[0]
	case "ssa:deferstack":
		return deferStack(fr)
	}
	if v, ok := r.unsafeBuiltin(fr, in, ci, name, args); ok { // unsafe.go
		return v
	}
	if v, ok := sizeBuiltin(name, ci.args, in.instr); ok {
		return v
	}
	u := &UnsupportedError{Construct: "built-in " + name, Pos: r.pos(in)}
	panic(u)
}

// copiedStore returns the last store that a cell copied from src by
// append or copy records: src's own for a value that is not an aggregate
// (the copy moves that value: a load of the copy depends on the store
// that wrote it, as the encoding and slices need), else the builtin's
// event st (an aggregate's parts keep one store each, which a copy does
// not carry over).
func copiedStore(src cell, st EventID) EventID {
	if src.st >= 0 && !src.v.isAgg() {
		return src.st
	}
	return st
}

// appendValues implements append(s, t...), t a slice or (for []byte) a
// string, growing like the Go runtime. An element appended from a slice
// records its source cell's last store (see copiedStore) in a run that
// records, one from a string the append's event st.
func appendValues(ci *callInfo, s, t Value, st EventID) Value {
	old := s.slice()
	if t.k == KindString {
		str := t.Str()
		if len(str) == 0 {
			return s
		}
		ns := grown(ci, old, len(old)+len(str))
		for i := 0; i < len(str); i++ {
			storeInto(&ns[len(old)+i], Uint(uint64(str[i])), st)
		}
		return sliceOf(ns)
	}
	src := t.slice()
	if len(src) == 0 {
		return s
	}
	ns := grown(ci, old, len(old)+len(src))
	storeCells(ns[len(old):], src, st, st >= 0)
	return sliceOf(ns)
}

// grown returns old resliced to length n if its capacity allows, else a
// copy of old of length n in a new array grown as the Go runtime grows
// it, its cells past old's for the caller to set and those past n zero.
func grown(ci *callInfo, old []cell, n int) []cell {
	if n <= cap(old) {
		return old[:n]
	}
	c := growCap(n, cap(old), ci.esize, ci.noscan)
	ns := make([]cell, n, c)
	for i := range old {
		ns[i] = cell{v: copyVal(old[i].v), st: old[i].st}
	}
	full := ns[:c]
	for i := n; i < c; i++ {
		full[i] = cell{v: copyVal(ci.ez), st: NoEvent}
	}
	return ns
}

// storeCells stores the values of src into the cells of dst, as long:
// copy(dst, src), or append's store of src. Each cell records the store
// copiedStore gives if keep (src's own where it is not an aggregate and
// has one, else st), else st. The cells are stored in memmove's order
// (src and dst may overlap: the last first when dst starts after src),
// so that no cell is read once overwritten; each in place (storeInto),
// or, when no value of src is copied when stored (no aggregate nor
// native value), by copy's memmove, the stores fixed after.
func storeCells(dst, src []cell, st EventID, keep bool) {
	if flatCells(src) {
		copy(dst, src)
		for i := range dst {
			if !keep || dst[i].st < 0 {
				dst[i].st = st
			}
		}
		return
	}
	e := func(c cell) EventID {
		if keep {
			return copiedStore(c, st)
		}
		return st
	}
	if len(dst) > 0 && uintptr(unsafe.Pointer(&dst[0])) > uintptr(unsafe.Pointer(&src[0])) {
		for i := len(src) - 1; i >= 0; i-- {
			storeInto(&dst[i], src[i].v, e(src[i]))
		}
		return
	}
	for i := range src {
		storeInto(&dst[i], src[i].v, e(src[i]))
	}
}

// flatCells reports whether no value of cs is copied when stored (an
// aggregate or a native value, see copied).
func flatCells(cs []cell) bool {
	for i := range cs {
		if copied(cs[i].v.k) {
			return false
		}
	}
	return true
}

// printValue formats v, of static type t, as the runtime's print does:
// floats in the shortest 'g' form of their size (Go 1.26), pointers, maps,
// channels and funcs as an address (0x0 when nil), slices as
// [len/cap]address, interfaces as (type,data) words.
func printValue(v Value, t types.Type) string {
	bits := 64
	if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Float32 || ok && b.Kind() == types.Complex64 {
		bits = 32
	}
	switch v.k {
	case KindBool:
		return strconv.FormatBool(v.Bool())
	case KindInt:
		return strconv.FormatInt(v.Int(), 10)
	case KindUint:
		if b, ok := t.Underlying().(*types.Basic); ok && (b.Kind() == types.Uintptr || b.Kind() == types.UnsafePointer) {
			return "0x" + strconv.FormatUint(v.n, 16)
		}
		return strconv.FormatUint(v.n, 10)
	case KindFloat:
		return strconv.FormatFloat(v.Float(), 'g', -1, bits)
	case KindComplex:
		return strconv.FormatComplex(v.Complex(), 'g', -1, 2*bits)
	case KindString:
		return v.Str()
	case KindSlice:
		return fmt.Sprintf("[%d/%d]%s", v.Len(), cap(v.slice()), printAddr(unsafe.Pointer(unsafe.SliceData(v.slice()))))
	case KindPointer, KindMap, KindChan, KindFunc:
		return printAddr(v.p)
	case KindInterface:
		if v.p == nil {
			return "(0x0,0x0)"
		}
		return fmt.Sprintf("(%s,%s)", printAddr(v.p), printAddr(v.p)) // no type word here: the box twice
	}
	return v.String()
}

// printAddr formats an address as print does; interpreted objects print
// their (native) address.
func printAddr(p unsafe.Pointer) string {
	return "0x" + strconv.FormatUint(uint64(uintptr(p)), 16)
}

// sizeBuiltin runs unsafe.Sizeof and unsafe.Alignof where they are not
// constants (operands of type-parameter type, in instantiated code): the
// compiler's size and alignment of the static operand type.
func sizeBuiltin(name string, args []types.Type, instr ssa.Instruction) (Value, bool) {
	if len(args) != 1 || gcSizes == nil {
		return Value{}, false
	}
	switch name {
	case "Sizeof":
		return Uint(uint64(gcSizes.Sizeof(args[0]))), true
	case "Alignof":
		return Uint(uint64(gcSizes.Alignof(args[0]))), true
	case "Offsetof":
		// go/ssa passes the field's value; its selector x.f is the operand:
		// a Field, or a load from a FieldAddr. A promoted field (x.f through
		// an embedded struct) is measured from x, which the operand no longer
		// shows: left unsupported, as is any other operand.
		call, ok := instr.(ssa.CallInstruction)
		if !ok {
			return Value{}, false
		}
		var st types.Type
		var field int
		switch x := call.Common().Args[0].(type) {
		case *ssa.Field:
			st, field = x.X.Type(), x.Field
		case *ssa.UnOp:
			fa, ok := x.X.(*ssa.FieldAddr)
			if !ok || x.Op != token.MUL {
				return Value{}, false
			}
			st, field = deref(fa.X.Type()), fa.Field
		default:
			return Value{}, false
		}
		s, ok := st.Underlying().(*types.Struct)
		if !ok {
			return Value{}, false
		}
		switch x := call.Common().Args[0].(type) {
		case *ssa.Field:
			if embeddedSel(x.X) {
				return Value{}, false
			}
		case *ssa.UnOp:
			if embeddedSel(x.X.(*ssa.FieldAddr).X) {
				return Value{}, false
			}
		}
		fields := make([]*types.Var, s.NumFields())
		for i := range fields {
			fields[i] = s.Field(i)
		}
		return Uint(uint64(gcSizes.Offsetsof(fields)[field])), true
	}
	return Value{}, false
}

// embeddedSel reports whether v selects an embedded field.
func embeddedSel(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Field:
		return structField(v.X.Type(), v.Field).Embedded()
	case *ssa.FieldAddr:
		return structField(deref(v.X.Type()), v.Field).Embedded()
	}
	return false
}

func structField(t types.Type, i int) *types.Var {
	return t.Underlying().(*types.Struct).Field(i)
}
