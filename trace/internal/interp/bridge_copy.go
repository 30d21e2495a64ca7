package interp

import (
	"go/types"
	"io"
	"os"
	"reflect"

	"github.com/faultloc/faultloc/trace/internal/stdtable"
)

// io.Copy and io.CopyBuffer start as io's copyBuffer does: a source
// with a WriteTo method writes itself to the destination, else a
// destination with a ReadFrom method reads the source, else the native
// copy moves the bytes; io.CopyN, a copy from an io.LimitReader (which
// has no WriteTo), calls the destination's ReadFrom likewise. The
// table's reflective call alone would hand native io.Copy adapters with
// only Read and Write, hiding an interpreted WriteTo or ReadFrom (a
// ResponseWriter wrapper's ReadFrom, which counts what it writes). A
// native source's WriteTo is native (an *os.File's, which io.Copy
// calls for a file from os.Open, reads into an interpreted
// destination's ReadFrom, as it does natively for a writer that is not
// a socket).

func init() {
	for _, name := range []string{"io.Copy", "io.CopyBuffer"} {
		native := reflect.ValueOf(stdtable.Funcs[name])
		bridges[name] = func(r *run, fr *frame, in *ins, args []Value) Value {
			dst, src := args[0], args[1]
			if name == "io.CopyBuffer" && args[2].p != nil && len(args[2].slice()) == 0 {
				// CopyBuffer's panic on an empty buffer comes first.
				return r.reflectCall(fr, in, name, native, calleeSig(in), args)
			}
			if it := r.interpretedWith(src, "WriteTo", "io", "Writer"); it != nil {
				return r.callMethod(fr, in, it, "WriteTo", []Value{dst})
			}
			if nativeWith[io.WriterTo](src) {
				if f, ok := nativeOf[*os.File](src); ok {
					// (*os.File).WriteTo to a writer that is not a
					// socket is io.Copy from the file with its WriteTo
					// hidden: the destination's ReadFrom comes next.
					if it := r.interpretedWith(dst, "ReadFrom", "io", "Reader"); it != nil {
						return r.callMethod(fr, in, it, "ReadFrom", []Value{r.nativeIface(struct{ io.Reader }{f})})
					}
				}
				// The native copy calls the native WriteTo.
				return r.reflectCall(fr, in, name, native, calleeSig(in), args)
			}
			if it := r.interpretedWith(dst, "ReadFrom", "io", "Reader"); it != nil {
				return r.callMethod(fr, in, it, "ReadFrom", []Value{src})
			}
			return r.reflectCall(fr, in, name, native, calleeSig(in), args)
		}
	}
}

func init() {
	native := reflect.ValueOf(stdtable.Funcs["io.CopyN"])
	bridges["io.CopyN"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		// io.CopyN is io.Copy from an io.LimitReader, which has no
		// WriteTo: only the destination's ReadFrom comes first.
		dst, src, n := args[0], args[1], args[2].Int()
		it := r.interpretedWith(dst, "ReadFrom", "io", "Reader")
		if it == nil {
			return r.reflectCall(fr, in, "io.CopyN", native, calleeSig(in), args)
		}
		sig := calleeSig(in)
		nsrc, err := r.toNative(fr, in, src, sig.Params().At(1).Type(), reflect.TypeFor[io.Reader]())
		if err != nil {
			panic(&BridgeError{Func: "io.CopyN", CallSite: r.pos(in), Reason: err.Error()})
		}
		var lr io.Reader
		if nsrc.IsValid() && !nsrc.IsNil() {
			lr = io.LimitReader(nsrc.Interface().(io.Reader), n)
		} else {
			lr = io.LimitReader(nil, n)
		}
		res := splitResults(r.callMethod(fr, in, it, "ReadFrom", []Value{r.nativeIface(lr)}), 2)
		written, rerr := res[0], res[1]
		if written.Int() < n && (rerr.k != KindInterface || rerr.p == nil) {
			rerr = r.nativeIface(io.EOF)
		} else if written.Int() == n {
			rerr = Value{k: KindInterface}
		}
		return Tuple(written, rerr)
	}
}

// interpretedWith returns the interpreted dynamic value of interface
// value v if its type has method name of io's WriterTo or ReaderFrom
// shape, func(pkg.param) (int64, error); else nil.
func (r *run) interpretedWith(v Value, name, pkg, param string) *iface {
	if v.k != KindInterface || v.p == nil {
		return nil
	}
	it := (*iface)(v.p)
	if it.nat != nil || it.v.k == KindNative {
		// A native value (an *os.File from os.Open) has native
		// methods alone, which the native copy calls.
		return nil
	}
	sel := r.p.SSA.MethodSets.MethodSet(it.t.t).Lookup(nil, name)
	if sel == nil {
		return nil
	}
	sig := sel.Type().(*types.Signature)
	if sig.Params().Len() != 1 || !isNamedType(sig.Params().At(0).Type(), pkg, param) || sig.Results().Len() != 2 {
		return nil
	}
	if b, ok := sig.Results().At(0).Type().(*types.Basic); !ok || b.Kind() != types.Int64 {
		return nil
	}
	return it
}

// nativeWith reports whether interface value v holds a native value
// that implements I: a value of a native type, or an interpreted
// type's value that lives natively (an *os.File).
func nativeWith[I any](v Value) bool {
	_, ok := nativeOf[I](v)
	return ok
}

// nativeOf returns the native value interface value v holds as a T,
// if it holds one: a value of a native type, or an interpreted type's
// value that lives natively.
func nativeOf[T any](v Value) (T, bool) {
	var zero T
	if v.k != KindInterface || v.p == nil {
		return zero, false
	}
	it := (*iface)(v.p)
	if x, ok := it.nat.(T); ok {
		return x, true
	}
	if it.v.k == KindNative && it.v.p != nil {
		x, ok := (*nativeBox)(it.v.p).rv.Interface().(T)
		return x, ok
	}
	return zero, false
}
