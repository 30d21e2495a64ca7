package bridge

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/types"
	"reflect"
	"sort"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// encoding/json's Marshal, MarshalIndent, Unmarshal, Encoder.Encode and
// Decoder.Decode on interpreted values (the rest of the package, values of
// no interpreted type, is in the generated table). reflect cannot see interpreted types, so each call mirrors the
// static or dynamic type of its value as a native type built with reflect
// (StructOf, SliceOf, MapOf, PointerTo...: the exported fields with their
// names, tags and embedding; named types become their underlying type;
// time.Time, json.RawMessage, json.Number and the other native types stay
// themselves), converts the value into it, lets the real encoding/json do
// the work, and for Unmarshal writes the result back into the interpreted
// value as json would have written it in place: fields json did not set
// keep their values, a non-nil pointer is decoded through, a map keeps its
// identity and gains the new keys (in sorted order, the interpreter's maps
// iterating in insertion order), a slice reuses its array up to its
// capacity.
//
// A type of the program with a MarshalJSON, MarshalText, UnmarshalJSON or
// UnmarshalText method is mirrored by jsonCB, whose methods call the
// interpreted ones (MarshalJSON first, else MarshalText quoted as a JSON
// string, as json does; a map key through MarshalText, else its string or
// integer). A value json creates while decoding (a new slice element, map
// key or value, pointee) has no interpreted value yet: its input is kept
// and decoded by the interpreted method once json returns, so such calls
// run after json's own work instead of during it, and the first error
// they return is Unmarshal's if json had none.
//
// A recursive type's inner occurrences are mirrored by jsonCB too, with no
// methods: each level is encoded or decoded by a json call of its own
// (a cyclic value fails after 1000 levels, as json's cycle check).
//
// A type whose MarshalJSON or MarshalText takes a pointer is mirrored
// behind its pointer: a *T is a jsonCB calling the methods on the
// pointer (a nil one encodes as null; decoding allocates, as json does).
//
// What cannot be mirrored is a *BridgeError, not a guess: a type of
// another package out of scope, an embedded pointer to an unexported
// struct, a T value (not a *T) whose marshaling method takes a pointer
// (json calls it only where it can take the value's address, which a
// mirror cannot tell). Messages of
// json's own errors name a mirror where they name a type: the underlying
// type of a named one ("float64"), a struct's literal.

// jsonNatives are the named types of out-of-scope packages that keep
// their native type in a mirror (their methods shape the encoding).
var jsonNatives = map[string]reflect.Type{
	"encoding/json.RawMessage": reflect.TypeFor[json.RawMessage](),
	"encoding/json.Number":     reflect.TypeFor[json.Number](),
	"time.Duration":            reflect.TypeFor[int64](), // no JSON methods: a number
}

// jsonMirror converts between interpreted values and their native mirrors
// for one call.
type jsonMirror struct {
	c      interp.Call
	name   string                      // the bridge, for errors
	types  map[types.Type]reflect.Type // mirrors made
	fields map[reflect.Type][]int      // a struct mirror's field j is the interpreted struct's field fields[rt][j]
	busy   map[types.Type]bool         // types being mirrored (recursion)
	// ptrs maps the native pointers made from interpreted pointers to
	// those, so that Unmarshal decodes through them in place.
	ptrs map[unsafe.Pointer]interp.Value
	// cbs holds the JSON and text methods of the types mirrored by
	// jsonCB (jsoncb.go).
	cbs map[types.Type]*jsonMethodSet
	// err is the first error an interpreted method returned where json
	// could not see it (see backCB).
	err error
	// depth counts the nested json calls of jsonCB's methods.
	depth int
	// plain: named types are mirrored by their underlying type, methods
	// or not, and a recursive type is an error (testing/quick's mirrors,
	// whose values reflect builds itself).
	plain bool
}

func newJSONMirror(c interp.Call, name string) *jsonMirror {
	return &jsonMirror{c: c, name: name, types: map[types.Type]reflect.Type{},
		fields: map[reflect.Type][]int{}, busy: map[types.Type]bool{}, ptrs: map[unsafe.Pointer]interp.Value{},
		cbs: map[types.Type]*jsonMethodSet{}}
}

// fail stops the run with a *BridgeError.
func (m *jsonMirror) fail(format string, args ...any) {
	panic(&interp.BridgeError{Func: m.name, CallSite: m.c.Pos(), Reason: fmt.Sprintf(format, args...)})
}

// inScope reports whether the package of named type n is interpreted
// from source.
func (m *jsonMirror) inScope(n *types.Named) bool {
	return n.Obj().Pkg() != nil && m.c.InScope(m.c.Program().SSA.Package(n.Obj().Pkg()))
}

// typeOf returns t's mirror.
func (m *jsonMirror) typeOf(t types.Type) reflect.Type {
	if rt, ok := m.types[t]; ok {
		return rt
	}
	if m.busy[t] && m.plain {
		m.fail("recursive type %s cannot be mirrored natively", t)
	}
	if m.busy[t] {
		// A recursive type: reflect cannot build it, so its inner
		// occurrences are mirrored by jsonCB, which encodes and decodes
		// one level at a time (jsoncb.go).
		if m.cbs[t] == nil {
			m.cbs[t] = &jsonMethodSet{}
		}
		return jsonCBType
	}
	m.busy[t] = true
	defer delete(m.busy, t)
	rt := m.mirror(t)
	m.types[t] = rt
	return rt
}

func (m *jsonMirror) mirror(t types.Type) reflect.Type {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		name := n.Obj().Pkg().Path() + "." + n.Obj().Name()
		if rt := jsonNatives[name]; rt != nil {
			return rt
		}
		if rt := interp.NativeType(n); rt != nil {
			return rt // a standard type whose values live natively
		}
		if !m.inScope(n) {
			m.fail("type %s of a package out of scope has no native counterpart for encoding/json", t)
		}
		if !m.plain {
			if cb := m.callbacks(n); cb != nil {
				m.cbs[t] = cb
				return jsonCBType
			}
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if rt := interp.NativeType(u); rt != nil {
			return rt
		}
	case *types.Pointer:
		if n, ok := types.Unalias(u.Elem()).(*types.Named); ok && !m.plain && m.inScope(n) {
			if cb := m.ptrCallbacks(n); cb != nil {
				m.cbs[t] = cb
				return jsonCBType // a *T whose marshaler takes the pointer
			}
		}
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
		return m.funcOf(u) // json rejects every func type, naming it
	case *types.Interface:
		return reflect.TypeFor[any]()
	case *types.Struct:
		return m.structOf(t, u)
	}
	m.fail("type %s cannot be mirrored natively", t)
	return nil
}

// funcOf mirrors signature sig, for json's message rejecting it: error
// as error, the other parameters and results as typeOf mirrors them.
func (m *jsonMirror) funcOf(sig *types.Signature) reflect.Type {
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

// structOf mirrors struct type t (underlying s): the fields json sees
// (exported ones, and embedded structs, whose fields it promotes), with
// their tags.
func (m *jsonMirror) structOf(t types.Type, s *types.Struct) reflect.Type {
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
				continue // json ignores unexported non-struct embedded fields
			}
			if !f.Exported() && ptr {
				m.fail("embedded pointer to unexported struct %s (in %s) cannot be mirrored natively", et, t)
			}
			name := f.Name()
			if !f.Exported() {
				// json promotes the fields of an embedded struct whatever
				// its name; reflect wants an embedded field exported.
				r, n := utf8.DecodeRuneInString(name)
				name = string(unicode.ToUpper(r)) + name[n:]
			}
			fs = append(fs, reflect.StructField{Name: name, Type: m.typeOf(ft), Tag: reflect.StructTag(s.Tag(i)), Anonymous: true})
			idx = append(idx, i)
			continue
		}
		if !f.Exported() {
			continue // json ignores it
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
func (m *jsonMirror) toNative(v interp.Value, t types.Type, rt reflect.Type) reflect.Value {
	nv := reflect.New(rt).Elem()
	if rt == jsonCBType {
		nv.Set(reflect.ValueOf(jsonCB{h: &jsonHandle{m: m, t: t, v: v}}))
		return nv
	}
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
		m.ptrs[p.UnsafePointer()] = v
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
			k := m.toNative(kv, u.Key(), rt.Key())
			if rt.Key() == jsonCBType {
				// The key's text now, in the map's order (see
				// jsonHandle).
				h := k.Interface().(jsonCB).h
				h.keyText, h.keyErr = jsonCB{h: h}.MarshalText()
				h.key = true
			}
			ev, _ := interp.MapIndex(v, kv)
			nv.SetMapIndex(k, m.toNative(ev, u.Elem(), rt.Elem()))
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
		return nv // json rejects the type, whatever the value
	}
	x, err := m.c.ToNative(v, t, rt) // basic kinds and native types
	if err != nil {
		m.fail("%v", err)
	}
	return x
}

// back returns the interpreted value of static type t that json's decoding
// into nv (the mirror made from old) leaves: old updated in place where
// json would have written through it.
func (m *jsonMirror) back(old interp.Value, nv reflect.Value, t types.Type) interp.Value {
	c := m.c
	if nv.Type() == jsonCBType {
		return m.backCB(old, nv.Interface().(jsonCB), t)
	}
	if idx, ok := m.fields[nv.Type()]; ok { // a struct mirror: in place
		s := t.Underlying().(*types.Struct)
		if old.Kind() != interp.KindStruct {
			old = c.Zero(t)
		}
		for j, i := range idx {
			interp.Store(interp.IndexAddr(old, i), m.back(old.Index(i), nv.Field(j), s.Field(i).Type()))
		}
		return old
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		if nv.IsNil() {
			return interp.Nil(interp.KindPointer)
		}
		p, ok := m.ptrs[nv.UnsafePointer()]
		if !ok {
			p = c.New(u.Elem())
		}
		interp.Store(p, m.back(p.Elem(), nv.Elem(), u.Elem()))
		return p
	case *types.Slice:
		if nv.IsNil() {
			return interp.Nil(interp.KindSlice)
		}
		// json reset the slice to length 0 and appended: into the old
		// array up to its capacity, then into a new one (of nv's
		// capacity) holding everything.
		full := interp.Reslice(old, interp.Cap(old))
		n := nv.Len()
		for i := range min(n, full.Len()) {
			interp.Store(interp.IndexAddr(full, i), m.back(full.Index(i), nv.Index(i), u.Elem()))
		}
		if n == 0 && old.IsNil() {
			return c.MakeSlice(t, 0, 0) // json makes an empty array's slice
		}
		if n <= full.Len() {
			return interp.Reslice(full, n)
		}
		s := c.MakeSlice(t, n, nv.Cap())
		for i := range n {
			var e interp.Value
			if i < full.Len() {
				e = full.Index(i)
			} else {
				e = m.back(c.Zero(u.Elem()), nv.Index(i), u.Elem())
			}
			interp.Store(interp.IndexAddr(s, i), e)
		}
		return s
	case *types.Array:
		for i := range old.Len() {
			interp.Store(interp.IndexAddr(old, i), m.back(old.Index(i), nv.Index(i), u.Elem()))
		}
		return old
	case *types.Map:
		if nv.IsNil() {
			return interp.Nil(interp.KindMap)
		}
		mv := old
		if mv.Kind() != interp.KindMap || mv.IsNil() {
			mv = interp.MakeMap()
		}
		keys := nv.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		for _, k := range keys {
			kv := m.back(c.Zero(u.Key()), k, u.Key())
			// json decodes each element from zero and stores it
			interp.MapSet(mv, kv, m.back(c.Zero(u.Elem()), nv.MapIndex(k), u.Elem()))
		}
		return mv
	case *types.Interface:
		if nv.IsNil() {
			return interp.Nil(interp.KindInterface)
		}
		e := nv.Elem()
		if dt := old.DynamicType(); dt != nil && e.Kind() == reflect.Pointer {
			if _, through := m.ptrs[e.UnsafePointer()]; through {
				// json decoded through the pointer the interface held
				return c.Interface(dt, m.back(old.Elem(), e, dt))
			}
		}
		dt := jsonDynamic(e.Type())
		if dt == nil {
			return c.NativeValue(e.Interface())
		}
		return c.Interface(dt, m.back(c.Zero(dt), e, dt))
	}
	v, err := c.FromNative(nv, t)
	if err != nil {
		m.fail("%v", err)
	}
	return v
}

// jsonAny is the interpreted any; jsonDynamic returns the interpreted
// type of a value json decoded into an interface (bool, float64, string,
// []any, map[string]any), nil for others.
var jsonAny = types.NewInterfaceType(nil, nil).Complete()

func jsonDynamic(rt reflect.Type) types.Type {
	switch rt.Kind() {
	case reflect.Bool:
		return types.Typ[types.Bool]
	case reflect.Float64:
		return types.Typ[types.Float64]
	case reflect.String:
		if rt == reflect.TypeFor[json.Number]() {
			return nil
		}
		return types.Typ[types.String]
	case reflect.Slice:
		if rt.Elem().Kind() == reflect.Interface {
			return types.NewSlice(jsonAny)
		}
	case reflect.Map:
		if rt.Key().Kind() == reflect.String && rt.Elem().Kind() == reflect.Interface {
			return types.NewMap(types.Typ[types.String], jsonAny)
		}
	}
	return nil
}

// jsonArg returns the dynamic type and value of an interface argument
// (nil type for a nil interface), or the native value it holds.
func jsonArg(v interp.Value) (types.Type, interp.Value, any) {
	if v.IsNil() {
		return nil, interp.Value{}, nil
	}
	if nat := interp.NativeDynamic(v); nat != nil {
		return nil, interp.Value{}, nat
	}
	return v.DynamicType(), v.Elem(), nil
}

// bytesType is []byte.
var bytesType = types.NewSlice(types.Typ[types.Byte])

// result returns the interpreted (result, error) pair of a native call.
func (m *jsonMirror) result(b []byte, err error) interp.Value {
	bv, ferr := m.c.FromNative(reflect.ValueOf(b), bytesType)
	if ferr != nil {
		m.fail("%v", ferr)
	}
	return interp.Tuple(bv, m.errValue(err))
}

// errValue returns the interpreted error of a native call: json wraps
// what jsonCB's methods return in MarshalerErrors naming jsonCB, while
// they return json's own errors or a jsonMethodError, which name the real
// type: those wrappers are dropped.
func (m *jsonMirror) errValue(err error) interp.Value {
	for {
		me, ok := err.(*json.MarshalerError)
		if !ok || me.Type != jsonCBType && me.Type != reflect.PointerTo(jsonCBType) {
			break
		}
		err = me.Err
	}
	if err == nil {
		return noErr
	}
	return m.c.NativeValue(err)
}

// receiver returns the native *json.Encoder or *json.Decoder a method
// bridge is called on.
func (m *jsonMirror) receiver(v interp.Value, rt reflect.Type) reflect.Value {
	x, err := m.c.ToNative(v, nil, rt)
	if err != nil || x.IsNil() {
		m.c.RuntimeError("invalid memory address or nil pointer dereference")
	}
	return x
}

// decode decodes into interface argument v with dec (json.Unmarshal or a
// Decoder's Decode) and writes the result back, returning the
// interpreted error.
func (m *jsonMirror) decode(v interp.Value, dec func(any) error) interp.Value {
	t, x, nat := jsonArg(v)
	if t == nil {
		return m.errValue(dec(nat))
	}
	nv := m.toNative(x, t, m.typeOf(t))
	target := nv
	if nv.Type() == jsonCBType {
		// A *T mirrored whole (ptrCallbacks): json needs a pointer, and
		// the methods write through the interpreted one.
		if x.IsNil() {
			return m.errValue(errors.New("json: Unmarshal(nil " + jsonTypeName(t) + ")"))
		}
		target = reflect.New(jsonCBType)
		target.Elem().Set(nv)
	}
	err := dec(target.Interface())
	if nv.Kind() == reflect.Pointer && !nv.IsNil() {
		m.back(x, nv, t) // written in place through the pointer
	}
	if err == nil {
		err = m.err
	}
	return m.errValue(err)
}

// native returns the native counterpart of interface argument v.
func (m *jsonMirror) native(v interp.Value) any {
	t, x, nat := jsonArg(v)
	if t == nil {
		return nat
	}
	return m.toNative(x, t, m.typeOf(t)).Interface()
}

// bytesOf returns the bytes of the interpreted []byte b.
func bytesOf(b interp.Value) []byte {
	data := make([]byte, b.Len())
	for i := range data {
		data[i] = byte(b.Index(i).Uint())
	}
	return data
}

func init() {
	reg := interp.RegisterBridge
	reg("encoding/json.Marshal", func(c interp.Call, args []interp.Value) interp.Value {
		m := newJSONMirror(c, "encoding/json.Marshal")
		return m.result(json.Marshal(m.native(args[0])))
	})
	reg("encoding/json.MarshalIndent", func(c interp.Call, args []interp.Value) interp.Value {
		m := newJSONMirror(c, "encoding/json.MarshalIndent")
		return m.result(json.MarshalIndent(m.native(args[0]), args[1].Str(), args[2].Str()))
	})
	reg("encoding/json.Unmarshal", func(c interp.Call, args []interp.Value) interp.Value {
		m := newJSONMirror(c, "encoding/json.Unmarshal")
		data := bytesOf(args[0])
		return m.decode(args[1], func(v any) error { return json.Unmarshal(data, v) })
	})
	reg("(*encoding/json.RawMessage).UnmarshalJSON", func(c interp.Call, args []interp.Value) interp.Value {
		// *m = append((*m)[0:0], data...), on the interpreted slice.
		if args[0].IsNil() {
			return c.NativeValue(errors.New("json.RawMessage: UnmarshalJSON on nil pointer"))
		}
		interp.Store(args[0], c.AppendBytes(interp.Reslice(args[0].Elem(), 0), args[1]))
		return noErr
	})
	reg("(*encoding/json.Encoder).Encode", func(c interp.Call, args []interp.Value) interp.Value {
		m := newJSONMirror(c, "(*encoding/json.Encoder).Encode")
		enc := m.receiver(args[0], reflect.TypeFor[*json.Encoder]()).Interface().(*json.Encoder)
		return m.errValue(enc.Encode(m.native(args[1])))
	})
	reg("(*encoding/json.Decoder).Decode", func(c interp.Call, args []interp.Value) interp.Value {
		m := newJSONMirror(c, "(*encoding/json.Decoder).Decode")
		dec := m.receiver(args[0], reflect.TypeFor[*json.Decoder]()).Interface().(*json.Decoder)
		return m.decode(args[1], dec.Decode)
	})
}
