package interp

import (
	"go/types"
	"reflect"
	"sort"

	"github.com/faultloc/faultloc/trace/internal/stdtable"
)

// Maps that keep their native identity. A value of one of the standard
// map types of stdtable.Maps (http.Header) crossing from native code is a
// view of the native map: every operation of interpreted code on it
// reads or changes the native map, so that a header the interpreted code
// sets on a Request or a ResponseWriter is the one native code reads. An
// interpreted map of such a type (a composite literal) becomes a view of
// a native copy the first time it crosses to native code.

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
// its entries.
func (m *mapObj) becomeView(r *run, nm reflect.Value, t types.Type) {
	mt := t.Underlying().(*types.Map)
	m.nat = &natMap{r: r, rv: nm, kt: mt.Key(), et: mt.Elem()}
	m.idx, m.ents, m.nlive = nil, nil, 0
}

func (n *natMap) key(k Value) reflect.Value {
	x, err := n.r.toNative(nil, nil, k, n.kt, n.rv.Type().Key())
	if err != nil {
		panic(&BridgeError{Func: "key of native " + n.rv.Type().String(), Reason: err.Error()})
	}
	return x
}

func (n *natMap) entry(k Value, x reflect.Value) *mentry {
	v, err := n.r.fromNative(x, n.et)
	if err != nil {
		panic(&BridgeError{Func: "element of native " + n.rv.Type().String(), Reason: err.Error()})
	}
	return &mentry{k: k, c: cell{v: v, st: NoEvent}}
}

func (n *natMap) lookup(k Value) *mentry {
	x := n.rv.MapIndex(n.key(k))
	if !x.IsValid() {
		return nil
	}
	return n.entry(k, x)
}

func (n *natMap) set(k, v Value) {
	x, err := n.r.toNative(nil, nil, v, n.et, n.rv.Type().Elem())
	if err != nil {
		panic(&BridgeError{Func: "element of native " + n.rv.Type().String(), Reason: err.Error()})
	}
	n.rv.SetMapIndex(n.key(k), x)
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
		out[i] = n.entry(kv, n.rv.MapIndex(k))
	}
	return out
}

func lessNative(a, b reflect.Value) bool {
	if a.Kind() == reflect.String && b.Kind() == reflect.String {
		return a.String() < b.String()
	}
	return a.String() < b.String()
}
