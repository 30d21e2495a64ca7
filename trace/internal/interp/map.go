package interp

import (
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// mapObj is an interpreted map. Iteration follows insertion order (rotated
// by the run's seed), one of the orders Go permits, so runs are repeatable.
type mapObj struct {
	idx   map[mkey]*mentry
	ents  []*mentry
	nlive int
	nat   *natMap // a view of a native map (native_map.go); the fields above unused
}

type mentry struct {
	k    Value
	c    cell
	dead bool
}

type mkey struct {
	p unsafe.Pointer
	n uint64
	s string
	k Kind
}

func newMap() *mapObj { return &mapObj{idx: map[mkey]*mentry{}} }

func (m *mapObj) len() int {
	if m.nat != nil {
		return m.nat.rv.Len()
	}
	return m.nlive
}

func (m *mapObj) live() []*mentry {
	if m.nat != nil {
		return m.nat.live()
	}
	out := make([]*mentry, 0, m.nlive)
	for _, e := range m.ents {
		if !e.dead {
			out = append(out, e)
		}
	}
	return out
}

func (m *mapObj) lookup(k Value) *mentry {
	if m.nat != nil {
		return m.nat.lookup(k)
	}
	return m.idx[keyOf(k)]
}

func (m *mapObj) set(k, v Value, ev EventID) {
	if m.nat != nil {
		m.nat.set(k, v, ev)
		return
	}
	key := keyOf(k)
	if e := m.idx[key]; e != nil {
		storeInto(&e.c, v, ev)
		return
	}
	e := &mentry{k: k}
	storeInto(&e.c, v, ev)
	m.idx[key] = e
	m.ents = append(m.ents, e)
	m.nlive++
}

func (m *mapObj) delete(k Value) {
	if m.nat != nil {
		m.nat.delete(k)
		return
	}
	key := keyOf(k)
	if e := m.idx[key]; e != nil {
		e.dead = true
		delete(m.idx, key)
		m.nlive--
		if len(m.ents) > 32 && m.nlive < len(m.ents)/2 {
			m.ents = m.live()
		}
	}
}

func (m *mapObj) clear() {
	if m.nat != nil {
		m.nat.rv.Clear()
		m.nat.forget()
		return
	}
	for _, e := range m.ents {
		e.dead = true
	}
	m.idx = map[mkey]*mentry{}
	m.ents = nil
	m.nlive = 0
}

func keyOf(v Value) mkey {
	switch v.k {
	case KindBool, KindInt, KindUint:
		return mkey{k: v.k, n: v.n}
	case KindFloat:
		f := v.Float()
		if f == 0 {
			f = 0 // -0 == +0
		}
		return mkey{k: v.k, n: math.Float64bits(f)}
	case KindString:
		return mkey{k: v.k, s: v.Str()}
	case KindPointer:
		return mkey{k: v.k, p: v.p}
	case KindInterface:
		if v.p == nil {
			return mkey{k: v.k}
		}
		it := (*iface)(v.p)
		if x := it.natHeld(); x != nil {
			rv := reflect.ValueOf(x)
			return mkey{k: v.k, p: nativeKey(rv), n: nativeTypeKey(rv.Type()), s: "native"}
		}
		inner := keyOf(it.v)
		if inner.s == "" && inner.p == nil {
			return mkey{k: KindInterface, n: inner.n, s: strconv.Itoa(int(it.t.id)) + ":" + strconv.Itoa(int(inner.k))}
		}
		return mkey{k: KindInterface, p: inner.p, n: inner.n, s: strconv.Itoa(int(it.t.id)) + ":" + strconv.Itoa(int(inner.k)) + ":" + inner.s}
	case KindStruct, KindArray, KindComplex:
		var sb strings.Builder
		encodeKey(&sb, v)
		return mkey{k: v.k, s: sb.String()}
	case KindNative:
		if v.p != nil {
			rv := (*nativeBox)(v.p).rv
			return mkey{k: v.k, p: nativeKey(rv), n: nativeTypeKey(rv.Type())}
		}
	}
	return mkey{k: v.k, p: v.p, n: v.n}
}

// nativeTypeKey tells native types apart in a key: two values of
// different types are different keys, whatever their pointers.
func nativeTypeKey(t reflect.Type) uint64 {
	return uint64(reflect.ValueOf(t).Pointer())
}

// nativeKeys interns the comparable native values used as map keys (or
// in them) that are not pointers: each value, by Go's ==, has one
// pointer.
var nativeKeys sync.Map

// nativeKey returns the key of native value rv as == compares it: a
// pointer-shaped value's pointer, another comparable value's interned
// pointer. The boxes that hold one native value may differ: the value,
// not its box, is the key.
func nativeKey(rv reflect.Value) unsafe.Pointer {
	switch rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.UnsafePointer:
		return rv.UnsafePointer()
	}
	if !rv.CanInterface() || !rv.Comparable() {
		return unsafe.Pointer(&rv) // never equal to another (Go panics on such a key)
	}
	id, _ := nativeKeys.LoadOrStore(eqForm(rv.Interface()), new(byte))
	return unsafe.Pointer(id.(*byte))
}

func encodeKey(sb *strings.Builder, v Value) {
	switch v.k {
	case KindStruct, KindArray:
		sb.WriteByte('{')
		for _, c := range v.cells() {
			encodeKey(sb, c.v)
			sb.WriteByte(',')
		}
		sb.WriteByte('}')
	case KindComplex:
		c := v.Complex()
		sb.WriteString(strconv.FormatFloat(real(c), 'g', -1, 64) + "," + strconv.FormatFloat(imag(c), 'g', -1, 64))
	default:
		k := keyOf(v)
		sb.WriteString(strconv.Itoa(int(k.k)))
		sb.WriteByte(':')
		sb.WriteString(strconv.FormatUint(k.n, 16))
		sb.WriteByte(':')
		sb.WriteString(strconv.FormatUint(uint64(uintptr(k.p)), 16))
		sb.WriteByte(':')
		sb.WriteString(strconv.Quote(k.s))
	}
}

// maps.Clone calls maps.clone, which the runtime implements (a
// go:linkname declaration without a body): the clone is a new interpreted
// map with the same entries, in the same order, their values copied as an
// assignment copies them and stored by the call.
func init() {
	bridges["maps.clone"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		if args[0].p == nil {
			return Value{k: KindInterface}
		}
		it := (*iface)(args[0].p)
		src := (*mapObj)(it.v.p)
		if src == nil {
			return args[0]
		}
		live := src.live()
		r.allocCells(len(live))
		m := newMap()
		for _, e := range live {
			m.set(e.k, e.c.v, r.extEv)
		}
		return Value{k: KindInterface, p: ptrOf(&iface{t: it.t, v: Value{k: KindMap, p: ptrOf(m)}})}
	}
}
