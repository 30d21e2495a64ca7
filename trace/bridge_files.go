package trace

import (
	"errors"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
)

// Reading files: os.ReadFile reads the file natively, a relative name in
// the interpreted program's working directory (a test's package directory,
// as go test runs it), and reports errors with the name the program gave.
// Nothing else of package os's files is bridged (no handles, no writes).
func init() {
	bridges["os.ReadFile"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		name := args[0].Str()
		path := name
		if r.dir != "" && !filepath.IsAbs(name) {
			path = filepath.Join(r.dir, name)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				pe.Path = name
			}
			return Tuple(Value{k: KindSlice}, r.nativeIface(err))
		}
		b, cerr := r.fromNative(reflect.ValueOf(data), types.NewSlice(types.Typ[types.Byte]))
		if cerr != nil {
			panic(&InternalError{Value: cerr, Pos: r.pos(in)})
		}
		return Tuple(b, Value{k: KindInterface})
	}
}
