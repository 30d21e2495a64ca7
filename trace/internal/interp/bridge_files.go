package interp

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
// with the name the program gave. Files are read by handle too (os.Open,
// below); nothing writes to the file system.
func init() {
	bridges["os.ReadFile"] = readFile
	bridges["io/ioutil.ReadFile"] = readFile // the same function since Go 1.16
}

func readFile(r *run, fr *frame, in *ins, args []Value) Value {
	name := args[0].Str()
	data, err := os.ReadFile(r.filePath(name))
	if err != nil {
		return Tuple(Value{k: KindSlice}, r.pathError(err, name))
	}
	b, cerr := r.fromNative(reflect.ValueOf(data), types.NewSlice(types.Typ[types.Byte]))
	if cerr != nil {
		panic(&InternalError{Value: cerr, Pos: r.pos(in)})
	}
	return Tuple(b, Value{k: KindInterface})
}

// filePath is where the program's file name is: a relative name is in
// its working directory (a test's package directory).
func (r *run) filePath(name string) string {
	if r.dir != "" && !filepath.IsAbs(name) {
		return filepath.Join(r.dir, name)
	}
	return name
}

// pathError is err as an interpreted error value (nil for nil), a
// *fs.PathError carrying the name the program gave.
func (r *run) pathError(err error, name string) Value {
	if err == nil {
		return Value{k: KindInterface}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		pe.Path = name
	}
	return r.nativeIface(err)
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
			return Tuple(copyVal(r.p.zero(calleeSig(in).Results().At(0).Type())), r.nativeIface(err))
		}
		v, cerr := r.fromNative(reflect.ValueOf(loc), calleeSig(in).Results().At(0).Type())
		if cerr != nil {
			panic(&InternalError{Value: cerr, Pos: r.pos(in)})
		}
		return Tuple(v, Value{k: KindInterface})
	}
}

// Reading directories and files by handle, read-only, as a test reads its
// testdata: os.Open (the *os.File is native; Read, ReadAt, Seek, Stat,
// Name, ReadDir, Readdirnames and Close are bridged, and bufio or io read
// it natively), os.ReadDir, os.Stat, os.Lstat and filepath.Glob. Relative
// names are in the program's working directory (the test's package
// directory), results carry the names the program gave, and files left
// open are closed when the run ends. Nothing writes.
func init() {
	fileOf := func(r *run, in *ins, v Value, name string) *os.File {
		if v.k == KindNative && v.p != nil {
			if f, ok := (*nativeBox)(v.p).rv.Interface().(*os.File); ok && f != nil {
				if _, mine := r.files[f]; mine {
					return f
				}
			}
		}
		panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: "only a file the program opened with os.Open"})
	}
	result := func(r *run, in *ins, x any, t types.Type) Value {
		v, err := r.fromNative(reflect.ValueOf(x), t)
		if err != nil {
			panic(&InternalError{Value: err, Pos: r.pos(in)})
		}
		return v
	}
	resType := func(in *ins, i int) types.Type { return calleeSig(in).Results().At(i).Type() }
	noErr := Value{k: KindInterface}
	bridges["os.Open"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		name := args[0].Str()
		f, err := os.Open(r.filePath(name))
		if err != nil {
			return Tuple(copyVal(r.p.zero(resType(in, 0))), r.pathError(err, name))
		}
		if r.files == nil {
			r.files = map[*os.File]string{}
		}
		r.files[f] = name
		return Tuple(nativeValue(f), noErr)
	}
	bridges["(*os.File).Name"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		if args[0].k == KindNative && args[0].p != nil {
			switch f := (*nativeBox)(args[0].p).rv.Interface().(*os.File); f {
			case os.Stdout, os.Stderr:
				return String(f.Name())
			}
		}
		return String(r.files[fileOf(r, in, args[0], "(*os.File).Name")])
	}
	bridges["(*os.File).Close"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		f := fileOf(r, in, args[0], "(*os.File).Close")
		if err := f.Close(); err != nil {
			return r.pathError(err, r.files[f])
		}
		return noErr
	}
	bridges["(*os.File).Read"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		f := fileOf(r, in, args[0], "(*os.File).Read")
		cs := args[1].slice()
		b := make([]byte, len(cs))
		n, err := f.Read(b)
		for i := range n {
			cs[i].v, cs[i].st = Value{k: KindUint, n: uint64(b[i])}, r.extEv
		}
		if err != nil {
			return Tuple(Int(int64(n)), r.pathError(err, r.files[f]))
		}
		return Tuple(Int(int64(n)), noErr)
	}
	bridges["(*os.File).Stat"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		f := fileOf(r, in, args[0], "(*os.File).Stat")
		fi, err := f.Stat()
		if err != nil {
			return Tuple(Value{k: KindInterface}, r.pathError(err, r.files[f]))
		}
		return Tuple(r.nativeIface(fi), noErr)
	}
	bridges["(*os.File).ReadDir"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		f := fileOf(r, in, args[0], "(*os.File).ReadDir")
		des, err := f.ReadDir(int(args[1].Int()))
		return Tuple(result(r, in, des, resType(in, 0)), r.pathError(err, r.files[f]))
	}
	bridges["(*os.File).Readdirnames"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		f := fileOf(r, in, args[0], "(*os.File).Readdirnames")
		names, err := f.Readdirnames(int(args[1].Int()))
		return Tuple(result(r, in, names, resType(in, 0)), r.pathError(err, r.files[f]))
	}
	bridges["os.ReadDir"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		name := args[0].Str()
		des, err := os.ReadDir(r.filePath(name))
		return Tuple(result(r, in, des, resType(in, 0)), r.pathError(err, name))
	}
	stat := func(f func(string) (fs.FileInfo, error)) extFunc {
		return func(r *run, fr *frame, in *ins, args []Value) Value {
			name := args[0].Str()
			fi, err := f(r.filePath(name))
			if err != nil {
				return Tuple(Value{k: KindInterface}, r.pathError(err, name))
			}
			return Tuple(r.nativeIface(fi), noErr)
		}
	}
	bridges["os.Stat"] = stat(os.Stat)
	bridges["os.Lstat"] = stat(os.Lstat)
	bridges["path/filepath.Glob"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		pattern := args[0].Str()
		matches, err := filepath.Glob(r.filePath(pattern))
		if err != nil {
			return Tuple(Value{k: KindSlice}, r.nativeIface(err))
		}
		if r.dir != "" && !filepath.IsAbs(pattern) {
			for i, m := range matches {
				if rel, err := filepath.Rel(r.dir, m); err == nil {
					matches[i] = rel
				}
			}
		}
		return Tuple(result(r, in, matches, resType(in, 0)), noErr)
	}
}

// closeFiles closes the files the run opened and left open.
func (r *run) closeFiles() {
	for f := range r.files {
		f.Close()
	}
}
