package bridge

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// The run's sandbox: a directory of its own, made under the system's
// temporary directory on first use and removed with everything in it
// when the run ends. The program writes only there: os.TempDir is the
// sandbox, t.TempDir, os.MkdirTemp and os.CreateTemp make their
// directories and files in it, and os.WriteFile, os.Create, os.OpenFile
// (for writing), os.Mkdir, os.MkdirAll, os.Remove, os.RemoveAll,
// os.Rename, os.Chmod and os.Truncate act on names inside it; any other
// name is a *BridgeError naming the call and the path. Files the program
// creates are written through (*os.File).Write and WriteString and
// closed when the run ends, like the files it opens (files.go).

// sandbox is a run's directory.
type sandbox struct{ dir string }

type sandboxKey struct{}

// box returns c's run's sandbox, making it on first use.
func box(c interp.Call) *sandbox {
	return c.State(sandboxKey{}, func() any {
		dir, err := os.MkdirTemp("", "faultloc-run-")
		if err != nil {
			panic(&interp.BridgeError{Func: "the run's temporary directory", CallSite: c.Pos(), Reason: err.Error()})
		}
		// The name as the program will see it, symbolic links resolved,
		// so that the names it builds from it are checked as they are.
		if d, err := filepath.EvalSymlinks(dir); err == nil {
			dir = d
		}
		c.AtEnd(func() { os.RemoveAll(dir) })
		return &sandbox{dir: dir}
	}).(*sandbox)
}

// inside returns the name the program gave, as a path, if it is inside
// c's sandbox; else it refuses the call fn.
func inside(c interp.Call, fn, name string) string {
	p := filePath(c, name)
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if d, err := filepath.EvalSymlinks(filepath.Dir(p)); err == nil {
		p = filepath.Join(d, filepath.Base(p))
	}
	dir := box(c).dir
	if p != dir && !strings.HasPrefix(p, dir+string(filepath.Separator)) {
		panic(&interp.BridgeError{Func: fn, CallSite: c.Pos(), Reason: fmt.Sprintf("the program writes only inside its run's temporary directory (os.TempDir, t.TempDir, os.MkdirTemp, os.CreateTemp), not %s", name)})
	}
	return p
}

// errValue is err as an interpreted error (nil for nil), a path error
// carrying the name the program gave.
func errValue(c interp.Call, err error, name string) interp.Value { return pathError(c, err, name) }

func init() {
	reg := interp.RegisterBridge
	reg("os.TempDir", func(c interp.Call, args []interp.Value) interp.Value {
		return interp.String(box(c).dir)
	})
	reg("(*testing.common).TempDir", func(c interp.Call, args []interp.Value) interp.Value {
		dir, err := os.MkdirTemp(box(c).dir, "test")
		if err != nil {
			panic(&interp.BridgeError{Func: "(*testing.common).TempDir", CallSite: c.Pos(), Reason: err.Error()})
		}
		return interp.String(dir)
	})
	// the pattern's directory: "" is the sandbox
	tempIn := func(c interp.Call, fn, dir string) string {
		if dir == "" {
			return box(c).dir
		}
		return inside(c, fn, dir)
	}
	reg("os.MkdirTemp", func(c interp.Call, args []interp.Value) interp.Value {
		dir, err := os.MkdirTemp(tempIn(c, "os.MkdirTemp", args[0].Str()), args[1].Str())
		return interp.Tuple(interp.String(dir), errValue(c, err, args[0].Str()))
	})
	created := func(c interp.Call, f *os.File, name string) interp.Value {
		files(c)[f] = name
		return interp.BoxNative(f)
	}
	reg("os.CreateTemp", func(c interp.Call, args []interp.Value) interp.Value {
		f, err := os.CreateTemp(tempIn(c, "os.CreateTemp", args[0].Str()), args[1].Str())
		if err != nil {
			return interp.Tuple(c.Zero(resType(c, 0)), errValue(c, err, args[0].Str()))
		}
		return interp.Tuple(created(c, f, f.Name()), noErr)
	})
	reg("os.WriteFile", func(c interp.Call, args []interp.Value) interp.Value {
		name := args[0].Str()
		p := inside(c, "os.WriteFile", name)
		b := make([]byte, args[1].Len())
		for i := range b {
			b[i] = byte(args[1].Index(i).Uint())
		}
		return errValue(c, os.WriteFile(p, b, fs.FileMode(args[2].Uint())), name)
	})
	openFile := func(fn string, flag func([]interp.Value) int, perm func([]interp.Value) fs.FileMode) func(interp.Call, []interp.Value) interp.Value {
		return func(c interp.Call, args []interp.Value) interp.Value {
			name := args[0].Str()
			fl := flag(args)
			var p string
			if fl&(os.O_WRONLY|os.O_RDWR|os.O_CREATE|os.O_TRUNC|os.O_APPEND) == 0 {
				p = filePath(c, name) // reading, as os.Open
			} else {
				p = inside(c, fn, name)
			}
			f, err := os.OpenFile(p, fl, perm(args))
			if err != nil {
				return interp.Tuple(c.Zero(resType(c, 0)), errValue(c, err, name))
			}
			return interp.Tuple(created(c, f, name), noErr)
		}
	}
	reg("os.Create", openFile("os.Create", func([]interp.Value) int { return os.O_RDWR | os.O_CREATE | os.O_TRUNC },
		func([]interp.Value) fs.FileMode { return 0o666 }))
	reg("os.OpenFile", openFile("os.OpenFile", func(a []interp.Value) int { return int(a[1].Int()) },
		func(a []interp.Value) fs.FileMode { return fs.FileMode(a[2].Uint()) }))
	onPath := func(fn string, op func(p string, args []interp.Value) error) {
		reg(fn, func(c interp.Call, args []interp.Value) interp.Value {
			name := args[0].Str()
			return errValue(c, op(inside(c, fn, name), args), name)
		})
	}
	onPath("os.Mkdir", func(p string, a []interp.Value) error { return os.Mkdir(p, fs.FileMode(a[1].Uint())) })
	onPath("os.MkdirAll", func(p string, a []interp.Value) error { return os.MkdirAll(p, fs.FileMode(a[1].Uint())) })
	onPath("os.Remove", func(p string, a []interp.Value) error { return os.Remove(p) })
	onPath("os.RemoveAll", func(p string, a []interp.Value) error { return os.RemoveAll(p) })
	onPath("os.Chmod", func(p string, a []interp.Value) error { return os.Chmod(p, fs.FileMode(a[1].Uint())) })
	onPath("os.Truncate", func(p string, a []interp.Value) error { return os.Truncate(p, a[1].Int()) })
	reg("os.Rename", func(c interp.Call, args []interp.Value) interp.Value {
		from, to := args[0].Str(), args[1].Str()
		err := os.Rename(inside(c, "os.Rename", from), inside(c, "os.Rename", to))
		if le, ok := err.(*os.LinkError); ok {
			le.Old, le.New = from, to
		}
		if err != nil {
			return c.NativeValue(err)
		}
		return noErr
	})
	// Files the program created or opened: write, sync, seek.
	reg("(*os.File).Sync", func(c interp.Call, args []interp.Value) interp.Value {
		f := fileOf(c, args[0], "(*os.File).Sync")
		return errValue(c, f.Sync(), files(c)[f])
	})
	reg("(*os.File).Seek", func(c interp.Call, args []interp.Value) interp.Value {
		f := fileOf(c, args[0], "(*os.File).Seek")
		n, err := f.Seek(args[1].Int(), int(args[2].Int()))
		return interp.Tuple(interp.Int(n), errValue(c, err, files(c)[f]))
	})
	// The error predicates and the working directory, which ask nothing
	// of the file system.
	for name, f := range map[string]any{"os.IsNotExist": os.IsNotExist, "os.IsExist": os.IsExist, "os.IsPermission": os.IsPermission, "os.IsTimeout": os.IsTimeout} {
		reg(name, func(c interp.Call, args []interp.Value) interp.Value {
			return c.ReflectCall(name, reflect.ValueOf(f), args)
		})
	}
	reg("os.Getwd", func(c interp.Call, args []interp.Value) interp.Value {
		dir := c.Dir()
		if dir == "" {
			var err error
			if dir, err = os.Getwd(); err != nil {
				return interp.Tuple(interp.String(""), c.NativeValue(err))
			}
		}
		return interp.Tuple(interp.String(dir), noErr)
	})
}
