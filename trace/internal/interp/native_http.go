package interp

import (
	"context"
	"go/types"
	"log"
	"net/http"
	"net/url"
	"reflect"
	"sync"
	"unsafe"
)

// Interpreted values that native net/http code uses: a Handler whose
// ServeHTTP is an interpreted method (an http.HandlerFunc of an
// interpreted func, a router), called by a native server or mux; a
// FileSystem whose Open is, given to http.FileServer; and an
// interpreted context.Context given to a Request, which crosses as a
// native context carrying it, so that Request.Context gives the
// interpreted one back, and a native context derived from it (a
// server's, from its BaseContext) finds its values (its cancellation does
// not reach native code).

// handlerVal is an http.Handler whose ServeHTTP is an interpreted method.
type handlerVal struct {
	r  *run
	fr *frame
	in *ins
	it *iface
}

var _ http.Handler = handlerVal{}

func (h handlerVal) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	r := h.r
	r.callback(func() {
		sig := r.methodSig(h.it.t.t, "ServeHTTP")
		if sig == nil || sig.Params().Len() != 2 {
			panic(&BridgeError{Func: "ServeHTTP", CallSite: r.pos(h.in), Reason: "no method ServeHTTP(http.ResponseWriter, *http.Request) on " + h.it.t.t.String()})
		}
		wv, err := r.fromNative(reflect.ValueOf(&w).Elem(), sig.Params().At(0).Type())
		if err != nil {
			panic(&BridgeError{Func: "ServeHTTP", CallSite: r.pos(h.in), Reason: err.Error()})
		}
		rv, err := r.fromNative(reflect.ValueOf(req), sig.Params().At(1).Type())
		if err != nil {
			panic(&BridgeError{Func: "ServeHTTP", CallSite: r.pos(h.in), Reason: err.Error()})
		}
		r.callMethod(h.fr, h.in, h.it, "ServeHTTP", []Value{wv, rv})
	})
}

// methodSig returns the signature of t's method name, or nil.
func (r *run) methodSig(t types.Type, name string) *types.Signature {
	ms := r.p.SSA.MethodSets.MethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == name {
			return ms.At(i).Type().(*types.Signature)
		}
	}
	return nil
}

// carriedCtx is the native context that carries an interpreted one: its
// Value asks the interpreted context, so that a native context derived
// from it (the request's context a native server makes from its
// BaseContext) finds the interpreted values too; its deadline, Done and
// Err are Background's.
type carriedCtx struct {
	context.Context
	r  *run
	fr *frame
	in *ins
	it *iface
}

type ctxCarrierKey struct{}

// Value returns the value the interpreted context holds for key.
func (c *carriedCtx) Value(key any) any {
	if key == (ctxCarrierKey{}) {
		return c
	}
	if c.r.detached() {
		// A native goroutine left running (an HTTP transport's dial
		// that outlived its request) looks a value up while the
		// program runs: the interpreted context is not asked, beside
		// it; its values are the program's, not the dial's.
		return nil
	}
	var out any
	c.r.callback(func() {
		v := c.r.callMethod(c.fr, c.in, c.it, "Value", []Value{c.r.nativeIface(key)})
		if v.p != nil {
			out = c.r.ifaceToNative(c.fr, (*iface)(v.p))
		}
	})
	return out
}

// carryContext returns a native context carrying interpreted it.
func (r *run) carryContext(fr *frame, in *ins, it *iface) context.Context {
	return &carriedCtx{Context: context.Background(), r: r, fr: fr, in: in, it: it}
}

// carriedContext returns the interpreted context x carries, if it is a
// native context made by carryContext in this run (not one derived from
// it: that one keeps its own values).
func (r *run) carriedContext(x any) (*iface, bool) {
	c, ok := x.(*carriedCtx)
	if !ok || c.r != r {
		return nil, false
	}
	return c.it, true
}

var (
	handlerType = reflect.TypeFor[http.Handler]()
	contextType = reflect.TypeFor[context.Context]()
	writerType  = reflect.TypeFor[http.ResponseWriter]()
)

// adaptHTTP returns a native value of interface type rt standing for
// interpreted it: an http.Handler or a context.Context (see above).
func (r *run) adaptHTTP(fr *frame, in *ins, it *iface, rt reflect.Type) (reflect.Value, bool) {
	switch {
	case rt == handlerType && r.p.hasMethod(it.t, "ServeHTTP"):
		return reflect.ValueOf(handlerVal{r, fr, in, it}), true
	case rt == writerType && r.p.hasMethod(it.t, "WriteHeader") && r.p.hasMethod(it.t, "Header"):
		return reflect.ValueOf(r.writerAdapterOf(writerAdapter{r, fr, in, it})), true
	case rt == contextType && r.p.hasMethod(it.t, "Done"):
		return reflect.ValueOf(r.carryContext(fr, in, it)), true
	case rt == fileSystemType && r.p.hasMethod(it.t, "Open"):
		return reflect.ValueOf(fileSystemVal{r, fr, in, it}), true
	case rt == cookieJarType && r.p.hasMethod(it.t, "SetCookies") && r.p.hasMethod(it.t, "Cookies"):
		return reflect.ValueOf(cookieJarVal{r, fr, in, it}), true
	}
	return reflect.Value{}, false
}

var (
	fileSystemType = reflect.TypeFor[http.FileSystem]()
	cookieJarType  = reflect.TypeFor[http.CookieJar]()
)

// cookieJarVal is an http.CookieJar whose methods are an interpreted
// value's (a net/http/cookiejar.Jar, which runs from source, given to a
// native http.Client): the client calls them as it sends requests and
// reads responses.
type cookieJarVal struct {
	r  *run
	fr *frame
	in *ins
	it *iface
}

var _ http.CookieJar = cookieJarVal{}

// adaptedIface makes a jar read back (a Client's Jar) the program's own
// (nativeIface).
func (j cookieJarVal) adaptedIface() *iface { return j.it }

// jarArgs converts the native arguments of jar method name to the
// interpreted method's parameter types.
func (j cookieJarVal) jarArgs(name string, nargs ...reflect.Value) ([]Value, *types.Signature) {
	sig := j.r.methodSig(j.it.t.t, name)
	if sig == nil || sig.Params().Len() != len(nargs) {
		panic(&BridgeError{Func: name, CallSite: j.r.pos(j.in), Reason: "no method " + name + " of http.CookieJar's signature on " + j.it.t.t.String()})
	}
	args := make([]Value, len(nargs))
	for i, a := range nargs {
		v, err := j.r.fromNative(a, sig.Params().At(i).Type())
		if err != nil {
			panic(&BridgeError{Func: name, CallSite: j.r.pos(j.in), Reason: err.Error()})
		}
		args[i] = v
	}
	return args, sig
}

func (j cookieJarVal) SetCookies(u *url.URL, cookies []*http.Cookie) {
	j.r.callback(func() {
		args, _ := j.jarArgs("SetCookies", reflect.ValueOf(u), reflect.ValueOf(cookies))
		j.r.callMethod(j.fr, j.in, j.it, "SetCookies", args)
	})
}

func (j cookieJarVal) Cookies(u *url.URL) (cookies []*http.Cookie) {
	j.r.callback(func() {
		args, sig := j.jarArgs("Cookies", reflect.ValueOf(u))
		if sig.Results().Len() != 1 {
			panic(&BridgeError{Func: "Cookies", CallSite: j.r.pos(j.in), Reason: "no method Cookies of http.CookieJar's signature on " + j.it.t.t.String()})
		}
		res := j.r.callMethod(j.fr, j.in, j.it, "Cookies", args)
		x, err := j.r.toNative(j.fr, j.in, res, sig.Results().At(0).Type(), reflect.TypeFor[[]*http.Cookie]())
		if err != nil {
			panic(&BridgeError{Func: "Cookies", CallSite: j.r.pos(j.in), Reason: err.Error()})
		}
		cookies, _ = x.Interface().([]*http.Cookie)
	})
	return cookies
}

// fileSystemVal is an http.FileSystem whose Open is an interpreted
// method (a test's file system given to http.FileServer): the file it
// returns crosses as the generated bridge converts an http.File (a
// native file, such as http.Dir's, crosses; an interpreted
// implementation of http.File does not), its error as an error.
type fileSystemVal struct {
	r  *run
	fr *frame
	in *ins
	it *iface
}

var _ http.FileSystem = fileSystemVal{}

func (f fileSystemVal) Open(name string) (file http.File, err error) {
	f.r.callback(func() {
		sig := f.r.methodSig(f.it.t.t, "Open")
		if sig == nil || sig.Params().Len() != 1 || sig.Results().Len() != 2 {
			panic(&BridgeError{Func: "Open", CallSite: f.r.pos(f.in), Reason: "no method Open(string) (http.File, error) on " + f.it.t.t.String()})
		}
		rs := splitResults(f.r.callMethod(f.fr, f.in, f.it, "Open", []Value{String(name)}), 2)
		if e := rs[1]; e.k == KindInterface && e.p != nil {
			err, _ = f.r.ifaceToNative(f.fr, (*iface)(e.p)).(error)
		}
		if rs[0].p == nil {
			return
		}
		x, cerr := f.r.toNative(f.fr, f.in, rs[0], sig.Results().At(0).Type(), reflect.TypeFor[http.File]())
		if cerr != nil {
			panic(&BridgeError{Func: "Open", CallSite: f.r.pos(f.in), Reason: cerr.Error()})
		}
		file, _ = x.Interface().(http.File)
	})
	return file, err
}

func init() {
	// A HandlerFunc's ServeHTTP calls the func with the arguments as they
	// are: an interpreted ResponseWriter stays interpreted.
	bridges["(net/http.HandlerFunc).ServeHTTP"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		return r.callValue(fr, in, args[0], args[1:])
	}
}

// writerAdapter is an http.ResponseWriter whose methods are an
// interpreted value's.
type writerAdapter struct {
	r  *run
	fr *frame
	in *ins
	it *iface
}

var _ http.ResponseWriter = writerAdapter{}

func (w writerAdapter) Header() http.Header {
	var h http.Header
	w.r.callback(func() {
		v := w.r.callMethod(w.fr, w.in, w.it, "Header", nil)
		x, err := w.r.toNative(w.fr, w.in, v, w.r.methodSig(w.it.t.t, "Header").Results().At(0).Type(), reflect.TypeFor[http.Header]())
		if err != nil {
			panic(&BridgeError{Func: "Header", CallSite: w.r.pos(w.in), Reason: err.Error()})
		}
		h = x.Interface().(http.Header)
	})
	return h
}

func (w writerAdapter) Write(p []byte) (n int, err error) {
	w.r.callback(func() { n, err = writerVal{w.r, w.fr, w.in, w.it}.Write(p) })
	return n, err
}

func (w writerAdapter) WriteHeader(code int) {
	w.r.callback(func() { w.r.callMethod(w.fr, w.in, w.it, "WriteHeader", []Value{Int(int64(code))}) })
}

// The optional interfaces of a ResponseWriter that native code asks for
// (http.ResponseController's Flush, http.Flusher) are the adapter's when
// the interpreted writer has their methods: Flush() and Unwrap()
// http.ResponseWriter, as chi's wrapped writers do.
type (
	flushAdapter       struct{ writerAdapter }
	unwrapAdapter      struct{ writerAdapter }
	flushUnwrapAdapter struct{ writerAdapter }
)

var (
	_ http.Flusher = flushAdapter{}
	_ http.Flusher = flushUnwrapAdapter{}
)

// writerAdapterOf returns w with the optional interfaces its interpreted
// writer implements.
func (r *run) writerAdapterOf(w writerAdapter) http.ResponseWriter {
	flush, unwrap := false, false
	if sig := r.methodSig(w.it.t.t, "Flush"); sig != nil {
		flush = sig.Params().Len() == 0 && sig.Results().Len() == 0
	}
	if sig := r.methodSig(w.it.t.t, "Unwrap"); sig != nil && sig.Params().Len() == 0 && sig.Results().Len() == 1 {
		unwrap = types.TypeString(sig.Results().At(0).Type(), nil) == "net/http.ResponseWriter"
	}
	switch {
	case flush && unwrap:
		return flushUnwrapAdapter{w}
	case flush:
		return flushAdapter{w}
	case unwrap:
		return unwrapAdapter{w}
	}
	return w
}

func (w writerAdapter) flush() {
	w.r.callback(func() { w.r.callMethod(w.fr, w.in, w.it, "Flush", nil) })
}

func (w writerAdapter) unwrap() http.ResponseWriter {
	var inner http.ResponseWriter
	w.r.callback(func() {
		v := w.r.callMethod(w.fr, w.in, w.it, "Unwrap", nil)
		x, err := w.r.toNative(w.fr, w.in, v, w.r.methodSig(w.it.t.t, "Unwrap").Results().At(0).Type(), writerType)
		if err != nil {
			panic(&BridgeError{Func: "Unwrap", CallSite: w.r.pos(w.in), Reason: err.Error()})
		}
		inner, _ = x.Interface().(http.ResponseWriter)
	})
	return inner
}

// Flush implements http.Flusher.
func (w flushAdapter) Flush() { w.flush() }

// Unwrap returns the writer the interpreted writer wraps, as
// http.ResponseController unwraps it.
func (w unwrapAdapter) Unwrap() http.ResponseWriter { return w.unwrap() }

// Flush implements http.Flusher.
func (w flushUnwrapAdapter) Flush() { w.flush() }

// Unwrap is unwrapAdapter's.
func (w flushUnwrapAdapter) Unwrap() http.ResponseWriter { return w.unwrap() }

// A *log.Logger of the program's (package log runs interpreted) given to
// native code, as an http.Server's ErrorLog, crosses as a native logger
// without prefix or flags whose lines go to the interpreted logger's
// Output, which adds its own: SetPrefix and SetOutput on it after still
// count, as they would natively. The same interpreted logger crosses as
// the same native one, and that native logger read back (the server's
// ErrorLog field) is the program's logger again.

var loggerType = reflect.TypeFor[*log.Logger]()

// loggerState is a run's native loggers and the program's they stand for.
type loggerState struct {
	mu     sync.Mutex // a native goroutine's callback may convert one
	native map[unsafe.Pointer]*log.Logger
	interp map[*log.Logger]Value
}

// logWriter writes each line of a native logger to an interpreted one.
type logWriter struct {
	r  *run
	fr *frame
	in *ins
	it *iface
}

func (w logWriter) Write(p []byte) (int, error) {
	w.r.callback(func() {
		w.r.callMethod(w.fr, w.in, w.it, "Output", []Value{Int(2), String(string(p))})
	})
	return len(p), nil
}

// nativeLogger returns the native logger standing for v, a non-nil
// interpreted *log.Logger of type t (see above).
func (r *run) nativeLogger(fr *frame, in *ins, v Value, t types.Type) (reflect.Value, bool) {
	pt, ok := t.Underlying().(*types.Pointer)
	if !ok || v.p == nil {
		return reflect.Value{}, false
	}
	n, ok := types.Unalias(pt.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "log" || n.Obj().Name() != "Logger" || !r.p.hasMethod(r.p.internLocked(t), "Output") {
		return reflect.Value{}, false
	}
	if r.loggers == nil {
		r.loggers = &loggerState{native: map[unsafe.Pointer]*log.Logger{}, interp: map[*log.Logger]Value{}}
	}
	st := r.loggers
	st.mu.Lock()
	defer st.mu.Unlock()
	l := st.native[v.p]
	if l == nil {
		l = log.New(logWriter{r, fr, in, &iface{t: r.p.internLocked(t), v: v}}, "", 0)
		st.native[v.p], st.interp[l] = l, v
	}
	return reflect.ValueOf(l), true
}

// programLogger returns the program's logger that native logger rv (a
// *log.Logger) stands for, read as a value of type t, if it stands for
// one and t is a pointer type (not an interface).
func (r *run) programLogger(rv reflect.Value, t types.Type) (Value, bool) {
	st := r.loggers
	if st == nil || rv.Type() != loggerType || rv.IsNil() {
		return Value{}, false
	}
	if _, ok := t.(*types.Pointer); !ok {
		return Value{}, false
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	v, ok := st.interp[rv.Interface().(*log.Logger)]
	return v, ok
}
