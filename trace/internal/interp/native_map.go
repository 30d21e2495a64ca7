package interp

import (
	"go/types"
	"reflect"
	"sort"
	"sync"
	"unsafe"

	"github.com/faultloc/faultloc/trace/internal/stdtable"
)

// Maps that keep their native identity. A value of one of the standard
// map types of stdtable.Maps (http.Header) crossing from native code is a
// view of the native map: every operation of interpreted code on it
// reads or changes the native map, so that a header the interpreted code
// sets on a Request or a ResponseWriter is the one native code reads. An
// interpreted map of such a type (a composite literal) becomes a view of
// a native copy the first time it crosses to native code.
//
// A native map holds no events, so the run remembers, per native map it
// views (natStores), the event of the last store interpreted code made
// to each key and the element stored: a read of the key through any view
// of the map (each crossing makes a new one) depends on that store, as a
// read of an interpreted map's entry does, unless native code has put
// another element there since. A header a handler sets on a
// ResponseWriter is then in the slice of the test that reads it back.

// natMap is the native map an interpreted map views, and how its keys
// and elements convert.
type natMap struct {
	r      *run
	rv     reflect.Value
	kt, et types.Type
}

// viewMapType reports whether native maps of type rt are viewed (see
// stdtable.Maps).
func viewMapType(rt reflect.Type) bool {
	if rt.Kind() != reflect.Map || rt.Name() == "" {
		return false
	}
	return stdtable.Maps[rt.PkgPath()+"."+rt.Name()] == rt
}

// mapView returns an interpreted map viewing native rv (non-nil) of
// interpreted type t.
func (r *run) mapView(rv reflect.Value, t types.Type) Value {
	mt := t.Underlying().(*types.Map)
	return Value{k: KindMap, p: ptrOf(&mapObj{nat: &natMap{r: r, rv: rv, kt: mt.Key(), et: mt.Elem()}})}
}

// becomeView makes interpreted map m a view of native nm, which holds
// its entries (their stores' events remembered).
func (m *mapObj) becomeView(r *run, nm reflect.Value, t types.Type) {
	mt := t.Underlying().(*types.Map)
	n := &natMap{r: r, rv: nm, kt: mt.Key(), et: mt.Elem()}
	for _, e := range m.live() {
		if e.c.st != NoEvent {
			k := n.key(e.k)
			n.stored(k, nm.MapIndex(k), e.c.st)
		}
	}
	m.nat = n
	m.idx, m.ents, m.nlive = nil, nil, 0
}

// natStores is what a run remembers of interpreted code's stores into
// the native maps it views: by map, by key, the last store's event and
// the element it stored.
type natStores struct {
	mu sync.Mutex
	m  map[unsafe.Pointer]map[any]natStore
}

type natStore struct {
	ev EventID
	x  reflect.Value
}

// stores returns the run's record of stores into native maps, made on
// first use.
func (r *run) stores() *natStores {
	if r.natSt == nil {
		r.natSt = &natStores{m: map[unsafe.Pointer]map[any]natStore{}}
	}
	return r.natSt
}

// stored records that interpreted code stored x at native key k by event
// ev (NoEvent: forget the key's store).
func (n *natMap) stored(k, x reflect.Value, ev EventID) {
	if ev == NoEvent && n.r.natSt == nil {
		return // nothing remembered to forget (an untraced run stores none)
	}
	st := n.r.stores()
	st.mu.Lock()
	defer st.mu.Unlock()
	id := n.rv.UnsafePointer()
	byKey := st.m[id]
	if ev == NoEvent {
		delete(byKey, k.Interface())
		return
	}
	if byKey == nil {
		byKey = map[any]natStore{}
		st.m[id] = byKey
	}
	byKey[k.Interface()] = natStore{ev: ev, x: x}
}

// storeOf returns the event of interpreted code's last store of element
// x at native key k, or NoEvent when there was none or native code has
// stored another element there since.
func (n *natMap) storeOf(k, x reflect.Value) EventID {
	st := n.r.natSt
	if st == nil {
		return NoEvent
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	s, ok := st.m[n.rv.UnsafePointer()][k.Interface()]
	if !ok || !sameNative(s.x, x) {
		return NoEvent
	}
	return s.ev
}

// forget drops the stores remembered of the map's keys (a clear).
func (n *natMap) forget() {
	if st := n.r.natSt; st != nil {
		st.mu.Lock()
		delete(st.m, n.rv.UnsafePointer())
		st.mu.Unlock()
	}
}

// sameNative reports whether native elements a and b are the same
// element: the same slice, map, pointer, channel or function, or equal
// comparable values. Other values count as the same (native code rarely
// replaces an element by an equal-looking one).
func sameNative(a, b reflect.Value) bool {
	if !a.IsValid() || !b.IsValid() || a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Slice:
		return a.UnsafePointer() == b.UnsafePointer() && a.Len() == b.Len()
	case reflect.Map, reflect.Pointer, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return a.UnsafePointer() == b.UnsafePointer()
	}
	if a.Comparable() && b.Comparable() {
		return a.Equal(b)
	}
	return true
}

func (n *natMap) key(k Value) reflect.Value {
	x, err := n.r.toNative(nil, nil, k, n.kt, n.rv.Type().Key())
	if err != nil {
		panic(&BridgeError{Func: "key of native " + n.rv.Type().String(), Reason: err.Error()})
	}
	return x
}

// entry returns the entry of element x at native key nk (k, converted),
// stored by interpreted code's last store there if it is still x.
func (n *natMap) entry(k Value, nk, x reflect.Value) *mentry {
	v, err := n.r.fromNative(x, n.et)
	if err != nil {
		panic(&BridgeError{Func: "element of native " + n.rv.Type().String(), Reason: err.Error()})
	}
	return &mentry{k: k, c: cell{v: v, st: n.storeOf(nk, x)}}
}

func (n *natMap) lookup(k Value) *mentry {
	nk := n.key(k)
	x := n.rv.MapIndex(nk)
	if !x.IsValid() {
		return nil
	}
	return n.entry(k, nk, x)
}

// set stores v at k by event ev.
func (n *natMap) set(k, v Value, ev EventID) {
	x, err := n.r.toNative(nil, nil, v, n.et, n.rv.Type().Elem())
	if err != nil {
		panic(&BridgeError{Func: "element of native " + n.rv.Type().String(), Reason: err.Error()})
	}
	nk := n.key(k)
	n.rv.SetMapIndex(nk, x)
	n.stored(nk, n.rv.MapIndex(nk), ev)
}

// delete deletes k.
func (n *natMap) delete(k Value) {
	nk := n.key(k)
	n.rv.SetMapIndex(nk, reflect.Value{})
	n.stored(nk, reflect.Value{}, NoEvent)
}

// live lists the entries in the order of their keys' formatting (native
// maps have no insertion order).
func (n *natMap) live() []*mentry {
	keys := n.rv.MapKeys()
	sort.Slice(keys, func(i, j int) bool { return lessNative(keys[i], keys[j]) })
	out := make([]*mentry, len(keys))
	for i, k := range keys {
		kv, err := n.r.fromNative(k, n.kt)
		if err != nil {
			panic(&BridgeError{Func: "key of native " + n.rv.Type().String(), Reason: err.Error()})
		}
		out[i] = n.entry(kv, k, n.rv.MapIndex(k))
	}
	return out
}

func lessNative(a, b reflect.Value) bool {
	if a.Kind() == reflect.String && b.Kind() == reflect.String {
		return a.String() < b.String()
	}
	return a.String() < b.String()
}
