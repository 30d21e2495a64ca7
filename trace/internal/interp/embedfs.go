package interp

import (
	"crypto/sha256"
	"embed"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unsafe"

	"github.com/faultloc/faultloc/trace/internal/loader"
)

// embed.FS variables: embed.FS lives natively (its methods and io/fs's
// functions are bridged), and the compiler, not an initializer, gives a
// //go:embed variable its files. The interpreter builds the same value:
// embed.FS is a pointer to a sorted slice of {name, data, hash}, which
// embedFS mirrors; embedLayoutOK checks the mirror against package
// embed's own types by reflection, and a mismatch is an error naming the
// variable rather than a wrong value.

// embedFS and embedFile mirror embed.FS and its file.
type embedFS struct{ files *[]embedFile }

type embedFile struct {
	name string
	data string
	hash [16]byte
}

// embedLayoutErr is why embed.FS cannot be built here, or "".
var embedLayoutErr = embedLayout()

func embedLayout() string {
	fst := reflect.TypeFor[embed.FS]()
	if fst.NumField() != 1 || fst.Size() != unsafe.Sizeof(embedFS{}) {
		return "embed.FS's layout is not the one the interpreter knows"
	}
	f := fst.Field(0).Type
	if f.Kind() != reflect.Pointer || f.Elem().Kind() != reflect.Slice {
		return "embed.FS's layout is not the one the interpreter knows"
	}
	ft, mt := f.Elem().Elem(), reflect.TypeFor[embedFile]()
	if ft.Kind() != reflect.Struct || ft.NumField() != mt.NumField() || ft.Size() != mt.Size() {
		return "embed.FS's file layout is not the one the interpreter knows"
	}
	for i := range ft.NumField() {
		a, b := ft.Field(i), mt.Field(i)
		if a.Name != b.Name || a.Offset != b.Offset || a.Type.Kind() != b.Type.Kind() || a.Type.Size() != b.Type.Size() {
			return "embed.FS's file layout is not the one the interpreter knows"
		}
	}
	return ""
}

// newEmbedFS returns the embed.FS holding files, with their directories,
// in the order the compiler writes them.
func newEmbedFS(files []loader.EmbedFile) (embed.FS, error) {
	var fsys embed.FS
	if embedLayoutErr != "" {
		return fsys, fmt.Errorf("%s", embedLayoutErr)
	}
	have := map[string]bool{}
	var list []embedFile
	for _, f := range files {
		if have[f.Name] {
			continue
		}
		have[f.Name] = true
		h := sha256.Sum256([]byte(f.Data))
		list = append(list, embedFile{name: f.Name, data: f.Data, hash: [16]byte(h[:16])})
		for dir := parentDir(f.Name); dir != "." && !have[dir]; dir = parentDir(dir) {
			have[dir] = true
			list = append(list, embedFile{name: dir + "/"})
		}
	}
	slices.SortFunc(list, func(x, y embedFile) int {
		xd, xe := splitEmbedName(x.name)
		yd, ye := splitEmbedName(y.name)
		if c := strings.Compare(xd, yd); c != 0 {
			return c
		}
		return strings.Compare(xe, ye)
	})
	(*embedFS)(unsafe.Pointer(&fsys)).files = &list
	return fsys, nil
}

// parentDir is path.Dir of a slash-separated relative name.
func parentDir(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[:i]
	}
	return "."
}

// splitEmbedName is package embed's split: a name's directory and last
// element, without a directory's trailing slash.
func splitEmbedName(name string) (dir, elem string) {
	name = strings.TrimSuffix(name, "/")
	i := strings.LastIndexByte(name, '/')
	if i < 0 {
		return ".", name
	}
	return name[:i], name[i+1:]
}
