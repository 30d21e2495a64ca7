package corpus

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"testing/fstest"
	"time"
)

// mapFS is a test's file system: fstest.MapFS, interpreted from source.
func mapFS() fstest.MapFS {
	return fstest.MapFS{
		"a.toml":     {Data: []byte("x = 1\n"), Mode: 0o644, ModTime: time.Unix(1, 0)},
		"dir/b.txt":  {Data: []byte("bee")},
		"dir/c.txt":  {Data: []byte("sea")},
		"dir/sub/d":  {Data: []byte("d")},
		"empty":      {Mode: fs.ModeDir | 0o755},
		"other/e.md": {Data: []byte("# e")},
	}
}

// MapFSMethods reads an fstest.MapFS through its own methods and the
// fs.File its Open returns: Open, Read through io.ReadAll, Stat,
// ReadDir, ReadFile, Sub, Glob and the errors of a missing file.
func MapFSMethods() string {
	m := mapFS()
	var out []string
	f, err := m.Open("a.toml")
	if err != nil {
		panic(err)
	}
	data, err := io.ReadAll(f)
	st, _ := f.Stat()
	out = append(out, fmt.Sprintf("%q %v %s %d %v %v %v", data, err, st.Name(), st.Size(), st.Mode(), st.ModTime().Unix(), st.IsDir()))
	if err := f.Close(); err != nil {
		panic(err)
	}
	ents, err := m.ReadDir("dir")
	for _, e := range ents {
		out = append(out, fmt.Sprintf("%s %v %v", e.Name(), e.IsDir(), e.Type()))
	}
	b, err2 := m.ReadFile("dir/c.txt")
	out = append(out, fmt.Sprint(err, string(b), err2))
	sub, err := m.Sub("dir")
	if err != nil {
		panic(err)
	}
	sf, err := sub.Open("sub/d")
	if err != nil {
		panic(err)
	}
	sd, _ := io.ReadAll(sf)
	names, err := m.Glob("*/*.txt")
	out = append(out, fmt.Sprint(string(sd), names, err))
	_, err = m.Open("missing")
	out = append(out, fmt.Sprint(err, errorsIsNotExist(err)))
	return strings.Join(out, "\n")
}

func errorsIsNotExist(err error) bool {
	pe, ok := err.(*fs.PathError)
	return ok && pe.Err == fs.ErrNotExist
}

// oneFile is a test's own file system of one file, with a file type of
// its own that is not a directory reader.
type oneFile struct{ name, data string }

func (o oneFile) Open(name string) (fs.File, error) {
	if name != o.name {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &oneOpen{o: o}, nil
}

type oneOpen struct {
	o   oneFile
	off int
}

func (f *oneOpen) Stat() (fs.FileInfo, error) { return oneInfo{f.o}, nil }
func (f *oneOpen) Close() error               { return nil }
func (f *oneOpen) Read(p []byte) (int, error) {
	if f.off >= len(f.o.data) {
		return 0, io.EOF
	}
	n := copy(p, f.o.data[f.off:])
	f.off += n
	return n, nil
}

type oneInfo struct{ o oneFile }

func (i oneInfo) Name() string       { return i.o.name }
func (i oneInfo) Size() int64        { return int64(len(i.o.data)) }
func (i oneInfo) Mode() fs.FileMode  { return 0o444 }
func (i oneInfo) ModTime() time.Time { return time.Unix(7, 0) }
func (i oneInfo) IsDir() bool        { return false }
func (i oneInfo) Sys() any           { return nil }

// FSFuncs runs io/fs's functions over interpreted file systems: an
// fstest.MapFS and a file system of the program's own, with the files,
// file infos and directory entries their methods return.
func FSFuncs() string {
	m := mapFS()
	var out []string
	b, err := fs.ReadFile(m, "a.toml")
	out = append(out, fmt.Sprintf("%q %v", b, err))
	_, err = fs.ReadFile(m, "nope")
	out = append(out, fmt.Sprint(err, errors.Is(err, fs.ErrNotExist)))
	ents, err := fs.ReadDir(m, "dir")
	for _, e := range ents {
		info, ierr := e.Info()
		out = append(out, fmt.Sprint(e.Name(), e.IsDir(), e.Type(), info.Size(), ierr))
	}
	st, err := fs.Stat(m, "dir/b.txt")
	out = append(out, fmt.Sprint(st.Name(), st.Size(), st.Mode(), st.IsDir(), err))
	sub, err := fs.Sub(m, "dir")
	if err != nil {
		panic(err)
	}
	b, err = fs.ReadFile(sub, "sub/d")
	names, gerr := fs.Glob(m, "*/*")
	out = append(out, fmt.Sprint(string(b), err, names, gerr))
	err = fs.WalkDir(m, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Name() == "other" {
			return fs.SkipDir
		}
		out = append(out, fmt.Sprint("walk ", path, " ", d.IsDir()))
		return nil
	})
	out = append(out, fmt.Sprint(err))
	o := oneFile{"x.txt", "hello"}
	b, err = fs.ReadFile(o, "x.txt")
	st, serr := fs.Stat(o, "x.txt")
	out = append(out, fmt.Sprint(string(b), err, st.Name(), st.Size(), st.Mode(), st.ModTime().Unix(), serr))
	_, err = fs.ReadDir(o, ".")
	out = append(out, fmt.Sprint(err))
	return strings.Join(out, "\n")
}
