package bridge

import (
	"net/textproto"
	"reflect"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// mime/multipart runs from source (trace/internal/loader's sourceStd),
// but reads a part's header with net/textproto's unexported
// readMIMEHeader, which it reaches through go:linkname: the bridge reads
// it with the native Reader's ReadMIMEHeader, the same reading without
// the bounds multipart passes on the header's size and count (10 MiB and
// 10,000 headers, past which a native read fails).

func init() {
	interp.RegisterBridge("mime/multipart.readMIMEHeader", func(c interp.Call, args []interp.Value) interp.Value {
		sig := c.Signature()
		x, err := c.ToNative(args[0], sig.Params().At(0).Type(), reflect.TypeFor[*textproto.Reader]())
		if err != nil {
			panic(&interp.BridgeError{Func: "mime/multipart.readMIMEHeader", CallSite: c.Pos(), Reason: err.Error()})
		}
		tr, _ := x.Interface().(*textproto.Reader)
		if tr == nil {
			panic(&interp.BridgeError{Func: "mime/multipart.readMIMEHeader", CallSite: c.Pos(), Reason: "a nil *textproto.Reader"})
		}
		h, rerr := tr.ReadMIMEHeader()
		hv, err := c.FromNative(reflect.ValueOf(h), sig.Results().At(0).Type())
		if err != nil {
			panic(&interp.BridgeError{Func: "mime/multipart.readMIMEHeader", CallSite: c.Pos(), Reason: err.Error()})
		}
		if rerr != nil {
			return interp.Tuple(hv, c.NativeValue(rerr))
		}
		return interp.Tuple(hv, noErr)
	})
}
