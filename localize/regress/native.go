package regress

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/faultloc/faultloc/internal/nativetest"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/slicing"
)

// Trials says how the versions that the search tries are run.
type Trials int

const (
	// TrialsAuto runs the versions in faultloc's interpreter when it can
	// run the failing cases on the new version and one fails there,
	// natively otherwise.
	TrialsAuto Trials = iota
	// TrialsInterp runs every version in the interpreter (a version is
	// loaded from source, nothing is compiled).
	TrialsInterp
	// TrialsNative runs every version natively: its test binary is built
	// by go test -c with the version's files as -overlay, and run once per
	// case.
	TrialsNative
)

// String returns "auto", "interp" or "native".
func (t Trials) String() string {
	switch t {
	case TrialsAuto:
		return "auto"
	case TrialsInterp:
		return "interp"
	case TrialsNative:
		return "native"
	}
	return fmt.Sprintf("Trials(%d)", int(t))
}

// native runs versions of the package natively, with go test.
type native struct {
	cfg     nativetest.Config
	pkg     *nativetest.Package
	tmp     string // scratch directory of the builds, removed by close
	timeout time.Duration
	n       atomic.Int64 // builds so far, naming their directories

	// The test binaries built, by the hash of their overlay's content:
	// a version whose files are those of one built before is not built
	// again. At most keptBinaries stay on disk, the least recently used
	// removed first.
	mu     sync.Mutex
	bins   map[string]*build
	recent *list.List // of overlay hashes, most recently used first
}

// keptBinaries bounds the test binaries kept on disk (a large package's
// test binary weighs tens of megabytes, and a search tries hundreds of
// versions).
const keptBinaries = 16

// build is one version's test binary: built once, by the first trial
// that wants it, while the others wanting it wait.
type build struct {
	done chan struct{} // closed when bin or err is set
	bin  *nativetest.Binary
	err  error
	dir  string
	elem *list.Element // in native.recent

	users   int  // trials holding the binary (guarded by native.mu)
	evicted bool // out of native.bins: removed when users drops to 0
}

// newNative lists package pattern of the new version (resolved in
// opts.Dir) for native trials.
func newNative(ctx context.Context, opts *Options, pattern string) (*native, error) {
	cfg := nativetest.Config{Dir: opts.dir()}
	for _, f := range opts.BuildFlags {
		if tags, ok := strings.CutPrefix(f, "-tags="); ok {
			cfg.Tags = append(cfg.Tags, strings.Split(tags, ",")...)
		} else {
			return nil, fmt.Errorf("localize: regress: native trials take only -tags= among the build flags, not %q", f)
		}
	}
	pkgs, err := nativetest.List(ctx, &cfg, pattern)
	if err != nil {
		return nil, fmt.Errorf("localize: regress: %w", err)
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("localize: regress: %s names %d packages, want one", pattern, len(pkgs))
	}
	tmp, err := os.MkdirTemp("", "faultloc-regress-native-")
	if err != nil {
		return nil, err
	}
	return &native{cfg: cfg, pkg: pkgs[0], tmp: tmp, timeout: opts.runTimeout(), bins: map[string]*build{}, recent: list.New()}, nil
}

// close removes the builds.
func (n *native) close() { os.RemoveAll(n.tmp) }

// overlayHash is the hash of an overlay's content: its paths and their
// files, in path order.
func overlayHash(overlay map[string][]byte) string {
	h := sha256.New()
	for _, path := range slices.Sorted(maps.Keys(overlay)) {
		fmt.Fprintf(h, "%d:%s%d:", len(path), path, len(overlay[path]))
		h.Write(overlay[path])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// build returns the package's test binary with overlay laid over the new
// version, built once per distinct overlay content (see native.bins),
// and the function that releases it once run (never nil, to be called
// whatever the error). A version that does not
// compile is a *BuildError, remembered too.
func (n *native) build(ctx context.Context, overlay map[string][]byte) (*nativetest.Binary, func(), error) {
	key := overlayHash(overlay)
	n.mu.Lock()
	b, ok := n.bins[key]
	if ok {
		n.recent.MoveToFront(b.elem)
		b.users++
		n.mu.Unlock()
		select {
		case <-b.done:
		case <-ctx.Done():
			n.release(b)
			return nil, func() {}, ctx.Err()
		}
		if b.err != nil && isCanceled(b.err) { // its builder was canceled
			n.release(b)
			if ctx.Err() != nil {
				return nil, func() {}, ctx.Err()
			}
			return n.build(ctx, overlay)
		}
		return b.bin, func() { n.release(b) }, b.err
	}
	b = &build{done: make(chan struct{}), users: 1}
	b.elem = n.recent.PushFront(key)
	n.bins[key] = b
	for n.recent.Len() > keptBinaries {
		k := n.recent.Remove(n.recent.Back()).(string)
		e := n.bins[k]
		delete(n.bins, k)
		e.evicted = true
		if e.users == 0 {
			os.RemoveAll(e.dir)
		}
	}
	n.mu.Unlock()
	dir, bin, err := n.compile(ctx, overlay)
	n.mu.Lock()
	b.dir, b.bin, b.err = dir, bin, err
	if err != nil && isCanceled(err) && n.bins[key] == b {
		n.recent.Remove(b.elem)
		delete(n.bins, key)
		b.evicted = true
	}
	n.mu.Unlock()
	close(b.done)
	return bin, func() { n.release(b) }, err
}

// release says that a trial is done with b's binary: an evicted build's
// files are removed once no trial uses them.
func (n *native) release(b *build) {
	n.mu.Lock()
	defer n.mu.Unlock()
	b.users--
	if b.users == 0 && b.evicted && b.dir != "" {
		os.RemoveAll(b.dir)
	}
}

// isCanceled reports whether err is a context's end rather than the
// version's own build error.
func isCanceled(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// compile compiles the package's test binary with overlay laid over the
// new version, in a directory of its own.
func (n *native) compile(ctx context.Context, overlay map[string][]byte) (string, *nativetest.Binary, error) {
	dir := filepath.Join(n.tmp, fmt.Sprint(n.n.Add(1)))
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return "", nil, err
	}
	ov, err := nativetest.WriteOverlay(dir, overlay)
	if err != nil {
		return dir, nil, err
	}
	bin := filepath.Join(dir, "test.exe")
	if err := nativetest.BuildPlain(ctx, &n.cfg, n.pkg, bin, ov); err != nil {
		if ctx.Err() != nil {
			return dir, nil, ctx.Err()
		}
		return dir, nil, &BuildError{What: "the version (go test -c)", Errors: []string{err.Error()}}
	}
	return dir, &nativetest.Binary{Path: bin, Dir: n.pkg.Dir, Timeout: n.timeout + 10*time.Second}, nil
}

// run runs case name with b: Fail if it fails (a panic, a timeout of the
// test binary included), Pass if it passes or is skipped, Unresolved with
// the reason if the run outlived the case's time bound or never reached
// the case.
func (n *native) run(ctx context.Context, b *nativetest.Binary, name string) (slicing.Outcome, string, error) {
	rctx, cancel := context.WithTimeout(ctx, n.timeout)
	defer cancel()
	rs, _, err := b.Run(rctx, nativetest.Pattern(name), "", "")
	if ctx.Err() != nil {
		return slicing.Unresolved, "", ctx.Err()
	}
	if rctx.Err() != nil {
		return slicing.Unresolved, fmt.Sprintf("%s: its native run took longer than %v (RunTimeout)", name, n.timeout), nil
	}
	if err != nil {
		return slicing.Unresolved, "", err
	}
	for _, r := range rs {
		if r.Name != name {
			continue
		}
		if r.Status == nativetest.Fail {
			return slicing.Fail, "", nil
		}
		return slicing.Pass, "", nil
	}
	return slicing.Unresolved, name + ": the case was not reached in its native run", nil
}

// failing runs the cases that run selects (as go test -run does) on the
// new version and returns those that fail natively, with the first line
// of the first one's output.
func (n *native) failing(ctx context.Context, overlay map[string][]byte, run string) ([]string, string, error) {
	b, release, err := n.build(ctx, overlay)
	defer release()
	if err != nil {
		return nil, "", err
	}
	rctx, cancel := context.WithTimeout(ctx, n.timeout)
	defer cancel()
	rs, complete, err := b.Run(rctx, run, "", "")
	if err != nil {
		if ctx.Err() == nil && rctx.Err() != nil {
			return nil, "", n.cannotRun(fmt.Errorf("go test: the run of the cases selected by -run %q took longer than %v (RunTimeout)", run, n.timeout))
		}
		return nil, "", err
	}
	cases := nativetest.Cases(rs)
	if len(cases) == 0 && !complete {
		// The binary ended before any case started: a panic in a
		// package initializer or TestMain, os.Exit, a fatal error.
		return nil, "", n.cannotRun(fmt.Errorf("go test: the test binary ended before it ran a case selected by -run %q: %s", run, n.crash(ctx, b, run)))
	}
	var names []string
	output := ""
	for _, r := range cases {
		if r.Status == nativetest.Fail {
			names = append(names, r.Name)
			for _, line := range strings.Split(r.Output, "\n") {
				if line = strings.TrimSpace(line); output == "" && line != "" {
					output = line
				}
			}
		}
	}
	return names, output, nil
}

// cannotRun is a *CannotRunError of the new version for why, which
// concerns every selected case.
func (n *native) cannotRun(why error) error {
	return &CannotRunError{Package: n.pkg.ImportPath, Version: "new", Cases: []*localize.CaseError{{Err: why}}}
}

// crash runs b once more, as go test does, and returns the last lines of
// its output: why it ended before running a case.
func (n *native) crash(ctx context.Context, b *nativetest.Binary, run string) string {
	rctx, cancel := context.WithTimeout(ctx, n.timeout)
	defer cancel()
	args := []string{"-test.count=1"}
	if run != "" {
		args = append(args, "-test.run="+run)
	}
	cmd := exec.CommandContext(rctx, b.Path, args...)
	cmd.Dir = b.Dir
	out, err := cmd.CombinedOutput()
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) > 5 {
		lines = lines[:5]
	}
	why := strings.Join(lines, " | ")
	if why == "" && err != nil {
		why = err.Error()
	}
	return why
}
