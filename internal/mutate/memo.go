package mutate

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Build's loads are memoized within the process: one localization builds
// several schemas of the same program (the fix probe's, the mutation
// analysis's, a merge's), and each load is a go list -deps -export and a
// type-check of the targets. A load is reused only if every input that
// can change it is the same: the directory, Tests, build flags,
// environment (os.Environ when Config.Env is nil), overlay contents and
// patterns, and the stamp of the modules holding the loaded packages
// (every file's path, size and modification time, and every directory's,
// under each module's root). Loads whose packages are not all in a
// module, or that may read source outside the modules' trees (a go.work
// file, GOWORK, or a replace directive to a local directory in a
// module's go.mod), are not memoized. The standard library and the
// module cache are not watched: they do not change under a process. An
// edit that keeps a file's size and modification time is not seen.
//
// The memoized units are shared: generate and check only read them.

// loadHook, if set, is called at each load (tests count them).
var loadHook func()

// memoSize bounds the loads kept.
const memoSize = 8

// memo holds the latest loads, oldest first.
type memo struct {
	mu      sync.Mutex
	entries []*memoEntry
}

type memoEntry struct {
	key   [sha256.Size]byte
	mods  []string
	stamp [sha256.Size]byte
	units []*unit
}

// loaded is the process's memo of Build's loads.
var loaded memo

// get returns the units of load(ctx, cfg, patterns), from the memo if
// an entry of the same inputs is still current.
func (m *memo) get(ctx context.Context, cfg *Config, patterns []string) ([]*unit, error) {
	key, ok := loadKey(cfg, patterns)
	if ok {
		m.mu.Lock()
		var e *memoEntry
		for _, x := range m.entries {
			if x.key == key {
				e = x
			}
		}
		m.mu.Unlock()
		if e != nil {
			if st, ok := stamp(e.mods); ok && st == e.stamp {
				return e.units, nil
			}
		}
	}
	// The stamp is taken before the load, of the module holding the
	// directory: a file changed during the load makes the entry stale,
	// not wrong. Loads of packages of other modules are not kept.
	root, rok := modRoot(cfg.Dir)
	var st [sha256.Size]byte
	if ok && rok {
		st, ok = stamp([]string{root})
	}
	units, mods, err := load(ctx, cfg, patterns)
	if err != nil || !ok || !rok || !slices.Equal(mods, []string{root}) {
		return units, err
	}
	m.put(&memoEntry{key: key, mods: mods, stamp: st, units: units})
	return units, nil
}

// modRoot returns the directory of the go.mod file nearest dir, upward.
func modRoot(dir string) (string, bool) {
	if dir == "" {
		dir = "."
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// put adds e, replacing an entry of the same key, dropping the oldest
// past memoSize.
func (m *memo) put(e *memoEntry) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.entries = slices.DeleteFunc(m.entries, func(x *memoEntry) bool { return x.key == e.key })
	m.entries = append(m.entries, e)
	if len(m.entries) > memoSize {
		m.entries = slices.Delete(m.entries, 0, len(m.entries)-memoSize)
	}
}

// loadKey hashes the inputs of a load but the source files; false if the
// load may read source outside its modules' trees (a workspace).
func loadKey(cfg *Config, patterns []string) ([sha256.Size]byte, bool) {
	var zero [sha256.Size]byte
	dir := cfg.Dir
	if dir == "" {
		dir = "."
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return zero, false
	}
	env := cfg.Env
	if env == nil {
		env = os.Environ()
	}
	gowork := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "GOWORK="); ok {
			gowork = v // the last one counts, as in os/exec
		}
	}
	if gowork != "off" && (gowork != "" || inWorkspace(dir)) {
		return zero, false
	}
	b := sha256.New()
	fmt.Fprintf(b, "%q %v %q %q %q\n", dir, cfg.Tests, cfg.BuildFlags, env, patterns)
	for _, f := range slices.Sorted(maps.Keys(cfg.Overlay)) {
		fmt.Fprintf(b, "%q %d\n", f, len(cfg.Overlay[f]))
		b.Write(cfg.Overlay[f])
	}
	var k [sha256.Size]byte
	copy(k[:], b.Sum(nil))
	return k, true
}

// inWorkspace reports whether dir or a parent holds a go.work file.
func inWorkspace(dir string) bool {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

// stamp hashes the path, size and modification time of every file and
// directory under the module roots mods, but for the directories the go
// command ignores (testdata, names starting with . or _) and nested
// modules; false if it cannot, or a module replaces a dependency by a
// local directory.
func stamp(mods []string) ([sha256.Size]byte, bool) {
	var zero [sha256.Size]byte
	b := sha256.New()
	for _, root := range mods {
		gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
		if err != nil || localReplace(gomod) {
			return zero, false
		}
		err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != root {
				name := d.Name()
				if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			fmt.Fprintf(b, "%q %d %d %v\n", path, info.Size(), info.ModTime().UnixNano(), info.Mode())
			return nil
		})
		if err != nil {
			return zero, false
		}
	}
	var s [sha256.Size]byte
	copy(s[:], b.Sum(nil))
	return s, true
}

// localReplace reports whether go.mod's text has a replace directive
// whose target is a local directory (./x, ../x, /x).
func localReplace(gomod []byte) bool {
	for _, line := range bytes.Split(gomod, []byte("\n")) {
		_, target, ok := bytes.Cut(line, []byte("=>"))
		if !ok {
			continue
		}
		target = bytes.TrimSpace(target)
		if len(target) == 0 {
			continue
		}
		if bytes.HasPrefix(target, []byte(".")) || bytes.HasPrefix(target, []byte("/")) || filepath.IsAbs(string(bytes.Fields(target)[0])) {
			return true
		}
	}
	return false
}
