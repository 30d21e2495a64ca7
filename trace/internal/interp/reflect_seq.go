package interp

import (
	"go/types"
	"reflect"
)

// reflect.Value's Seq and Seq2 over interpreted values: the iterator is
// an interpreted func value whose body runs here (a closure with ext),
// calling the program's yield with each element as reflect's iterators
// give it: for an integer n, the values 0 to n-1 of its type; for an
// array, a pointer to one, a slice or a string, the indices (of a
// string, the byte offsets of its runes), and with Seq2 the elements
// (the runes); for a map, its keys and elements, in the order of its
// MapRange; for a func that is a range-over-func iterator, what it
// yields. Channels and values that live natively stop the run with a
// *BridgeError.

// rvEach calls yield with the pairs Seq2 gives for v (Seq gives the
// first of each), until yield returns false.
func (r *run) rvEach(fr *frame, in *ins, v rvalue, method string, two bool, yield func(k, e rvalue) bool) {
	if _, ok := v.native(); ok || v.t == nil || v.t.t == nil {
		panic(&BridgeError{Func: "(reflect.Value)." + method, CallSite: r.pos(in), Reason: "iterating a value that lives natively"})
	}
	intType := types.Typ[types.Int]
	if sig, ok := v.t.t.Underlying().(*types.Signature); ok {
		elems, ok := rangeFuncElems(sig)
		if ok && (len(elems) == 2) == two {
			r.rangeFunc(fr, in, v, elems, yield)
			return
		}
	}
	switch k := v.kind(); {
	case !two && (isIntKind(k) || isUintKind(k)):
		x := r.get(fr, in, v)
		n := x.n
		if isIntKind(k) && int64(n) < 0 {
			n = 0
		}
		for i := uint64(0); i < n; i++ {
			if !yield(r.rvOf(v.t.t, Value{k: x.k, n: i}, 0), rvalue{}) {
				return
			}
		}
		return
	case k == reflect.Pointer && reflectKind(elemType(v.t.t)) == reflect.Array:
		v = r.elem(fr, in, v)
		fallthrough
	case k == reflect.Array || k == reflect.Slice:
		for i := range r.length(fr, in, v) {
			var e rvalue
			if two {
				e = r.rvIndex(fr, in, v, i)
			}
			if !yield(r.rvOf(intType, Int(int64(i)), 0), e) {
				return
			}
		}
		return
	case k == reflect.String:
		for i, c := range r.get(fr, in, v).Str() {
			if !yield(r.rvOf(intType, Int(int64(i)), 0), r.rvOf(types.Typ[types.Int32], Int(int64(c)), 0)) {
				return
			}
		}
		return
	case k == reflect.Chan:
		panic(&BridgeError{Func: "(reflect.Value)." + method, CallSite: r.pos(in), Reason: "iterating a channel"})
	case k == reflect.Map:
		mt := v.t.t.Underlying().(*types.Map)
		m := r.get(fr, in, v)
		it := &mapIter{m: v, mv: m, keys: MapKeys(m)}
		for it.next() {
			if !yield(r.rvOf(mt.Key(), it.k, v.f&flagRO), r.rvOf(mt.Elem(), copyVal(it.vv), v.f&flagRO)) {
				return
			}
		}
		return
	}
	panic(&InternalError{Value: "reflect.Value." + method + " of a " + v.t.String(), Pos: r.pos(in)}) // seqCheck let it through
}

// seqCheck panics as reflect's Seq (two: Seq2) does when v cannot
// produce an iterator.
func (r *run) seqCheck(fr *frame, in *ins, v rvalue, two bool) {
	if v.t == nil {
		panic(&reflect.ValueError{Method: "reflect.Value.Type", Kind: reflect.Invalid})
	}
	if _, ok := v.native(); !ok && v.t.t != nil {
		if sig, ok := v.t.t.Underlying().(*types.Signature); ok {
			if elems, ok := rangeFuncElems(sig); ok && (len(elems) == 2) == two {
				return
			}
		}
	}
	switch k := v.kind(); {
	case !two && (isIntKind(k) || isUintKind(k)), k == reflect.Array, k == reflect.Slice, k == reflect.String, k == reflect.Map, k == reflect.Chan && !two:
		return
	case k == reflect.Pointer && v.t.t != nil && reflectKind(elemType(v.t.t)) == reflect.Array:
		return
	}
	seq := "iter.Seq[Value]"
	if two {
		seq = "iter.Seq2[Value, Value]"
	}
	panic("reflect: " + v.t.String() + " cannot produce " + seq)
}

// rangeFuncElems returns the element types of sig if it is a
// range-over-func iterator, func(yield func(E...) bool) with one or two
// Es.
func rangeFuncElems(sig *types.Signature) ([]types.Type, bool) {
	if sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return nil, false
	}
	y, ok := sig.Params().At(0).Type().Underlying().(*types.Signature)
	if !ok || y.Params().Len() < 1 || y.Params().Len() > 2 || y.Results().Len() != 1 || !isBoolType(y.Results().At(0).Type()) {
		return nil, false
	}
	var elems []types.Type
	for i := range y.Params().Len() {
		elems = append(elems, y.Params().At(i).Type())
	}
	return elems, true
}

func isBoolType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// rangeFunc calls the interpreted iterator v with a yield that passes
// what it yields, as reflect.Values, to yield.
func (r *run) rangeFunc(fr *frame, in *ins, v rvalue, elems []types.Type, yield func(k, e rvalue) bool) {
	y := &closure{name: "reflect.Value.Seq's yield", ext: func(r *run, fr *frame, in *ins, args []Value) Value {
		k := r.rvOf(elems[0], copyVal(args[0]), 0)
		var e rvalue
		if len(elems) == 2 {
			e = r.rvOf(elems[1], copyVal(args[1]), 0)
		}
		return Bool(yield(k, e))
	}}
	r.callValue(fr, in, r.get(fr, in, v), []Value{{k: KindFunc, p: ptrOf(y)}})
}

func isIntKind(k reflect.Kind) bool { return k >= reflect.Int && k <= reflect.Int64 }

func isUintKind(k reflect.Kind) bool { return k >= reflect.Uint && k <= reflect.Uintptr }

func init() {
	for _, method := range []string{"Seq", "Seq2"} {
		two := method == "Seq2"
		bridges["(reflect.Value)."+method] = func(r *run, fr *frame, in *ins, args []Value) Value {
			v := rvArg(args[0])
			r.seqCheck(fr, in, v, two)
			seq := &closure{name: "reflect.Value." + method + "'s iterator", ext: func(r *run, fr *frame, in *ins, args []Value) Value {
				yield := args[0]
				r.rvEach(fr, in, v, method, two, func(k, e rvalue) bool {
					ys := []Value{rvBox(k)}
					if two {
						ys = append(ys, rvBox(e))
					}
					return r.callValue(fr, in, yield, ys).Bool()
				})
				return Value{}
			}}
			return Value{k: KindFunc, p: ptrOf(seq)}
		}
	}
}
