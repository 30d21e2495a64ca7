package interp

import (
	"fmt"
	"go/types"
	"io"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unsafe"
)

// fmtVal formats an interpreted value as package fmt would format the
// corresponding native value, calling interpreted String and Error methods.
type fmtVal struct {
	r  *run
	it *iface
}

// errVal is a fmtVal whose type has an Error method: it implements error.
type errVal struct{ fmtVal }

// Error calls the interpreted Error method.
func (e errVal) Error() string { return e.callString("Error") }

func (w fmtVal) callString(name string) string {
	ms := w.r.p.SSA.MethodSets.MethodSet(w.it.t.t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == name {
			fn := w.r.p.SSA.MethodValue(ms.At(i))
			c := w.r.p.code(fn)
			var in *ins
			fr := w.r.cur
			if fr != nil {
				in = fr.at
			}
			// fmt recovers panics of String and Error methods: an interpreted
			// panic may reach it (it prints it, like native fmt), but stops of
			// the run must not be swallowed: keep them for callExt.
			defer func() {
				if x := recover(); x != nil {
					if _, ok := x.(*interpPanic); ok {
						panic(x)
					}
					w.r.stop = asStop(w.r, x)
				}
			}()
			v, _ := w.r.invokeCode(fr, in, c, nil, nil, []Value{w.it.v}, nil, NoEvent, mix(0, -4, int32(w.r.steps)))
			w.r.cur = fr
			return v.Str()
		}
	}
	return ""
}

// formatMethod calls the value's interpreted Format method with f (a
// native fmt.State, which interpreted code writes to through its methods)
// and verb, reporting whether it has one. A panic in it is written as fmt
// writes one.
func (w fmtVal) formatMethod(f fmt.State, verb rune) (ok bool) {
	ms := w.r.p.SSA.MethodSets.MethodSet(w.it.t.t)
	sel := ms.Lookup(nil, "Format") // exported: the package does not matter
	if sel == nil {
		return false
	}
	sig := sel.Type().(*types.Signature)
	if sig.Params().Len() != 2 || sig.Results().Len() != 0 || !isNamedType(sig.Params().At(0).Type(), "fmt", "State") {
		return false
	}
	c := w.r.p.code(w.r.p.SSA.MethodValue(sel))
	fr := w.r.cur
	var in *ins
	if fr != nil {
		in = fr.at
	}
	defer func() {
		if x := recover(); x != nil {
			if ip, isInterp := x.(*interpPanic); isInterp {
				w.writePanic(f, verb, "Format", ip)
				return
			}
			panic(x)
		}
	}()
	state := Value{k: KindInterface, p: ptrOf(&iface{nat: f, t: typeRef{id: -1}})}
	ok = true // also when it panics: what fmt printed stands
	w.r.invokeCode(fr, in, c, nil, nil, []Value{w.it.v, state, Value{k: KindInt, n: uint64(verb)}}, nil, NoEvent, mix(0, -4, int32(w.r.steps)))
	w.r.cur = fr
	return true
}

// isNamedType reports whether t is the named type pkg.name.
func isNamedType(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// callCatching calls the interpreted method; if it panics, it writes what
// fmt writes for a panicking String or Error method and returns false.
func (w fmtVal) callCatching(f fmt.State, verb rune, method string) (s string, ok bool) {
	defer func() {
		if x := recover(); x != nil {
			ip, isInterp := x.(*interpPanic)
			if !isInterp {
				panic(x)
			}
			w.writePanic(f, verb, method, ip)
			s, ok = "", false
		}
	}()
	return w.callString(method), true
}

// writePanic writes what fmt writes when the value's method (Format,
// Error, String or GoString) panics with ip: "<nil>" for a nil pointer
// (a method that does not guard against one; unpadded, as fmt writes
// it), else the panic.
func (w fmtVal) writePanic(f fmt.State, verb rune, method string, ip *interpPanic) {
	if w.it.v.Kind() == KindPointer && w.it.v.IsNil() {
		f.Write([]byte("<nil>"))
		return
	}
	fmt.Fprintf(f, "%%!%c(PANIC=%s method: %s)", verb, method, formatPanic(ip.v))
}

// Format implements fmt.Formatter: an interpreted Format(fmt.State, rune)
// method formats the value itself, as fmt lets it; else String, Error or
// GoString, else the value.
func (w fmtVal) Format(f fmt.State, verb rune) {
	if w.formatMethod(f, verb) {
		return
	}
	dir := directive(f, verb)
	t := w.it.t.t
	switch verb {
	case 'v', 's', 'q', 'x', 'X':
		if !f.Flag('#') {
			method := ""
			if w.r.p.hasMethod(w.it.t, "Error") {
				method = "Error"
			} else if w.r.p.hasMethod(w.it.t, "String") && methodSig(w.r.p, w.it.t, "String") {
				method = "String"
			}
			if method != "" {
				if s, ok := w.callCatching(f, verb, method); ok {
					fmt.Fprintf(f, dir, s)
				}
				return
			}
		}
	}
	if verb == 'v' && f.Flag('#') {
		if w.r.p.hasMethod(w.it.t, "GoString") && methodSig(w.r.p, w.it.t, "GoString") {
			if s, ok := w.callCatching(f, verb, "GoString"); ok {
				f.Write([]byte(s))
			}
			return
		}
		w.r.goSyntax(f, t, w.it.v, 0, false)
		return
	}
	w.r.formatValue(f, dir, verb, t, w.it.v, 0, false)
}

// goTypeName names t as reflect.Type.String does (package names, uint8,
// int32 and interface {} for byte, rune and any, spaced struct braces),
// for %#v.
func goTypeName(t types.Type) string {
	s := runtimeTypeString(flatIfaces(t))
	s = goByteRune.ReplaceAllStringFunc(s, func(m string) string {
		pre, name := m[:len(m)-4], m[len(m)-4:]
		if name == "byte" {
			return pre + "uint8"
		}
		return pre + "int32"
	})
	s = goAny.ReplaceAllString(s, "${1}interface {}")
	if !strings.Contains(s, "struct{") && !strings.Contains(s, "interface{") {
		return s
	}
	// reflect spaces struct and interface braces: struct { A int; B int },
	// struct {}, interface { M() }.
	var sb strings.Builder
	var structs []bool // for each open brace, whether a struct's or interface's
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "struct{}"):
			sb.WriteString("struct {}")
			i += len("struct{}") - 1
		case strings.HasPrefix(s[i:], "struct{"):
			sb.WriteString("struct { ")
			structs = append(structs, true)
			i += len("struct{") - 1
		case strings.HasPrefix(s[i:], "interface{"):
			sb.WriteString("interface { ")
			structs = append(structs, true)
			i += len("interface{") - 1
		case s[i] == '{':
			sb.WriteByte('{')
			structs = append(structs, false)
		case s[i] == '}' && len(structs) > 0:
			if structs[len(structs)-1] {
				sb.WriteString(" }")
			} else {
				sb.WriteByte('}')
			}
			structs = structs[:len(structs)-1]
		default:
			sb.WriteByte(s[i])
		}
	}
	return sb.String()
}

// flatIfaces returns t with its unnamed non-empty interfaces (itself, or
// its elements, keys and fields) listing their whole method set, as
// reflect names them (interface { N(); String() string } for an
// interface embedding fmt.Stringer), instead of their embedded
// interfaces.
func flatIfaces(t types.Type) types.Type {
	switch u := types.Unalias(t).(type) {
	case *types.Interface:
		if u.Empty() || u.NumEmbeddeds() == 0 {
			return t
		}
		ms := make([]*types.Func, u.NumMethods())
		for i := range ms {
			ms[i] = u.Method(i)
		}
		return types.NewInterfaceType(ms, nil).Complete()
	case *types.Pointer:
		if e := flatIfaces(u.Elem()); e != u.Elem() {
			return types.NewPointer(e)
		}
	case *types.Slice:
		if e := flatIfaces(u.Elem()); e != u.Elem() {
			return types.NewSlice(e)
		}
	case *types.Array:
		if e := flatIfaces(u.Elem()); e != u.Elem() {
			return types.NewArray(e, u.Len())
		}
	case *types.Map:
		k, e := flatIfaces(u.Key()), flatIfaces(u.Elem())
		if k != u.Key() || e != u.Elem() {
			return types.NewMap(k, e)
		}
	case *types.Chan:
		if e := flatIfaces(u.Elem()); e != u.Elem() {
			return types.NewChan(u.Dir(), e)
		}
	case *types.Struct:
		fs := make([]*types.Var, u.NumFields())
		tags := make([]string, u.NumFields())
		changed := false
		for i := range fs {
			f := u.Field(i)
			fs[i], tags[i] = f, u.Tag(i)
			if ft := flatIfaces(f.Type()); ft != f.Type() {
				fs[i] = types.NewField(f.Pos(), f.Pkg(), f.Name(), ft, f.Embedded())
				changed = true
			}
		}
		if changed {
			return types.NewStruct(fs, tags)
		}
	}
	return t
}

var (
	goByteRune = regexp.MustCompile(`(^|[^.\w])(byte|rune)\b`) // the aliases, not types pkg.byte
	goAny      = regexp.MustCompile(`(^|[^.\w])any\b`)         // the alias, not a type pkg.any
)

// maxFormatDepth bounds how deep goSyntax and formatValue follow a value.
// fmt follows maps, slices and interfaces at every depth (only a pointer
// below the top is written as its address), so a map or slice that holds
// itself overflows a native program's stack: the formatting, done in
// this process, would end it. Past the bound they panic with
// errFormatDepth, which fmt recovers and writes as a Format method's
// panic (%!v(PANIC=Format method: ...)): the interpreted program goes
// on, where the native one dies.
const maxFormatDepth = 10_000

var errFormatDepth = fmt.Errorf("interp: a value nested deeper than %d levels (one that holds itself through maps, slices or interfaces, which overflows a native program's stack)", maxFormatDepth)

// goSyntax writes interpreted value v of type t as %#v does (fmt's
// printValue with sharpV): type names, field names, nil composites as
// T(nil), pointers below the top level as (T)(address).
func (r *run) goSyntax(f fmt.State, t types.Type, v Value, depth int, hidden bool) {
	if depth > maxFormatDepth {
		panic(errFormatDepth)
	}
	w := func(s string) { f.Write([]byte(s)) }
	// elemTo writes an element, field or map entry to f; hidden: reached
	// through an unexported field, where fmt calls no method (reflect's
	// CanInterface).
	elemTo := func(f fmt.State, et types.Type, ev Value, hidden bool) {
		if _, isIface := et.Underlying().(*types.Interface); isIface || ev.k == KindInterface {
			if ev.p == nil {
				f.Write([]byte(goTypeName(et) + "(nil)"))
				return
			}
			it := (*iface)(ev.p)
			if it.nat != nil {
				fmt.Fprintf(f, "%#v", it.nat)
				return
			}
			et, ev = it.t.t, it.v
		}
		if ref := r.p.internLocked(et); !hidden && r.p.callsFmtMethod(ref, 'v', true) {
			fmt.Fprintf(f, "%#v", r.fmtArg(et, ev)) // fmtVal calls Format, else GoString
			return
		}
		// No method of its own: written here, a level deeper (a nested
		// pointer as its address, so that a cycle ends), as fmt does.
		r.goSyntax(f, et, ev, depth+1, hidden)
	}
	elem := func(et types.Type, ev Value, hidden bool) { elemTo(f, et, ev, hidden) }
	// entry is a map key or value as elem writes it.
	entry := func(et types.Type, ev Value) string {
		var b sharpState
		elemTo(&b, et, ev, hidden)
		return b.String()
	}
	if v.k == KindNative && v.p != nil {
		fmt.Fprintf(f, "%#v", (*nativeBox)(v.p).rv.Interface())
		return
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		fmt.Fprintf(f, "%#v", basicNative(v, u))
	case *types.Struct:
		w(goTypeName(t) + "{")
		for i, c := range v.cells() {
			if i > 0 {
				w(", ")
			}
			w(u.Field(i).Name() + ":")
			elem(u.Field(i).Type(), c.v, hidden || !u.Field(i).Exported())
		}
		w("}")
	case *types.Slice, *types.Array:
		var et types.Type
		var cs []cell
		if s, ok := u.(*types.Slice); ok {
			if v.p == nil {
				w(goTypeName(t) + "(nil)")
				return
			}
			et, cs = s.Elem(), v.slice()
		} else {
			et, cs = u.(*types.Array).Elem(), v.cells()
		}
		w(goTypeName(t) + "{")
		for i := range cs {
			if i > 0 {
				w(", ")
			}
			elem(et, cs[i].v, hidden)
		}
		w("}")
	case *types.Map:
		if v.p == nil {
			w(goTypeName(t) + "(nil)")
			return
		}
		type kv struct{ k, v string }
		var out []kv
		for _, e := range (*mapObj)(v.p).live() {
			out = append(out, kv{entry(u.Key(), e.k), entry(u.Elem(), e.c.v)})
		}
		sort.Slice(out, func(i, j int) bool { return out[i].k < out[j].k })
		w(goTypeName(t) + "{")
		for i, e := range out {
			if i > 0 {
				w(", ")
			}
			w(e.k + ":" + e.v)
		}
		w("}")
	case *types.Pointer:
		if v.p == nil {
			w("(" + goTypeName(t) + ")(nil)")
			return
		}
		if depth == 0 {
			switch u.Elem().Underlying().(type) {
			case *types.Struct, *types.Array, *types.Slice, *types.Map:
				w("&")
				r.goSyntax(f, u.Elem(), (*cell)(v.p).v, depth+1, hidden)
				return
			}
		}
		fmt.Fprintf(f, "(%s)(%p)", goTypeName(t), v.p)
	case *types.Interface:
		elem(t, v, hidden)
	default:
		if v.p == nil {
			w("(" + goTypeName(t) + ")(nil)")
			return
		}
		fmt.Fprintf(f, "(%s)(%p)", goTypeName(t), v.p)
	}
}

// sharpState is the fmt.State of %#v, collecting what is written: a map
// entry that goSyntax writes apart, to sort the entries.
type sharpState struct{ strings.Builder }

func (*sharpState) Width() (int, bool)     { return 0, false }
func (*sharpState) Precision() (int, bool) { return 0, false }
func (*sharpState) Flag(c int) bool        { return c == '#' }

// fmtArg returns what fmt receives for an interpreted value v of type t.
func (r *run) fmtArg(t types.Type, v Value) any {
	if v.k == KindInterface {
		if v.p == nil {
			return nil
		}
		return r.ifaceToNative(nil, (*iface)(v.p))
	}
	return r.ifaceToNative(nil, &iface{t: r.p.internLocked(t), v: v})
}

func methodSig(p *Program, t typeRef, name string) bool {
	ms := p.SSA.MethodSets.MethodSet(t.t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == name {
			sig := ms.At(i).Type().(*types.Signature)
			return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
		}
	}
	return false
}

func directive(f fmt.State, verb rune) string {
	var sb strings.Builder
	sb.WriteByte('%')
	for _, fl := range "+-# 0" {
		if f.Flag(int(fl)) {
			sb.WriteRune(fl)
		}
	}
	if w, ok := f.Width(); ok {
		sb.WriteString(strconv.Itoa(w))
	}
	if p, ok := f.Precision(); ok {
		sb.WriteByte('.')
		sb.WriteString(strconv.Itoa(p))
	}
	sb.WriteRune(verb)
	return sb.String()
}

// formatValue writes v of type t as fmt formats values of composite types:
// elements with the same directive.
func (r *run) formatValue(f fmt.State, dir string, verb rune, t types.Type, v Value, depth int, hidden bool) {
	if depth > maxFormatDepth {
		panic(errFormatDepth)
	}
	// sub returns what fmt formats for an element or map entry: the
	// value itself when fmt calls a method of its (or it lives natively),
	// else the interpreted value written a level deeper (a nested
	// pointer as its address, so that a cycle ends), as fmt does.
	sub := func(et types.Type, ev Value) any {
		if ev.k == KindInterface {
			if ev.p == nil {
				return nil
			}
			it := (*iface)(ev.p)
			if it.nat != nil || it.v.k == KindNative || r.p.callsFmtMethod(it.t, verb, f.Flag('#')) {
				return r.fmtOperand(nil, it)
			}
			return deeper{r, it.t.t, it.v, depth + 1}
		}
		ref := r.p.internLocked(et)
		if ev.k == KindNative || r.p.callsFmtMethod(ref, verb, f.Flag('#')) {
			return r.fmtOperand(nil, &iface{t: ref, v: ev})
		}
		return deeper{r, et, ev, depth + 1}
	}
	// elem writes an element or field; hidden: reached through an
	// unexported field, where fmt calls no method (reflect's
	// CanInterface), so the value is written as it is.
	elem := func(et types.Type, ev Value, hidden bool) {
		if !hidden {
			fmt.Fprintf(f, dir, sub(et, ev))
			return
		}
		if ev.k == KindInterface {
			if ev.p == nil {
				fmt.Fprintf(f, dir, nil)
				return
			}
			it := (*iface)(ev.p)
			if it.nat != nil {
				fmt.Fprintf(f, dir, bare(reflect.ValueOf(it.nat)))
				return
			}
			et, ev = it.t.t, it.v
		}
		r.formatValue(f, dir, verb, et, ev, depth+1, true)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		fmt.Fprintf(f, dir, basicNative(v, u))
	case *types.Struct:
		if v.k == KindNative && v.p != nil {
			// A standard struct that lives natively (time.Time), reached
			// where fmt calls no method of it: an unexported field, or a
			// program's type over it without a method fmt calls.
			fmt.Fprintf(f, dir, bare((*nativeBox)(v.p).rv))
			return
		}
		f.Write([]byte("{"))
		for i, c := range v.cells() {
			if i > 0 {
				f.Write([]byte(" "))
			}
			if f.Flag('+') {
				f.Write([]byte(u.Field(i).Name() + ":"))
			}
			elem(u.Field(i).Type(), c.v, hidden || !u.Field(i).Exported())
		}
		f.Write([]byte("}"))
	case *types.Slice, *types.Array:
		var et types.Type
		var cs []cell
		if s, ok := u.(*types.Slice); ok {
			et, cs = s.Elem(), v.slice()
		} else {
			et, cs = u.(*types.Array).Elem(), v.cells()
		}
		if b, ok := et.Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 && strings.ContainsRune("sqxX", verb) {
			bs := make([]byte, len(cs))
			for i := range cs {
				bs[i] = byte(cs[i].v.n)
			}
			fmt.Fprintf(f, dir, bs)
			return
		}
		f.Write([]byte("["))
		for i := range cs {
			if i > 0 {
				f.Write([]byte(" "))
			}
			elem(et, cs[i].v, hidden)
		}
		f.Write([]byte("]"))
	case *types.Map:
		if v.p == nil {
			f.Write([]byte("map[]"))
			return
		}
		ents := (*mapObj)(v.p).live()
		type kv struct {
			k, v string
		}
		var out []kv
		for _, e := range ents {
			out = append(out, kv{fmt.Sprintf(dir, sub(u.Key(), e.k)), fmt.Sprintf(dir, sub(u.Elem(), e.c.v))})
		}
		sort.Slice(out, func(i, j int) bool { return out[i].k < out[j].k })
		f.Write([]byte("map["))
		for i, e := range out {
			if i > 0 {
				f.Write([]byte(" "))
			}
			f.Write([]byte(e.k + ":" + e.v))
		}
		f.Write([]byte("]"))
	case *types.Pointer:
		if v.p == nil {
			if !formatPointer(f, dir, verb, nil) {
				// A verb pointers do not take, no method to call: fmt's
				// bad verb, %!s(*T=<nil>).
				fmt.Fprintf(f, "%%!%c(%s=<nil>)", verb, reflectString(t))
			}
			return
		}
		if depth == 0 {
			switch u.Elem().Underlying().(type) {
			case *types.Struct, *types.Array, *types.Slice, *types.Map:
				f.Write([]byte("&"))
				r.formatValue(f, dir, verb, u.Elem(), (*cell)(v.p).v, depth+1, hidden)
				return
			}
		}
		if !formatPointer(f, dir, verb, v.p) {
			fmt.Fprintf(f, "%p", v.p)
		}
	case *types.Interface:
		if v.p == nil {
			f.Write([]byte("<nil>"))
			return
		}
		fmt.Fprintf(f, dir, r.ifaceToNative(nil, (*iface)(v.p)))
	default:
		if v.k == KindNative && v.p != nil {
			fmt.Fprintf(f, dir, (*nativeBox)(v.p).rv.Interface())
			return
		}
		if !formatPointer(f, dir, verb, v.p) {
			fmt.Fprintf(f, "%p", v.p)
		}
	}
}

// fmtOperand returns what fmt receives for the interpreted interface
// value it: ifaceToNative's value, except for a value that lives
// natively held as a program's type over its standard type (type MyTime
// time.Time), whose methods are the program type's, not the standard
// type's: an fmtVal, which calls them, or writes the fields.
func (r *run) fmtOperand(fr *frame, it *iface) any {
	if it.nat == nil && it.v.k == KindNative && it.v.p != nil && nativeType(it.t.t) != (*nativeBox)(it.v.p).rv.Type() {
		w := fmtVal{r: r, it: it}
		if r.p.hasMethod(it.t, "Error") {
			return errVal{w}
		}
		return w
	}
	return r.ifaceToNative(fr, it)
}

// hiddenHolder holds a value in an unexported field, which reflect
// lets nothing call a method of.
type hiddenHolder struct{ v any }

// bare returns rv as fmt's operand that fmt writes without calling a
// method of it or of anything in it, as fmt writes a value it reaches
// through an unexported field: a reflect.Value of an unexported field
// of interface type, which fmt writes a level deeper, where a pointer is
// its address.
func bare(rv reflect.Value) reflect.Value {
	if !rv.IsValid() {
		return rv
	}
	return reflect.ValueOf(hiddenHolder{rv.Interface()}).Field(0)
}

// deeper is an interpreted value without a method fmt calls, nested
// depth levels in the value fmt formats: fmt writes it as formatValue
// does at that depth.
type deeper struct {
	r     *run
	t     types.Type
	v     Value
	depth int
}

func (d deeper) Format(f fmt.State, verb rune) {
	d.r.formatValue(f, directive(f, verb), verb, d.t, d.v, d.depth, false)
}

// callsFmtMethod reports whether fmt, formatting a value of type t with
// verb (sharp: the # flag), calls a method of it, as fmtVal.Format does:
// Format (fmt.Formatter's), else with %#v GoString, else for v, s, q, x
// and X without # Error or String.
func (p *Program) callsFmtMethod(t typeRef, verb rune, sharp bool) bool {
	if sel := p.SSA.MethodSets.MethodSet(t.t).Lookup(nil, "Format"); sel != nil {
		sig := sel.Type().(*types.Signature)
		if sig.Params().Len() == 2 && sig.Results().Len() == 0 && isNamedType(sig.Params().At(0).Type(), "fmt", "State") {
			return true
		}
	}
	if verb == 'v' && sharp {
		return p.hasMethod(t, "GoString") && methodSig(p, t, "GoString")
	}
	if sharp || !strings.ContainsRune("vsqxX", verb) {
		return false
	}
	return p.hasMethod(t, "Error") || p.hasMethod(t, "String") && methodSig(p, t, "String")
}

// formatPointer writes a pointer, func or channel whose address is p as
// fmt does for the verbs it takes (v: "<nil>" or the address, padded; p;
// b, o, d, x, X: the address as an integer), reporting whether verb is
// one of them.
func formatPointer(f fmt.State, dir string, verb rune, p unsafe.Pointer) bool {
	switch verb {
	case 'v', 'p', 'b', 'o', 'd', 'x', 'X':
		fmt.Fprintf(f, dir, p)
		return true
	}
	return false
}

// writerVal is an io.Writer whose Write is an interpreted method.
type writerVal struct {
	r  *run
	fr *frame
	in *ins
	it *iface
}

func (w writerVal) Write(p []byte) (int, error) {
	cs := make([]cell, len(p))
	for i, b := range p {
		cs[i] = cell{v: Uint(uint64(b)), st: NoEvent}
	}
	res := w.r.callMethod(w.fr, w.in, w.it, "Write", []Value{sliceOf(cs)})
	rs := splitResults(res, 2)
	var err error
	if e := rs[1]; e.k == KindInterface && e.p != nil {
		if x, ok := w.r.ifaceToNative(w.fr, (*iface)(e.p)).(error); ok {
			err = x
		}
	}
	return int(rs[0].Int()), err
}

// stdStream is what native code given os.Stdout or os.Stderr as a writer
// (an io.Writer parameter: log.New, json.NewEncoder, io.Copy...) writes
// to: the run's output, as interpreted code's writes to them go
// (fmtWriter), never the process's own.
type stdStream struct {
	r   *run
	err bool // os.Stderr
}

func (s stdStream) Write(p []byte) (int, error) {
	if s.err {
		return s.r.errOut.Write(p)
	}
	return s.r.out.Write(p)
}

func (s stdStream) WriteString(str string) (int, error) { return s.Write([]byte(str)) }

// stdStreamFor returns the stdStream standing for x, os.Stdout or
// os.Stderr passed as a native value of interface type rt, if rt is an
// interface a stdStream implements (io.Writer, io.StringWriter): native
// code then writes to the run's output. Other interfaces (any, io.Reader)
// get the *os.File itself.
func (r *run) stdStreamFor(x any, rt reflect.Type) (reflect.Value, bool) {
	f, ok := x.(*os.File)
	if !ok || (f != stdoutFile && f != stderrFile) || rt.NumMethod() == 0 {
		return reflect.Value{}, false
	}
	s := reflect.ValueOf(stdStream{r, f == stderrFile})
	if !s.Type().Implements(rt) {
		return reflect.Value{}, false
	}
	return s, true
}

// fmtWriter returns the native writer for an interpreted io.Writer value:
// os.Stdout and os.Stderr write to the run's (RunOptions.Stdout); native writers (a
// *strings.Builder, a *bytes.Buffer) are used directly; interpreted types
// with a Write method are called back.
func (r *run) fmtWriter(fr *frame, in *ins, v Value) (io.Writer, bool) {
	if v.k != KindInterface || v.p == nil {
		return nil, false
	}
	it := (*iface)(v.p)
	if x := r.ifaceToNative(fr, it); x != nil {
		if f, ok := x.(*os.File); ok && f == stdoutFile {
			return r.out, true
		}
		if f, ok := x.(*os.File); ok && f == stderrFile {
			return r.errOut, true
		}
		if w, ok := x.(io.Writer); ok {
			if _, wrapped := x.(fmtVal); !wrapped {
				if _, wrapped := x.(errVal); !wrapped {
					return w, true
				}
			}
		}
	}
	if it.nat == nil && r.p.hasMethod(it.t, "Write") {
		return writerVal{r, fr, in, it}, true
	}
	return nil, false
}
