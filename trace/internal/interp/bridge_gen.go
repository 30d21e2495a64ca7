package interp

import (
	"go/types"
	"io"
	"reflect"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace/internal/loader"
	"github.com/faultloc/faultloc/trace/internal/stdtable"
)

// The generated part of the standard-library bridge: the table of
// internal/stdtable, written by internal/cmd/bridgegen from the exported
// API of the standard packages it lists (go/types decides which
// signatures the bridge converts). Hand-written bridges (bridges) take
// precedence over the table.

func init() {
	for name, t := range stdtable.Types {
		if nativeTypes[name] == nil {
			nativeTypes[name] = t
		}
	}
}

// reflectBridge returns the bridge of a function of the generated table:
// a native call by reflection that converts the arguments and results by
// fn's signature (a method's receiver first).
func reflectBridge(fn *ssa.Function, name string) extFunc {
	f, ok := stdtable.Funcs[name]
	if !ok {
		return nil
	}
	rv, sig := reflect.ValueOf(f), fn.Signature
	ft := rv.Type()
	if i := strings.LastIndex(name, ")."); i > 0 && deadlineMethods[name[i+2:]] && ft.NumIn() == 2 && ft.In(1) == timeType && ft.NumOut() == 1 && ft.Out(0) == errorType {
		// a connection's SetDeadline called statically (a *tls.Conn's,
		// a *net.TCPConn's): the deadline of the run's clock crosses as
		// the real one, as through an interface (realDeadline)
		return func(r *run, fr *frame, in *ins, args []Value) Value {
			return r.reflectCall(fr, in, name, r.realDeadlineExpr(rv), sig, args)
		}
	}
	if ext := typedBridge(name, f, sig); ext != nil { // bridge_typed.go
		return ext
	}
	if sig.Recv() != nil && ft.NumIn() == sig.Params().Len()+1 { // a method expression (bridge_method.go)
		return typedMethodBridge(name, rv, sig)
	}
	return func(r *run, fr *frame, in *ins, args []Value) Value {
		return r.reflectCall(fr, in, name, rv, sig, args)
	}
}

var (
	timeType  = reflect.TypeFor[time.Time]()
	errorType = reflect.TypeFor[error]()
)

// tableGlobal returns the value of a package variable of the table: the
// variable's current native value, converted once per run.
func tableGlobal(r *run, g *ssa.Global) (Value, bool) {
	ptr, ok := stdtable.Vars[g.Pkg.Pkg.Path()+"."+g.Name()]
	if !ok {
		return Value{}, false
	}
	t := g.Type().(*types.Pointer).Elem()
	nv := reflect.ValueOf(ptr).Elem()
	if nv.Kind() == reflect.Struct && nv.Type().Size() == 0 {
		// binary.BigEndian...: a value of an empty struct carries nothing;
		// an interpreted one lets the methods promoted from its fields be
		// interpreted wrappers.
		return copyVal(r.p.zero(t)), true
	}
	v, err := r.fromNative(nv, t)
	if err != nil {
		return Value{}, false
	}
	return v, true
}

// unbridgedReason says why fn, a function without an interpreted body,
// has no bridge.
func unbridgedReason(fn *ssa.Function, name string) string {
	if fn.Syntax() != nil {
		// Loaded from source, yet without a body: declared in Go,
		// defined in assembly or by go:linkname.
		if fn.Pkg != nil && loader.IsStd(fn.Pkg.Pkg.Path()) {
			return "declared without a body (implemented in the runtime or in assembly), so there is nothing to interpret"
		}
		return "declared without a body (implemented in assembly or by go:linkname), so there is nothing to interpret; a build tag such as purego may select a Go implementation (Config.BuildFlags)"
	}
	if fn.Origin() != nil || fn.TypeParams().Len() > 0 {
		return "an instance of a generic function of a standard package, which has no native counterpart to call (Load interprets cmp, iter, maps, slices and non-standard dependencies from source; see Config.Scope)"
	}
	if why := processReason(name); why != "" {
		return why
	}
	if why, ok := stdtable.Excluded[name]; ok {
		return why
	}
	if strings.HasPrefix(name, "reflect.") || strings.HasPrefix(name, "(reflect.") || strings.HasPrefix(name, "(*reflect.") {
		return "this part of reflect is not emulated over interpreted values (trace/README.md lists what is)"
	}
	return "not in the bridge's table (see trace/README.md)"
}

// processReason says why name, a standard function that names or starts
// a process, has no bridge, or is "".
func processReason(name string) string {
	switch {
	case name == "os.Executable":
		// The re-executed test binary would run natively, untraced, even
		// if one were built.
		return "the interpreted test has no executable: natively it is the test binary, which a test runs again as a child process to run a case in it, and an interpreted run has no test binary, so this cannot be supported"
	case strings.HasPrefix(name, "os/exec.") || strings.HasPrefix(name, "(*os/exec.") || strings.HasPrefix(name, "(os/exec."),
		name == "os.StartProcess", name == "os.FindProcess", strings.HasPrefix(name, "(*os.Process)."),
		name == "syscall.ForkExec", name == "syscall.StartProcess", name == "syscall.Exec":
		return "child processes are not run: one would run natively, outside the run's sandbox, virtual clock and trace"
	}
	return ""
}

// adaptIface returns a native value implementing the interface type rt
// for an interpreted value whose type has the methods rt needs: a Write
// method for io.Writer, a Read method for io.Reader.
func (r *run) adaptIface(fr *frame, in *ins, it *iface, rt reflect.Type) (reflect.Value, bool) {
	if it.nat != nil {
		return reflect.Value{}, false
	}
	if v, ok := r.adaptHTTP(fr, in, it, rt); ok { // native_http.go
		return v, true
	}
	if v, ok := r.adaptFS(fr, in, it, rt); ok { // native_fs.go
		return v, true
	}
	var x any
	switch {
	case reflect.TypeFor[readSeekerVal]().Implements(rt) && r.p.hasMethod(it.t, "Read") && r.p.hasMethod(it.t, "Seek"):
		x = readSeekerVal{readerVal{r, fr, in, it, new(readBuf)}}
	case reflect.TypeFor[writerVal]().Implements(rt) && r.p.hasMethod(it.t, "Write"):
		x = writerVal{r, fr, in, it}
	case reflect.TypeFor[readerVal]().Implements(rt) && r.p.hasMethod(it.t, "Read"):
		x = readerVal{r, fr, in, it, new(readBuf)}
	default:
		return r.adaptByTable(fr, in, it, rt) // native_iface.go
	}
	return reflect.ValueOf(x), true
}

// readerVal is an io.Reader whose Read is an interpreted method: native
// code reads into an interpreted slice of zeros, of which the n bytes
// read are copied back into its buffer. The slice's cells are the
// reader's own from one Read to the next (buf), as an io.Reader may not
// retain its buffer, and only the n read are zeroed again after a Read:
// a caller that reads a byte at a time into a large buffer (bufio's, a
// protocol's frame reader) would otherwise pay for the whole buffer at
// every byte. (Bytes a Read writes past its n stay for the next Read to
// see, as they stay in a native caller's buffer.)
type readerVal struct {
	r   *run
	fr  *frame
	in  *ins
	it  *iface
	buf *readBuf
}

// readBuf is the cells of a readerVal's reads; busy while a Read uses
// them (another Read at the same time, from another native goroutine or
// nested, gets cells of its own).
type readBuf struct {
	busy atomic.Bool
	cs   []cell
}

var _ io.Reader = readerVal{}

// zeroBytes returns n cells of byte 0.
func zeroBytes(n int) []cell {
	cs := make([]cell, n)
	for i := range cs {
		cs[i] = cell{v: Uint(0), st: NoEvent}
	}
	return cs
}

func (rd readerVal) Read(p []byte) (int, error) {
	var cs []cell
	if b := rd.buf; b != nil && b.busy.CompareAndSwap(false, true) {
		defer b.busy.Store(false)
		if cap(b.cs) < len(p) {
			b.cs = zeroBytes(len(p))
		}
		cs = b.cs[:len(p)]
	} else {
		cs = zeroBytes(len(p))
	}
	res := rd.r.callMethod(rd.fr, rd.in, rd.it, "Read", []Value{sliceOf(cs)})
	rs := splitResults(res, 2)
	n := int(rs[0].Int())
	for i := range min(max(n, 0), len(p)) {
		p[i] = byte(cs[i].v.n)
		cs[i] = cell{v: Uint(0), st: NoEvent}
	}
	var err error
	if e := rs[1]; e.k == KindInterface && e.p != nil {
		if x, ok := rd.r.ifaceToNative(rd.fr, (*iface)(e.p)).(error); ok {
			err = x
		}
	}
	return n, err
}

// readSeekerVal is an io.ReadSeeker whose Read and Seek are interpreted
// methods (http.ServeContent's content).
type readSeekerVal struct{ readerVal }

var _ io.ReadSeeker = readSeekerVal{}

func (rs readSeekerVal) Seek(offset int64, whence int) (int64, error) {
	rd := rs.readerVal
	res := splitResults(rd.r.callMethod(rd.fr, rd.in, rd.it, "Seek", []Value{Int(offset), Int(int64(whence))}), 2)
	var err error
	if e := res[1]; e.k == KindInterface && e.p != nil {
		if x, ok := rd.r.ifaceToNative(rd.fr, (*iface)(e.p)).(error); ok {
			err = x
		}
	}
	return res[0].Int(), err
}

// isNativeType reports whether values of t live natively (see nativeTypes).
func isNativeType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && nativeTypes[n.Obj().Pkg().Path()+"."+n.Obj().Name()] != nil
}

// loadNative executes *p for a pointer to a native type: p is either an
// interpreted pointer to a cell or a native pointer (a result of native
// code), whose pointee is copied into a new native box.
func (r *run) loadNative(fr *frame, in *ins) {
	x := fr.regs[in.a[0]]
	if x.p == nil {
		r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
	}
	if x.k == KindNative {
		rv := (*nativeBox)(x.p).rv
		if t := in.instr.(ssa.Value).Type(); !isNativeType(t) {
			r.def(fr, in, r.loadNativeField(fr, in, rv, t)) // a field (native_field.go)
			return
		}
		box := &nativeBox{rv: reflect.New(rv.Type().Elem()).Elem()}
		box.rv.Set(rv.Elem())
		r.def(fr, in, Value{k: KindNative, p: ptrOf(box)})
		return
	}
	c := (*cell)(x.p)
	e := r.def(fr, in, copyVal(c.v))
	if r.tr != nil {
		r.memDeps(c, e)
	}
}

// storeNative executes *p = v for a pointer to a native type (see
// loadNative).
func (r *run) storeNative(fr *frame, in *ins) {
	x := fr.regs[in.a[0]]
	if x.p == nil {
		r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
	}
	v, e := r.stmtV(fr, in, fr.regs[in.a[1]])
	if x.k != KindNative {
		storeInto((*cell)(x.p), v, e)
		return
	}
	dst := (*nativeBox)(x.p).rv.Elem()
	if t := in.instr.(*ssa.Store).Val.Type(); !isNativeType(t) {
		r.storeNativeField(fr, in, dst, v, t) // a field (native_field.go)
		return
	}
	if v.k != KindNative || v.p == nil || (*nativeBox)(v.p).rv.Type() != dst.Type() {
		panic(&InternalError{Value: "store of a non-native value through a native " + dst.Type().String() + " pointer", Pos: r.pos(in)})
	}
	dst.Set((*nativeBox)(v.p).rv)
}
