package bridge

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// The package directory, written: go test runs a test in its package's
// directory, and a test may write there (zap's writes a file by a
// relative name, checks it exists and removes it). The run writes in
// its own copy instead: the first write of a file in the program's
// directory (interp.Call.Dir, and below it) copies the file, if it
// exists, into a layer in the run's sandbox, made on first use and
// removed when the run ends (outside the directory the program sees as
// os.TempDir), and writes there; reading a name of the
// directory finds the layer's file first, and a name the program
// removed is missing. The directory itself is never written. Listing a
// directory (os.ReadDir, Glob, fs walks) shows the directory as it is
// on disk, without the layer: a partial model.

// layer is the run's copy of what it wrote in its package directory.
type layer struct {
	dir     string          // the program's directory, as it is on disk
	real    string          // the layer's directory in the sandbox
	removed map[string]bool // names relative to dir the program removed
}

type layerKey struct{}

// layerSlot holds a run's layer once it has one.
type layerSlot struct{ l *layer }

// pkgLayer returns c's run's layer, or nil if it has written nothing in
// its directory yet and create is false.
func pkgLayer(c interp.Call, create bool) *layer {
	slot := c.State(layerKey{}, func() any { return &layerSlot{} }).(*layerSlot)
	if slot.l != nil || !create {
		return slot.l
	}
	real, err := os.MkdirTemp("", "faultloc-pkgdir-")
	if err != nil {
		panic(&interp.BridgeError{Func: "the run's copy of its package directory", CallSite: c.Pos(), Reason: err.Error()})
	}
	c.AtEnd(func() { os.RemoveAll(real) })
	slot.l = &layer{dir: c.Dir(), real: real, removed: map[string]bool{}}
	return slot.l
}

// inPkgDir returns name, a file name the program gave, relative to the
// program's directory, if it is in it.
func inPkgDir(c interp.Call, name string) (string, bool) {
	dir := c.Dir()
	if dir == "" || name == "" {
		return "", false
	}
	p := name
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	rel, err := filepath.Rel(dir, filepath.Clean(p))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

// gone reports whether rel, or a directory holding it, was removed and
// is not in the layer.
func (l *layer) gone(rel string) bool {
	for r := rel; ; r = filepath.Dir(r) {
		if l.removed[r] {
			return true
		}
		if r == "." || r == string(filepath.Separator) {
			return false
		}
	}
}

// readPath is the path the run reads for rel: the layer's file if the
// program wrote it, a missing name if it removed it, else the
// directory's.
func (l *layer) readPath(rel string) string {
	over := filepath.Join(l.real, rel)
	if _, err := os.Lstat(over); err == nil {
		return over
	}
	if l.gone(rel) {
		return over // missing
	}
	return filepath.Join(l.dir, rel)
}

// writePath prepares rel for a write and returns its path in the layer:
// its directory made there if it exists as the program sees it, and the
// file copied there if it exists (copy on write).
func (l *layer) writePath(rel string) (string, error) {
	over := filepath.Join(l.real, rel)
	if _, err := os.Lstat(over); err == nil {
		return over, nil
	}
	parent := filepath.Dir(rel)
	if parent != "." {
		if fi, err := os.Stat(l.readPath(parent)); err == nil && fi.IsDir() {
			if err := os.MkdirAll(filepath.Join(l.real, parent), 0o755); err != nil {
				return "", err
			}
		}
	}
	if !l.gone(rel) {
		if err := copyFile(filepath.Join(l.dir, rel), over); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
	}
	delete(l.removed, rel)
	return over, nil
}

// copyFile copies regular file src to dst, with its mode.
func copyFile(src, dst string) error {
	fi, err := os.Lstat(src)
	if err != nil {
		return err
	}
	if fi.IsDir() {
		return os.Mkdir(dst, fi.Mode().Perm())
	}
	if !fi.Mode().IsRegular() {
		return &fs.PathError{Op: "copy", Path: src, Err: syscall.EINVAL}
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm())
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// remove removes rel as the program sees it: the layer's copy, and the
// directory's file hidden from the run (all is RemoveAll's).
func (l *layer) remove(rel string, all bool) error {
	p := l.readPath(rel)
	fi, err := os.Lstat(p)
	if err != nil {
		if all && errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	if fi.IsDir() && !all {
		if des, err := os.ReadDir(p); err == nil && len(des) > 0 {
			return &fs.PathError{Op: "remove", Path: rel, Err: syscall.ENOTEMPTY}
		}
	}
	if err := os.RemoveAll(filepath.Join(l.real, rel)); err != nil {
		return err
	}
	l.hide(rel)
	return nil
}

// hide hides rel, moved away by the program, from the run if the
// directory holds it.
func (l *layer) hide(rel string) {
	if _, err := os.Lstat(filepath.Join(l.dir, rel)); err == nil {
		l.removed[rel] = true
	}
}
