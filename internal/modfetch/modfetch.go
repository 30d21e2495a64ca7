package modfetch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Error reports a module that go mod download could not fetch (offline,
// no proxy, no such version).
type Error struct {
	Mod    string // module@version
	Reason string // the go command's error
}

// Error formats the error, naming the module and why it was not fetched.
func (e *Error) Error() string {
	return fmt.Sprintf("modfetch: go mod download %s: %s", e.Mod, e.Reason)
}

// Copy downloads mod ("path@version") with go mod download and copies its
// files, writable, into dst (created if needed). A module that predates
// modules gets the go.mod the proxy serves for it: just its module line.
// A go.mod without a go directive gets the one the go command assumes for
// it, go 1.16 ([AssumedGo]), so that a later go command run with
// -mod=mod does not write its own version there and change the module's
// language rules (loop variables, vet's checks).
// A module that cannot be downloaded is an *Error.
func Copy(ctx context.Context, mod, dst string) error {
	tmp, err := os.MkdirTemp("", "modfetch")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	cmd := exec.CommandContext(ctx, "go", "mod", "download", "-json", mod)
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); err != nil || jerr != nil || info.Dir == "" {
		reason := strings.TrimSpace(info.Error)
		if reason == "" {
			reason = fmt.Sprint(errors.Join(err, jerr))
		}
		return &Error{Mod: mod, Reason: reason}
	}
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
		return err
	}
	gomod := filepath.Join(dst, "go.mod")
	data, err := os.ReadFile(gomod)
	missing := os.IsNotExist(err)
	if missing {
		path, _, _ := strings.Cut(mod, "@")
		data, err = []byte("module "+path+"\n"), nil
	}
	if err != nil {
		return err
	}
	if fixed := WithGoLine(data); missing || !bytes.Equal(fixed, data) {
		return os.WriteFile(gomod, fixed, 0o666)
	}
	return nil
}

// AssumedGo is the language version the go command assumes for a module
// whose go.mod has no go directive (see "go directive" in the go.mod
// reference).
const AssumedGo = "1.16"

// WithGoLine returns the go.mod text data with a go directive: data itself
// when it has one, else data followed by "go [AssumedGo]".
func WithGoLine(data []byte) []byte {
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "go" {
			return data
		}
	}
	out := append([]byte(nil), data...)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	return append(out, "\ngo "+AssumedGo+"\n"...)
}

// Fetch is [Copy] into a temporary directory of t, whose path it returns.
// The test is skipped, with the go command's error, when the module cannot
// be fetched (offline, no proxy).
func Fetch(t testing.TB, mod string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "mod")
	err := Copy(context.Background(), mod, dst)
	if e := (*Error)(nil); errors.As(err, &e) {
		t.Skipf("module proxy unavailable (offline?): %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
