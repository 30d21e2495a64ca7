package loadmemo

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/faultloc/faultloc/internal/shard"
)

// Inputs are the inputs of a load but the source files.
type Inputs struct {
	Dir        string
	Tests      bool
	BuildFlags []string
	Env        []string // nil: os.Environ()
	Overlay    map[string][]byte
	Patterns   []string
	// Mode tells apart loads of different kinds into one Memo.
	Mode string
}

// Memo keeps the loads of values of type V last used, least recently
// used first.
type Memo[V any] struct {
	// Size bounds the loads kept (at least 1).
	Size int
	// Check, if set, reports whether a kept value is still good (its
	// export files are still in the build cache): if not, Get loads
	// again.
	Check func(V) bool

	mu      sync.Mutex
	entries []*entry[V]
	loading map[[sha256.Size]byte]chan struct{} // closed when the load of a key ends
}

type entry[V any] struct {
	key, stamp [sha256.Size]byte
	root       string
	v          V
}

// Get returns the value of load for in: that of an earlier load of the
// same inputs if the module holding in.Dir has not changed since, else
// load's, kept if load says so. load is given the root directory of
// that module ("" if there is none, or in a workspace) and reports
// whether its value may be kept: whether all the sources it read are in
// that module, the standard library or the module cache. Errors are not
// kept. A Get of inputs whose load another Get is running waits for it
// to end, then looks again (see [Memo.GetContext]).
func (m *Memo[V]) Get(in Inputs, load func(root string) (v V, keep bool, err error)) (V, error) {
	return m.GetContext(context.Background(), in, load)
}

// GetContext is Get, waiting for another Get's load of the same inputs
// only until ctx is done: tests and the stages of a localization that
// start at once ask for the same program together, and each would
// otherwise list it. Once the load it waited for has ended it looks
// again, and loads itself if that load was not kept.
func (m *Memo[V]) GetContext(ctx context.Context, in Inputs, load func(root string) (v V, keep bool, err error)) (V, error) {
	key, root, ok := keyOf(in)
	if !ok {
		v, _, err := load("")
		return v, err
	}
	var running chan struct{} // closed when the load waited for ends
	for {
		if running != nil {
			select {
			case <-running:
			case <-ctx.Done():
				v, _, err := load(root)
				return v, err
			}
		}
		m.mu.Lock()
		running = m.loading[key]
		var hit *entry[V]
		for _, e := range m.entries {
			if e.key == key {
				hit = e
			}
		}
		m.mu.Unlock()
		if running != nil {
			continue
		}
		// The stamp is taken before the load: a file changed during the
		// load makes the entry stale, not wrong.
		st, sok := moduleStamp(root)
		if hit != nil && sok && hit.stamp == st && hit.root == root && (m.Check == nil || m.Check(hit.v)) {
			m.used(hit)
			return hit.v, nil
		}
		m.mu.Lock()
		if running = m.loading[key]; running == nil {
			if m.loading == nil {
				m.loading = map[[sha256.Size]byte]chan struct{}{}
			}
			m.loading[key] = make(chan struct{})
		}
		m.mu.Unlock()
		if running != nil {
			continue // another Get started loading since: wait for it, look again
		}
		defer m.loaded(key)
		return m.load(key, root, st, sok, load)
	}
}

// loaded ends the load of key that this Get ran, waking the Gets that
// wait for it.
func (m *Memo[V]) loaded(key [sha256.Size]byte) {
	m.mu.Lock()
	running := m.loading[key]
	delete(m.loading, key)
	m.mu.Unlock()
	close(running)
}

// load runs load and keeps its value if it may, stamped st.
func (m *Memo[V]) load(key [sha256.Size]byte, root string, st [sha256.Size]byte, sok bool, load func(root string) (V, bool, error)) (V, error) {
	v, keep, err := load(root)
	if err != nil || !keep || !sok {
		return v, err
	}
	m.put(&entry[V]{key: key, stamp: st, root: root, v: v})
	return v, nil
}

// used moves e, if still kept, to the end: the last used.
func (m *Memo[V]) used(e *entry[V]) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if i := slices.Index(m.entries, e); i >= 0 {
		m.entries = append(slices.Delete(m.entries, i, i+1), e)
	}
}

// put adds e, replacing an entry of the same key, dropping the least
// recently used past Size.
func (m *Memo[V]) put(e *entry[V]) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.entries = slices.DeleteFunc(m.entries, func(x *entry[V]) bool { return x.key == e.key })
	m.entries = append(m.entries, e)
	if n := max(1, m.Size); len(m.entries) > n {
		m.entries = slices.Delete(m.entries, 0, len(m.entries)-n)
	}
}

// keyOf hashes in and finds the root of the module holding in.Dir;
// false if there is none or the load is in a workspace.
func keyOf(in Inputs) (key [sha256.Size]byte, root string, ok bool) {
	dir := in.Dir
	if dir == "" {
		dir = "."
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return key, "", false
	}
	env := in.Env
	if env == nil {
		env = os.Environ()
	}
	gowork := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "GOWORK="); ok {
			gowork = v // the last one counts, as in os/exec
		}
	}
	if gowork != "" && gowork != "off" || modfile(in.BuildFlags, env) {
		return key, "", false
	}
	root, work := Roots(dir)
	if gowork != "off" && work != "" {
		return key, "", false
	}
	if root == "" {
		return key, "", false
	}
	if gomod, err := os.ReadFile(filepath.Join(root, "go.mod")); err != nil || localReplace(gomod) {
		return key, "", false
	}
	b := sha256.New()
	fmt.Fprintf(b, "%q %q %v %q %q %q\n", in.Mode, dir, in.Tests, in.BuildFlags, KeyEnv(env), in.Patterns)
	for _, f := range slices.Sorted(maps.Keys(in.Overlay)) {
		fmt.Fprintf(b, "%q %d\n", f, len(in.Overlay[f]))
		b.Write(in.Overlay[f])
	}
	copy(key[:], b.Sum(nil))
	return key, root, true
}

// KeyEnv returns the entries of env that a key of a load or a build
// holds, in their order: all but those of the variables that the go
// command and the tools it runs do not read, which the loads of one
// program may differ in: faultloc's own (FAULTLOC_...: the tests' and
// the subjects' gates and marks) and the CI engines' shard variables
// (package shard), which child processes of a test binary differ in.
func KeyEnv(env []string) []string {
	shards := shard.Variables()
	return slices.DeleteFunc(slices.Clone(env), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return strings.HasPrefix(name, "FAULTLOC_") || slices.Contains(shards, name)
	})
}

// modfile reports whether the build flags or GOFLAGS name another
// go.mod file (-modfile): it is not watched.
func modfile(flags, env []string) bool {
	for _, f := range flags {
		if strings.Contains(f, "-modfile") {
			return true
		}
	}
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "GOFLAGS="); ok && strings.Contains(v, "-modfile") {
			return true
		}
	}
	return false
}

// Roots returns the directories of the nearest go.mod and of the
// nearest go.work at or above the absolute directory dir ("" where there
// is none): what of the go command's working directory a load or a build
// by import path depends on.
func Roots(dir string) (mod, work string) {
	for d := dir; ; {
		if mod == "" && exists(filepath.Join(d, "go.mod")) {
			mod = d
		}
		if work == "" && exists(filepath.Join(d, "go.work")) {
			work = d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return mod, work
		}
		d = parent
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// maxStamp bounds the files and directories Stamp reads: a larger module
// is not memoized, its walk would cost about as much as a listing.
const maxStamp = 10000

// errTooMany stops a walk past maxStamp.
var errTooMany = errors.New("too many files")

// Stamp hashes the path, size, mode and modification time of every file
// and directory under the module root, but for version control
// directories (.git, .hg, .svn); false if it cannot, or if there are
// more than maxStamp.
func Stamp(root string) ([sha256.Size]byte, bool) { return walkStamp(root, nil) }

// walkStamp is Stamp, calling dir, if set, on each directory before
// reading it: an error stops the walk (false).
func walkStamp(root string, dir func(path string) error) ([sha256.Size]byte, bool) {
	var s [sha256.Size]byte
	if root == "" {
		return s, false
	}
	b := sha256.New()
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if n++; n > maxStamp {
			return errTooMany
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == ".hg" || d.Name() == ".svn") {
			return filepath.SkipDir
		}
		if d.IsDir() && dir != nil {
			if err := dir(path); err != nil {
				return err
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
		return s, false
	}
	copy(s[:], b.Sum(nil))
	return s, true
}

// localReplace reports whether go.mod's text may have a replace
// directive whose target is a local directory (./x, ../x, /x): its
// sources are not watched.
func localReplace(gomod []byte) bool {
	for _, line := range strings.Split(string(gomod), "\n") {
		_, target, ok := strings.Cut(line, "=>")
		if !ok {
			continue
		}
		target = strings.TrimSpace(target)
		if strings.HasPrefix(target, ".") || strings.HasPrefix(target, "/") || filepath.IsAbs(strings.Fields(target + " x")[0]) {
			return true
		}
	}
	return false
}
