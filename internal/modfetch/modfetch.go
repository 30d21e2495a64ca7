// Package modfetch gives tests writable copies of real modules that nobody
// here wrote, fetched through the go command and so through the module
// proxy (GOPROXY) into the module cache.
package modfetch

import (
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Fetch downloads mod ("path@version") with go mod download and returns a
// writable copy of its files in a temporary directory of t. The test is
// skipped, with the go command's error, when the module cannot be fetched
// (offline, no proxy). A module that predates modules gets the go.mod the
// proxy serves for it: just its module line.
func Fetch(t testing.TB, mod string) string {
	t.Helper()
	cmd := exec.Command("go", "mod", "download", "-json", mod)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); err != nil || jerr != nil || info.Dir == "" {
		t.Skipf("module proxy unavailable (offline?): go mod download %s: %v %s", mod, err, info.Error)
	}
	dst := filepath.Join(t.TempDir(), "mod")
	err = filepath.WalkDir(info.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(info.Dir, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o777)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o666)
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dst, "go.mod")); os.IsNotExist(err) {
		path, _, _ := strings.Cut(mod, "@")
		if err := os.WriteFile(filepath.Join(dst, "go.mod"), []byte("module "+path+"\n"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}
