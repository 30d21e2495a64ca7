package bridge

import (
	"fmt"
	"go/types"
	"reflect"
	"sort"
	"unicode"
	"unicode/utf8"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// A mirror converts between interpreted values and native ones of a
// native type built with reflect to stand for the interpreted type
// (StructOf, SliceOf, MapOf, PointerTo...: the exported fields with their
// names, tags and embedding; named types become their underlying type;
// the standard types whose values live natively stay themselves), for a
// native function that reflects on its arguments: testing/quick's Check
// and CheckEqual (quick.go) generate their arguments on the mirrors of
// the parameter types. What cannot be mirrored is a *BridgeError naming
// the call: a type of another package out of scope, a recursive type, an
// embedded pointer to an unexported struct.
type mirror struct {
	c      interp.Call
	name   string                      // the bridge, for errors
	types  map[types.Type]reflect.Type // mirrors made
	fields map[reflect.Type][]int      // a struct mirror's field j is the interpreted struct's field fields[rt][j]
	busy   map[types.Type]bool         // types being mirrored (recursion)
}

func newMirror(c interp.Call, name string) *mirror {
	return &mirror{c: c, name: name, types: map[types.Type]reflect.Type{},
		fields: map[reflect.Type][]int{}, busy: map[types.Type]bool{}}
}

// fail stops the run with a *BridgeError.
func (m *mirror) fail(format string, args ...any) {
	panic(&interp.BridgeError{Func: m.name, CallSite: m.c.Pos(), Reason: fmt.Sprintf(format, args...)})
}

// inScope reports whether the package of named type n is interpreted
// from source.
func (m *mirror) inScope(n *types.Named) bool {
	return n.Obj().Pkg() != nil && m.c.InScope(m.c.Program().SSA.Package(n.Obj().Pkg()))
}

// typeOf returns t's mirror.
func (m *mirror) typeOf(t types.Type) reflect.Type {
	if rt, ok := m.types[t]; ok {
		return rt
	}
	if m.busy[t] {
		m.fail("recursive type %s cannot be mirrored natively", t)
	}
	m.busy[t] = true
	defer delete(m.busy, t)
	rt := m.mirror(t)
	m.types[t] = rt
	return rt
}

func (m *mirror) mirror(t types.Type) reflect.Type {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		if rt := interp.NativeType(n); rt != nil {
			return rt // a standard type whose values live natively
		}
		if !m.inScope(n) {
			m.fail("type %s of a package out of scope has no native counterpart", t)
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if rt := interp.NativeType(u); rt != nil {
			return rt
		}
	case *types.Pointer:
		return reflect.PointerTo(m.typeOf(u.Elem()))
	case *types.Slice:
		return reflect.SliceOf(m.typeOf(u.Elem()))
	case *types.Array:
		return reflect.ArrayOf(int(u.Len()), m.typeOf(u.Elem()))
	case *types.Map:
		return reflect.MapOf(m.typeOf(u.Key()), m.typeOf(u.Elem()))
	case *types.Chan:
		return reflect.ChanOf(reflect.BothDir, m.typeOf(u.Elem()))
	case *types.Signature:
		return m.funcOf(u)
	case *types.Interface:
		return reflect.TypeFor[any]()
	case *types.Struct:
		return m.structOf(t, u)
	}
	m.fail("type %s cannot be mirrored natively", t)
	return nil
}

// funcOf mirrors signature sig: error as error, the other parameters and
// results as typeOf mirrors them.
func (m *mirror) funcOf(sig *types.Signature) reflect.Type {
	of := func(tu *types.Tuple) []reflect.Type {
		var rts []reflect.Type
		for i := range tu.Len() {
			t := tu.At(i).Type()
			if types.Identical(t, types.Universe.Lookup("error").Type()) {
				rts = append(rts, reflect.TypeFor[error]())
			} else {
				rts = append(rts, m.typeOf(t))
			}
		}
		return rts
	}
	return reflect.FuncOf(of(sig.Params()), of(sig.Results()), sig.Variadic())
}

// structOf mirrors struct type t (underlying s): its exported fields, and
// its embedded structs, with their tags.
func (m *mirror) structOf(t types.Type, s *types.Struct) reflect.Type {
	var fs []reflect.StructField
	var idx []int
	for i := range s.NumFields() {
		f := s.Field(i)
		ft := f.Type()
		if f.Embedded() {
			et := ft
			ptr := false
			if p, ok := et.Underlying().(*types.Pointer); ok {
				et, ptr = p.Elem(), true
			}
			_, isStruct := et.Underlying().(*types.Struct)
			if !f.Exported() && !isStruct {
				continue
			}
			if !f.Exported() && ptr {
				m.fail("embedded pointer to unexported struct %s (in %s) cannot be mirrored natively", et, t)
			}
			name := f.Name()
			if !f.Exported() {
				// reflect wants an embedded field exported.
				r, n := utf8.DecodeRuneInString(name)
				name = string(unicode.ToUpper(r)) + name[n:]
			}
			fs = append(fs, reflect.StructField{Name: name, Type: m.typeOf(ft), Tag: reflect.StructTag(s.Tag(i)), Anonymous: true})
			idx = append(idx, i)
			continue
		}
		if !f.Exported() {
			continue
		}
		fs = append(fs, reflect.StructField{Name: f.Name(), Type: m.typeOf(ft), Tag: reflect.StructTag(s.Tag(i))})
		idx = append(idx, i)
	}
	var rt reflect.Type
	func() {
		defer func() {
			if x := recover(); x != nil {
				m.fail("struct %s cannot be mirrored natively: %v", t, x)
			}
		}()
		rt = reflect.StructOf(fs)
	}()
	m.fields[rt] = idx
	return rt
}

// toNative converts v, of static type t, into its mirror rt.
func (m *mirror) toNative(v interp.Value, t types.Type, rt reflect.Type) reflect.Value {
	nv := reflect.New(rt).Elem()
	if idx, ok := m.fields[rt]; ok { // a struct mirror
		s := t.Underlying().(*types.Struct)
		for j, i := range idx {
			nv.Field(j).Set(m.toNative(v.Index(i), s.Field(i).Type(), rt.Field(j).Type))
		}
		return nv
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		if v.IsNil() {
			return nv
		}
		p := reflect.New(rt.Elem())
		p.Elem().Set(m.toNative(v.Elem(), u.Elem(), rt.Elem()))
		return p
	case *types.Slice:
		if v.IsNil() {
			return nv
		}
		nv = reflect.MakeSlice(rt, v.Len(), interp.Cap(v))
		for i := range v.Len() {
			nv.Index(i).Set(m.toNative(v.Index(i), u.Elem(), rt.Elem()))
		}
		return nv
	case *types.Array:
		for i := range v.Len() {
			nv.Index(i).Set(m.toNative(v.Index(i), u.Elem(), rt.Elem()))
		}
		return nv
	case *types.Map:
		if v.IsNil() {
			return nv
		}
		nv = reflect.MakeMap(rt)
		for _, kv := range interp.MapKeys(v) {
			ev, _ := interp.MapIndex(v, kv)
			nv.SetMapIndex(m.toNative(kv, u.Key(), rt.Key()), m.toNative(ev, u.Elem(), rt.Elem()))
		}
		return nv
	case *types.Interface:
		if v.IsNil() {
			return nv
		}
		if nat := interp.NativeDynamic(v); nat != nil {
			nv.Set(reflect.ValueOf(nat))
			return nv
		}
		dt := v.DynamicType()
		nv.Set(m.toNative(v.Elem(), dt, m.typeOf(dt)))
		return nv
	case *types.Chan, *types.Signature:
		return nv // a nil channel or func: no value crosses
	}
	x, err := m.c.ToNative(v, t, rt) // basic kinds and native types
	if err != nil {
		m.fail("%v", err)
	}
	return x
}

// back returns the interpreted value of static type t that the mirror
// value nv stands for, made from zero.
func (m *mirror) back(nv reflect.Value, t types.Type) interp.Value {
	c := m.c
	if idx, ok := m.fields[nv.Type()]; ok { // a struct mirror
		s := t.Underlying().(*types.Struct)
		v := c.Zero(t)
		for j, i := range idx {
			interp.Store(interp.IndexAddr(v, i), m.back(nv.Field(j), s.Field(i).Type()))
		}
		return v
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		if nv.IsNil() {
			return interp.Nil(interp.KindPointer)
		}
		p := c.New(u.Elem())
		interp.Store(p, m.back(nv.Elem(), u.Elem()))
		return p
	case *types.Slice:
		if nv.IsNil() {
			return interp.Nil(interp.KindSlice)
		}
		s := c.MakeSlice(t, nv.Len(), nv.Cap())
		for i := range nv.Len() {
			interp.Store(interp.IndexAddr(s, i), m.back(nv.Index(i), u.Elem()))
		}
		return s
	case *types.Array:
		v := c.Zero(t)
		for i := range nv.Len() {
			interp.Store(interp.IndexAddr(v, i), m.back(nv.Index(i), u.Elem()))
		}
		return v
	case *types.Map:
		if nv.IsNil() {
			return interp.Nil(interp.KindMap)
		}
		mv := interp.MakeMap()
		keys := nv.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		for _, k := range keys {
			interp.MapSet(mv, m.back(k, u.Key()), m.back(nv.MapIndex(k), u.Elem()))
		}
		return mv
	case *types.Interface:
		if nv.IsNil() {
			return interp.Nil(interp.KindInterface)
		}
		e := nv.Elem()
		dt := dynamicType(e.Type())
		if dt == nil {
			return c.NativeValue(e.Interface())
		}
		return c.Interface(dt, m.back(e, dt))
	}
	v, err := c.FromNative(nv, t)
	if err != nil {
		m.fail("%v", err)
	}
	return v
}

// anyType is the interpreted any; dynamicType returns the interpreted
// type of a native value held in an interface of a mirror whose type the
// interpreter names without a program type (bool, float64, string, []any,
// map[string]any), nil for others.
var anyType = types.NewInterfaceType(nil, nil).Complete()

func dynamicType(rt reflect.Type) types.Type {
	switch rt.Kind() {
	case reflect.Bool:
		return types.Typ[types.Bool]
	case reflect.Float64:
		return types.Typ[types.Float64]
	case reflect.String:
		return types.Typ[types.String]
	case reflect.Slice:
		if rt.Elem().Kind() == reflect.Interface {
			return types.NewSlice(anyType)
		}
	case reflect.Map:
		if rt.Key().Kind() == reflect.String && rt.Elem().Kind() == reflect.Interface {
			return types.NewMap(types.Typ[types.String], anyType)
		}
	}
	return nil
}

// ifaceArg returns the dynamic type and value of an interface argument
// (nil type for a nil interface), or the native value it holds.
func ifaceArg(v interp.Value) (types.Type, interp.Value, any) {
	if v.IsNil() {
		return nil, interp.Value{}, nil
	}
	if nat := interp.NativeDynamic(v); nat != nil {
		return nil, interp.Value{}, nat
	}
	return v.DynamicType(), v.Elem(), nil
}
