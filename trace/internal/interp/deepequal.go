package interp

import (
	"reflect"
	"unsafe"
)

// deepEqual is reflect.DeepEqual over interpreted values, called by the
// instruction in of frame fr of run r. Like reflect's, it compares a pair
// of references (pointers, slices, maps, interfaces) once: a pair met
// again counts as equal, which ends cycles and shares the work of a
// graph's shared parts. Its work, a step for each pair of values it
// compares, counts against the run's step budget and ends at the end of
// the run's context (run.work); native values are compared natively, in
// a native call the run may give up (callNative). A nil r counts nothing:
// values native code made, outside a bridge's call.
func (r *run) deepEqual(fr *frame, in *ins, a, b Value) bool {
	// The pairs left to compare: a pair of values, or pairs of cells
	// (as[i] with bs[i]) when as is not nil. A stack of them, not a
	// recursion, so that a long list does not need a deep Go stack.
	type todo struct {
		a, b   Value
		as, bs []cell
	}
	// A pair of references compared already or being compared.
	type visit struct {
		k    Kind
		a, b unsafe.Pointer
		n    int
	}
	var visited map[visit]bool
	seen := func(v visit) bool {
		if visited == nil {
			visited = map[visit]bool{}
		}
		if visited[v] {
			return true
		}
		visited[v] = true
		return false
	}
	push := func(stack []todo, as, bs []cell) []todo {
		if len(as) == 0 {
			return stack
		}
		return append(stack, todo{as: as, bs: bs})
	}
	stack := []todo{{a: a, b: b}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.as != nil {
			if len(top.as) == 0 {
				stack = stack[:len(stack)-1]
				continue
			}
			a, b = top.as[0].v, top.bs[0].v
			top.as, top.bs = top.as[1:], top.bs[1:]
		} else {
			a, b = top.a, top.b
			stack = stack[:len(stack)-1]
		}
		if r != nil {
			r.work(fr, in, 1)
		}
		if a.k != b.k {
			// a pointer to a native variable made by interpreted code
			// (new(big.Int)) and a native pointer (big.NewInt's):
			// compared natively
			x, xok := nativePointer(a)
			y, yok := nativePointer(b)
			if !xok || !yok || !r.nativeDeepEqual(x, y) {
				return false
			}
			continue
		}
		switch a.k {
		case KindInterface:
			if a.p == nil || b.p == nil {
				if a.p != b.p {
					return false
				}
				continue
			}
			ai, bi := (*iface)(a.p), (*iface)(b.p)
			if ai.nat != nil || bi.nat != nil {
				// a value native code made against one interpreted code
				// holds natively (a url.URL from reflect's Elem().Interface()
				// and a new(url.URL)'s): compared natively
				x, xok := ifaceNative(ai)
				y, yok := ifaceNative(bi)
				if !xok || !yok || !r.nativeDeepEqual(x, y) {
					return false
				}
				continue
			}
			if ai.t.id != bi.t.id {
				return false
			}
			if !seen(visit{k: KindInterface, a: a.p, b: b.p}) {
				stack = append(stack, todo{a: ai.v, b: bi.v})
			}
		case KindPointer:
			if a.p == b.p {
				continue
			}
			if a.p == nil || b.p == nil {
				return false
			}
			if !seen(visit{k: KindPointer, a: a.p, b: b.p}) {
				stack = push(stack, unsafe.Slice((*cell)(a.p), 1), unsafe.Slice((*cell)(b.p), 1))
			}
		case KindSlice:
			if (a.p == nil) != (b.p == nil) {
				return false
			}
			as, bs := a.slice(), b.slice()
			if len(as) != len(bs) {
				return false
			}
			if len(as) == 0 || &as[0] == &bs[0] {
				continue // the same elements: equal, as reflect's
			}
			if !seen(visit{k: KindSlice, a: unsafe.Pointer(&as[0]), b: unsafe.Pointer(&bs[0]), n: len(as)}) {
				stack = push(stack, as, bs)
			}
		case KindStruct, KindArray:
			ac, bc := a.cells(), b.cells()
			if len(ac) != len(bc) {
				return false
			}
			stack = push(stack, ac, bc)
		case KindMap:
			if (a.p == nil) != (b.p == nil) {
				return false
			}
			if a.p == b.p {
				continue
			}
			am, bm := (*mapObj)(a.p), (*mapObj)(b.p)
			if am.len() != bm.len() {
				return false
			}
			if seen(visit{k: KindMap, a: a.p, b: b.p}) {
				continue
			}
			for _, e := range am.live() {
				o := bm.lookup(e.k)
				if o == nil {
					return false
				}
				stack = append(stack, todo{a: e.c.v, b: o.c.v})
			}
		case KindFunc:
			if a.p != nil || b.p != nil {
				return false
			}
		case KindNative:
			// A value of a standard type living natively (time.Location,
			// big.Int...): reflect.DeepEqual on the native values.
			if a.p == nil || b.p == nil {
				if a.p != b.p {
					return false
				}
				continue
			}
			if !r.nativeDeepEqual((*nativeBox)(a.p).rv.Interface(), (*nativeBox)(b.p).rv.Interface()) {
				return false
			}
		default:
			if !Equal(a, b) {
				return false
			}
		}
	}
	return true
}

// nativeDeepEqual is reflect.DeepEqual on native values, in a native call
// of run r if r is not nil.
func (r *run) nativeDeepEqual(x, y any) bool {
	if r == nil {
		return reflect.DeepEqual(x, y)
	}
	var eq bool
	r.callNative(func() []reflect.Value {
		eq = reflect.DeepEqual(x, y)
		return nil
	})
	return eq
}
