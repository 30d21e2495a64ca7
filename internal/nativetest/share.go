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

	"github.com/faultloc/faultloc/internal/loadmemo"
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
//
// The processes this one starts share them too: ShareBuilds keeps the
// binaries in a directory of its own, which it names in the
// environment variable [SharedBuildsEnv] until stop removes it, and a
// process that finds a directory named there (a test binary that runs
// itself as the command it tests, whose TestMain calls ShareBuilds)
// builds into it and links from it, leaving it to the process that
// made it. A binary is renamed into the directory once built, so that
// a process never sees half of one; two processes that want one not
// built yet may both build it. The key leaves out the variables no
// build reads (loadmemo.KeyEnv), so that children, or tests, that
// differ only in those share binaries.
func ShareBuilds() (stop func()) {
	if f := flag.Lookup("test.bench"); f != nil && f.Value.String() != "" {
		return func() {}
	}
	if stop, ok := joinSharedBuilds(); ok {
		return stop
	}
	dir, err := os.MkdirTemp("", "faultloc-nativetest-builds-")
	if err != nil {
		return func() {}
	}
	s := &sharedBuilds{dir: dir, bins: map[[sha256.Size]byte]*sharedBuild{}}
	shared.Store(s)
	prev, had := os.LookupEnv(SharedBuildsEnv)
	os.Setenv(SharedBuildsEnv, dir)
	return func() {
		if shared.CompareAndSwap(s, nil) {
			if had {
				os.Setenv(SharedBuildsEnv, prev)
			} else {
				os.Unsetenv(SharedBuildsEnv)
			}
		}
		os.RemoveAll(dir)
	}
}

// JoinSharedBuilds shares builds as [ShareBuilds] does, through the
// directory of the process that started this one, if
// [SharedBuildsEnv] names one; otherwise it does nothing. It is for a
// child process that may exit without calling stop (a test binary run
// as the command it tests), which ShareBuilds would leave its own
// directory behind.
func JoinSharedBuilds() (stop func()) {
	if stop, ok := joinSharedBuilds(); ok {
		return stop
	}
	return func() {}
}

// joinSharedBuilds is JoinSharedBuilds, reporting whether it joined.
func joinSharedBuilds() (stop func(), ok bool) {
	dir := os.Getenv(SharedBuildsEnv)
	if dir == "" {
		return nil, false
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, false
	}
	s := &sharedBuilds{dir: dir, bins: map[[sha256.Size]byte]*sharedBuild{}}
	shared.Store(s)
	return func() { shared.CompareAndSwap(s, nil) }, true
}

// SharedBuildsEnv is the environment variable in which [ShareBuilds]
// names the directory of its binaries for the processes this one
// starts. ShareBuilds sets it; it is not for setting by hand (a
// directory that outlived one run of the tests would hand out binaries
// built from sources changed since outside the package's directory).
const SharedBuildsEnv = "FAULTLOC_NATIVETEST_BUILDS"

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

// sharedBuild is one binary; mu is held while this process builds
// it, so that builds of it asked for at once wait for one.
type sharedBuild struct {
	mu   sync.Mutex
	path string
}

// build is buildNow, run once for a binary not in the directory yet,
// then linked or copied to out.
func (s *sharedBuilds) build(ctx context.Context, c *Config, pkg *Package, flags []string, out, overlay string) error {
	key, err := buildKey(c, pkg, flags, overlay)
	if err != nil {
		return buildNow(ctx, c, pkg, flags, out, overlay)
	}
	s.mu.Lock()
	b := s.bins[key]
	if b == nil {
		b = &sharedBuild{path: filepath.Join(s.dir, fmt.Sprintf("%x.test", key[:16]))}
		s.bins[key] = b
	}
	s.mu.Unlock()
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, err := os.Stat(b.path); err != nil {
		if err := buildInto(ctx, c, pkg, flags, b.path, overlay); err != nil {
			return err
		}
	}
	return linkOrCopy(b.path, out)
}

// buildInto runs buildNow into a directory of its own beside path,
// then renames the binary to path: another process sharing the
// directory sees the whole binary or none.
func buildInto(ctx context.Context, c *Config, pkg *Package, flags []string, path, overlay string) error {
	tmp, err := os.MkdirTemp(filepath.Dir(path), "building-")
	if err != nil {
		return fmt.Errorf("nativetest: building the test binary of %s: %w", pkg.ImportPath, err)
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, filepath.Base(path))
	if err := buildNow(ctx, c, pkg, flags, bin, overlay); err != nil {
		return err
	}
	if err := os.Rename(bin, path); err != nil {
		return fmt.Errorf("nativetest: building the test binary of %s: %w", pkg.ImportPath, err)
	}
	return nil
}

// buildKey hashes the inputs of a build (see ShareBuilds).
func buildKey(c *Config, pkg *Package, flags []string, overlay string) ([sha256.Size]byte, error) {
	var key [sha256.Size]byte
	h := sha256.New()
	env := loadmemo.KeyEnv(os.Environ())
	slices.Sort(env)
	fmt.Fprintf(h, "%q %q %q %q %q %q %q %q\n", c.GoCmd, buildRoot(c.Dir), loadmemo.KeyEnv(c.Env), c.Tags, env, pkg.ImportPath, pkg.Dir, flags)
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

// buildRoot returns what of the go command's working directory dir a
// build by import path depends on: the nearest go.mod and go.work above
// it. Builds of one package from two directories of its module are one
// binary (cmd/faultloc's tests run it from the package's directory and
// from the module's root).
func buildRoot(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	mod, work := loadmemo.Roots(abs)
	if mod == "" {
		return abs
	}
	return mod + "\x00" + work
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
