package nativetest

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
)

// ShareBuilds makes this process's builds of test binaries share
// identical ones until stop is called: a build whose inputs are those of
// an earlier successful one (the go command, its directory, the
// process's environment and the Config's, the tags, the package's
// directory and the files in it, the build's flags and the overlay's
// files with their contents) links or copies that binary instead of
// running the go command again. A failed build is not kept. It is for
// test binaries (a TestMain), whose tests build the same subjects many
// times over (a go command run and a link cost about a fifth of a
// second of CPU apiece) and do not change the sources they build, or
// what those import, while they run; a change outside the package's
// own directory is not seen. With -test.bench set, it shares nothing:
// benchmarks time their builds.
func ShareBuilds() (stop func()) {
	if f := flag.Lookup("test.bench"); f != nil && f.Value.String() != "" {
		return func() {}
	}
	dir, err := os.MkdirTemp("", "faultloc-nativetest-builds-")
	if err != nil {
		return func() {}
	}
	s := &sharedBuilds{dir: dir, bins: map[[sha256.Size]byte]*sharedBuild{}}
	shared.Store(s)
	return func() {
		shared.CompareAndSwap(s, nil)
		os.RemoveAll(dir)
	}
}

// RunSharingBuilds runs m, a *testing.M, with ShareBuilds on and
// returns its exit code, for a TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(nativetest.RunSharingBuilds(m)) }
func RunSharingBuilds(m interface{ Run() int }) int {
	flag.Parse()
	stop := ShareBuilds()
	defer stop()
	return m.Run()
}

// shared holds the builds ShareBuilds shares, or nil.
var shared atomic.Pointer[sharedBuilds]

// sharedBuilds keeps the test binaries built in dir, by the hash of
// their inputs (buildKey).
type sharedBuilds struct {
	dir  string
	mu   sync.Mutex
	bins map[[sha256.Size]byte]*sharedBuild
}

// sharedBuild is one binary; mu is held while it is built, so that
// builds of it asked for at once wait for one.
type sharedBuild struct {
	mu    sync.Mutex
	path  string
	built bool
}

// build is buildNow, run once for a binary not built yet, then linked
// or copied to out.
func (s *sharedBuilds) build(ctx context.Context, c *Config, pkg *Package, flags []string, out, overlay string) error {
	key, err := buildKey(c, pkg, flags, overlay)
	if err != nil {
		return buildNow(ctx, c, pkg, flags, out, overlay)
	}
	s.mu.Lock()
	b := s.bins[key]
	if b == nil {
		b = &sharedBuild{path: filepath.Join(s.dir, fmt.Sprintf("%x.test", key[:8]))}
		s.bins[key] = b
	}
	s.mu.Unlock()
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.built {
		if err := buildNow(ctx, c, pkg, flags, b.path, overlay); err != nil {
			return err
		}
		b.built = true
	}
	return linkOrCopy(b.path, out)
}

// buildKey hashes the inputs of a build (see ShareBuilds).
func buildKey(c *Config, pkg *Package, flags []string, overlay string) ([sha256.Size]byte, error) {
	var key [sha256.Size]byte
	h := sha256.New()
	env := os.Environ()
	slices.Sort(env)
	fmt.Fprintf(h, "%q %q %q %q %q %q %q %q\n", c.GoCmd, c.Dir, c.Env, c.Tags, env, pkg.ImportPath, pkg.Dir, flags)
	files, err := os.ReadDir(pkg.Dir)
	if err != nil {
		return key, err
	}
	for _, f := range files {
		if f.Type().IsRegular() {
			if err := hashFile(h, f.Name(), filepath.Join(pkg.Dir, f.Name())); err != nil {
				return key, err
			}
		}
	}
	if overlay != "" {
		data, err := os.ReadFile(overlay)
		if err != nil {
			return key, err
		}
		var o struct{ Replace map[string]string }
		if err := json.Unmarshal(data, &o); err != nil {
			return key, err
		}
		targets := make([]string, 0, len(o.Replace))
		for t := range o.Replace {
			targets = append(targets, t)
		}
		slices.Sort(targets)
		for _, t := range targets {
			if err := hashFile(h, "overlay "+t, o.Replace[t]); err != nil {
				return key, err
			}
		}
	}
	copy(key[:], h.Sum(nil))
	return key, nil
}

// hashFile writes name and file's contents to h.
func hashFile(h io.Writer, name, file string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	fmt.Fprintf(h, "%q %d\n", name, len(data))
	_, err = h.Write(data)
	return err
}

// linkOrCopy makes out the file at path: a hard link, or a copy where a
// link cannot be made.
func linkOrCopy(path, out string) error {
	if err := os.Link(path, out); err == nil {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return os.WriteFile(out, data, 0o755)
}
