package bridge

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// The run's sandbox: a directory of its own, made under the system's
// temporary directory on first use and removed with everything in it
// when the run ends. The program writes only there, and in its copy of
// its package directory (pkgdir.go): os.TempDir is the
// sandbox, t.TempDir, os.MkdirTemp and os.CreateTemp make their
// directories and files in it, and os.WriteFile, os.Create, os.OpenFile
// (for writing), os.Mkdir, os.MkdirAll, os.Remove, os.RemoveAll,
// os.Rename, os.Chmod and os.Truncate act on names inside it; any other
// name is a *BridgeError naming the call and the path. Files the program
// creates are written through (*os.File).Write and WriteString and
// closed when the run ends, like the files it opens (files.go).
//
// So that a run is a function of its inputs, the program sees the
// sandbox under a fixed name, sandboxName in the system's temporary
// directory, which the bridge maps to the real directory, and the names
// os.MkdirTemp, os.CreateTemp and t.TempDir choose are numbered in the
// order of the calls instead of random.

// sandboxName is the name the program sees for its run's sandbox.
const sandboxName = "faultloc-run"

// onSandbox, if set (by tests), is told the real directory of each
// sandbox made.
var onSandbox func(dir string)

// sandbox is a run's directory: the name the program sees, the real one.
type sandbox struct {
	virt, real string
	seq        int // names made by MkdirTemp, CreateTemp and TempDir
}

type sandboxKey struct{}

// box returns c's run's sandbox, making it on first use.
func box(c interp.Call) *sandbox {
	return c.State(sandboxKey{}, func() any {
		dir, err := os.MkdirTemp("", "faultloc-run-")
		if err != nil {
			panic(&interp.BridgeError{Func: "the run's temporary directory", CallSite: c.Pos(), Reason: err.Error()})
		}
		c.AtEnd(func() { os.RemoveAll(dir) })
		if onSandbox != nil {
			onSandbox(dir)
		}
		return &sandbox{virt: filepath.Join(os.TempDir(), sandboxName), real: dir}
	}).(*sandbox)
}

// virtual reports whether p, an absolute clean path, is under the name
// the program sees for the sandbox, and where that is in the real one.
func (b *sandbox) virtual(p string) (string, bool) {
	if p == b.virt {
		return b.real, true
	}
	if rest, ok := strings.CutPrefix(p, b.virt+string(filepath.Separator)); ok {
		return filepath.Join(b.real, rest), true
	}
	return "", false
}

// shown is the name the program sees for real path p in the sandbox.
func (b *sandbox) shown(p string) string {
	if rest, ok := strings.CutPrefix(p, b.real); ok {
		return b.virt + rest
	}
	return p
}

// sandboxPath maps name, a file name the program gave, to the real path
// if it is in the sandbox (ok).
func sandboxPath(c interp.Call, name string) (string, bool) {
	p := name
	if dir := c.Dir(); dir != "" && !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	p = filepath.Clean(p)
	if !strings.HasPrefix(p, filepath.Join(os.TempDir(), sandboxName)) {
		return "", false
	}
	return box(c).virtual(p)
}

// inside returns the real path where the call fn writes name, a file
// name the program gave: in c's sandbox, or in the run's copy of its
// package directory (pkgdir.go); any other name is refused.
func inside(c interp.Call, fn, name string) string {
	if p, ok := sandboxPath(c, name); ok {
		return p
	}
	if rel, ok := inPkgDir(c, name); ok {
		p, err := pkgLayer(c, true).writePath(rel)
		if err != nil {
			panic(&interp.BridgeError{Func: fn, CallSite: c.Pos(), Reason: fmt.Sprintf("copying %s into the run's copy of its package directory: %v", name, err)})
		}
		return p
	}
	panic(&interp.BridgeError{Func: fn, CallSite: c.Pos(), Reason: fmt.Sprintf("the program writes only inside its run's temporary directory (os.TempDir, t.TempDir, os.MkdirTemp, os.CreateTemp) and its package directory, not %s", name)})
}

// tempName makes a new directory (or file, when file) in real directory
// dir named by pattern, its last "*" (else its end) replaced by the next
// number, and returns its real path.
func (b *sandbox) tempName(dir, pattern string, file bool) (string, *os.File, error) {
	if strings.ContainsRune(pattern, filepath.Separator) {
		return "", nil, &fs.PathError{Op: "createtemp", Path: pattern, Err: errors.New("pattern contains path separator")}
	}
	prefix, suffix := pattern, ""
	if i := strings.LastIndexByte(pattern, '*'); i >= 0 {
		prefix, suffix = pattern[:i], pattern[i+1:]
	}
	for {
		b.seq++
		p := filepath.Join(dir, prefix+strconv.Itoa(b.seq)+suffix)
		if file {
			f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
			if errors.Is(err, fs.ErrExist) {
				continue
			}
			return p, f, err
		}
		err := os.Mkdir(p, 0o700)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return p, nil, err
	}
}

// missingDir returns the error of opening name for writing outside the
// run's sandbox when its directory does not exist: no file is written
// then, natively either, and the program sees the error it would see
// natively (a logger's test of a sink it cannot open). Nil otherwise.
func missingDir(c interp.Call, name string) error {
	if _, ok := sandboxPath(c, name); ok {
		return nil
	}
	p := filePath(c, name)
	if _, err := os.Stat(filepath.Dir(p)); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	f, err := os.Open(p) // read-only: the error, and nothing written
	if err == nil {
		f.Close()
	}
	return err
}

// errValue is err as an interpreted error (nil for nil), a path error
// carrying the name the program gave.
func errValue(c interp.Call, err error, name string) interp.Value { return pathError(c, err, name) }

func init() {
	reg := interp.RegisterBridge
	reg("os.TempDir", func(c interp.Call, args []interp.Value) interp.Value {
		return interp.String(box(c).virt)
	})
	reg("(*testing.common).TempDir", func(c interp.Call, args []interp.Value) interp.Value {
		b := box(c)
		dir, _, err := b.tempName(b.real, "test", false)
		if err != nil {
			panic(&interp.BridgeError{Func: "(*testing.common).TempDir", CallSite: c.Pos(), Reason: err.Error()})
		}
		return interp.String(b.shown(dir))
	})
	// the pattern's directory: "" is the sandbox
	tempIn := func(c interp.Call, fn, dir string) string {
		if dir == "" {
			return box(c).real
		}
		return inside(c, fn, dir)
	}
	// io/ioutil's TempDir, TempFile and WriteFile are os's under older
	// names.
	for _, fn := range []string{"os.MkdirTemp", "io/ioutil.TempDir"} {
		reg(fn, func(c interp.Call, args []interp.Value) interp.Value {
			b := box(c)
			dir, _, err := b.tempName(tempIn(c, fn, args[0].Str()), args[1].Str(), false)
			if err != nil {
				return interp.Tuple(interp.String(""), errValue(c, err, args[1].Str()))
			}
			return interp.Tuple(interp.String(b.shown(dir)), noErr)
		})
	}
	created := func(c interp.Call, f *os.File, name string) interp.Value {
		files(c)[f] = name
		return interp.BoxNative(f)
	}
	for _, fn := range []string{"os.CreateTemp", "io/ioutil.TempFile"} {
		reg(fn, func(c interp.Call, args []interp.Value) interp.Value {
			b := box(c)
			p, f, err := b.tempName(tempIn(c, fn, args[0].Str()), args[1].Str(), true)
			if err != nil {
				return interp.Tuple(c.Zero(resType(c, 0)), errValue(c, err, args[1].Str()))
			}
			return interp.Tuple(created(c, f, b.shown(p)), noErr)
		})
	}
	for _, fn := range []string{"os.WriteFile", "io/ioutil.WriteFile"} {
		reg(fn, func(c interp.Call, args []interp.Value) interp.Value {
			name := args[0].Str()
			p := inside(c, fn, name)
			b := make([]byte, args[1].Len())
			for i := range b {
				b[i] = byte(args[1].Index(i).Uint())
			}
			return errValue(c, os.WriteFile(p, b, fs.FileMode(args[2].Uint())), name)
		})
	}
	openFile := func(fn string, flag func([]interp.Value) int, perm func([]interp.Value) fs.FileMode) func(interp.Call, []interp.Value) interp.Value {
		return func(c interp.Call, args []interp.Value) interp.Value {
			name := args[0].Str()
			fl := flag(args)
			var p string
			if fl&(os.O_WRONLY|os.O_RDWR|os.O_CREATE|os.O_TRUNC|os.O_APPEND) == 0 {
				p = filePath(c, name) // reading, as os.Open (files.go)
			} else if err := missingDir(c, name); err != nil {
				return interp.Tuple(c.Zero(resType(c, 0)), errValue(c, err, name))
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
	for _, fn := range []string{"os.Remove", "os.RemoveAll"} {
		all := fn == "os.RemoveAll"
		reg(fn, func(c interp.Call, args []interp.Value) interp.Value {
			name := args[0].Str()
			if _, ok := sandboxPath(c, name); !ok {
				if rel, ok := inPkgDir(c, name); ok {
					return errValue(c, pkgLayer(c, true).remove(rel, all), name)
				}
			}
			p := inside(c, fn, name)
			if all {
				return errValue(c, os.RemoveAll(p), name)
			}
			return errValue(c, os.Remove(p), name)
		})
	}
	onPath("os.Chmod", func(p string, a []interp.Value) error { return os.Chmod(p, fs.FileMode(a[1].Uint())) })
	onPath("os.Truncate", func(p string, a []interp.Value) error { return os.Truncate(p, a[1].Int()) })
	reg("os.Rename", func(c interp.Call, args []interp.Value) interp.Value {
		from, to := args[0].Str(), args[1].Str()
		err := os.Rename(inside(c, "os.Rename", from), inside(c, "os.Rename", to))
		if rel, ok := inPkgDir(c, from); ok && err == nil {
			if _, inBox := sandboxPath(c, from); !inBox {
				pkgLayer(c, true).hide(rel)
			}
		}
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
		if f := stdFile(args[0]); f == interp.StdoutFile() || f == interp.StderrFile() {
			return errValue(c, syncPipe(), f.Name())
		}
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
		dir, err := getwd(c)
		if err != nil {
			return interp.Tuple(interp.String(""), c.NativeValue(err))
		}
		return interp.Tuple(interp.String(dir), noErr)
	})
	// filepath.Abs joins a relative path to that working directory, as
	// natively to the process's.
	reg("path/filepath.Abs", func(c interp.Call, args []interp.Value) interp.Value {
		path := args[0].Str()
		if filepath.IsAbs(path) {
			return interp.Tuple(interp.String(filepath.Clean(path)), noErr)
		}
		dir, err := getwd(c)
		if err != nil {
			return interp.Tuple(interp.String(""), c.NativeValue(err))
		}
		return interp.Tuple(interp.String(filepath.Join(dir, path)), noErr)
	})
}

// getwd is the run's working directory: the program's (a test's package
// directory, as go test runs it), else the process's.
func getwd(c interp.Call) (string, error) {
	if dir := c.Dir(); dir != "" {
		return dir, nil
	}
	return os.Getwd()
}

// syncPipe is what Sync of a pipe returns, as Sync of os.Stdout or
// os.Stderr does under go test, whose standard streams are pipes (the
// run's are RunOptions.Stdout): the error of syncing a pipe made for the
// purpose (invalid argument on Linux).
func syncPipe() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	defer w.Close()
	return w.Sync()
}
