package interp

import (
	"bytes"
	"errors"
	"fmt"
	"go/types"
	"io"
	"os"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"
)

// nativeTypes are standard-library types whose values live natively inside
// interpreted memory (their methods run natively by reflection), by
// "path.Name".
var nativeTypes = map[string]reflect.Type{
	"strings.Builder":  reflect.TypeOf(strings.Builder{}),
	"strings.Reader":   reflect.TypeOf(strings.Reader{}),
	"strings.Replacer": reflect.TypeOf(strings.Replacer{}),
	"bytes.Buffer":     reflect.TypeOf(bytes.Buffer{}),
}

func init() {
	for _, name := range []string{"fmt.Sprint", "fmt.Sprintf", "fmt.Sprintln", "fmt.Errorf", "fmt.Print", "fmt.Printf", "fmt.Println"} {
		bridges[name] = fmtBridge(name)
	}
	for _, name := range []string{"fmt.Append", "fmt.Appendf", "fmt.Appendln"} {
		bridges[name] = appendBridge(name)
	}
	for _, name := range []string{"fmt.Fprint", "fmt.Fprintf", "fmt.Fprintln"} {
		bridges[name] = fprintBridge(name)
	}
	bridges["errors.As"] = errorsAs
	bridges["errors.AsType"] = errorsAsType
	bridges["errors.Is"] = errorsIs
	bridges["errors.Unwrap"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		// The result of the error's Unwrap() error method, else nil (not
		// an Unwrap() []error).
		if args[0].p == nil {
			return Value{k: KindInterface}
		}
		it := (*iface)(args[0].p)
		if it.nat != nil {
			e, _ := it.nat.(error)
			if u := errors.Unwrap(e); u != nil {
				return r.nativeIface(u)
			}
			return Value{k: KindInterface}
		}
		if m := r.errMethod(it, "Unwrap"); m != nil && m.Params().Len() == 0 && m.Results().Len() == 1 {
			if _, many := m.Results().At(0).Type().Underlying().(*types.Slice); !many {
				return r.callMethod(fr, in, it, "Unwrap", nil)
			}
		}
		return Value{k: KindInterface}
	}
	bridges["os.Exit"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		panic(exitStop{int(args[0].Int())})
	}
	bridges["reflect.DeepEqual"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		return Bool(r.deepEqual(fr, in, args[0], args[1]))
	}
}

// ifaceNative returns the native value an interface holds: one native
// code made, a value living natively, or a pointer to one.
func ifaceNative(i *iface) (any, bool) {
	switch {
	case i.nat != nil:
		return i.nat, true
	case i.v.k == KindNative && i.v.p != nil:
		return (*nativeBox)(i.v.p).rv.Interface(), true
	}
	return nativePointer(i.v)
}

// nativePointer returns the native pointer v is: a native one, or an
// interpreted pointer to a variable holding a native value.
func nativePointer(v Value) (any, bool) {
	switch {
	case v.k == KindNative && v.p != nil:
		rv := (*nativeBox)(v.p).rv
		return rv.Interface(), rv.Kind() == reflect.Pointer
	case v.k == KindPointer && v.p != nil:
		if c := (*cell)(v.p); c.v.k == KindNative && c.v.p != nil {
			return (*nativeBox)(c.v.p).rv.Addr().Interface(), true
		}
	}
	return nil, false
}

// calleeSig returns the signature of the function called by in.
func calleeSig(in *ins) *types.Signature {
	ci := in.x.(*callInfo)
	if ci.kind == callStatic && ci.code != nil {
		return ci.code.fn.Signature
	}
	return ci.sig
}

// lookupNativeMethod returns the native method for names like
// "(*strings.Builder).WriteString" of a type in nativeTypes.
func lookupNativeMethod(name string) (reflect.Value, bool) {
	if !strings.HasPrefix(name, "(") {
		return reflect.Value{}, false
	}
	recv, meth, ok := strings.Cut(name[1:], ").")
	if !ok {
		return reflect.Value{}, false
	}
	ptr := strings.HasPrefix(recv, "*")
	rt := nativeTypes[strings.TrimPrefix(recv, "*")]
	if rt == nil {
		return reflect.Value{}, false
	}
	if ptr {
		rt = reflect.PointerTo(rt)
	}
	m, ok := rt.MethodByName(meth)
	if !ok {
		return reflect.Value{}, false
	}
	return m.Func, true
}

// nativeZero returns a fresh native zero value for t if t is one of
// nativeTypes.
func nativeZero(t types.Type) (Value, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return Value{}, false
	}
	rt := nativeTypes[n.Obj().Pkg().Path()+"."+n.Obj().Name()]
	if rt == nil {
		return Value{}, false
	}
	return Value{k: KindNative, p: ptrOf(&nativeBox{rv: reflect.New(rt).Elem()})}, true
}

// variadicArgs returns the natives of a ...any argument (an interpreted
// slice of interfaces), with %T verbs of format (if non-nil) resolved to the
// interpreted type names.
func (r *run) variadicArgs(fr *frame, s Value) []any {
	cs := s.slice()
	out := make([]any, len(cs))
	for i := range cs {
		v := cs[i].v
		if v.k == KindInterface && v.p != nil {
			out[i] = r.fmtOperand(fr, (*iface)(v.p))
		}
	}
	return out
}

// rewriteT replaces %T verbs of format by %s (keeping flags and width) and
// their operands by the interpreted type names: package fmt would name the
// wrappers' native types. It replaces %p verbs of interpreted references
// by %x of their address, with fmt's 0x prefix (fmt takes a %p operand's
// address before it asks for a Formatter).
// With an explicit argument index in format (%[1]T=%[1]v), an operand
// may serve several verbs: the names and addresses are then appended to
// args, which it returns, and every verb and * names its operand by index
// (rewriteIndexed).
func (r *run) rewriteT(format string, args []any, raw Value) (string, []any) {
	if !strings.Contains(format, "%") {
		return format, args
	}
	cs := raw.slice()
	if strings.Contains(format, "[") {
		if f, a, ok := r.rewriteIndexed(format, args, cs); ok {
			return f, a
		}
	}
	var out strings.Builder
	argi := 0
	for i := 0; i < len(format); i++ {
		out.WriteByte(format[i])
		if format[i] != '%' {
			continue
		}
		i++
		flags := out.Len()
		for i < len(format) && strings.IndexByte("+-# 0123456789.*[]", format[i]) >= 0 {
			if format[i] == '*' {
				argi++
			}
			out.WriteByte(format[i])
			i++
		}
		if i >= len(format) {
			break
		}
		if format[i] == '%' {
			out.WriteByte('%')
			continue
		}
		switch {
		case format[i] == 'T' && argi < len(args):
			args[argi] = typeName(cs[argi].v)
			out.WriteByte('s')
		case format[i] == 'p' && argi < len(args) && r.isInterpretedRef(cs[argi].v):
			it := (*iface)(cs[argi].v.p)
			args[argi] = uint64(r.addressOf(it.t.t, it.v))
			s := out.String()
			out.Reset()
			out.WriteString(s[:flags] + pointerFlags(s[flags:]) + "x")
		default:
			out.WriteByte(format[i])
		}
		argi++
	}
	return out.String(), args
}

// pointerFlags returns the flags f of a %p verb for the %x verb that
// prints the address in its place: fmt's %p writes the 0x prefix that
// %x writes with #, and %#p leaves it out.
func pointerFlags(f string) string {
	if strings.Contains(f, "#") {
		return strings.Replace(f, "#", "", 1)
	}
	return "#" + f
}

// typeName names the type of the interpreted interface value v as %T
// does.
func typeName(v Value) string {
	if v.p == nil {
		return "<nil>"
	}
	it := (*iface)(v.p)
	if it.nat != nil {
		return fmt.Sprintf("%T", it.nat)
	}
	return goTypeName(it.t.t) // as reflect names it: []uint8, not []byte
}

// rewriteIndexed is rewriteT for a format with explicit argument
// indexes. It follows the format as fmt's doPrintf does and writes it
// again with an index on every verb and * that takes an operand: a %T
// verb's names the type name it appends to args, a %p verb's of an
// interpreted reference the address it appends, so that the operand
// itself stays for the other verbs that name it. What fmt writes for a
// verb without a good operand (a bad index, a missing operand, a * past
// the last one) it writes as text, as the operands appended would
// otherwise take their place. It reports false when the format has no
// explicit index: rewriteT's verb-by-verb rewrite keeps fmt's check for
// extra operands, which an index turns off.
func (r *run) rewriteIndexed(format string, args []any, cs []cell) (string, []any, bool) {
	n, end := len(args), len(format)
	var out strings.Builder
	argNum, indexed := 0, false
	lit := func(s string) { out.WriteString(strings.ReplaceAll(s, "%", "%%")) }
	for i := 0; i < end; {
		lasti := i
		for i < end && format[i] != '%' {
			i++
		}
		out.WriteString(format[lasti:i])
		if i >= end {
			break
		}
		i++
		var (
			spec  strings.Builder // flags, width and precision, rewritten
			stars strings.Builder // the stars alone
			pre   string          // what fmt writes before the operand for a * without one
			good  = true
		)
		// argNumber reads an index at format[i:], if any, as fmt does.
		argNumber := func(i int) (int, bool) {
			if i >= end || format[i] != '[' {
				return i, false
			}
			indexed = true
			index, wid, ok := parseArgIndex(format[i:])
			if ok && index >= 0 && index < n {
				argNum = index
			} else {
				good = false
			}
			return i + wid, ok
		}
		star := func(bad string) {
			if argNum >= n {
				pre += bad
				return
			}
			fmt.Fprintf(&spec, "[%d]*", argNum+1)
			fmt.Fprintf(&stars, "[%d]*", argNum+1)
			argNum++
		}
		digits := func(i int) (int, bool) {
			j := i
			for j < end && format[j] >= '0' && format[j] <= '9' {
				j++
			}
			spec.WriteString(format[i:j])
			return j, j > i
		}
		for i < end && strings.IndexByte("#0+- ", format[i]) >= 0 {
			spec.WriteByte(format[i])
			i++
		}
		// number reads a width or precision at format[i:] after an
		// index, if any: a * (bad: what fmt writes without its operand)
		// or digits, which must not follow an index in a width
		// ("%[3]2d"; fmt lets a precision's).
		number := func(i int, bad string) (int, bool) {
			i, afterIndex := argNumber(i)
			if i < end && format[i] == '*' {
				star(bad)
				return i + 1, false
			}
			i, wid := digits(i)
			if afterIndex && wid && bad == badWidth {
				good = false
			}
			return i, afterIndex
		}
		flags := spec.String()
		var afterIndex bool
		i, afterIndex = number(i, badWidth)
		if i+1 < end && format[i] == '.' {
			spec.WriteByte('.')
			if afterIndex {
				good = false // "%[3].2d"
			}
			i, afterIndex = number(i+1, badPrec)
		}
		if !afterIndex {
			i, _ = argNumber(i)
		}
		lit(pre)
		if i >= end {
			lit("%!(NOVERB)")
			break
		}
		verb, size := utf8.DecodeRuneInString(format[i:])
		i += size
		var note string
		switch {
		case verb == '%':
		case !good:
			note = "!" + string(verb) + "(BADINDEX)"
		case argNum >= n:
			note = "!" + string(verb) + "(MISSING)"
		}
		if verb == '%' || note != "" {
			// The stars' operands are taken (fmt writes a bad
			// width's text), then a %, then the note.
			out.WriteString("%" + stars.String() + "%")
			lit(note)
			continue
		}
		op := argNum
		argNum++
		switch {
		case verb == 'T':
			args = append(args, typeName(cs[op].v))
			fmt.Fprintf(&out, "%%%s[%d]s", spec.String(), len(args))
		case verb == 'p' && r.isInterpretedRef(cs[op].v):
			it := (*iface)(cs[op].v.p)
			args = append(args, uint64(r.addressOf(it.t.t, it.v)))
			fmt.Fprintf(&out, "%%%s%s[%d]x", pointerFlags(flags), spec.String()[len(flags):], len(args))
		default:
			fmt.Fprintf(&out, "%%%s[%d]%c", spec.String(), op+1, verb)
		}
	}
	if !indexed {
		return "", nil, false
	}
	return out.String(), args, true
}

// What fmt writes for a * without an operand.
const (
	badWidth = "%!(BADWIDTH)"
	badPrec  = "%!(BADPREC)"
)

// parseArgIndex reads an argument index [n] at the start of format as
// fmt does: the index (n-1), the bytes it takes, whether it is well
// formed.
func parseArgIndex(format string) (index, wid int, ok bool) {
	if len(format) < 3 {
		return 0, 1, false
	}
	for i := 1; i < len(format); i++ {
		if format[i] == ']' {
			k, err := strconv.Atoi(format[1:i])
			if err != nil || format[1] == '+' || format[1] == '-' {
				return 0, i + 1, false
			}
			return k - 1, i + 1, true
		}
	}
	return 0, 1, false
}

// isInterpretedRef reports whether the interface value v holds an
// interpreted pointer, slice, map, chan or func.
func (r *run) isInterpretedRef(v Value) bool {
	if v.p == nil {
		return false
	}
	it := (*iface)(v.p)
	if it.nat != nil {
		return false
	}
	switch it.t.t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature:
		return true
	case *types.Basic:
		return isUnsafePointer(it.t.t)
	}
	return false
}

func fmtBridge(name string) extFunc {
	return func(r *run, fr *frame, in *ins, args []Value) Value {
		var s string
		switch name {
		case "fmt.Sprint", "fmt.Print":
			s = fmt.Sprint(r.variadicArgs(fr, args[0])...)
		case "fmt.Sprintln", "fmt.Println":
			s = fmt.Sprintln(r.variadicArgs(fr, args[0])...)
		case "fmt.Sprintf", "fmt.Printf", "fmt.Errorf":
			a := r.variadicArgs(fr, args[1])
			format, a := r.rewriteT(args[0].Str(), a, args[1])
			if name == "fmt.Errorf" {
				return r.nativeIface(fmt.Errorf(format, a...))
			}
			s = fmt.Sprintf(format, a...)
		}
		if strings.HasPrefix(name, "fmt.Sprint") {
			return String(s)
		}
		n, _ := io_WriteString(r, s)
		return Tuple(Int(int64(n)), Value{k: KindInterface})
	}
}

func io_WriteString(r *run, s string) (int, error) { return fmt.Fprint(r.stdout(), s) }

// stdout is where fmt.Print and its kin write: the run's output, or the
// file the program made os.Stdout (a test capturing its output in a
// temporary file).
func (r *run) stdout() io.Writer {
	pkg := r.p.SSA.ImportedPackage("os")
	if pkg == nil {
		return r.out
	}
	g, _ := pkg.Members["Stdout"].(*ssa.Global)
	r.p.mu.Lock()
	gid, ok := r.p.globals[g]
	r.p.mu.Unlock()
	if !ok || gid >= len(r.globals) || r.globals[gid] == nil {
		return r.out
	}
	v := r.globals[gid].v
	if v.k != KindNative || v.p == nil {
		return r.out
	}
	f, ok := (*nativeBox)(v.p).rv.Interface().(*os.File)
	switch {
	case !ok || f == stdoutFile:
		return r.out
	case f == stderrFile:
		return r.errOut
	}
	return f
}

// appendBridge is fmt.Append, Appendf or Appendln: what Sprint, Sprintf
// or Sprintln format, appended to the interpreted byte slice.
func appendBridge(name string) extFunc {
	sprint := fmtBridge("fmt.Sprint" + strings.TrimPrefix(name, "fmt.Append"))
	return func(r *run, fr *frame, in *ins, args []Value) Value {
		s := sprint(r, fr, in, args[1:]).Str()
		cs := make([]cell, len(s))
		for i := range len(s) {
			cs[i] = cell{v: Value{k: KindUint, n: uint64(s[i])}, st: NoEvent}
		}
		return r.appendCells(args[0], cs)
	}
}

// appendCells returns append(x, vs...) for an interpreted slice x of
// one-byte elements: in x's array while it has room, else in a new one
// grown as the runtime grows it.
func (r *run) appendCells(x Value, vs []cell) Value {
	old := x.slice()
	full := old[:cap(old)]
	n := len(old) + len(vs)
	switch {
	case x.p == nil && len(vs) == 0:
		return Value{k: KindSlice} // append(nil) is nil
	case n <= len(full):
		for i := range vs {
			full[len(old)+i].v = vs[i].v
		}
		return sliceOf(full[:n])
	}
	c := growCap(n, cap(old), 1, true)
	r.allocCells(c)
	cs := make([]cell, n, c)
	for i := range old {
		cs[i] = cell{v: old[i].v, st: NoEvent}
	}
	for i := range vs {
		cs[len(old)+i] = cell{v: vs[i].v, st: NoEvent}
	}
	return sliceOf(cs)
}

func fprintBridge(name string) extFunc {
	return func(r *run, fr *frame, in *ins, args []Value) Value {
		w, ok := r.fmtWriter(fr, in, args[0])
		if !ok {
			panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: "the writer is neither native nor an interpreted type with a Write method"})
		}
		var n int
		var err error
		switch name {
		case "fmt.Fprint":
			n, err = fmt.Fprint(w, r.variadicArgs(fr, args[1])...)
		case "fmt.Fprintln":
			n, err = fmt.Fprintln(w, r.variadicArgs(fr, args[1])...)
		default:
			a := r.variadicArgs(fr, args[2])
			format, a := r.rewriteT(args[1].Str(), a, args[2])
			n, err = fmt.Fprintf(w, format, a...)
		}
		ev := Value{k: KindInterface}
		if err != nil {
			ev = r.nativeIface(err)
		}
		return Tuple(Int(int64(n)), ev)
	}
}

// callMethod calls the interpreted method name of the dynamic value of it,
// from the branch fr is under.
func (r *run) callMethod(fr *frame, in *ins, it *iface, name string, args []Value) Value {
	return r.callMethodFrom(fr, in, it, name, args, fr.ctrl)
}

// callMethodFrom is callMethod with callEv as the method frame's call
// event.
func (r *run) callMethodFrom(fr *frame, in *ins, it *iface, name string, args []Value, callEv EventID) Value {
	ms := r.p.SSA.MethodSets.MethodSet(it.t.t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == name {
			c := r.p.code(r.p.SSA.MethodValue(ms.At(i)))
			full := append([]Value{it.v}, args...)
			v, _ := r.invokeCode(fr, in, c, nil, nil, full, nil, callEv, mix(fr.path, in.sid, -1-int32(r.steps%1024)))
			r.cur = fr
			return v
		}
	}
	panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: "no method " + name + " on " + it.t.t.String()})
}

// errorsAs implements errors.As for interpreted and native errors: it walks
// the chain of Unwrap methods (interpreted or native).
// errorsIs is errors.Is on interpreted errors: == when the target's type
// is comparable, then the error's Is method, then its Unwrap (one error or
// several), as the errors package does, whether the errors are
// interpreted values (calling their methods) or native ones.
func errorsIs(r *run, fr *frame, in *ins, args []Value) Value {
	err, target := args[0], args[1]
	if err.p == nil || target.p == nil {
		return Bool(err.p == target.p)
	}
	ti := (*iface)(target.p)
	comparable := ti.nat == nil && types.Comparable(ti.t.t) || ti.nat != nil && reflect.TypeOf(ti.nat).Comparable()
	return Bool(r.errIs(fr, in, err, target, comparable, 0))
}

func (r *run) errIs(fr *frame, in *ins, err, target Value, comparable bool, depth int) bool {
	return r.errChain(fr, in, err, depth, func(err Value) bool {
		it := (*iface)(err.p)
		if comparable && (it.nat == nil || reflect.TypeOf(it.nat).Comparable()) && Equal(err, target) {
			return true
		}
		if it.nat != nil {
			x, ok := it.nat.(interface{ Is(error) bool })
			te, isErr := r.ifaceToNative(fr, (*iface)(target.p)).(error)
			return ok && isErr && x.Is(te)
		}
		m := r.errMethod(it, "Is")
		return m != nil && m.Params().Len() == 1 && m.Results().Len() == 1 && r.callMethod(fr, in, it, "Is", []Value{target}).n != 0
	})
}

// errChain walks err's chain as the errors package does, depth first
// through errors wrapping several, and reports whether match holds for
// one of them.
func (r *run) errChain(fr *frame, in *ins, err Value, depth int, match func(Value) bool) bool {
	for ; err.p != nil && depth < 100; depth++ {
		if match(err) {
			return true
		}
		next, several, ok := r.unwrapErr(fr, in, err)
		if several != nil {
			for _, e := range several {
				if r.errChain(fr, in, e, depth+1, match) {
					return true
				}
			}
			return false
		}
		if !ok {
			return false
		}
		err = next
	}
	return false
}

// unwrapErr is one step of the errors package's chain: the error err's
// Unwrap() error gives (next), or its Unwrap() []error (several); ok is
// false if it has neither. Native errors are unwrapped natively,
// interpreted ones through their methods.
func (r *run) unwrapErr(fr *frame, in *ins, err Value) (next Value, several []Value, ok bool) {
	it := (*iface)(err.p)
	if it.nat != nil {
		switch x := it.nat.(type) {
		case interface{ Unwrap() error }:
			return r.nativeIface(x.Unwrap()), nil, true
		case interface{ Unwrap() []error }:
			for _, e := range x.Unwrap() {
				several = append(several, r.nativeIface(e))
			}
			return Value{}, several, true
		}
		return Value{}, nil, false
	}
	m := r.errMethod(it, "Unwrap")
	if m == nil || m.Params().Len() != 0 || m.Results().Len() != 1 {
		return Value{}, nil, false
	}
	res := r.callMethod(fr, in, it, "Unwrap", nil)
	if _, many := m.Results().At(0).Type().Underlying().(*types.Slice); many {
		several = []Value{}
		for _, c := range res.slice() {
			several = append(several, c.v)
		}
		return Value{}, several, true
	}
	return res, nil, true
}

// errMethod returns the signature of it's method name, nil if it has none.
func (r *run) errMethod(it *iface, name string) *types.Signature {
	ms := r.p.SSA.MethodSets.MethodSet(it.t.t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == name {
			return ms.At(i).Type().(*types.Signature)
		}
	}
	return nil
}

func errorsAs(r *run, fr *frame, in *ins, args []Value) Value {
	err, target := args[0], args[1]
	if target.k != KindInterface || target.p == nil {
		panic(&BridgeError{Func: "errors.As", CallSite: r.pos(in), Reason: "target must be a non-nil pointer"})
	}
	tit := (*iface)(target.p)
	pt, ok := tit.t.t.Underlying().(*types.Pointer)
	if !ok || tit.v.p == nil {
		r.rtPanic(fr, in, "errors: target must be a non-nil pointer")
	}
	return Bool(r.errAs(fr, in, err, target, pt.Elem(), 0))
}

// errorsAsType is errors.AsType[E] (Go 1.26, generic): errors.As into a
// fresh variable of type E, the result type of the call, returned with
// whether it was set.
func errorsAsType(r *run, fr *frame, in *ins, args []Value) Value {
	e := calleeSig(in).Results().At(0).Type()
	zero := copyVal(r.p.zero(e))
	if args[0].k != KindInterface || args[0].p == nil {
		return Tuple(zero, Bool(false))
	}
	r.allocCells(1)
	dst := newCell(zero, NoEvent)
	target := Value{k: KindInterface, p: ptrOf(&iface{t: r.p.internLocked(types.NewPointer(e)), v: Value{k: KindPointer, p: ptrOf(dst)}})}
	if !r.errAs(fr, in, args[0], target, e, 0) {
		return Tuple(zero, Bool(false))
	}
	return Tuple(dst.v, Bool(true))
}

// errAs is errors.As's search, as the errors package does it: the first
// error of the chain assignable to want (the target's element type) is
// stored through the target, else an error's As method may answer, else
// its Unwrap (one error or several) goes on.
func (r *run) errAs(fr *frame, in *ins, err, target Value, want types.Type, depth int) bool {
	_, wantIface := want.Underlying().(*types.Interface)
	dst := (*cell)((*iface)(target.p).v.p)
	return r.errChain(fr, in, err, depth, func(err Value) bool {
		it := (*iface)(err.p)
		if it.nat != nil {
			switch {
			case wantIface && nativeImplements(it.nat, want):
				dst.v = err
			case !wantIface && nativeIs(it.nat, want):
				dst.v = nativeToValue(r, it.nat, want)
			default:
				return false
			}
			return true
		}
		wr := r.p.internLocked(want)
		switch {
		case wantIface && r.p.implements(it, wr):
			dst.v = err
			return true
		case !wantIface && it.t.id == wr.id:
			dst.v = copyVal(it.v)
			return true
		}
		m := r.errMethod(it, "As")
		return m != nil && m.Params().Len() == 1 && m.Results().Len() == 1 && r.callMethod(fr, in, it, "As", []Value{target}).n != 0
	})
}

// exitStop unwinds a run that called os.Exit.
type exitStop struct{ code int }
