package interp

import (
	"io/fs"
	"reflect"
	"time"
)

// Interpreted file systems that native io/fs code uses: an interpreted
// value implementing fs.FS (fstest.MapFS, interpreted from source, or a
// test's own file system) passed to fs.ReadFile, fs.ReadDir, fs.Stat,
// fs.Sub, fs.Glob or fs.WalkDir crosses as an fsAdapter, whose Open calls
// the interpreted method; the fs.File it returns, its fs.FileInfo and the
// fs.DirEntry values of its ReadDir cross the same way when they are
// interpreted (native ones cross as themselves). An adapter coming back
// to interpreted code is the interpreted value it stands for.

// ifaceAdapter is a native value standing for the interpreted value it:
// its methods call it's. fr and in are the bridged call that made it,
// used when it is called back outside any interpreted frame.
type ifaceAdapter struct {
	r  *run
	fr *frame
	in *ins
	it *iface
}

// adapted is implemented by the adapters of this file: the interpreted
// value each stands for.
type adapted interface{ adaptedIface() *iface }

func (a ifaceAdapter) adaptedIface() *iface { return a.it }

// call calls the interpreted method name with args and stores its
// results, converted to native values, in outs (pointers to the native
// results' variables). A result that does not convert stops the run with
// a *BridgeError naming the method.
func (a ifaceAdapter) call(name string, args []Value, outs ...any) {
	r := a.r
	r.callback(func() {
		fr, in := r.cur, a.in
		if fr != nil {
			in = fr.at
		} else {
			fr = a.fr
		}
		sig := r.methodSig(a.it.t.t, name)
		if sig == nil || sig.Results().Len() != len(outs) {
			panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: "no method " + name + " with the native interface's results on " + a.it.t.t.String()})
		}
		rs := splitResults(r.callMethod(fr, in, a.it, name, args), len(outs))
		r.cur = fr
		for i, out := range outs {
			dst := reflect.ValueOf(out).Elem()
			x, err := r.toNative(fr, in, rs[i], sig.Results().At(i).Type(), dst.Type())
			if err != nil {
				panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: err.Error()})
			}
			dst.Set(x)
		}
	})
}

var (
	fsFSType      = reflect.TypeFor[fs.FS]()
	fsFileType    = reflect.TypeFor[fs.File]()
	fsInfoType    = reflect.TypeFor[fs.FileInfo]()
	fsDirEntType  = reflect.TypeFor[fs.DirEntry]()
	fsReadDirType = reflect.TypeFor[fs.ReadDirFile]()
)

// adaptFS returns a native value of the io/fs interface type rt standing
// for the interpreted it, if it has rt's methods.
func (r *run) adaptFS(fr *frame, in *ins, it *iface, rt reflect.Type) (reflect.Value, bool) {
	a := ifaceAdapter{r, fr, in, it}
	has := func(names ...string) bool {
		for _, n := range names {
			if !r.p.hasMethod(it.t, n) {
				return false
			}
		}
		return true
	}
	switch {
	case rt == fsFSType && has("Open"):
		return reflect.ValueOf(fsAdapter{a}), true
	case (rt == fsFileType || rt == fsReadDirType) && has("Stat", "Read", "Close"):
		if has("ReadDir") {
			return reflect.ValueOf(dirFileAdapter{fileAdapter{a}}), true
		}
		if rt == fsFileType {
			return reflect.ValueOf(fileAdapter{a}), true
		}
	case rt == fsInfoType && has("Name", "Size", "Mode", "ModTime", "IsDir", "Sys"):
		return reflect.ValueOf(fileInfoAdapter{a}), true
	case rt == fsDirEntType && has("Name", "IsDir", "Type", "Info"):
		return reflect.ValueOf(dirEntryAdapter{a}), true
	}
	return reflect.Value{}, false
}

// fsAdapter is an fs.FS whose Open is an interpreted method.
type fsAdapter struct{ ifaceAdapter }

var _ fs.FS = fsAdapter{}

func (a fsAdapter) Open(name string) (f fs.File, err error) {
	a.call("Open", []Value{String(name)}, &f, &err)
	return f, err
}

// fileAdapter is an fs.File whose methods are interpreted; Read reads
// into a fresh interpreted slice, copied back into the caller's buffer.
type fileAdapter struct{ ifaceAdapter }

var _ fs.File = fileAdapter{}

func (a fileAdapter) Stat() (fi fs.FileInfo, err error) {
	a.call("Stat", nil, &fi, &err)
	return fi, err
}

func (a fileAdapter) Read(p []byte) (n int, err error) {
	cs := make([]cell, len(p))
	for i := range cs {
		cs[i] = cell{v: Uint(0), st: NoEvent}
	}
	a.call("Read", []Value{sliceOf(cs)}, &n, &err)
	for i := 0; i < n && i < len(p); i++ {
		p[i] = byte(cs[i].v.n)
	}
	return n, err
}

func (a fileAdapter) Close() (err error) {
	a.call("Close", nil, &err)
	return err
}

// dirFileAdapter is an fs.ReadDirFile: a fileAdapter of a directory.
type dirFileAdapter struct{ fileAdapter }

var _ fs.ReadDirFile = dirFileAdapter{}

func (a dirFileAdapter) ReadDir(n int) (es []fs.DirEntry, err error) {
	a.call("ReadDir", []Value{Int(int64(n))}, &es, &err)
	return es, err
}

// fileInfoAdapter is an fs.FileInfo whose methods are interpreted.
type fileInfoAdapter struct{ ifaceAdapter }

var _ fs.FileInfo = fileInfoAdapter{}

func (a fileInfoAdapter) Name() (s string) {
	a.call("Name", nil, &s)
	return s
}

func (a fileInfoAdapter) Size() (n int64) {
	a.call("Size", nil, &n)
	return n
}

func (a fileInfoAdapter) Mode() (m fs.FileMode) {
	a.call("Mode", nil, &m)
	return m
}

func (a fileInfoAdapter) ModTime() (t time.Time) {
	a.call("ModTime", nil, &t)
	return t
}

func (a fileInfoAdapter) IsDir() (b bool) {
	a.call("IsDir", nil, &b)
	return b
}

func (a fileInfoAdapter) Sys() (x any) {
	a.call("Sys", nil, &x)
	return x
}

// dirEntryAdapter is an fs.DirEntry whose methods are interpreted.
type dirEntryAdapter struct{ ifaceAdapter }

var _ fs.DirEntry = dirEntryAdapter{}

func (a dirEntryAdapter) Name() (s string) {
	a.call("Name", nil, &s)
	return s
}

func (a dirEntryAdapter) IsDir() (b bool) {
	a.call("IsDir", nil, &b)
	return b
}

func (a dirEntryAdapter) Type() (m fs.FileMode) {
	a.call("Type", nil, &m)
	return m
}

func (a dirEntryAdapter) Info() (fi fs.FileInfo, err error) {
	a.call("Info", nil, &fi, &err)
	return fi, err
}
