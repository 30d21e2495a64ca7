package bridge

import (
	"go/types"
	"net/http"
	"reflect"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// http.Dir names a directory as the program sees it: relative to the
// test's directory, or in the run's sandbox (files.go, sandbox.go). The
// file server and Dir.Open get the native directory, so that they serve
// the files the program wrote or the package holds; any other file
// system crosses as the generated bridge passes it.

// isHTTPDir reports whether t is net/http.Dir.
func isHTTPDir(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == "Dir"
}

// nativeDir is the native http.Dir of the program's directory name.
func nativeDir(c interp.Call, name string) http.Dir {
	if name == "" {
		name = "."
	}
	return http.Dir(filePath(c, name))
}

func init() {
	interp.RegisterBridge("net/http.FileServer", func(c interp.Call, args []interp.Value) interp.Value {
		var fsys http.FileSystem
		if t := args[0].DynamicType(); t != nil && isHTTPDir(t) {
			fsys = nativeDir(c, args[0].Elem().Str())
		} else {
			x, err := c.ToNative(args[0], c.Signature().Params().At(0).Type(), reflect.TypeFor[http.FileSystem]())
			if err != nil {
				panic(&interp.BridgeError{Func: "net/http.FileServer", CallSite: c.Pos(), Reason: err.Error()})
			}
			fsys, _ = x.Interface().(http.FileSystem)
		}
		return c.NativeValue(http.FileServer(fsys))
	})
	interp.RegisterBridge("(net/http.Dir).Open", func(c interp.Call, args []interp.Value) interp.Value {
		f, err := nativeDir(c, args[0].Str()).Open(args[1].Str())
		if err != nil {
			return interp.Tuple(noErr, c.NativeValue(err))
		}
		return interp.Tuple(c.NativeValue(f), noErr)
	})
}
