package corpus

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// DirFS reads a directory of its own (the interpreter's run sandbox)
// through os.DirFS: fs.ReadFile, fs.ReadDir, fs.Stat and fs.WalkDir, a
// missing name and an invalid one (their errors name the path as given),
// and a DirFS of the empty root.
func DirFS() string {
	var out []string
	dir, err := os.MkdirTemp("", "corpus-dirfs-")
	check(err == nil, "MkdirTemp")
	defer os.RemoveAll(dir)
	check(os.MkdirAll(filepath.Join(dir, "static", "css"), 0o755) == nil, "MkdirAll")
	check(os.WriteFile(filepath.Join(dir, "static", "index.html"), []byte("<h1>hi</h1>"), 0o644) == nil, "WriteFile")
	check(os.WriteFile(filepath.Join(dir, "static", "css", "main.css"), []byte("body{}"), 0o644) == nil, "WriteFile")
	fsys := os.DirFS(dir)
	b, err := fs.ReadFile(fsys, "static/index.html")
	out = append(out, fmt.Sprint(string(b), err))
	des, err := fs.ReadDir(fsys, "static")
	var names []string
	for _, d := range des {
		names = append(names, fmt.Sprint(d.Name(), d.IsDir()))
	}
	out = append(out, fmt.Sprint(strings.Join(names, ","), err))
	fi, err := fs.Stat(fsys, "static/css/main.css")
	out = append(out, fmt.Sprint(fi.Name(), fi.Size(), fi.IsDir(), err))
	var walked []string
	err = fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		walked = append(walked, path)
		return err
	})
	out = append(out, fmt.Sprint(strings.Join(walked, " "), err))
	_, err = fsys.Open("static/missing.txt")
	var pe *fs.PathError
	out = append(out, fmt.Sprint(errors.Is(err, fs.ErrNotExist), errors.As(err, &pe) && pe.Path == "static/missing.txt"))
	_, err = fsys.Open("../escape")
	out = append(out, fmt.Sprint(err))
	sub, err := fs.Sub(fsys, "static")
	check(err == nil, "Sub")
	b, err = fs.ReadFile(sub, "css/main.css")
	out = append(out, fmt.Sprint(string(b), err))
	_, err = os.DirFS("").Open("x")
	out = append(out, fmt.Sprint(err))
	return strings.Join(out, "\n")
}
