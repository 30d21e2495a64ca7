package corpus

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
)

// FileServer serves files with net/http's file server from a directory
// (http.Dir), from an embedded file system (http.FS, FileServerFS), under
// a prefix (StripPrefix) and from a file system of the program's own,
// through a recorder and a test server: contents, directory listings,
// redirects, missing and refused files.
func FileServer() string {
	var out []string
	dir, err := os.MkdirTemp("", "corpus-fileserver-")
	check(err == nil, "MkdirTemp")
	defer os.RemoveAll(dir)
	check(os.WriteFile(filepath.Join(dir, "hello.txt"), []byte("hello, files\n"), 0o644) == nil, "WriteFile")
	check(os.Mkdir(filepath.Join(dir, "sub"), 0o755) == nil, "Mkdir")
	check(os.WriteFile(filepath.Join(dir, "sub", "index.html"), []byte("<p>index</p>"), 0o644) == nil, "WriteFile")
	get := func(h http.Handler, path string) string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		body := rec.Body.String()
		return fmt.Sprintf("%s %d %q %q %q", path, rec.Code, rec.Header().Get("Content-Type"), rec.Header().Get("Location"), body)
	}
	fromDir := http.FileServer(http.Dir(dir))
	for _, p := range []string{"/hello.txt", "/sub/", "/sub", "/missing", "/sub/index.html"} {
		out = append(out, get(fromDir, p))
	}
	fromEmbed := http.FileServerFS(embedded)
	out = append(out, get(fromEmbed, "/testdata/embedfs/a.txt"), get(fromEmbed, "/testdata/embedfs/sub/"))
	prefixed := http.StripPrefix("/static/", http.FileServer(http.FS(embeddedSome)))
	out = append(out, get(prefixed, "/static/testdata/embedfs/sub/deep/c.md"), get(prefixed, "/other"))
	srv := httptest.NewServer(fromDir)
	defer srv.Close()
	res, err := http.Get(srv.URL + "/hello.txt")
	check(err == nil, "Get")
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	out = append(out, fmt.Sprint(res.StatusCode, string(b), res.Header.Get("Content-Length")))
	// A file system of the program's own: its Open is called by the
	// native file server.
	fsys := &fsCounting{dir: http.Dir(dir)}
	fromOwn := http.FileServer(fsys)
	out = append(out, get(fromOwn, "/hello.txt"), get(fromOwn, "/secret"), get(fromOwn, "/missing"))
	out = append(out, fmt.Sprint("opened ", fsys.opened))
	return strings.Join(out, "\n")
}

// fsCounting is an http.FileSystem of the program's: it counts the files
// opened, refuses "/secret" and opens the others from its directory.
type fsCounting struct {
	dir    http.Dir
	opened []string
}

func (f *fsCounting) Open(name string) (http.File, error) {
	f.opened = append(f.opened, name)
	if name == "/secret" {
		return nil, os.ErrPermission
	}
	return f.dir.Open(name)
}
