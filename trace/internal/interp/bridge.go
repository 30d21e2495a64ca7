package interp

import (
	"fmt"
	"go/types"
	"io"
	"net/http"
	"os"
	"path"
	"reflect"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace/internal/stdtable"
)

// extFunc runs a function without an interpreted body natively.
type extFunc func(r *run, fr *frame, in *ins, args []Value) Value

// bridges holds the hand-written bridges, by function name as
// ssa.Function.String prints it (e.g. "strings.ToUpper",
// "(*strings.Builder).WriteString").
var bridges = map[string]extFunc{}

func externalName(fn *ssa.Function) string {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	return fn.String()
}

func lookupBridge(p *Program, fn *ssa.Function, name string) extFunc {
	if f := bridges[name]; f != nil {
		return f
	}
	if f := reflectBridge(fn, name); f != nil {
		return f
	}
	if _, excluded := stdtable.Excluded[name]; excluded {
		// The generated table left it out for a reason (an any
		// parameter or result: a value of the interpreter's in native
		// memory, or one of native memory read as interpreted): no
		// reflective call either.
		return nil
	}
	if m, ok := lookupNativeMethod(name); ok {
		return typedMethodBridge(name, m, fn.Signature) // bridge_method.go
	}
	return nil
}

// bridgeGlobal returns the value of a package variable of a package out of
// scope, if the bridge knows it.
func bridgeGlobal(r *run, g *ssa.Global) (Value, bool) {
	name := g.Pkg.Pkg.Path() + "." + g.Name()
	if f := bridgedGlobals[name]; f != nil {
		return f(Call{r: r}), true
	}
	switch name {
	case "os.Stdout": // writes go to RunOptions.Stdout (see fmtWriter, stdstreams.go)
		return nativeValue(stdoutFile), true
	case "os.Stderr":
		return nativeValue(stderrFile), true
	case "os.Args":
		// The program's name (a test's: see run.argv0), the same from
		// run to run, and a go test case's -test.run (WithArgs).
		vs := []Value{String(r.argv0)}
		for _, a := range r.args {
			vs = append(vs, String(a))
		}
		return Slice(vs...), true
	}
	if v, ok := tableGlobal(r, g); ok {
		return v, true
	}
	if x, ok := errorGlobals[name]; ok {
		return r.nativeIface(x), true
	}
	if x, ok := contextKeys[name]; ok {
		return nativeValue(x), true
	}
	return Value{}, false
}

// bridgedGlobals holds the package variables RegisterGlobal stands in
// for, by name ("crypto/rand.Reader").
var bridgedGlobals = map[string]func(Call) Value{}

// nativeValue holds native x in interpreted memory.
func nativeValue(x any) Value {
	box := &nativeBox{rv: reflect.New(reflect.TypeOf(x)).Elem()}
	box.rv.Set(reflect.ValueOf(x))
	return Value{k: KindNative, p: ptrOf(box)}
}

// callExt runs a bridged function, turning native panics into interpreted
// ones.
func (r *run) callExt(fr *frame, in *ins, name string, f extFunc, args []Value) (v Value) {
	if r.native {
		// Called back by native code: a stand-in runs as interpreted
		// code does (abandon.go).
		r.leaveNative()
		defer r.backToNative()
	}
	fr.at = in
	defer func() {
		if x := recover(); x != nil {
			if r.isAbandoned() {
				if _, ok := x.(abandonStop); ok {
					panic(x) // the entry goroutine, unwinding to Run
				}
				panic(killStop{}) // the run is over (see abandon.go)
			}
			if r.stop != nil { // a stop fmt swallowed came first
				x, r.stop = r.stop, nil
			}
			if _, ok := x.(*interpPanic); ok || isRunStop(x) {
				panic(x)
			}
			r.throw(fr, in, Value{k: KindInterface, p: ptrOf(&iface{nat: nativePanic{x}, t: typeRef{id: -1}})}, NoEvent)
		}
	}()
	v = f(r, fr, in, args)
	if r.isAbandoned() {
		// The run was given up while this goroutine was in native code
		// (see abandon.go): it ends here, touching nothing of the run.
		panic(killStop{})
	}
	if r.stop != nil {
		x := r.stop
		r.stop = nil
		panic(x)
	}
	return v
}

// deadlineMethods are the methods by which a native connection, listener
// or file (net.Conn's, os.File's) takes a deadline, an instant of the
// real clock: interpreted code reads the run's virtual clock (its
// time.Now), so its deadline crosses as the real instant as far ahead of
// the real clock as the deadline is of the virtual one (realDeadline).
var deadlineMethods = map[string]bool{"SetDeadline": true, "SetReadDeadline": true, "SetWriteDeadline": true}

var setDeadlineType = reflect.TypeFor[func(time.Time) error]()

// realDeadline returns method m, a func(time.Time) error of
// deadlineMethods, taking a deadline of the run's virtual clock; the
// zero time (no deadline) stays zero.
func (r *run) realDeadline(m reflect.Value) reflect.Value {
	vnow := virtualTime(r.bridges().now)
	return reflect.ValueOf(func(t time.Time) error {
		if !t.IsZero() {
			t = time.Now().Add(t.Sub(vnow))
		}
		return m.Interface().(func(time.Time) error)(t)
	})
}

// realDeadlineExpr is realDeadline for f, the method expression of a
// method of deadlineMethods (a func(recv, time.Time) error).
func (r *run) realDeadlineExpr(f reflect.Value) reflect.Value {
	vnow := virtualTime(r.bridges().now)
	return reflect.MakeFunc(f.Type(), func(args []reflect.Value) []reflect.Value {
		if t := args[1].Interface().(time.Time); !t.IsZero() {
			args[1] = reflect.ValueOf(time.Now().Add(t.Sub(vnow)))
		}
		return f.Call(args)
	})
}

// nativePanic wraps the value of a panic raised by native code.
type nativePanic struct{ v any }

func (p nativePanic) Error() string {
	if e, ok := p.v.(error); ok {
		return e.Error()
	}
	return fmt.Sprint(p.v)
}

func (r *run) callNativeMethod(fr *frame, in *ins, ci *callInfo, nat any, args []Value) Value {
	if t, ok := nat.(*rtype); ok {
		return r.callExt(fr, in, ci.name, func(r *run, fr *frame, in *ins, args []Value) Value {
			return r.rtypeMethod(fr, in, ci, t, args)
		}, args)
	}
	rv := reflect.ValueOf(nat)
	if rv.Kind() == reflect.Pointer && !outsideFuncs[ci.name] && !deadlineMethods[ci.method.Name()] && rv.Type() != loggerType {
		if call := typedNativeMethod(rv, ci.method.Name()); call != nil { // bridge_method.go
			return r.callExt(fr, in, ci.name, func(r *run, fr *frame, in *ins, args []Value) Value {
				return r.callRecv(call, rv.UnsafePointer(), args)
			}, args)
		}
	}
	if ci.method.Name() == "Read" && len(args) > 0 && !outsideFuncs[ci.name] && opaqueReader(rv) {
		if rd, ok := nat.(io.Reader); ok { // native_read.go
			return r.callExt(fr, in, ci.name, func(r *run, fr *frame, in *ins, args []Value) Value {
				return r.nativeRead(fr, in, ci.name, rd, ci.sig, args[len(args)-1])
			}, args)
		}
	}
	m := rv.MethodByName(ci.method.Name())
	if !m.IsValid() {
		panic(&BridgeError{Func: ci.name, CallSite: r.pos(in), Reason: fmt.Sprintf("native %T has no method %s", nat, ci.method.Name())})
	}
	if deadlineMethods[ci.method.Name()] && m.Type() == setDeadlineType {
		m = r.realDeadline(m)
	}
	return r.callExt(fr, in, ci.name, func(r *run, fr *frame, in *ins, args []Value) Value {
		return r.reflectCall(fr, in, ci.name, m, ci.sig, args)
	}, args)
}

// nativeIs reports whether native value x has type t.
//
// A type only its own package can name (context's valueCtx) is never a
// native value's: only a package interpreted from source asks for one,
// and its values are interpreted; the native value of the same name
// (a native context) is another type, whose methods are the native ones.
func nativeIs(x any, t types.Type) bool {
	base := t
	if pt, ok := t.(*types.Pointer); ok {
		base = pt.Elem()
	}
	if n, ok := types.Unalias(base).(*types.Named); ok && !n.Obj().Exported() && n.Obj().Pkg() != nil {
		return false
	}
	return reflect.TypeOf(x).String() == goTypeName(t)
}

// nativeImplements reports whether native value x has the methods of
// interface type t (by name). An *rtype, an interpreted reflect.Type, has
// the exported methods of reflect.Type (rtypeMethods emulates them): a
// reflect.Type held as any and asserted back (gob's registry of
// concrete types) is one.
func nativeImplements(x any, t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	rt := reflect.TypeOf(x)
	_, isType := x.(*rtype)
	if isType {
		rt = nativeRtypeType
	}
	for i := 0; i < it.NumMethods(); i++ {
		if isType && !it.Method(i).Exported() && it.Method(i).Pkg().Path() == "reflect" {
			continue // reflect.Type's own seal (common, uncommon)
		}
		m, ok := rt.MethodByName(it.Method(i).Name())
		if !ok || !kindsMatch(m.Type, it.Method(i).Signature()) {
			return false
		}
	}
	return true
}

// nativeRtypeType is the type of the native reflect.Types, whose
// methods are reflect.Type's.
var nativeRtypeType = reflect.TypeOf(reflect.TypeFor[int]())

// kindsMatch reports whether the native method type mt (receiver first)
// has sig's parameters and results, compared by kind: an Unwrap() error
// does not implement interface{ Unwrap() []error }.
func kindsMatch(mt reflect.Type, sig *types.Signature) bool {
	if mt.NumIn()-1 != sig.Params().Len() || mt.NumOut() != sig.Results().Len() || mt.IsVariadic() != sig.Variadic() {
		return false
	}
	for i := range sig.Params().Len() {
		if mt.In(i+1).Kind() != reflectKind(sig.Params().At(i).Type()) {
			return false
		}
	}
	for i := range sig.Results().Len() {
		if mt.Out(i).Kind() != reflectKind(sig.Results().At(i).Type()) {
			return false
		}
	}
	return true
}

// nativeToValue converts a native value asserted to type t.
func nativeToValue(r *run, x any, t types.Type) Value {
	if v, ok, err := r.dataFromNative(reflect.ValueOf(x), t); ok && err == nil {
		return v // a data struct (*url.Error): an interpreted copy
	}
	if pt, ok := t.(*types.Pointer); ok && isNativeType(pt.Elem()) || isNativeType(t) {
		// A type whose values live natively (*rsa.PublicKey, from
		// x509.ParsePKIXPublicKey's any): itself, not a copy of its fields.
		return nativeValue(x)
	}
	v, err := valueOfReflect(reflect.ValueOf(x))
	if err != nil && x != nil {
		// a variable of x's dynamic type, not of any: a box of an
		// interface is no *http.Transport whose fields can be reached
		return nativeValue(x)
	}
	if err != nil {
		return Value{k: KindNative, p: ptrOf(&nativeBox{rv: reflect.ValueOf(&x).Elem()})}
	}
	return v
}

// bridgedPackage reports whether the bridge stands in for the non-standard
// package at path (faultloctest, whose stand-ins are package bridge's,
// and the terminal checks of go-isatty and x/term, see package bridge's
// files.go), which Load then neither puts in scope for Config.Module nor
// interprets from source as a dependency.
func bridgedPackage(path string) bool {
	switch path {
	case "github.com/faultloc/faultloc/faultloctest", "github.com/mattn/go-isatty", "golang.org/x/term":
		return true
	}
	return false
}

// handBridgedSource lists the packages interpreted from source (the
// standard ones of loader's sourceStd, and libraries) whose hand-written
// bridges (bridges, registered by package bridge) stand in for their
// functions of the same name, interpreted or not: sort's Slice,
// SliceStable, SliceIsSorted (reflection on the interpreted slice), Sort,
// Stable and IsSorted (sort.go there); flag's isZeroValue (reflection on
// a flag's Value, flag.go there) and Parse (go test's command line,
// internal/testrun's flags.go); testify's most used assertions, which
// report their failure at the test's call of the assertion (testify.go
// there), its other functions running from its source.
var handBridgedSource = map[string]bool{
	"flag": true, "sort": true,
	"github.com/stretchr/testify/assert": true, "github.com/stretchr/testify/require": true,
}

// contextKeys are the context keys of net/http, pointers to an
// unexported type that the generated table leaves out: the program
// looks up what a native server put in a request's context with them.
var contextKeys = map[string]any{
	"net/http.ServerContextKey":    http.ServerContextKey,
	"net/http.LocalAddrContextKey": http.LocalAddrContextKey,
}

// errorGlobals are sentinel errors of packages the generated table
// (internal/stdtable, which has io.EOF and others) does not cover: package
// variables of type error that interpreted code compares with the errors
// bridged functions return: every error variable of package os.
var errorGlobals = map[string]error{
	"os.ErrNotExist":         os.ErrNotExist,
	"os.ErrExist":            os.ErrExist,
	"os.ErrPermission":       os.ErrPermission,
	"os.ErrInvalid":          os.ErrInvalid,
	"os.ErrClosed":           os.ErrClosed,
	"os.ErrNoDeadline":       os.ErrNoDeadline,
	"os.ErrDeadlineExceeded": os.ErrDeadlineExceeded,
	"os.ErrProcessDone":      os.ErrProcessDone,
	"os.ErrNoHandle":         os.ErrNoHandle,
}

// execName is the name the go command gives the binary of package pkg,
// the program's name in os.Args (a go test binary's adds ".test"): the
// last element of the import path, or the one before a major version
// suffix (example.com/cmd/v2 is cmd), as cmd/go's DefaultExecName; an
// external test package's binary is its package's.
func execName(pkg *types.Package) string {
	ip := pkg.Path()
	if strings.HasSuffix(pkg.Name(), "_test") {
		ip = strings.TrimSuffix(ip, "_test")
	}
	if ip == "command-line-arguments" {
		return strings.TrimSuffix(pkg.Name(), "_test")
	}
	elem := path.Base(ip)
	if elem != ip && isMajorVersion(elem) {
		elem = path.Base(path.Dir(ip))
	}
	return elem
}

// isMajorVersion reports whether s is an import path's major version
// element: v2, v3, ... (cmd/go's isVersionElement).
func isMajorVersion(s string) bool {
	if len(s) < 2 || s[0] != 'v' || s[1] == '0' || s[1] == '1' && len(s) == 2 {
		return false
	}
	return strings.Trim(s[1:], "0123456789") == ""
}
