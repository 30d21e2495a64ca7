package bridge

import (
	"errors"
	"fmt"
	"go/types"
	"io/fs"
	"io/ioutil"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// Files, read-only, as a test reads its testdata: os.ReadFile (and
// io/ioutil.ReadFile), os.Open (the *os.File is native; Read, Stat,
// Name, ReadDir, Readdirnames and Close are bridged, and bufio or io read
// it natively; Stat of os.Stdout and os.Stderr says a pipe, streamInfo,
// and of os.Stdin the null device named "stdin", as go test gives them),
// os.ReadDir (and io/ioutil.ReadDir), os.Stat, os.Lstat,
// filepath.Glob and os.DirFS (an fs.FS whose names are opened as
// os.Open opens them, under its directory: runDirFS). Relative
// names are in the program's working directory (a test's package
// directory, as go test runs it), errors and results carry the names the
// program gave, and files left open are closed when the run ends. Writes
// go only to the run's sandbox (sandbox.go); os.Stdout and os.Stderr
// write to the run's output.

// filePath is where the program's file name is: a name in the run's
// sandbox is in its real directory; a relative name is in the program's
// working directory.
func filePath(c interp.Call, name string) string {
	if p, ok := sandboxPath(c, name); ok {
		return p // in the run's sandbox (sandbox.go)
	}
	if rel, ok := inPkgDir(c, name); ok {
		if l := pkgLayer(c, false); l != nil {
			return l.readPath(rel) // what the run wrote there (pkgdir.go)
		}
	}
	if dir := c.Dir(); dir != "" && name != "" && !filepath.IsAbs(name) {
		return filepath.Join(dir, name) // (an empty name names no file, in any directory)
	}
	return name
}

// runDirFS is os.DirFS(dir) for a run: each name is opened as the
// run's os.Open opens dir/name (filePath: in its sandbox, in its package
// directory with what it wrote there, or on disk), and the file is one
// of the run's, closed at its end. Like os.DirFS it implements fs.FS
// alone of the file system interfaces beside Open's fallbacks:
// fs.ReadFile, fs.ReadDir and fs.Stat go through Open.
type runDirFS struct {
	c   interp.Call
	dir string
}

// Open opens name, a slash-separated path under the directory.
func (d runDirFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if d.dir == "" {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("os: DirFS with empty root")}
	}
	f, err := os.Open(filePath(d.c, filepath.Join(d.dir, filepath.FromSlash(name))))
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			pe.Path = name // as os.DirFS says it
		}
		return nil, err
	}
	files(d.c)[f] = name
	return f, nil
}

// pathError is err as an interpreted error value (nil for nil), a
// *fs.PathError carrying the name the program gave.
func pathError(c interp.Call, err error, name string) interp.Value {
	if err == nil {
		return noErr
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		pe.Path = name
	}
	return c.NativeValue(err)
}

// noErr is a nil error.
var noErr = interp.Nil(interp.KindInterface)

// openFiles are the files a run opened (os.Open), by the native file,
// with the name the program gave; the run closes them when it ends.
type openFiles map[*os.File]string

// openFilesKey keys a run's openFiles (interp.Call.State).
type openFilesKey struct{}

// files returns the files c's run opened.
func files(c interp.Call) openFiles {
	return c.State(openFilesKey{}, func() any {
		fs := openFiles{}
		c.AtEnd(func() {
			for f := range fs {
				f.Close()
			}
		})
		return fs
	}).(openFiles)
}

// stdinName is the name of the run's os.Stdin (as natively).
const stdinName = "/dev/stdin"

// stdFile returns the native *os.File v holds, or nil.
func stdFile(v interp.Value) *os.File {
	if v.Kind() != interp.KindNative || v.IsNil() {
		return nil
	}
	f, _ := v.Interface().(*os.File)
	return f
}

// fileOf returns the file v holds, which the program must have opened.
func fileOf(c interp.Call, v interp.Value, name string) *os.File {
	if f := stdFile(v); f != nil {
		if _, mine := files(c)[f]; mine {
			return f
		}
	}
	panic(&interp.BridgeError{Func: name, CallSite: c.Pos(), Reason: "only a file the program opened or created (os.Open, os.Create, os.OpenFile, os.CreateTemp)"})
}

// result converts x to the interpreted type t.
func result(c interp.Call, x any, t types.Type) interp.Value {
	v, err := c.FromNative(reflect.ValueOf(x), t)
	if err != nil {
		panic(&interp.InternalError{Value: err, Pos: c.Pos()})
	}
	return v
}

// resType is the type of the called function's result i.
func resType(c interp.Call, i int) types.Type { return c.Signature().Results().At(i).Type() }

func init() {
	reg := interp.RegisterBridge
	readFile := func(c interp.Call, args []interp.Value) interp.Value {
		name := args[0].Str()
		data, err := os.ReadFile(filePath(c, name))
		if err != nil {
			return interp.Tuple(interp.Nil(interp.KindSlice), pathError(c, err, name))
		}
		return interp.Tuple(result(c, data, types.NewSlice(types.Typ[types.Byte])), noErr)
	}
	reg("os.DirFS", func(c interp.Call, args []interp.Value) interp.Value {
		return c.NativeValue(runDirFS{c: c.Root(), dir: args[0].Str()})
	})
	reg("os.ReadFile", readFile)
	reg("io/ioutil.ReadFile", readFile) // the same function since Go 1.16
	reg("os.Open", func(c interp.Call, args []interp.Value) interp.Value {
		name := args[0].Str()
		f, err := os.Open(filePath(c, name))
		if err != nil {
			return interp.Tuple(c.Zero(resType(c, 0)), pathError(c, err, name))
		}
		files(c)[f] = name
		return interp.Tuple(interp.BoxNative(f), noErr)
	})
	// os.Stdin: the run's own, an empty stream (a test reads nothing
	// from go test's standard input either), not the process's. It is
	// one of the run's files, named as natively.
	interp.RegisterGlobal("os.Stdin", func(c interp.Call) interp.Value {
		f, err := os.Open(os.DevNull)
		if err != nil {
			panic(&interp.InternalError{Value: fmt.Errorf("os.Stdin: %v", err), Pos: c.Pos()})
		}
		files(c)[f] = stdinName
		return interp.BoxNative(f)
	})
	reg("(*os.File).Name", func(c interp.Call, args []interp.Value) interp.Value {
		switch f := stdFile(args[0]); f {
		case interp.StdoutFile(), interp.StderrFile():
			return interp.String(f.Name())
		}
		return interp.String(files(c)[fileOf(c, args[0], "(*os.File).Name")])
	})
	reg("(*os.File).Close", func(c interp.Call, args []interp.Value) interp.Value {
		f := fileOf(c, args[0], "(*os.File).Close")
		return pathError(c, f.Close(), files(c)[f])
	})
	reg("(*os.File).Read", func(c interp.Call, args []interp.Value) interp.Value {
		f := fileOf(c, args[0], "(*os.File).Read")
		b := make([]byte, args[1].Len())
		n, err := fileRead(c, f, b) // pipe.go
		for i := range n {
			c.Write(interp.IndexAddr(args[1], i), interp.Uint(uint64(b[i])))
		}
		return interp.Tuple(interp.Int(int64(n)), pathError(c, err, files(c)[f]))
	})
	reg("(*os.File).Stat", func(c interp.Call, args []interp.Value) interp.Value {
		switch f := stdFile(args[0]); f {
		case interp.StdoutFile(), interp.StderrFile():
			// the run's output, not the process's file (see streamInfo)
			return interp.Tuple(c.NativeValue(streamInfo(filepath.Base(f.Name()))), noErr)
		}
		f := fileOf(c, args[0], "(*os.File).Stat")
		fi, err := f.Stat()
		if err != nil {
			return interp.Tuple(interp.Nil(interp.KindInterface), pathError(c, err, files(c)[f]))
		}
		if files(c)[f] == stdinName {
			// the null device, named as natively go test's os.Stdin's is
			fi = renamedInfo{fi, filepath.Base(stdinName)}
		}
		return interp.Tuple(c.NativeValue(fi), noErr)
	})
	reg("(*os.File).ReadDir", func(c interp.Call, args []interp.Value) interp.Value {
		f := fileOf(c, args[0], "(*os.File).ReadDir")
		des, err := f.ReadDir(int(args[1].Int()))
		return interp.Tuple(result(c, des, resType(c, 0)), pathError(c, err, files(c)[f]))
	})
	reg("(*os.File).Readdirnames", func(c interp.Call, args []interp.Value) interp.Value {
		f := fileOf(c, args[0], "(*os.File).Readdirnames")
		names, err := f.Readdirnames(int(args[1].Int()))
		return interp.Tuple(result(c, names, resType(c, 0)), pathError(c, err, files(c)[f]))
	})
	reg("os.ReadDir", func(c interp.Call, args []interp.Value) interp.Value {
		name := args[0].Str()
		des, err := os.ReadDir(filePath(c, name))
		return interp.Tuple(result(c, des, resType(c, 0)), pathError(c, err, name))
	})
	reg("io/ioutil.ReadDir", func(c interp.Call, args []interp.Value) interp.Value {
		name := args[0].Str()
		fis, err := ioutil.ReadDir(filePath(c, name))
		if err != nil {
			return interp.Tuple(interp.Nil(interp.KindSlice), pathError(c, err, name))
		}
		return interp.Tuple(result(c, fis, resType(c, 0)), noErr)
	})
	stat := func(stat func(string) (fs.FileInfo, error)) func(interp.Call, []interp.Value) interp.Value {
		return func(c interp.Call, args []interp.Value) interp.Value {
			name := args[0].Str()
			fi, err := stat(filePath(c, name))
			if err != nil {
				return interp.Tuple(interp.Nil(interp.KindInterface), pathError(c, err, name))
			}
			return interp.Tuple(c.NativeValue(fi), noErr)
		}
	}
	reg("os.Stat", stat(os.Stat))
	reg("os.Lstat", stat(os.Lstat))
	reg("path/filepath.Glob", func(c interp.Call, args []interp.Value) interp.Value {
		pattern := args[0].Str()
		matches, err := filepath.Glob(filePath(c, pattern))
		if err != nil {
			return interp.Tuple(interp.Nil(interp.KindSlice), c.NativeValue(err))
		}
		if dir := c.Dir(); dir != "" && !filepath.IsAbs(pattern) {
			for i, m := range matches {
				if rel, err := filepath.Rel(dir, m); err == nil {
					matches[i] = rel
				}
			}
		}
		return interp.Tuple(result(c, matches, resType(c, 0)), noErr)
	})
}

// streamInfo is what Stat says of a run's os.Stdout or os.Stderr, named
// as natively ("stdout", "stderr"): a pipe, as a test's output is under
// go test, never a terminal or character device (as the terminal
// bridges below answer), since what the program writes there goes to
// the run's output (RunOptions.Stdout), not to the process's file. Its
// size is 0, its modification time the zero time and Sys nil (natively a
// *syscall.Stat_t).
type streamInfo string

func (s streamInfo) Name() string       { return string(s) }
func (s streamInfo) Size() int64        { return 0 }
func (s streamInfo) Mode() fs.FileMode  { return fs.ModeNamedPipe | 0o600 }
func (s streamInfo) ModTime() time.Time { return time.Time{} }
func (s streamInfo) IsDir() bool        { return false }
func (s streamInfo) Sys() any           { return nil }

// renamedInfo is a file's FileInfo under another name: the run's
// os.Stdin is the null device, as go test gives a test's standard input,
// and natively its Stat names it after os.Stdin's name ("stdin"), not
// the device's.
type renamedInfo struct {
	fs.FileInfo
	name string
}

func (r renamedInfo) Name() string { return r.name }

// Writing to the standard streams: (*os.File).Write and WriteString on
// os.Stdout or os.Stderr write to the run's output (RunOptions.Stdout),
// as fmt.Fprint to them does; other files are the program's own, which
// it created or opened (in its sandbox for writing, sandbox.go).
func init() {
	write := func(name string, data func(interp.Value) []byte) func(interp.Call, []interp.Value) interp.Value {
		return func(c interp.Call, args []interp.Value) interp.Value {
			f := stdFile(args[0])
			if f != interp.StdoutFile() && f != interp.StderrFile() {
				// a file the program created in its sandbox (sandbox.go)
				f := fileOf(c, args[0], name)
				n, err := fileWrite(c, f, data(args[1])) // pipe.go
				return interp.Tuple(interp.Int(int64(n)), pathError(c, err, files(c)[f]))
			}
			out := c.Stdout()
			if f == interp.StderrFile() {
				out = c.Stderr()
			}
			n, err := out.Write(data(args[1]))
			if err != nil {
				return interp.Tuple(interp.Int(int64(n)), c.NativeValue(err))
			}
			return interp.Tuple(interp.Int(int64(n)), noErr)
		}
	}
	interp.RegisterBridge("(*os.File).Write", write("(*os.File).Write", func(v interp.Value) []byte {
		b := make([]byte, v.Len())
		for i := range b {
			b[i] = byte(v.Index(i).Uint())
		}
		return b
	}))
	interp.RegisterBridge("(*os.File).WriteString", write("(*os.File).WriteString", func(v interp.Value) []byte { return []byte(v.Str()) }))
	// Fd of the standard streams: their numbers (a program asks to know
	// whether they are terminals, below).
	interp.RegisterBridge("(*os.File).Fd", func(c interp.Call, args []interp.Value) interp.Value {
		switch stdFile(args[0]) {
		case interp.StdoutFile():
			return interp.Uint(1)
		case interp.StderrFile():
			return interp.Uint(2)
		case nil:
		default:
			if files(c)[stdFile(args[0])] == stdinName {
				return interp.Uint(0)
			}
		}
		panic(&interp.BridgeError{Func: "(*os.File).Fd", CallSite: c.Pos(), Reason: "only os.Stdin, os.Stdout and os.Stderr have a descriptor"})
	})
	// Whether a descriptor is a terminal, as github.com/mattn/go-isatty
	// and golang.org/x/term answer it (through system calls the
	// interpreter cannot make): never, the run's output is
	// RunOptions.Stdout, as a test's is a pipe under go test. (interp's
	// Load leaves these packages out: see bridgedPackage there.)
	no := func(c interp.Call, args []interp.Value) interp.Value { return interp.Bool(false) }
	for _, name := range []string{"github.com/mattn/go-isatty.IsTerminal", "github.com/mattn/go-isatty.IsCygwinTerminal", "golang.org/x/term.IsTerminal"} {
		interp.RegisterBridge(name, no)
	}
}

// Walking a directory tree: filepath.Walk and WalkDir walk the native
// tree from the run's directory, calling the program's function with the
// paths as the program named them, as Glob returns them.
func init() {
	walk := func(walkFn func(root string, visit func(path string, info any, err error) error) error) func(interp.Call, []interp.Value) interp.Value {
		return func(c interp.Call, args []interp.Value) interp.Value {
			root, fn := args[0].Str(), args[1]
			native := filePath(c, root)
			var stop interp.Value // an error of the program's that ended the walk
			err := walkFn(native, func(path string, info any, err error) error {
				// the root as the program gave it, the others joined to it
				// (cleaned), as natively
				if rest, ok := strings.CutPrefix(path, native); ok && rest == "" {
					path = root
				} else if ok {
					path = filepath.Join(root, rest)
				}
				infoV := noErr
				if info != nil {
					infoV = c.NativeValue(info)
				}
				res := c.CallValue(fn, []interp.Value{interp.String(path), infoV, pathError(c, err, path)})
				if res.IsNil() {
					return nil
				}
				if x, ok := c.Native(res).(error); ok && (x == filepath.SkipDir || x == filepath.SkipAll) {
					return x
				}
				stop = res
				return errStopWalk
			})
			switch {
			case err == errStopWalk:
				return stop
			case err != nil:
				return pathError(c, err, root)
			}
			return noErr
		}
	}
	interp.RegisterBridge("path/filepath.Walk", walk(func(root string, visit func(string, any, error) error) error {
		return filepath.Walk(root, func(path string, info fs.FileInfo, err error) error { return visit(path, info, err) })
	}))
	interp.RegisterBridge("path/filepath.WalkDir", walk(func(root string, visit func(string, any, error) error) error {
		return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error { return visit(path, d, err) })
	}))
}

// errStopWalk ends a walk whose function returned an error of the
// program's, which the walk then returns.
var errStopWalk = errors.New("walk stopped")
