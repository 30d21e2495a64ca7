package interp

import (
	"bufio"
	"bytes"
	"go/types"
	"io"
	"reflect"
	"strings"
	"sync"
	"testing/iotest"
)

// A native io.Reader's Read into an interpreted []byte. In general the
// bytes cross to native code and back whole (toNative, bytesWriteBack),
// which costs the buffer's length at every call: a protocol reading a
// byte at a time into a 4 KB buffer would convert 4 KB a byte. A reader
// known to read nothing of p and to write only p[:n], the n it returns
// (an opaque reader: the standard library's in-memory readers, and
// wrappers of opaque readers), is given a native buffer of p's length
// whose contents it does not read, and p[:n] alone is copied back: the
// same result, at a cost of O(n).

// nativeRead is a Read of the native reader rd, opaque (opaqueReader),
// into the interpreted byte slice p, called as name with the interpreted
// signature sig (Read(p []byte) (n int, err error)).
func (r *run) nativeRead(fr *frame, in *ins, name string, rd io.Reader, sig *types.Signature, p Value) Value {
	ev := r.extEv // the call's event, for the bytes it writes
	var cs []cell
	if p.k == KindSlice && p.p != nil {
		cs = p.slice()
	}
	bp := readBufs.Get().(*[]byte)
	defer readBufs.Put(bp)
	if cap(*bp) < len(cs) {
		*bp = make([]byte, len(cs))
	}
	buf := (*bp)[:len(cs):len(cs)]
	var n int
	var err error
	r.callNative(func() []reflect.Value {
		n, err = rd.Read(buf)
		return nil
	})
	for i := range min(max(n, 0), len(cs)) {
		if c := &cs[i]; c.v.k == KindUint && c.v.n != uint64(buf[i]) {
			c.v, c.st = Uint(uint64(buf[i])), ev
		}
	}
	ev0, err0 := r.fromNative(reflect.ValueOf(&err).Elem(), sig.Results().At(1).Type())
	if err0 != nil {
		panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: err0.Error()})
	}
	return Tuple(Int(int64(n)), ev0)
}

// readBufs are nativeRead's native buffers: an opaque reader keeps none.
var readBufs = sync.Pool{New: func() any { return new([]byte) }}

// readSig reports whether ft is a Read method's type, with its receiver
// first if recv: func([recv,] []byte) (int, error).
func readSig(ft reflect.Type, recv bool) bool {
	in := 1
	if recv {
		in = 2
	}
	return ft.Kind() == reflect.Func && !ft.IsVariadic() && ft.NumIn() == in && ft.In(in-1) == byteSliceType &&
		ft.NumOut() == 2 && ft.Out(0) == intType && ft.Out(1) == errorType
}

var (
	byteSliceType = reflect.TypeFor[[]byte]()
	intType       = reflect.TypeFor[int]()
)

// opaqueReader reports whether rv, a native reader, reads nothing of the
// buffer its Read is given and writes only the bytes it says it read:
// bytes' and strings' readers, iotest's (over opaque readers but for
// DataErrReader's, which reads into a buffer of its own), io's
// LimitedReader and bufio's Reader over an opaque reader, and the
// adapters of interpreted readers (readerVal, which gives the
// interpreted Read cells of its own). Others (files, connections,
// decompressors, types of the program) may not be.
func opaqueReader(rv reflect.Value) bool {
	for range 8 { // wrappers of wrappers, to a depth
		if rv.Kind() == reflect.Interface {
			if rv.IsNil() {
				return false
			}
			rv = rv.Elem()
		}
		t := rv.Type()
		switch t {
		case bytesBufferPtr, bytesReaderPtr, stringsReaderPtr, readerValType, readSeekerValType, dataErrReaderType, errReaderType:
			return true
		case oneByteReaderType, halfReaderType, timeoutReaderType:
			rv = rv.Elem().Field(0) // r io.Reader
		case bufioReaderPtr:
			rv = rv.Elem().FieldByIndex(bufioReaderRd)
		case limitedReaderPtr:
			rv = rv.Elem().FieldByIndex(limitedReaderR)
		default:
			return false
		}
		if !rv.IsValid() {
			return false
		}
		if rv.Kind() == reflect.Pointer && rv.IsNil() {
			return false
		}
	}
	return false
}

// The types opaqueReader knows.
var (
	bytesBufferPtr    = reflect.TypeFor[*bytes.Buffer]()
	bytesReaderPtr    = reflect.TypeFor[*bytes.Reader]()
	stringsReaderPtr  = reflect.TypeFor[*strings.Reader]()
	bufioReaderPtr    = reflect.TypeFor[*bufio.Reader]()
	limitedReaderPtr  = reflect.TypeFor[*io.LimitedReader]()
	readerValType     = reflect.TypeFor[readerVal]()
	readSeekerValType = reflect.TypeFor[readSeekerVal]()
	oneByteReaderType = reflect.TypeOf(iotest.OneByteReader(nil))
	halfReaderType    = reflect.TypeOf(iotest.HalfReader(nil))
	timeoutReaderType = reflect.TypeOf(iotest.TimeoutReader(nil))
	dataErrReaderType = reflect.TypeOf(iotest.DataErrReader(nil))
	errReaderType     = reflect.TypeOf(iotest.ErrReader(nil))

	bufioReaderRd  = fieldIndex(bufioReaderPtr.Elem(), "rd")
	limitedReaderR = fieldIndex(limitedReaderPtr.Elem(), "R")
)

// fieldIndex returns the index of t's field name; nil if t has none, and
// FieldByIndex(nil) is the struct itself, which opaqueReader does not
// know.
func fieldIndex(t reflect.Type, name string) []int {
	f, _ := t.FieldByName(name)
	return f.Index
}
