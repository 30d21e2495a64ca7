package trace

import (
	"errors"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"time"
)

// Reading files: os.ReadFile (and io/ioutil.ReadFile) reads the file
// natively, a relative name in the interpreted program's working directory
// (a test's package directory, as go test runs it), and reports errors
// with the name the program gave.
// Nothing else of package os's files is bridged (no handles, no writes).
func init() {
	bridges["os.ReadFile"] = readFile
	bridges["io/ioutil.ReadFile"] = readFile // the same function since Go 1.16
}

func readFile(r *run, fr *frame, in *ins, args []Value) Value {
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

// Writing to the standard streams: (*os.File).Write and WriteString on
// os.Stdout or os.Stderr write to the run's output (RunOptions.Stdout),
// as fmt.Fprint to them does; other files cannot be written (only
// os.ReadFile reads them).
func init() {
	write := func(name string, data func(Value) []byte) extFunc {
		return func(r *run, fr *frame, in *ins, args []Value) Value {
			var f *os.File
			if args[0].k == KindNative && args[0].p != nil {
				f, _ = (*nativeBox)(args[0].p).rv.Interface().(*os.File)
			}
			if f == nil || f != os.Stdout && f != os.Stderr {
				panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: "only os.Stdout and os.Stderr can be written"})
			}
			n, err := r.out.Write(data(args[1]))
			ev := Value{k: KindInterface}
			if err != nil {
				ev = r.nativeIface(err)
			}
			return Tuple(Int(int64(n)), ev)
		}
	}
	bridges["(*os.File).Write"] = write("(*os.File).Write", func(v Value) []byte {
		cs := v.slice()
		b := make([]byte, len(cs))
		for i := range cs {
			b[i] = byte(cs[i].v.n)
		}
		return b
	})
	bridges["(*os.File).WriteString"] = write("(*os.File).WriteString", func(v Value) []byte { return []byte(v.Str()) })
	// Fd of the standard streams: their numbers (a program asks to know
	// whether they are terminals, see isTerminal).
	bridges["(*os.File).Fd"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		if args[0].k == KindNative && args[0].p != nil {
			switch (*nativeBox)(args[0].p).rv.Interface().(*os.File) {
			case os.Stdout:
				return Uint(1)
			case os.Stderr:
				return Uint(2)
			}
		}
		panic(&BridgeError{Func: "(*os.File).Fd", CallSite: r.pos(in), Reason: "only os.Stdout and os.Stderr have a descriptor"})
	}
	// Whether a descriptor is a terminal, as github.com/mattn/go-isatty
	// and golang.org/x/term answer it (through system calls the
	// interpreter cannot make): never, the run's output is
	// RunOptions.Stdout, as a test's is a pipe under go test.
	no := func(r *run, fr *frame, in *ins, args []Value) Value { return Bool(false) }
	for _, name := range []string{"github.com/mattn/go-isatty.IsTerminal", "github.com/mattn/go-isatty.IsCygwinTerminal", "golang.org/x/term.IsTerminal"} {
		bridges[name] = no
	}
}

// time.LoadLocation reads the system's time zone database (or the
// ZONEINFO file), as a native test would: the location is the native
// one, the error too.
func init() {
	bridges["time.LoadLocation"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		loc, err := time.LoadLocation(args[0].Str())
		if err != nil {
			return Tuple(Value{k: KindPointer}, r.nativeIface(err))
		}
		v, cerr := r.fromNative(reflect.ValueOf(loc), calleeSig(in).Results().At(0).Type())
		if cerr != nil {
			panic(&InternalError{Value: cerr, Pos: r.pos(in)})
		}
		return Tuple(v, Value{k: KindInterface})
	}
}
