package bridge

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/types"
	"reflect"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// The methods of interpreted types that encoding/json would call (see
// json.go): jsonCB mirrors such a type, and its methods call them.

// jsonMethodSet holds the JSON and text methods of an interpreted type
// (nil when it has none of that name). For a named type T, marshaling
// methods have value receivers and unmarshaling ones pointer receivers;
// for *T (ptr: see ptrCallbacks), all take the pointer.
type jsonMethodSet struct {
	marshalJSON, marshalText     *ssa.Function
	unmarshalJSON, unmarshalText *ssa.Function
	ptr                          bool
}

// pointerMarshaler reports whether named type n has a MarshalJSON or
// MarshalText method with a pointer receiver only: json calls it on a *T,
// or on a T it can address, which a mirror cannot tell.
func (m *jsonMirror) pointerMarshaler(n *types.Named) bool {
	prog, pkg := m.c.Program().SSA, n.Obj().Pkg()
	vms, pms := prog.MethodSets.MethodSet(n), prog.MethodSets.MethodSet(types.NewPointer(n))
	for _, name := range []string{"MarshalJSON", "MarshalText"} {
		if pms.Lookup(pkg, name) != nil && vms.Lookup(pkg, name) == nil {
			return true
		}
	}
	return false
}

// callbacks returns the JSON and text methods of named type n, nil if it
// has none. A pointer marshaler (see pointerMarshaler) can only be
// mirrored behind its pointer (ptrCallbacks).
func (m *jsonMirror) callbacks(n *types.Named) *jsonMethodSet {
	if m.pointerMarshaler(n) {
		m.fail("type %s has a marshaling method with a pointer receiver, which json calls on a %s value only where it can take its address: encode a *%s", n, n.Obj().Name(), n.Obj().Name())
	}
	return m.methodsOf(n, types.NewPointer(n), false)
}

// ptrCallbacks returns the methods through which *n, for a named type n
// with a pointer marshaler, encodes and decodes, nil for other types.
func (m *jsonMirror) ptrCallbacks(n *types.Named) *jsonMethodSet {
	if !m.pointerMarshaler(n) {
		return nil
	}
	p := types.NewPointer(n)
	return m.methodsOf(p, p, true)
}

// methodsOf looks up the marshaling methods on vt and the unmarshaling
// ones on pt.
func (m *jsonMirror) methodsOf(vt, pt types.Type, ptr bool) *jsonMethodSet {
	prog := m.c.Program().SSA
	named, _ := types.Unalias(pt.(*types.Pointer).Elem()).(*types.Named)
	pkg := named.Obj().Pkg()
	cb := jsonMethodSet{ptr: ptr}
	vms, pms := prog.MethodSets.MethodSet(vt), prog.MethodSets.MethodSet(pt)
	if vms.Lookup(pkg, "MarshalJSON") != nil {
		cb.marshalJSON = prog.LookupMethod(vt, pkg, "MarshalJSON")
	}
	if vms.Lookup(pkg, "MarshalText") != nil {
		cb.marshalText = prog.LookupMethod(vt, pkg, "MarshalText")
	}
	if pms.Lookup(pkg, "UnmarshalJSON") != nil {
		cb.unmarshalJSON = prog.LookupMethod(pt, pkg, "UnmarshalJSON")
	}
	if pms.Lookup(pkg, "UnmarshalText") != nil {
		cb.unmarshalText = prog.LookupMethod(pt, pkg, "UnmarshalText")
	}
	if cb == (jsonMethodSet{ptr: ptr}) {
		return nil
	}
	return &cb
}

// jsonCB mirrors an interpreted type with JSON or text methods. h is the
// interpreted value it stands for; a jsonCB json made itself has none,
// and keeps what json asked it to decode (raw, from UnmarshalJSON; text,
// from UnmarshalText) for backCB.
type jsonCB struct {
	h    *jsonHandle
	raw  string
	text string
	set  uint8 // 1: raw holds input; 2: text does
}

// jsonHandle is an interpreted value of type t for jsonCB's methods.
// A map key's text is computed before json runs (keyText), since json
// asks for the keys' texts in the native map's random order and runs
// must be deterministic.
type jsonHandle struct {
	m       *jsonMirror
	t       types.Type
	v       interp.Value
	key     bool // keyText and keyErr are set
	keyText []byte
	keyErr  error
}

var jsonCBType = reflect.TypeFor[jsonCB]()

var (
	_ json.Marshaler             = jsonCB{}
	_ json.Unmarshaler           = (*jsonCB)(nil)
	_ interface{ IsZero() bool } = jsonCB{}
)

// MarshalJSON encodes the interpreted value: its MarshalJSON, else its
// MarshalText as a JSON string, else its underlying value.
func (c jsonCB) MarshalJSON() ([]byte, error) {
	h := c.h
	m, cb := h.m, h.m.cbs[h.t]
	if cb.ptr && h.v.IsNil() {
		return []byte("null"), nil // a nil *T, as json encodes it
	}
	switch {
	case cb.marshalJSON != nil:
		b, err := m.callBytes(cb.marshalJSON, h.v)
		return b, m.methodErr("MarshalJSON", h.t, err)
	case cb.marshalText != nil:
		text, err := m.callBytes(cb.marshalText, h.v)
		if err != nil {
			return nil, m.methodErr("MarshalText", h.t, err)
		}
		return jsonUnescaped(string(text))
	}
	if m.depth >= jsonMaxDepth {
		return nil, &json.UnsupportedValueError{Str: "encountered a cycle via " + jsonTypeName(types.NewPointer(h.t))}
	}
	m.depth++
	defer func() { m.depth-- }()
	u := h.t.Underlying()
	return jsonUnescaped(m.toNative(h.v, u, m.typeOf(u)).Interface())
}

// IsZero answers json's omitzero option for the interpreted value: its
// IsZero() bool method if its type (or a pointer to it) has one, as json
// calls it, else whether it is its type's zero value, as
// reflect.Value.IsZero says. (A type without JSON methods is mirrored
// by its underlying type, whose zero is reflect's, not its IsZero
// method's.)
func (c jsonCB) IsZero() bool {
	h := c.h
	if h == nil {
		return true
	}
	m := h.m
	if _, ptr := h.t.Underlying().(*types.Pointer); ptr && h.v.IsNil() {
		return true
	}
	if f := m.isZeroMethod(h.t); f != nil {
		return m.call(f, h.v).Bool()
	}
	if f := m.isZeroMethod(types.NewPointer(h.t)); f != nil {
		p := m.c.New(h.t)
		interp.Store(p, interp.Copy(h.v))
		return m.call(f, p).Bool()
	}
	return interp.IsZero(h.t, h.v)
}

// isZeroMethod returns t's method IsZero() bool, nil if it has none.
func (m *jsonMirror) isZeroMethod(t types.Type) *ssa.Function {
	prog := m.c.Program().SSA
	sel := prog.MethodSets.MethodSet(t).Lookup(nil, "IsZero")
	if sel == nil {
		return nil
	}
	sig := sel.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
		return nil
	}
	return prog.MethodValue(sel)
}

// jsonUnescaped encodes v without escaping HTML characters: json escapes
// what a MarshalJSON method returns itself when its own encoder is set to
// (SetEscapeHTML), so escaping here would be wrong under
// SetEscapeHTML(false).
func jsonUnescaped(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// jsonMaxDepth bounds the nesting of jsonCB's own json calls, as json's
// cycle detection does (it starts after 1000 levels of pointers).
const jsonMaxDepth = 1000

// MarshalText gives a map key's text: its MarshalText, else its string or
// integer, as json writes keys of those kinds.
func (c jsonCB) MarshalText() ([]byte, error) {
	h := c.h
	if h.key {
		return h.keyText, h.keyErr
	}
	m, cb := h.m, h.m.cbs[h.t]
	if cb.marshalText != nil {
		text, err := m.callBytes(cb.marshalText, h.v)
		return text, m.methodErr("MarshalText", h.t, err)
	}
	b, ok := h.t.Underlying().(*types.Basic)
	switch {
	case ok && b.Info()&types.IsString != 0:
		return []byte(h.v.Str()), nil
	case ok && b.Info()&types.IsUnsigned != 0:
		return []byte(strconv.FormatUint(h.v.Uint(), 10)), nil
	case ok && b.Info()&types.IsInteger != 0:
		return []byte(strconv.FormatInt(h.v.Int(), 10)), nil
	}
	return nil, &json.UnsupportedTypeError{Type: jsonCBType}
}

// UnmarshalJSON decodes into the interpreted value, or keeps data for
// backCB when json made this jsonCB itself.
func (c *jsonCB) UnmarshalJSON(data []byte) error {
	return c.decode(data, 1, (*jsonMirror).unmarshal)
}

// UnmarshalText decodes a map key, which json always makes itself: the
// text is kept for backCB.
func (c *jsonCB) UnmarshalText(text []byte) error {
	return c.decode(text, 2, (*jsonMirror).unmarshalText)
}

// decode decodes b into the handle's value with dec, or keeps it (in raw
// for set 1, text for set 2) when the jsonCB has no handle.
func (c *jsonCB) decode(b []byte, set uint8, dec func(*jsonMirror, types.Type, interp.Value, []byte) (interp.Value, error)) error {
	if c.h == nil {
		if set == 1 {
			c.raw = string(b)
		} else {
			c.text = string(b)
		}
		c.set = set
		return nil
	}
	v, err := dec(c.h.m, c.h.t, c.h.v, b)
	c.h.v = v
	return err
}

// backCB returns the interpreted value a jsonCB stands for after
// decoding: its handle's, or old (a zero value of t if none) decoded from
// the input it kept.
func (m *jsonMirror) backCB(old interp.Value, c jsonCB, t types.Type) interp.Value {
	if c.h != nil {
		return c.h.v
	}
	if !old.IsValid() {
		old = m.c.Zero(t)
	}
	var err error
	switch c.set {
	case 1:
		old, err = m.unmarshal(t, old, []byte(c.raw))
	case 2:
		old, err = m.unmarshalText(t, old, []byte(c.text))
	}
	if err != nil && m.err == nil {
		m.err = err
	}
	return old
}

// unmarshal decodes data into v of type t as json would: its
// UnmarshalJSON, else (for a JSON string) its UnmarshalText, else its
// underlying value.
func (m *jsonMirror) unmarshal(t types.Type, v interp.Value, data []byte) (interp.Value, error) {
	cb := m.cbs[t]
	if cb.ptr && string(data) == "null" {
		return interp.Nil(interp.KindPointer), nil // json sets a pointer to nil
	}
	switch {
	case cb.unmarshalJSON != nil:
		return m.callPtr(cb.unmarshalJSON, t, v, data)
	case cb.unmarshalText != nil:
		var s string
		if string(data) == "null" {
			return v, nil
		}
		if err := json.Unmarshal(data, &s); err != nil {
			return v, fmt.Errorf("json: cannot unmarshal %s into Go value of type %s", jsonKind(data), jsonTypeName(t))
		}
		return m.callPtr(cb.unmarshalText, t, v, []byte(s))
	}
	u := t.Underlying()
	nv := m.toNative(v, u, m.typeOf(u))
	p := reflect.New(nv.Type())
	p.Elem().Set(nv)
	err := json.Unmarshal(data, p.Interface())
	return m.back(v, p.Elem(), u), err
}

// unmarshalText decodes a map key: its UnmarshalText, else its string or
// integer.
func (m *jsonMirror) unmarshalText(t types.Type, v interp.Value, text []byte) (interp.Value, error) {
	if cb := m.cbs[t]; cb.unmarshalText != nil {
		return m.callPtr(cb.unmarshalText, t, v, text)
	}
	b, ok := t.Underlying().(*types.Basic)
	switch {
	case ok && b.Info()&types.IsString != 0:
		return interp.String(string(text)), nil
	case ok && b.Info()&types.IsUnsigned != 0:
		n, err := strconv.ParseUint(string(text), 10, 64)
		return interp.Uint(n), err
	case ok && b.Info()&types.IsInteger != 0:
		n, err := strconv.ParseInt(string(text), 10, 64)
		return interp.Int(n), err
	}
	return v, fmt.Errorf("json: cannot unmarshal object key into Go value of type %s", jsonTypeName(t))
}

// jsonTypeName names t as reflect does (package names, not paths).
func jsonTypeName(t types.Type) string { return interp.ReflectTypeString(t) }

// methodErr returns the error of the interpreted method name of t as
// json's MarshalerError would read (nil for nil).
func (m *jsonMirror) methodErr(name string, t types.Type, err error) error {
	if err == nil {
		return nil
	}
	return &jsonMethodError{method: name, typ: jsonTypeName(t), err: err}
}

// jsonMethodError is json's *MarshalerError for a method of an
// interpreted type: the same message, naming the type (a MarshalerError
// can only name a native one, here jsonCB).
type jsonMethodError struct {
	method, typ string
	err         error
}

// Error reads as json's MarshalerError does.
func (e *jsonMethodError) Error() string {
	return "json: error calling " + e.method + " for type " + e.typ + ": " + e.err.Error()
}

// Unwrap returns the method's error.
func (e *jsonMethodError) Unwrap() error { return e.err }

// jsonKind names the kind of JSON value data holds, as json's errors do.
func jsonKind(data []byte) string {
	for _, c := range data {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '{':
			return "object"
		case '[':
			return "array"
		case '"':
			return "string"
		case 't', 'f':
			return "bool"
		}
		return "number"
	}
	return "value"
}

// callBytes calls an interpreted method returning ([]byte, error) on
// receiver v.
func (m *jsonMirror) callBytes(f *ssa.Function, v interp.Value) ([]byte, error) {
	res := m.call(f, v)
	return bytesOf(res.Index(0)), m.nativeErr(res.Index(1))
}

// callPtr calls an interpreted method with a pointer receiver and a
// []byte argument returning error: on a variable holding v of type t, and
// returns the variable's value after it; or, for a *T of ptrCallbacks, on
// v itself (a new T if v is nil, as json allocates one), and returns the
// pointer.
func (m *jsonMirror) callPtr(f *ssa.Function, t types.Type, v interp.Value, data []byte) (interp.Value, error) {
	arg, err := m.c.FromNative(reflect.ValueOf(data), bytesType)
	if err != nil {
		m.fail("%v", err)
	}
	if m.cbs[t].ptr {
		if v.IsNil() {
			v = m.c.New(t.(*types.Pointer).Elem())
		}
		return v, m.nativeErr(m.call(f, v, arg))
	}
	p := m.c.New(t)
	interp.Store(p, interp.Copy(v))
	res := m.call(f, p, arg)
	return p.Elem(), m.nativeErr(res)
}

// call calls interpreted function f with args from the bridge's call.
func (m *jsonMirror) call(f *ssa.Function, args ...interp.Value) interp.Value {
	return m.c.CallValue(m.c.FuncValue(f), args)
}

// nativeErr returns the native error of an interpreted error value (nil
// for a nil one).
func (m *jsonMirror) nativeErr(v interp.Value) error {
	if v.IsNil() {
		return nil
	}
	if e, ok := m.c.Native(v).(error); ok {
		return e
	}
	return errors.New("error") // every non-nil error value converts
}
